//! The llvm dialect's folds and constants, as mlir-opt 22 has them: the
//! constant-like ops (`llvm.mlir.constant`, `zero`, `undef`, `poison`,
//! `addressof`) and the dialect's materializer, which let the greedy driver
//! unique and hoist them; and the folds of `icmp` (eq/ne only),
//! `extractvalue`, `bitcast`, `getelementptr`, `shl`, `or` and `zext`.
//! Upstream folds nothing else here (no `add`, `select` or `trunc` fold),
//! so neither does this file.
//!
//! `undef`, `poison` and a `zero` of a type without a builtin zero fold to
//! the dialect attributes `#llvm.undef`, `#llvm.poison` and `#llvm.zero`,
//! which only ever live in the folder (the materializer turns them back
//! into their ops).

use strata_ir::apint::ApInt;
use strata_ir::fold::FoldResult;
use strata_ir::types::Param;
use strata_ir::{AttrKind, Attribute, Body, Context, Location, Op, OpSpec, Type};

use super::asm::{dense_i64_array, dense_i64_values};
use super::memory::{gep_raw_indices, DYNAMIC_INDEX};

/// The constant-like ops' dialect attributes that have no builtin form.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MarkerAttr {
    Undef,
    Poison,
    Zero,
}

impl MarkerAttr {
    const ALL: [MarkerAttr; 3] = [MarkerAttr::Undef, MarkerAttr::Poison, MarkerAttr::Zero];

    pub fn mnemonic(self) -> &'static str {
        match self {
            MarkerAttr::Undef => "undef",
            MarkerAttr::Poison => "poison",
            MarkerAttr::Zero => "zero",
        }
    }

    /// The op that produces the marker's value.
    fn op_name(self) -> &'static str {
        match self {
            MarkerAttr::Undef => "llvm.mlir.undef",
            MarkerAttr::Poison => "llvm.mlir.poison",
            MarkerAttr::Zero => "llvm.mlir.zero",
        }
    }

    pub fn attr(self, ctx: &Context) -> Attribute {
        ctx.intern_attr(AttrKind::Dialect {
            dialect: ctx.intern_str("llvm"),
            name: ctx.intern_str(self.mnemonic()),
            params: Box::new([] as [Param; 0]),
        })
    }

    pub fn of(ctx: &Context, a: Attribute) -> Option<MarkerAttr> {
        let AttrKind::Dialect { dialect, name, params } = ctx.attr_kind(a) else { return None };
        if ctx.str(*dialect) != "llvm" || !params.is_empty() {
            return None;
        }
        MarkerAttr::ALL.into_iter().find(|m| m.mnemonic() == ctx.str(*name))
    }
}

/// `llvm.mlir.constant` folds to its value.
pub fn constant_value(ctx: &Context, body: &Body, op: Op) -> Option<Attribute> {
    body.op_attr(ctx, op, "value")
}

/// `llvm.mlir.addressof` folds to the symbol it names.
pub fn addressof_value(ctx: &Context, body: &Body, op: Op) -> Option<Attribute> {
    body.op_attr(ctx, op, "global_name")
}

pub fn undef_value(ctx: &Context, _: &Body, _: Op) -> Option<Attribute> {
    Some(MarkerAttr::Undef.attr(ctx))
}

pub fn poison_value(ctx: &Context, _: &Body, _: Op) -> Option<Attribute> {
    Some(MarkerAttr::Poison.attr(ctx))
}

/// `llvm.mlir.zero` of an integer or float type folds to the builtin zero
/// of that type (so it is uniqued with an equal `llvm.mlir.constant`), of
/// any other type to `#llvm.zero`.
pub fn zero_value(ctx: &Context, body: &Body, op: Op) -> Option<Attribute> {
    let ty = body.value_type(body.result(op, 0));
    if ctx.is_signless_integer(ty) {
        return Some(int_attr(ctx, ty, ApInt::zero(ctx.int_attr_width(ty))));
    }
    if ctx.is_float(ty) {
        return Some(ctx.float_attr_bits(ty, 0));
    }
    Some(MarkerAttr::Zero.attr(ctx))
}

