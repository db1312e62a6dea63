//! Canonicalization patterns of the `arith` dialect: the DRR patterns of
//! MLIR's `ArithCanonicalization.td` (constant reassociation for addi/subi/
//! muli with overflow-flag merging, `xori` of a compare, extension hoisting
//! through and/or/xor/cmpi, select simplifications, cast chains) and the
//! C++ `SelectToExtUI` (the C++ `CmpFIntToFPConst` has its own file,
//! canonicalize_cmpf.rs). Benefits are DRR's: the number of ops the
//! source pattern matches. Patterns of one op are added in upstream's order.

use strata_ir::apint::ApInt;
use strata_ir::fold::constant_value;
use strata_ir::{AttrKind, Attribute, Body, Context, Op, OpSpec, Type, Value};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

use crate::arith::fold::{def_of, i1_like, int_single, int_zero_attr, overflow_flags, predicate};
use crate::arith::fold_int::invert_cmpi;

type PatternFn = fn(Op, &mut PatternRewriter<'_>) -> bool;

fn add(set: &mut PatternSet, root: &'static str, name: &'static str, benefit: u16, f: PatternFn) {
    set.add(FnPattern { root: Some(root), name, benefit, f });
}

// ---- matching helpers ----

fn operand(rw: &PatternRewriter<'_>, op: Op, i: usize) -> Value {
    rw.body().operand(op, i)
}

/// The defining op of operand `i` of `op` when it is named `name`.
fn operand_def(rw: &PatternRewriter<'_>, op: Op, i: usize, name: &'static str) -> Option<Op> {
    def_of(rw.ctx, rw.body(), operand(rw, op, i), name)
}

/// A scalar integer constant (DRR's `ConstantLikeMatcher APIntAttr`).
fn const_apint(rw: &PatternRewriter<'_>, v: Value) -> Option<ApInt> {
    let a = constant_value(rw.ctx, rw.body(), v)?;
    match rw.ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(value.clone()),
        AttrKind::Bool(b) => Some(ApInt::from_bool(*b)),
        _ => None,
    }
}

/// A scalar or splat integer constant (`getIntOrSplatIntValue`).
fn const_int_or_splat(rw: &PatternRewriter<'_>, v: Value) -> Option<ApInt> {
    int_single(rw.ctx, constant_value(rw.ctx, rw.body(), v))
}

fn value_type(rw: &PatternRewriter<'_>, v: Value) -> Type {
    rw.body().value_type(v)
}

fn result_type(rw: &PatternRewriter<'_>, op: Op) -> Type {
    rw.body().value_type(rw.body().result(op, 0))
}

fn elem_width(ctx: &Context, body: &Body, v: Value) -> Option<u32> {
    ctx.int_or_float_width(ctx.element_type_or_self(body.value_type(v)))
}

// ---- building helpers (new ops go before the root) ----

fn attrs(ctx: &Context, entries: &[(&str, Attribute)]) -> Attribute {
    ctx.dictionary(entries.iter().map(|(n, a)| (ctx.intern_str(n), *a)).collect())
}

/// Creates `name(operands) : ty` with `attrs` before `root`.
fn build(
    rw: &mut PatternRewriter<'_>,
    root: Op,
    name: &str,
    operands: &[Value],
    ty: Type,
    entries: &[(&str, Attribute)],
) -> Value {
    let loc = rw.body().op_loc(root);
    let spec = OpSpec::new(rw.ctx, name, loc).operands(operands).results(&[ty]).attrs(attrs(rw.ctx, entries));
    rw.set_insertion_point_before(root);
    let op = rw.create(spec);
    rw.body().result(op, 0)
}

fn constant(rw: &mut PatternRewriter<'_>, root: Op, value: Attribute) -> Value {
    let ty = rw.ctx.attr_type(value).expect("typed constant");
    build(rw, root, "arith.constant", &[], ty, &[("value", value)])
}

/// `overflowFlags` with `bits`; none is the default and left out.
fn overflow_entry(ctx: &Context, bits: i64) -> Vec<(&'static str, Attribute)> {
    if bits == 0 {
        vec![]
    } else {
        vec![("overflowFlags", crate::arith::overflow_attr(ctx, bits))]
    }
}

