//! Fold hooks of the integer `arith` ops (MLIR's `ArithOps.cpp` folders):
//! identities (`x + 0`, `x * 1`, `x - x`, `x ^ x`, ...), exact constant
//! folding at any width with wrap-around, and the cases upstream refuses
//! to fold (division by zero, signed division overflow, shifts by at least
//! the bit width).

use std::cmp::Ordering;

use smallvec::smallvec;
use strata_ir::apint::ApInt;
use strata_ir::fold::{constant_value, FoldResult, FoldValue};
use strata_ir::{Attribute, Body, Context, Op, Value};

use crate::arith::fold::*;

fn lhs_rhs(body: &Body, op: Op) -> (Value, Value) {
    (body.operand(op, 0), body.operand(op, 1))
}

/// The result when a fold produced `a`, else nothing.
fn or_fail(a: Option<Attribute>) -> FoldResult {
    attr_result(a)
}

pub(crate) fn fold_addi(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let (lhs, rhs) = lhs_rhs(body, op);
    if is_int_zero(ctx, ops[1]) {
        return FoldResult::value(lhs);
    }
    // (a - b) + b -> a, b + (a - b) -> a
    if let Some(sub) = def_of(ctx, body, lhs, "arith.subi") {
        if body.operand(sub, 1) == rhs {
            return FoldResult::value(body.operand(sub, 0));
        }
    }
    if let Some(sub) = def_of(ctx, body, rhs, "arith.subi") {
        if body.operand(sub, 1) == lhs {
            return FoldResult::value(body.operand(sub, 0));
        }
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| Some(a.wrapping_add(b))))
}

pub(crate) fn fold_subi(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let (lhs, rhs) = lhs_rhs(body, op);
    if lhs == rhs {
        if let Some(z) = int_zero_attr(ctx, result_type(body, op)) {
            return FoldResult::attr(z);
        }
    }
    if is_int_zero(ctx, ops[1]) {
        return FoldResult::value(lhs);
    }
    if let Some(add) = def_of(ctx, body, lhs, "arith.addi") {
        if rhs == body.operand(add, 1) {
            return FoldResult::value(body.operand(add, 0));
        }
        if rhs == body.operand(add, 0) {
            return FoldResult::value(body.operand(add, 1));
        }
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| Some(a.wrapping_sub(b))))
}

pub(crate) fn fold_muli(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let (lhs, rhs) = lhs_rhs(body, op);
    if is_int_zero(ctx, ops[1]) {
        return FoldResult::value(rhs);
    }
    if is_int_one(ctx, ops[1]) {
        return FoldResult::value(lhs);
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| Some(a.wrapping_mul(b))))
}

/// `(a * b) / b -> a` when the multiply carries `flags`.
fn fold_div_of_mul(ctx: &Context, body: &Body, lhs: Value, rhs: Value, flags: i64) -> Option<Value> {
    let mul = def_of(ctx, body, lhs, "arith.muli")?;
    if overflow_flags(ctx, body, mul) & flags != flags {
        return None;
    }
    if body.operand(mul, 0) == rhs {
        return Some(body.operand(mul, 1));
    }
    if body.operand(mul, 1) == rhs {
        return Some(body.operand(mul, 0));
    }
    None
}

pub(crate) fn fold_divui(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let (lhs, rhs) = lhs_rhs(body, op);
    if is_int_one(ctx, ops[1]) {
        return FoldResult::value(lhs);
    }
    if let Some(v) = fold_div_of_mul(ctx, body, lhs, rhs, NUW) {
        return FoldResult::value(v);
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| (!b.is_zero()).then(|| a.udiv(b))))
}

pub(crate) fn fold_divsi(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let (lhs, rhs) = lhs_rhs(body, op);
    if is_int_one(ctx, ops[1]) {
        return FoldResult::value(lhs);
    }
    if let Some(v) = fold_div_of_mul(ctx, body, lhs, rhs, NSW) {
        return FoldResult::value(v);
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| {
        if b.is_zero() {
            return None;
        }
        let (q, overflow) = a.sdiv_ov(b);
        (!overflow).then_some(q)
    }))
}

/// `ceil(a / b)` for positive `a`, `b` as upstream computes it:
/// `(a - 1) / b + 1`, failing on any overflow.
fn signed_ceil_nonneg(a: &ApInt, b: &ApInt) -> Option<ApInt> {
    let one = ApInt::one(a.width());
    let (am1, o1) = a.ssub_ov(&one);
    let (q, o2) = am1.sdiv_ov(b);
    let (r, o3) = q.sadd_ov(&one);
    (!(o1 || o2 || o3)).then_some(r)
}