/// Folds through the op's constant hook (the driver never folds a
/// constant-like op, but a direct `fold` must still answer).
pub fn fold_constant_like(ctx: &Context, body: &mut Body, op: Op, _: &[Option<Attribute>]) -> FoldResult {
    match strata_ir::fold::constant_op_value(ctx, body, op) {
        Some(a) => FoldResult::attr(a),
        None => FoldResult::Failed,
    }
}

/// `LLVMDialect::materializeConstant`: `addressof` for a symbol of pointer
/// type, the marker ops for their markers, else an `llvm.mlir.constant`
/// when the value is an integer, float or elements attribute of `ty`.
pub fn materialize(ctx: &Context, body: &mut Body, value: Attribute, ty: Type, loc: Location) -> Option<Op> {
    let spec = |name: &str, attrs: Vec<(&str, Attribute)>| {
        let entries = attrs.into_iter().map(|(k, v)| (ctx.intern_str(k), v)).collect();
        OpSpec::new(ctx, name, loc).results(&[ty]).attrs(ctx.dictionary(entries))
    };
    if let AttrKind::SymbolRef { nested, .. } = ctx.attr_kind(value) {
        if nested.is_empty() && super::types::is_ptr(ctx, ty) {
            return Some(body.create_op(spec("llvm.mlir.addressof", vec![("global_name", value)])));
        }
        return None;
    }
    if let Some(marker) = MarkerAttr::of(ctx, value) {
        return Some(body.create_op(spec(marker.op_name(), vec![])));
    }
    let buildable = matches!(
        ctx.attr_kind(value),
        AttrKind::Integer { .. } | AttrKind::Bool(_) | AttrKind::Float { .. } | AttrKind::DenseElements { .. }
    );
    if !buildable || ctx.attr_type(value) != Some(ty) || !super::types::is_compatible(ctx, ty) {
        return None;
    }
    Some(body.create_op(spec("llvm.mlir.constant", vec![("value", value)])))
}

/// The op defining `v`, if it is named `name`.
fn def_named(ctx: &Context, body: &Body, v: strata_ir::Value, name: &'static str) -> Option<Op> {
    body.defining_op(v).filter(|&d| ctx.op_name_is(body.op_name(d), name))
}

fn defined_by(ctx: &Context, body: &Body, v: strata_ir::Value, name: &'static str) -> bool {
    def_named(ctx, body, v, name).is_some()
}

/// The `i1` (or vector of `i1`) constant `value` of the comparison's type.
fn bool_of_type(ctx: &Context, ty: Type, value: bool) -> Attribute {
    if !ctx.is_vector(ty) {
        return ctx.bool_attr(value);
    }
    ctx.intern_attr(AttrKind::DenseElements {
        ty,
        data: strata_ir::attributes::DenseData { splat: true, bytes: vec![u8::from(value)].into() },
    })
}

/// `icmp eq/ne x, x` is true/false; `icmp eq/ne alloca, zero` is
/// false/true (an alloca is never null), and `zero, alloca` is swapped into
/// that order. Other predicates do not fold upstream.
pub fn fold_icmp(ctx: &Context, body: &mut Body, op: Op, _: &[Option<Attribute>]) -> FoldResult {
    let pred = body.op_attr(ctx, op, "predicate").and_then(|a| ctx.as_integer(a)).map(|v| v.to_i64());
    let eq = match pred {
        Some(0) => true,
        Some(1) => false,
        _ => return FoldResult::Failed,
    };
    let (lhs, rhs) = (body.operand(op, 0), body.operand(op, 1));
    let ty = body.value_type(body.result(op, 0));
    if lhs == rhs {
        return FoldResult::attr(bool_of_type(ctx, ty, eq));
    }
    if defined_by(ctx, body, lhs, "llvm.alloca") && defined_by(ctx, body, rhs, "llvm.mlir.zero") {
        return FoldResult::attr(bool_of_type(ctx, ty, !eq));
    }
    if defined_by(ctx, body, lhs, "llvm.mlir.zero") && defined_by(ctx, body, rhs, "llvm.alloca") {
        body.set_operands(op, &[rhs, lhs]);
        return FoldResult::InPlace;
    }
    FoldResult::Failed
}