/// Replaces `root` with a new single-result op.
fn replace_with(
    rw: &mut PatternRewriter<'_>,
    root: Op,
    name: &str,
    operands: &[Value],
    ty: Type,
    entries: &[(&str, Attribute)],
) -> bool {
    let v = build(rw, root, name, operands, ty, entries);
    rw.replace_op(root, &[v]);
    true
}

// ---- addi / subi / muli constant reassociation ----

/// `outer(inner(a, b), c)` where `inner` is `inner_name`; the pieces the
/// rewrite needs: (x or c0 side values, inner flags, outer flags).
struct Nested {
    inner: Op,
    flags: i64,
}

fn nested_lhs(rw: &PatternRewriter<'_>, root: Op, inner_name: &'static str) -> Option<Nested> {
    let inner = operand_def(rw, root, 0, inner_name)?;
    let flags = overflow_flags(rw.ctx, rw.body(), inner) & overflow_flags(rw.ctx, rw.body(), root);
    Some(Nested { inner, flags })
}

fn nested_rhs(rw: &PatternRewriter<'_>, root: Op, inner_name: &'static str) -> Option<Nested> {
    let inner = operand_def(rw, root, 1, inner_name)?;
    let flags = overflow_flags(rw.ctx, rw.body(), inner) & overflow_flags(rw.ctx, rw.body(), root);
    Some(Nested { inner, flags })
}

/// Integer constant of the root's result type.
fn int_const_attr(rw: &PatternRewriter<'_>, root: Op, v: ApInt) -> Attribute {
    rw.ctx.integer_attr_ap(result_type(rw, root), v)
}

/// `root(inner(x, c0), c1)` -> `new_name(x, f(c0, c1))` (flags as given).
fn reassoc_rhs_const(
    rw: &mut PatternRewriter<'_>,
    root: Op,
    inner_name: &'static str,
    new_name: &str,
    merge_flags: bool,
    f: fn(&ApInt, &ApInt) -> ApInt,
) -> bool {
    let Some(n) = nested_lhs(rw, root, inner_name) else { return false };
    let (Some(c0), Some(c1)) = (const_apint(rw, operand(rw, n.inner, 1)), const_apint(rw, operand(rw, root, 1))) else {
        return false;
    };
    let x = operand(rw, n.inner, 0);
    let c = int_const_attr(rw, root, f(&c0, &c1));
    let cv = constant(rw, root, c);
    let flags = overflow_entry(rw.ctx, if merge_flags { n.flags } else { 0 });
    let ty = result_type(rw, root);
    replace_with(rw, root, new_name, &[x, cv], ty, &flags)
}

/// `root(inner(c0, x), c1)` -> `new_name(f(c0, c1), x)`.
fn reassoc_lhs_const_inner(
    rw: &mut PatternRewriter<'_>,
    root: Op,
    inner_name: &'static str,
    new_name: &str,
    f: fn(&ApInt, &ApInt) -> ApInt,
) -> bool {
    let Some(n) = nested_lhs(rw, root, inner_name) else { return false };
    let (Some(c0), Some(c1)) = (const_apint(rw, operand(rw, n.inner, 0)), const_apint(rw, operand(rw, root, 1))) else {
        return false;
    };
    let x = operand(rw, n.inner, 1);
    let c = int_const_attr(rw, root, f(&c0, &c1));
    let cv = constant(rw, root, c);
    let flags = overflow_entry(rw.ctx, n.flags);
    let ty = result_type(rw, root);
    replace_with(rw, root, new_name, &[cv, x], ty, &flags)
}