pub(crate) fn fold_ceildivui(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    if is_int_one(ctx, ops[1]) {
        return FoldResult::value(body.operand(op, 0));
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| {
        if b.is_zero() {
            return None;
        }
        let q = a.udiv(b);
        if a.urem(b).is_zero() {
            return Some(q);
        }
        let (r, overflow) = q.uadd_ov(&ApInt::one(a.width()));
        (!overflow).then_some(r)
    }))
}

pub(crate) fn fold_ceildivsi(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    if is_int_one(ctx, ops[1]) {
        return FoldResult::value(body.operand(op, 0));
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| {
        if b.is_zero() {
            return None;
        }
        if a.is_zero() {
            return Some(a.clone());
        }
        let zero = ApInt::zero(a.width());
        let a_pos = a.scmp(&zero) == Ordering::Greater;
        let b_pos = b.scmp(&zero) == Ordering::Greater;
        match (a_pos, b_pos) {
            (true, true) => signed_ceil_nonneg(a, b),
            (false, false) => {
                let (pa, o1) = zero.ssub_ov(a);
                let (pb, o2) = zero.ssub_ov(b);
                let r = signed_ceil_nonneg(&pa, &pb)?;
                (!(o1 || o2)).then_some(r)
            }
            (false, true) => {
                let (pa, o1) = zero.ssub_ov(a);
                let (d, o2) = pa.sdiv_ov(b);
                let (r, o3) = zero.ssub_ov(&d);
                (!(o1 || o2 || o3)).then_some(r)
            }
            (true, false) => {
                let (pb, o1) = zero.ssub_ov(b);
                let (d, o2) = a.sdiv_ov(&pb);
                let (r, o3) = zero.ssub_ov(&d);
                (!(o1 || o2 || o3)).then_some(r)
            }
        }
    }))
}

pub(crate) fn fold_floordivsi(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    if is_int_one(ctx, ops[1]) {
        return FoldResult::value(body.operand(op, 0));
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| {
        if b.is_zero() {
            return None;
        }
        let (q, overflow) = a.sfloordiv_ov(b);
        (!overflow).then_some(q)
    }))
}

pub(crate) fn fold_remui(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    if is_int_one(ctx, ops[1]) {
        return or_fail(int_zero_attr(ctx, result_type(body, op)));
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| (!b.is_zero()).then(|| a.urem(b))))
}

pub(crate) fn fold_remsi(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    if is_int_one(ctx, ops[1]) {
        return or_fail(int_zero_attr(ctx, result_type(body, op)));
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| (!b.is_zero()).then(|| a.srem(b))))
}

/// True if `v` is `xori(x, all-ones)`, i.e. `not(x)`.
fn is_not_of(ctx: &Context, body: &Body, v: Value, x: Value) -> bool {
    let Some(xor) = def_of(ctx, body, v, "arith.xori") else { return false };
    body.operand(xor, 0) == x && value_int(ctx, body, body.operand(xor, 1)).is_some_and(|c| c.is_all_ones())
}

pub(crate) fn fold_andi(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let (lhs, rhs) = lhs_rhs(body, op);
    if is_int_zero(ctx, ops[1]) {
        return FoldResult::value(rhs);
    }
    if int_single(ctx, ops[1]).is_some_and(|c| c.is_all_ones()) {
        return FoldResult::value(lhs);
    }
    if is_not_of(ctx, body, rhs, lhs) || is_not_of(ctx, body, lhs, rhs) {
        return or_fail(int_zero_attr(ctx, result_type(body, op)));
    }
    // and(a, and(a, b)) -> and(a, b), in either operand order.
    for (prev, other) in [(lhs, rhs), (rhs, lhs)] {
        if let Some(p) = def_of(ctx, body, prev, "arith.andi") {
            if other == body.operand(p, 0) || other == body.operand(p, 1) {
                return FoldResult::value(prev);
            }
        }
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| Some(a.and(b))))
}

pub(crate) fn fold_ori(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let (lhs, rhs) = lhs_rhs(body, op);
    if let Some(c) = int_single(ctx, ops[1]) {
        if c.is_zero() {
            return FoldResult::value(lhs);
        }
        if c.is_all_ones() {
            return or_fail(ops[1]);
        }
    }
    // or(x, not(x)) -> all ones (the xor's constant operand).
    if is_not_of(ctx, body, rhs, lhs) {
        let xor = body.defining_op(rhs).expect("xori result");
        return FoldResult::value(body.operand(xor, 1));
    }
    if is_not_of(ctx, body, lhs, rhs) {
        let xor = body.defining_op(lhs).expect("xori result");
        return FoldResult::value(body.operand(xor, 1));
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| Some(a.or(b))))
}