fn position(ctx: &Context, body: &Body, op: Op) -> Vec<i64> {
    dense_i64_values(ctx, body.op_attr(ctx, op, "position"))
}

/// Upstream's `ExtractValueOp::fold`: an extract of an extract becomes one
/// extract with the joined position; an extract of an insert at the same
/// position is the inserted value; an insert at a position that contains
/// the extracted one is looked through into the inserted value, one at a
/// disjoint position into its container (which becomes the operand).
pub fn fold_extractvalue(ctx: &Context, body: &mut Body, op: Op, _: &[Option<Attribute>]) -> FoldResult {
    let container = body.operand(op, 0);
    if let Some(inner) = def_named(ctx, body, container, "llvm.extractvalue") {
        let mut joined = position(ctx, body, inner);
        joined.extend(position(ctx, body, op));
        let src = body.operand(inner, 0);
        body.set_op_attr(ctx, op, "position", Some(dense_i64_array(ctx, &joined)));
        body.set_operand(op, 0, src);
        return FoldResult::InPlace;
    }
    let is_insert = |body: &Body, v| def_named(ctx, body, v, "llvm.insertvalue");
    let mut extract_pos = position(ctx, body, op);
    let mut insert = is_insert(body, container);
    let mut result = FoldResult::Failed;
    let mut into_inserted_value = false;
    while let Some(ins) = insert {
        let insert_pos = position(ctx, body, ins);
        if extract_pos == insert_pos {
            return FoldResult::value(body.operand(ins, 1));
        }
        if extract_pos.len() > insert_pos.len() && extract_pos.starts_with(&insert_pos) {
            insert = is_insert(body, body.operand(ins, 1));
            extract_pos.drain(..insert_pos.len());
            into_inserted_value = true;
            continue;
        }
        let common = extract_pos.len().min(insert_pos.len());
        if extract_pos[..common] == insert_pos[..common] {
            return result;
        }
        let outer = body.operand(ins, 0);
        if !into_inserted_value {
            body.set_operand(op, 0, outer);
            result = FoldResult::InPlace;
        }
        insert = is_insert(body, outer);
    }
    result
}

/// `bitcast(x : T to T)` is `x`, `bitcast(bitcast(x : T0 to T1) to T0)`
/// is `x`, and a bitcast of a bitcast casts the first one's source.
pub fn fold_bitcast(_: &Context, body: &mut Body, op: Op, _: &[Option<Attribute>]) -> FoldResult {
    let arg = body.operand(op, 0);
    let ty = body.value_type(body.result(op, 0));
    if body.value_type(arg) == ty {
        return FoldResult::value(arg);
    }
    let Some(prev) = body.defining_op(arg).filter(|&d| body.op_name(d) == body.op_name(op)) else {
        return FoldResult::Failed;
    };
    let src = body.operand(prev, 0);
    if body.value_type(src) == ty {
        return FoldResult::value(src);
    }
    body.set_operand(op, 0, src);
    FoldResult::InPlace
}