/// `subi(c1, inner(...))` shapes: `f(c0, c1)` and whether `x` goes first.
fn sub_const_lhs(
    rw: &mut PatternRewriter<'_>,
    root: Op,
    inner_name: &'static str,
    x_is_inner_lhs: bool,
    new_name: &str,
    f: fn(&ApInt, &ApInt) -> ApInt,
) -> bool {
    let Some(n) = nested_rhs(rw, root, inner_name) else { return false };
    let (xi, ci) = if x_is_inner_lhs { (0, 1) } else { (1, 0) };
    let (Some(c0), Some(c1)) = (const_apint(rw, operand(rw, n.inner, ci)), const_apint(rw, operand(rw, root, 0)))
    else {
        return false;
    };
    let x = operand(rw, n.inner, xi);
    let c = int_const_attr(rw, root, f(&c0, &c1));
    let cv = constant(rw, root, c);
    let flags = overflow_entry(rw.ctx, n.flags);
    let ty = result_type(rw, root);
    let ops = if new_name == "arith.addi" { [x, cv] } else { [cv, x] };
    replace_with(rw, root, new_name, &ops, ty, &flags)
}

fn addi_mul_neg_one(rw: &mut PatternRewriter<'_>, root: Op, mul_idx: usize) -> bool {
    let Some(mul) = operand_def(rw, root, mul_idx, "arith.muli") else { return false };
    if !const_int_or_splat(rw, operand(rw, mul, 1)).is_some_and(|c| c.is_all_ones()) {
        return false;
    }
    let other = operand(rw, root, 1 - mul_idx);
    let y = operand(rw, mul, 0);
    let ty = result_type(rw, root);
    replace_with(rw, root, "arith.subi", &[other, y], ty, &[])
}

fn register_addi_subi_muli(set: &mut PatternSet) {
    add(set, "arith.addi", "AddIAddConstant", 2, |op, rw| {
        reassoc_rhs_const(rw, op, "arith.addi", "arith.addi", true, |c0, c1| c0.wrapping_add(c1))
    });
    add(set, "arith.addi", "AddISubConstantRHS", 2, |op, rw| {
        reassoc_rhs_const(rw, op, "arith.subi", "arith.addi", true, |c0, c1| c1.wrapping_sub(c0))
    });
    add(set, "arith.addi", "AddISubConstantLHS", 2, |op, rw| {
        reassoc_lhs_const_inner(rw, op, "arith.subi", "arith.subi", |c0, c1| c0.wrapping_add(c1))
    });
    add(set, "arith.addi", "AddIMulNegativeOneRhs", 2, |op, rw| addi_mul_neg_one(rw, op, 1));
    add(set, "arith.addi", "AddIMulNegativeOneLhs", 2, |op, rw| addi_mul_neg_one(rw, op, 0));

    add(set, "arith.subi", "SubIRHSAddConstant", 2, |op, rw| {
        reassoc_rhs_const(rw, op, "arith.addi", "arith.addi", false, |c0, c1| c0.wrapping_sub(c1))
    });
    add(set, "arith.subi", "SubILHSAddConstant", 2, |op, rw| {
        sub_const_lhs(rw, op, "arith.addi", true, "arith.subi", |c0, c1| c1.wrapping_sub(c0))
    });
    add(set, "arith.subi", "SubIRHSSubConstantRHS", 2, |op, rw| {
        reassoc_rhs_const(rw, op, "arith.subi", "arith.subi", true, |c0, c1| c0.wrapping_add(c1))
    });
    add(set, "arith.subi", "SubIRHSSubConstantLHS", 2, |op, rw| {
        reassoc_lhs_const_inner(rw, op, "arith.subi", "arith.subi", |c0, c1| c0.wrapping_sub(c1))
    });
    add(set, "arith.subi", "SubILHSSubConstantRHS", 2, |op, rw| {
        sub_const_lhs(rw, op, "arith.subi", true, "arith.subi", |c0, c1| c0.wrapping_add(c1))
    });
    add(set, "arith.subi", "SubILHSSubConstantLHS", 2, |op, rw| {
        sub_const_lhs(rw, op, "arith.subi", false, "arith.addi", |c0, c1| c1.wrapping_sub(c0))
    });
    add(set, "arith.subi", "SubISubILHSRHSLHS", 2, |op, rw| {
        // subi(subi(x, y), x) -> subi(0, y)
        let Some(n) = nested_lhs(rw, op, "arith.subi") else { return false };
        let (x, y) = (operand(rw, n.inner, 0), operand(rw, n.inner, 1));
        if operand(rw, op, 1) != x {
            return false;
        }
        let Some(zero) = int_zero_attr(rw.ctx, value_type(rw, y)) else { return false };
        let z = constant(rw, op, zero);
        let flags = overflow_entry(rw.ctx, n.flags);
        let ty = result_type(rw, op);
        replace_with(rw, op, "arith.subi", &[z, y], ty, &flags)
    });

    add(set, "arith.muli", "MulIMulIConstant", 2, |op, rw| {
        // Scalar constants of the result type only.
        let ty = result_type(rw, op);
        let Some(inner) = operand_def(rw, op, 0, "arith.muli") else { return false };
        let typed = |rw: &PatternRewriter<'_>, v: Value| {
            constant_value(rw.ctx, rw.body(), v).and_then(|a| rw.ctx.attr_type(a)) == Some(ty)
        };
        if !typed(rw, operand(rw, inner, 1)) || !typed(rw, operand(rw, op, 1)) {
            return false;
        }
        reassoc_rhs_const(rw, op, "arith.muli", "arith.muli", true, |c0, c1| c0.wrapping_mul(c1))
    });
}