pub(crate) fn fold_xori(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let (lhs, rhs) = lhs_rhs(body, op);
    if is_int_zero(ctx, ops[1]) {
        return FoldResult::value(lhs);
    }
    if lhs == rhs {
        return or_fail(int_zero_attr(ctx, result_type(body, op)));
    }
    if let Some(prev) = def_of(ctx, body, lhs, "arith.xori") {
        if body.operand(prev, 1) == rhs {
            return FoldResult::value(body.operand(prev, 0));
        }
        if body.operand(prev, 0) == rhs {
            return FoldResult::value(body.operand(prev, 1));
        }
    }
    if let Some(prev) = def_of(ctx, body, rhs, "arith.xori") {
        if body.operand(prev, 1) == lhs {
            return FoldResult::value(body.operand(prev, 0));
        }
        if body.operand(prev, 0) == lhs {
            return FoldResult::value(body.operand(prev, 1));
        }
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| Some(a.xor(b))))
}

/// Shifts fold only when the amount is below the bit width; like upstream,
/// for a dense list the last element decides.
fn fold_shift(
    ctx: &Context,
    body: &Body,
    op: Op,
    ops: &[Option<Attribute>],
    shift: fn(&ApInt, u32) -> ApInt,
    saturated: fn(&ApInt) -> ApInt,
) -> FoldResult {
    if is_int_zero(ctx, ops[1]) {
        return FoldResult::value(body.operand(op, 0));
    }
    let mut bounded = false;
    let r = fold_int_binary(ctx, ops, None, |a, b| {
        let amount = b.shift_amount_below(b.width());
        bounded = amount.is_some();
        Some(match amount {
            Some(n) => shift(a, n),
            None => saturated(a),
        })
    });
    if bounded {
        or_fail(r)
    } else {
        FoldResult::Failed
    }
}

pub(crate) fn fold_shli(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_shift(ctx, body, op, ops, |a, n| a.shl(n), |a| ApInt::zero(a.width()))
}
pub(crate) fn fold_shrui(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_shift(ctx, body, op, ops, |a, n| a.lshr(n), |a| ApInt::zero(a.width()))
}
pub(crate) fn fold_shrsi(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_shift(
        ctx,
        body,
        op,
        ops,
        |a, n| a.ashr(n),
        |a| if a.is_negative() { ApInt::all_ones(a.width()) } else { ApInt::zero(a.width()) },
    )
}

/// min/max: `op(x, x) -> x`, the absorbing constant, the identity
/// constant, then constant folding.
fn fold_min_max(
    ctx: &Context,
    body: &Body,
    op: Op,
    ops: &[Option<Attribute>],
    absorbing: fn(&ApInt) -> bool,
    identity: fn(&ApInt) -> bool,
    pick: fn(&ApInt, &ApInt) -> ApInt,
) -> FoldResult {
    let (lhs, rhs) = lhs_rhs(body, op);
    if lhs == rhs {
        return FoldResult::value(rhs);
    }
    if let Some(c) = int_single(ctx, ops[1]) {
        if absorbing(&c) {
            return FoldResult::value(rhs);
        }
        if identity(&c) {
            return FoldResult::value(lhs);
        }
    }
    or_fail(fold_int_binary(ctx, ops, None, |a, b| Some(pick(a, b))))
}

fn pick(a: &ApInt, b: &ApInt, ord: Ordering, take_a_when: Ordering) -> ApInt {
    if ord == take_a_when {
        a.clone()
    } else {
        b.clone()
    }
}

pub(crate) fn fold_maxsi(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_min_max(ctx, body, op, ops, ApInt::is_signed_max, ApInt::is_signed_min, |a, b| {
        pick(a, b, a.scmp(b), Ordering::Greater)
    })
}
pub(crate) fn fold_maxui(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_min_max(ctx, body, op, ops, ApInt::is_all_ones, ApInt::is_zero, |a, b| {
        pick(a, b, a.ucmp(b), Ordering::Greater)
    })
}
pub(crate) fn fold_minsi(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_min_max(ctx, body, op, ops, ApInt::is_signed_min, ApInt::is_signed_max, |a, b| {
        pick(a, b, a.scmp(b), Ordering::Less)
    })
}
pub(crate) fn fold_minui(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_min_max(ctx, body, op, ops, ApInt::is_zero, ApInt::is_all_ones, |a, b| pick(a, b, a.ucmp(b), Ordering::Less))
}

// ---- comparisons ----