/// `getelementptr %p[0]` is `%p`; dynamic indices whose value is a
/// constant that fits `i32` become constant indices.
pub fn fold_gep(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let raw = gep_raw_indices(ctx, body.op_attrs(op));
    let dynamic: Vec<strata_ir::Value> = body.operand_vec(op)[1..].to_vec();
    // The value of every index, constant or not, in order.
    let mut next_dynamic = 0;
    let mut indices: Vec<(Option<i64>, Option<strata_ir::Value>)> = Vec::with_capacity(raw.len());
    for &r in &raw {
        if r == DYNAMIC_INDEX {
            let c = operands.get(1 + next_dynamic).copied().flatten().and_then(|a| ctx.as_integer(a));
            let c = c.filter(|v| v.fits_i64()).map(|v| v.to_i64());
            indices.push((c, dynamic.get(next_dynamic).copied()));
            next_dynamic += 1;
        } else {
            indices.push((Some(i64::from(r)), None));
        }
    }
    let base = body.operand(op, 0);
    let ty = body.value_type(body.result(op, 0));
    if body.value_type(base) == ty && indices.len() == 1 && indices[0].0 == Some(0) {
        return FoldResult::value(base);
    }
    let mut changed = false;
    let mut new_raw = Vec::with_capacity(raw.len());
    let mut new_dynamic = Vec::new();
    for (i, &r) in raw.iter().enumerate() {
        let (value, operand) = indices[i];
        match (r == DYNAMIC_INDEX, value.and_then(|v| i32::try_from(v).ok())) {
            (true, Some(c)) if c != DYNAMIC_INDEX => {
                changed = true;
                new_raw.push(c);
            }
            (true, _) => {
                new_raw.push(DYNAMIC_INDEX);
                new_dynamic.push(operand.expect("a dynamic index has an operand"));
            }
            (false, _) => new_raw.push(r),
        }
    }
    if !changed {
        return FoldResult::Failed;
    }
    let mut operands_now = vec![base];
    operands_now.extend(new_dynamic);
    body.set_operands(op, &operands_now);
    body.set_op_attr(ctx, op, "rawConstantIndices", Some(strata_ir::branch::dense_i32_array(ctx, &new_raw)));
    FoldResult::InPlace
}

/// The value of a scalar integer constant (`true`/`false` for `i1`).
fn scalar_int(ctx: &Context, a: Option<Attribute>) -> Option<ApInt> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { value, .. } => Some(value.clone()),
        AttrKind::Bool(b) => Some(ApInt::from_bool(*b)),
        _ => None,
    }
}

/// An integer constant of `ty`, spelled as the parser spells it (`i1`
/// values are `true`/`false`).
fn int_attr(ctx: &Context, ty: Type, value: ApInt) -> Attribute {
    if ctx.is_signless_integer_of_width(ty, 1) {
        return ctx.bool_attr(!value.is_zero());
    }
    ctx.integer_attr_ap(ty, value)
}

/// `shl` of two constants, unless the shift amount reaches the width
/// (poison, which upstream leaves unfolded).
pub fn fold_shl(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let Some(rhs) = scalar_int(ctx, operands[1]) else { return FoldResult::Failed };
    let width = rhs.width();
    if rhs.active_bits() > 32 || rhs.to_u64() >= u64::from(width) {
        return FoldResult::Failed;
    }
    let Some(lhs) = scalar_int(ctx, operands[0]) else { return FoldResult::Failed };
    let ty = body.value_type(body.result(op, 0));
    FoldResult::attr(int_attr(ctx, ty, lhs.shl(rhs.to_u64() as u32)))
}

/// `or` of two constants.
pub fn fold_or(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let (Some(lhs), Some(rhs)) = (scalar_int(ctx, operands[0]), scalar_int(ctx, operands[1])) else {
        return FoldResult::Failed;
    };
    let ty = body.value_type(body.result(op, 0));
    FoldResult::attr(int_attr(ctx, ty, lhs.or(&rhs)))
}

/// `zext` of a constant.
pub fn fold_zext(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let Some(arg) = scalar_int(ctx, operands[0]) else { return FoldResult::Failed };
    let ty = body.value_type(body.result(op, 0));
    let Some(width) = ctx.int_or_float_width(ty).filter(|_| ctx.is_signless_integer(ty)) else {
        return FoldResult::Failed;
    };
    FoldResult::attr(int_attr(ctx, ty, arg.resize_zext(width)))
}