// ---- extended arithmetic ----

/// `op(x, y)` whose second result is unused -> `[simple(x, y), x]`.
fn extended_to_simple(rw: &mut PatternRewriter<'_>, op: Op, simple: &str) -> bool {
    if !rw.body().use_empty(rw.body().result(op, 1)) {
        return false;
    }
    let (x, y) = (operand(rw, op, 0), operand(rw, op, 1));
    let ty = result_type(rw, op);
    let v = build(rw, op, simple, &[x, y], ty, &[]);
    rw.replace_op(op, &[v, x]);
    true
}

fn register_extended(set: &mut PatternSet) {
    add(set, "arith.addui_extended", "AddUIExtendedToAddI", 1, |op, rw| extended_to_simple(rw, op, "arith.addi"));
    add(set, "arith.mulsi_extended", "MulSIExtendedToMulI", 1, |op, rw| extended_to_simple(rw, op, "arith.muli"));
    add(set, "arith.mulsi_extended", "MulSIExtendedRHSOne", 1, |op, rw| {
        // mulsi_extended(x, 1) -> [x, extsi(cmpi slt, x, 0)]
        let one = const_int_or_splat(rw, operand(rw, op, 1));
        if !one.is_some_and(|c| c.is_one() && !c.is_negative()) {
            return false;
        }
        let x = operand(rw, op, 0);
        let xt = value_type(rw, x);
        let Some(zero) = int_zero_attr(rw.ctx, xt) else { return false };
        let z = constant(rw, op, zero);
        let slt = rw.ctx.integer_attr(rw.ctx.i64(), 2);
        let i1t = i1_like(rw.ctx, xt);
        let cmp = build(rw, op, "arith.cmpi", &[x, z], i1t, &[("predicate", slt)]);
        let high_ty = rw.body().value_type(rw.body().result(op, 1));
        let ext = build(rw, op, "arith.extsi", &[cmp], high_ty, &[]);
        rw.replace_op(op, &[x, ext]);
        true
    });
    add(set, "arith.mului_extended", "MulUIExtendedToMulI", 1, |op, rw| extended_to_simple(rw, op, "arith.muli"));
}

// ---- bitwise ops of extensions, xori of compares ----

/// `op(ext(x), ext(y))` with equal source types -> `ext(op(x, y))`.
fn hoist_ext(rw: &mut PatternRewriter<'_>, root: Op, ext: &'static str) -> bool {
    let (Some(a), Some(b)) = (operand_def(rw, root, 0, ext), operand_def(rw, root, 1, ext)) else { return false };
    let (x, y) = (operand(rw, a, 0), operand(rw, b, 0));
    if value_type(rw, x) != value_type(rw, y) {
        return false;
    }
    let name = rw.ctx.op_name_str(rw.body().op_name(root)).to_string();
    let inner_ty = value_type(rw, x);
    let inner = build(rw, root, &name, &[x, y], inner_ty, &[]);
    let ty = result_type(rw, root);
    replace_with(rw, root, ext, &[inner], ty, &[])
}