/// `cmpi` predicates in attribute order.
pub(crate) const EQ: i64 = 0;
pub(crate) const NE: i64 = 1;

/// Evaluates predicate `pred` (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge).
pub(crate) fn apply_cmpi(pred: i64, a: &ApInt, b: &ApInt) -> bool {
    let s = a.scmp(b);
    let u = a.ucmp(b);
    match pred {
        0 => a == b,
        1 => a != b,
        2 => s == Ordering::Less,
        3 => s != Ordering::Greater,
        4 => s == Ordering::Greater,
        5 => s != Ordering::Less,
        6 => u == Ordering::Less,
        7 => u != Ordering::Greater,
        8 => u == Ordering::Greater,
        _ => u != Ordering::Less,
    }
}

/// The predicate with its operands swapped (`slt` <-> `sgt`, ...).
pub(crate) fn swap_cmpi(pred: i64) -> i64 {
    match pred {
        2 => 4,
        4 => 2,
        3 => 5,
        5 => 3,
        6 => 8,
        8 => 6,
        7 => 9,
        9 => 7,
        p => p,
    }
}

/// The predicate's negation (`slt` <-> `sge`, ...).
pub(crate) fn invert_cmpi(pred: i64) -> i64 {
    match pred {
        0 => 1,
        1 => 0,
        2 => 5,
        3 => 4,
        4 => 3,
        5 => 2,
        6 => 9,
        7 => 8,
        8 => 7,
        _ => 6,
    }
}

/// Width of an integer or integer-vector type (not tensors), as upstream's
/// `getIntegerWidth` in the cmpi folder.
fn int_or_vector_width(ctx: &Context, t: strata_ir::Type) -> Option<u32> {
    use strata_ir::TypeKind;
    let t = match ctx.type_kind(t) {
        TypeKind::Vector { .. } => ctx.element_type(t)?,
        _ => t,
    };
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    }
}

pub(crate) fn fold_cmpi(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let (lhs, rhs) = lhs_rhs(body, op);
    let Some(pred) = predicate(ctx, body, op) else { return FoldResult::Failed };
    if lhs == rhs {
        let equal_true = matches!(pred, 0 | 3 | 5 | 7 | 9);
        return or_fail(bool_attr_like(ctx, result_type(body, op), equal_true));
    }
    let lhs_is_i1 = ctx.is_signless_integer_of_width(ctx.element_type_or_self(body.value_type(lhs)), 1);
    if is_int_zero(ctx, ops[1]) {
        for ext in ["arith.extsi", "arith.extui"] {
            if let Some(e) = def_of(ctx, body, lhs, ext) {
                let src = body.operand(e, 0);
                if int_or_vector_width(ctx, body.value_type(src)) == Some(1) && pred == NE {
                    return FoldResult::value(src);
                }
            }
        }
        if lhs_is_i1 && pred == NE {
            return FoldResult::value(lhs);
        }
    }
    if is_int_one(ctx, ops[1]) && lhs_is_i1 && pred == EQ {
        return FoldResult::value(lhs);
    }
    if ops[0].is_some() && ops[1].is_none() {
        let swapped = ctx.integer_attr(ctx.i64(), swap_cmpi(pred));
        body.set_op_attr(ctx, op, "predicate", Some(swapped));
        body.set_operands(op, &[rhs, lhs]);
        return FoldResult::InPlace;
    }
    if let Some(l) = ops[0] {
        let Some(lt) = ctx.attr_type(l) else { return FoldResult::Failed };
        return or_fail(fold_int_binary(ctx, ops, Some(i1_like(ctx, lt)), |a, b| {
            Some(ApInt::from_bool(apply_cmpi(pred, a, b)))
        }));
    }
    FoldResult::Failed
}

// ---- select ----

