//! Fold hooks of the float `arith` ops (MLIR's `ArithOps.cpp` folders):
//! identities that hold under IEEE semantics (`x + -0`, `x - +0`, `x * 1`,
//! `x / 1`, `maximumf(x, -inf)`, `maxnumf(x, NaN)`, ...), `mulf(x, 0)` under
//! `nnan`+`nsz` fastmath, and constant folding per format with
//! round-to-nearest-even (`strata_ir::apfloat_ops`).

use std::cmp::Ordering;

use strata_ir::apfloat::{self, decode, Decoded};
use strata_ir::apfloat_ops as fp;
use strata_ir::types::FloatKind;
use strata_ir::{Attribute, Body, Context, Op};

use crate::arith::fold::*;

fn rhs_is(ctx: &Context, ops: &[Option<Attribute>], pred: impl Fn(FloatKind, u128) -> bool) -> bool {
    float_single(ctx, ops[1]).is_some_and(|(k, b)| pred(k, b))
}

fn is_zero_with_sign(k: FloatKind, b: u128, negative: bool) -> bool {
    decode(k, b) == Decoded::Zero { negative }
}

fn is_one(k: FloatKind, b: u128) -> bool {
    fp::compare(k, b, apfloat::from_f64(k, 1.0)) == Some(Ordering::Equal) && decode(k, b) != Decoded::NaN
}

pub(crate) fn fold_negf(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    if let Some(inner) = def_of(ctx, body, body.operand(op, 0), "arith.negf") {
        return FoldResult::value(body.operand(inner, 0));
    }
    let Some((ty, kind, e)) = ops[0].and_then(|a| float_elems(ctx, a)) else { return FoldResult::Failed };
    attr_result(e.map(|&b| Some(fp::neg(kind, b))).and_then(|e| float_attr(ctx, ty, e)))
}

use strata_ir::fold::FoldResult;

pub(crate) fn fold_addf(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    if rhs_is(ctx, ops, |k, b| is_zero_with_sign(k, b, true)) {
        return FoldResult::value(body.operand(op, 0));
    }
    attr_result(fold_float_binary(ctx, ops, fp::add))
}

pub(crate) fn fold_subf(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    if rhs_is(ctx, ops, |k, b| is_zero_with_sign(k, b, false)) {
        return FoldResult::value(body.operand(op, 0));
    }
    attr_result(fold_float_binary(ctx, ops, fp::sub))
}

pub(crate) fn fold_mulf(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    if rhs_is(ctx, ops, is_one) {
        return FoldResult::value(body.operand(op, 0));
    }
    let fm = fastmath_flags(ctx, body, op);
    if fm & (FM_NNAN | FM_NSZ) == FM_NNAN | FM_NSZ
        && rhs_is(ctx, ops, |k, b| matches!(decode(k, b), Decoded::Zero { .. }))
    {
        return FoldResult::value(body.operand(op, 1));
    }
    attr_result(fold_float_binary(ctx, ops, fp::mul))
}

pub(crate) fn fold_divf(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    if rhs_is(ctx, ops, is_one) {
        return FoldResult::value(body.operand(op, 0));
    }
    attr_result(fold_float_binary(ctx, ops, fp::div))
}

pub(crate) fn fold_remf(ctx: &Context, _: &mut Body, _: Op, ops: &[Option<Attribute>]) -> FoldResult {
    attr_result(fold_float_binary(ctx, ops, fp::rem))
}

/// min/max: `op(x, x) -> x`, `op(x, identity) -> x`, then constants.
fn fold_min_max(
    ctx: &Context,
    body: &Body,
    op: Op,
    ops: &[Option<Attribute>],
    identity: fn(FloatKind, u128) -> bool,
    f: fn(FloatKind, u128, u128) -> u128,
) -> FoldResult {
    let (lhs, rhs) = (body.operand(op, 0), body.operand(op, 1));
    if lhs == rhs {
        return FoldResult::value(rhs);
    }
    if rhs_is(ctx, ops, identity) {
        return FoldResult::value(lhs);
    }
    attr_result(fold_float_binary(ctx, ops, f))
}

pub(crate) fn fold_maximumf(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_min_max(ctx, body, op, ops, |k, b| decode(k, b) == Decoded::Inf { negative: true }, fp::maximum)
}
pub(crate) fn fold_minimumf(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_min_max(ctx, body, op, ops, |k, b| decode(k, b) == Decoded::Inf { negative: false }, fp::minimum)
}
pub(crate) fn fold_maxnumf(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_min_max(ctx, body, op, ops, fp::is_nan, fp::maxnum)
}
pub(crate) fn fold_minnumf(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_min_max(ctx, body, op, ops, fp::is_nan, fp::minnum)
}

/// Evaluates a `cmpf` predicate (false, oeq, ogt, oge, olt, ole, one, ord,
/// ueq, ugt, uge, ult, ule, une, uno, true) on an ordering, `None` meaning
/// unordered.
pub(crate) fn apply_cmpf(pred: i64, ord: Option<Ordering>) -> bool {
    use Ordering::*;
    match pred {
        0 => false,
        1 => ord == Some(Equal),
        2 => ord == Some(Greater),
        3 => matches!(ord, Some(Greater | Equal)),
        4 => ord == Some(Less),
        5 => matches!(ord, Some(Less | Equal)),
        6 => matches!(ord, Some(Less | Greater)),
        7 => ord.is_some(),
        8 => matches!(ord, None | Some(Equal)),
        9 => matches!(ord, None | Some(Greater)),
        10 => ord != Some(Less),
        11 => matches!(ord, None | Some(Less)),
        12 => ord != Some(Greater),
        13 => ord != Some(Equal),
        14 => ord.is_none(),
        _ => true,
    }
}

/// `cmpf` folds scalar constants only; one NaN operand decides alone.
pub(crate) fn fold_cmpf(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let scalar = |a: Option<Attribute>| match a.and_then(|a| float_elems(ctx, a)) {
        Some((_, k, Elems::Scalar(b))) => Some((k, b)),
        _ => None,
    };
    let (mut l, mut r) = (scalar(ops[0]), scalar(ops[1]));
    if let Some((k, b)) = l {
        if fp::is_nan(k, b) {
            r = l;
        }
    }
    if let Some((k, b)) = r {
        if fp::is_nan(k, b) {
            l = r;
        }
    }
    let (Some((k, a)), Some((_, b))) = (l, r) else { return FoldResult::Failed };
    let Some(pred) = predicate(ctx, body, op) else { return FoldResult::Failed };
    FoldResult::attr(ctx.bool_attr(apply_cmpf(pred, fp::compare(k, a, b))))
}