fn register_bitwise(set: &mut PatternSet) {
    add(set, "arith.xori", "XOrINotCmpI", 2, |op, rw| {
        // xori(cmpi(p, a, b), true) -> cmpi(!p, a, b)
        let Some(cmp) = operand_def(rw, op, 0, "arith.cmpi") else { return false };
        let is_true =
            constant_value(rw.ctx, rw.body(), operand(rw, op, 1)).is_some_and(|a| a == rw.ctx.bool_attr(true));
        let Some(pred) = predicate(rw.ctx, rw.body(), cmp) else { return false };
        if !is_true {
            return false;
        }
        let (a, b) = (operand(rw, cmp, 0), operand(rw, cmp, 1));
        let p = rw.ctx.integer_attr(rw.ctx.i64(), invert_cmpi(pred));
        let ty = result_type(rw, op);
        replace_with(rw, op, "arith.cmpi", &[a, b], ty, &[("predicate", p)])
    });
    add(set, "arith.xori", "XOrIOfExtUI", 3, |op, rw| hoist_ext(rw, op, "arith.extui"));
    add(set, "arith.xori", "XOrIOfExtSI", 3, |op, rw| hoist_ext(rw, op, "arith.extsi"));
    add(set, "arith.andi", "AndOfExtUI", 3, |op, rw| hoist_ext(rw, op, "arith.extui"));
    add(set, "arith.andi", "AndOfExtSI", 3, |op, rw| hoist_ext(rw, op, "arith.extsi"));
    add(set, "arith.ori", "OrOfExtUI", 3, |op, rw| hoist_ext(rw, op, "arith.extui"));
    add(set, "arith.ori", "OrOfExtSI", 3, |op, rw| hoist_ext(rw, op, "arith.extsi"));
}

/// `cmpi(eq|ne, ext(a), ext(b))` with equal source types -> `cmpi(a, b)`.
fn cmpi_of_ext(rw: &mut PatternRewriter<'_>, op: Op, ext: &'static str) -> bool {
    let (Some(ea), Some(eb)) = (operand_def(rw, op, 0, ext), operand_def(rw, op, 1, ext)) else { return false };
    let (a, b) = (operand(rw, ea, 0), operand(rw, eb, 0));
    let Some(pred) = predicate(rw.ctx, rw.body(), op) else { return false };
    if value_type(rw, a) != value_type(rw, b) || !(pred == 0 || pred == 1) {
        return false;
    }
    let p = rw.ctx.integer_attr(rw.ctx.i64(), pred);
    let ty = result_type(rw, op);
    replace_with(rw, op, "arith.cmpi", &[a, b], ty, &[("predicate", p)])
}

// ---- select ----

fn select_of_select(rw: &mut PatternRewriter<'_>, op: Op, nested_idx: usize) -> bool {
    let Some(inner) = operand_def(rw, op, nested_idx, "arith.select") else { return false };
    let pred = operand(rw, op, 0);
    if operand(rw, inner, 0) != pred {
        return false;
    }
    // select(p, select(p, a, b), c) -> select(p, a, c);
    // select(p, a, select(p, b, c)) -> select(p, a, c).
    let (a, c) = if nested_idx == 1 {
        (operand(rw, inner, 1), operand(rw, op, 2))
    } else {
        (operand(rw, op, 1), operand(rw, inner, 2))
    };
    let ty = result_type(rw, op);
    replace_with(rw, op, "arith.select", &[pred, a, c], ty, &[])
}