pub(crate) fn fold_select(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let cond = body.operand(op, 0);
    let (t, f) = (body.operand(op, 1), body.operand(op, 2));
    if t == f {
        return FoldResult::value(t);
    }
    if is_int_one(ctx, ops[0]) {
        return FoldResult::value(t);
    }
    if is_int_zero(ctx, ops[0]) {
        return FoldResult::value(f);
    }
    if result_type(body, op) == ctx.i1() && is_int_one(ctx, ops[1]) && is_int_zero(ctx, ops[2]) {
        return FoldResult::value(cond);
    }
    if let Some(cmp) = def_of(ctx, body, cond, "arith.cmpi") {
        let pred = predicate(ctx, body, cmp);
        if pred == Some(EQ) || pred == Some(NE) {
            let (cl, cr) = (body.operand(cmp, 0), body.operand(cmp, 1));
            if (cl == t && cr == f) || (cr == t && cl == f) {
                return FoldResult::value(if pred == Some(NE) { t } else { f });
            }
        }
    }
    // A dense condition picks element-wise between two dense constants.
    if let (Some(c), Some(a), Some(b)) = (ops[0], ops[1], ops[2]) {
        if let Some((_, Elems::List(cv))) = int_elems(ctx, c) {
            let pick_list = |n: usize| -> Vec<bool> { (0..n).map(|i| !cv[i].is_zero()).collect() };
            if let (Some((at, ae)), Some((_, be))) = (int_elems(ctx, a), int_elems(ctx, b)) {
                if !matches!(ae, Elems::Scalar(_)) && !matches!(be, Elems::Scalar(_)) {
                    let out = expand_pick(&pick_list(cv.len()), &ae, &be);
                    return or_fail(out.and_then(|o| int_attr(ctx, at, o)));
                }
            }
            if let (Some((at, _, ae)), Some((_, _, be))) = (float_elems(ctx, a), float_elems(ctx, b)) {
                if !matches!(ae, Elems::Scalar(_)) && !matches!(be, Elems::Scalar(_)) {
                    return or_fail(expand_pick(&pick_list(cv.len()), &ae, &be).and_then(|o| float_attr(ctx, at, o)));
                }
            }
        }
    }
    FoldResult::Failed
}

/// Element-wise choice between two elements attributes by `which`.
fn expand_pick<T: Clone>(which: &[bool], a: &Elems<T>, b: &Elems<T>) -> Option<Elems<T>> {
    let at = |e: &Elems<T>, i: usize| -> Option<T> {
        match e {
            Elems::Scalar(_) => None,
            Elems::Splat(v) => Some(v.clone()),
            Elems::List(v) => v.get(i).cloned(),
        }
    };
    let out: Option<Vec<T>> = which.iter().enumerate().map(|(i, &w)| if w { at(a, i) } else { at(b, i) }).collect();
    out.map(Elems::List)
}

// ---- extended arithmetic (two results) ----

fn two(a: FoldValue, b: FoldValue) -> FoldResult {
    FoldResult::Replace(smallvec![a, b])
}

pub(crate) fn fold_addui_extended(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let (lhs, rhs) = lhs_rhs(body, op);
    let overflow_ty = body.value_type(body.result(op, 1));
    if int_single(ctx, constant_value(ctx, body, rhs)).is_some_and(|c| c.is_zero()) {
        if let Some(z) = int_zero_attr(ctx, overflow_ty) {
            return two(FoldValue::Value(lhs), FoldValue::Attr(z));
        }
        return FoldResult::Failed;
    }
    let Some(sum) = fold_int_binary(ctx, ops, None, |a, b| Some(a.wrapping_add(b))) else { return FoldResult::Failed };
    let Some(st) = ctx.attr_type(sum) else { return FoldResult::Failed };
    let carry = fold_int_binary(ctx, &[Some(sum), ops[0]], Some(i1_like(ctx, st)), |s, a| {
        Some(ApInt::from_bool(s.ucmp(a) == Ordering::Less))
    });
    match carry {
        Some(c) => two(FoldValue::Attr(sum), FoldValue::Attr(c)),
        None => FoldResult::Failed,
    }
}

fn fold_mul_extended(ctx: &Context, ops: &[Option<Attribute>], high: fn(&ApInt, &ApInt) -> ApInt) -> FoldResult {
    if is_int_zero(ctx, ops[1]) {
        let z = ops[1].expect("zero constant");
        return two(FoldValue::Attr(z), FoldValue::Attr(z));
    }
    let Some(low) = fold_int_binary(ctx, ops, None, |a, b| Some(a.wrapping_mul(b))) else { return FoldResult::Failed };
    match fold_int_binary(ctx, ops, None, |a, b| Some(high(a, b))) {
        Some(h) => two(FoldValue::Attr(low), FoldValue::Attr(h)),
        None => FoldResult::Failed,
    }
}

pub(crate) fn fold_mulsi_extended(ctx: &Context, _: &mut Body, _: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_mul_extended(ctx, ops, ApInt::mulhs)
}

pub(crate) fn fold_mului_extended(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    if !is_int_zero(ctx, ops[1]) && is_int_one(ctx, ops[1]) {
        let lhs = body.operand(op, 0);
        return match int_zero_attr(ctx, body.value_type(lhs)) {
            Some(z) => two(FoldValue::Value(lhs), FoldValue::Attr(z)),
            None => FoldResult::Failed,
        };
    }
    fold_mul_extended(ctx, ops, ApInt::mulhu)
}