fn register_select(set: &mut PatternSet) {
    add(set, "arith.select", "RedundantSelectFalse", 2, |op, rw| select_of_select(rw, op, 2));
    add(set, "arith.select", "RedundantSelectTrue", 2, |op, rw| select_of_select(rw, op, 1));
    add(set, "arith.select", "SelectNotCond", 2, |op, rw| {
        // select(xori(p, -1), a, b) -> select(p, b, a), scalar constant only.
        let Some(not) = operand_def(rw, op, 0, "arith.xori") else { return false };
        if !const_apint(rw, operand(rw, not, 1)).is_some_and(|c| c.is_all_ones()) {
            return false;
        }
        let p = operand(rw, not, 0);
        let (a, b) = (operand(rw, op, 1), operand(rw, op, 2));
        let ty = result_type(rw, op);
        replace_with(rw, op, "arith.select", &[p, b, a], ty, &[])
    });
    add(set, "arith.select", "SelectI1ToNot", 1, |op, rw| {
        // select(p, false, true) -> xori(p, true)
        let is = |rw: &PatternRewriter<'_>, i: usize, b: bool| {
            constant_value(rw.ctx, rw.body(), operand(rw, op, i)) == Some(rw.ctx.bool_attr(b))
        };
        if !is(rw, 1, false) || !is(rw, 2, true) {
            return false;
        }
        let p = operand(rw, op, 0);
        let t = rw.ctx.bool_attr(true);
        let c = constant(rw, op, t);
        let ty = result_type(rw, op);
        replace_with(rw, op, "arith.xori", &[p, c], ty, &[])
    });
    add(set, "arith.select", "SelectToExtUI", 1, |op, rw| {
        let ty = result_type(rw, op);
        if !matches!(rw.ctx.type_kind(ty), strata_ir::TypeKind::Integer { .. }) || ty == rw.ctx.i1() {
            return false;
        }
        let t = const_int_or_splat(rw, operand(rw, op, 1));
        let f = const_int_or_splat(rw, operand(rw, op, 2));
        let cond = operand(rw, op, 0);
        match (t, f) {
            (Some(t), Some(f)) if t.is_one() && f.is_zero() => replace_with(rw, op, "arith.extui", &[cond], ty, &[]),
            (Some(t), Some(f)) if t.is_zero() && f.is_one() => {
                let ct = value_type(rw, cond);
                let one = rw.ctx.integer_attr(ct, 1);
                let c = constant(rw, op, one);
                let not = build(rw, op, "arith.xori", &[cond, c], ct, &[]);
                replace_with(rw, op, "arith.extui", &[not], ty, &[])
            }
            _ => false,
        }
    });
}

// ---- casts ----

/// `outer(inner(x))` -> `new(x)` with the outer result type.
fn cast_chain(rw: &mut PatternRewriter<'_>, op: Op, inner: &'static str, new: &str) -> bool {
    let Some(i) = operand_def(rw, op, 0, inner) else { return false };
    let x = operand(rw, i, 0);
    let ty = result_type(rw, op);
    replace_with(rw, op, new, &[x], ty, &[])
}

/// `trunci(ext(x))` -> `ext(x)` when only extension bits are dropped.
fn trunc_of_ext(rw: &mut PatternRewriter<'_>, op: Op, ext: &'static str) -> bool {
    let Some(e) = operand_def(rw, op, 0, ext) else { return false };
    let x = operand(rw, e, 0);
    let (ctx, body) = (rw.ctx, rw.body());
    let (we, wt, wx) = (
        elem_width(ctx, body, rw.body().result(e, 0)),
        elem_width(ctx, body, rw.body().result(op, 0)),
        elem_width(ctx, body, x),
    );
    let (Some(we), Some(wt), Some(wx)) = (we, wt, wx) else { return false };
    if !(we > wt && wt > wx && wx > 0) {
        return false;
    }
    let ty = result_type(rw, op);
    replace_with(rw, op, ext, &[x], ty, &[])
}

fn register_casts(set: &mut PatternSet) {
    add(set, "arith.extsi", "ExtSIOfExtUI", 2, |op, rw| cast_chain(rw, op, "arith.extui", "arith.extui"));
    add(set, "arith.trunci", "TruncIExtSIToExtSI", 2, |op, rw| trunc_of_ext(rw, op, "arith.extsi"));
    add(set, "arith.trunci", "TruncIExtUIToExtUI", 2, |op, rw| trunc_of_ext(rw, op, "arith.extui"));
    add(set, "arith.trunci", "TruncIShrSIToTrunciShrUI", 2, |op, rw| {
        // trunci(shrsi(x, w(x) - w(result))) -> trunci(shrui(x, same))
        let Some(shr) = operand_def(rw, op, 0, "arith.shrsi") else { return false };
        let (x, c) = (operand(rw, shr, 0), operand(rw, shr, 1));
        let Some(cattr) = constant_value(rw.ctx, rw.body(), c) else { return false };
        let Some(amount) = const_int_or_splat(rw, c) else { return false };
        let (ctx, body) = (rw.ctx, rw.body());
        let (Some(wx), Some(wt)) = (elem_width(ctx, body, x), elem_width(ctx, body, rw.body().result(op, 0))) else {
            return false;
        };
        if amount.active_bits() > 32 || amount.to_u64() != (wx - wt) as u64 {
            return false;
        }
        let cv = constant(rw, op, cattr);
        let xt = value_type(rw, x);
        let shrui = build(rw, op, "arith.shrui", &[x, cv], xt, &[]);
        let flags = overflow_entry(rw.ctx, overflow_flags(rw.ctx, rw.body(), op));
        let ty = result_type(rw, op);
        replace_with(rw, op, "arith.trunci", &[shrui], ty, &flags)
    });
    for (name, inner) in [("TruncFSIToFPToSIToFP", "arith.sitofp"), ("TruncFUIToFPToUIToFP", "arith.uitofp")] {
        let f: PatternFn = if inner == "arith.sitofp" {
            |op, rw| {
                rw.body().op_attr(rw.ctx, op, "roundingmode").is_none()
                    && cast_chain(rw, op, "arith.sitofp", "arith.sitofp")
            }
        } else {
            |op, rw| {
                rw.body().op_attr(rw.ctx, op, "roundingmode").is_none()
                    && cast_chain(rw, op, "arith.uitofp", "arith.uitofp")
            }
        };
        add(set, "arith.truncf", name, 2, f);
    }
    add(set, "arith.index_cast", "IndexCastOfExtSI", 2, |op, rw| cast_chain(rw, op, "arith.extsi", "arith.index_cast"));
    add(set, "arith.index_castui", "IndexCastUIOfExtUI", 2, |op, rw| {
        cast_chain(rw, op, "arith.extui", "arith.index_castui")
    });
    add(set, "arith.bitcast", "BitcastOfBitcast", 2, |op, rw| cast_chain(rw, op, "arith.bitcast", "arith.bitcast"));
}

// ---- float ----

/// `op(negf(x), negf(y))` -> `op(x, y)` keeping the op's fastmath flags.
fn of_negf(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let (Some(a), Some(b)) = (operand_def(rw, op, 0, "arith.negf"), operand_def(rw, op, 1, "arith.negf")) else {
        return false;
    };
    let (x, y) = (operand(rw, a, 0), operand(rw, b, 0));
    if value_type(rw, x) != value_type(rw, y) {
        return false;
    }
    let name = rw.ctx.op_name_str(rw.body().op_name(op)).to_string();
    let fm: Vec<(&str, Attribute)> =
        rw.body().op_attr(rw.ctx, op, "fastmath").map(|a| ("fastmath", a)).into_iter().collect();
    let ty = result_type(rw, op);
    replace_with(rw, op, &name, &[x, y], ty, &fm)
}

/// Every arith canonicalization pattern.
pub(crate) fn populate(_: &Context, set: &mut PatternSet) {
    register_addi_subi_muli(set);
    register_extended(set);
    register_bitwise(set);
    add(set, "arith.cmpi", "CmpIExtSI", 3, |op, rw| cmpi_of_ext(rw, op, "arith.extsi"));
    add(set, "arith.cmpi", "CmpIExtUI", 3, |op, rw| cmpi_of_ext(rw, op, "arith.extui"));
    crate::arith::canonicalize_cmpf::populate(set);
    register_select(set);
    register_casts(set);
    add(set, "arith.mulf", "MulFOfNegF", 3, |op, rw| of_negf(rw, op));
    add(set, "arith.divf", "DivFOfNegF", 3, |op, rw| of_negf(rw, op));
}
