//! Constant trip counts of the parallel loops (`scf.parallel` dimensions,
//! `scf.forall` dimensions), as upstream's `constantTripCount` computes
//! them with `scf::computeUbMinusLb`: signed, in the bounds' width, and
//! only when the bounds are both constants, the same value, or
//! `ub = lb + c` with `nsw`.

use strata_ir::fold::constant_value;
use strata_ir::{Body, Context, Value};

/// A loop bound as `OpFoldResult` holds it: an SSA value or a static
/// integer (`scf.forall`'s static bounds, which upstream reads as `i64`
/// attributes, not `index`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Value(Value),
    Static(i64),
}

/// Width and index-ness of a bound's type (upstream's `getBitwidth`):
/// static bounds are 64-bit integers, values have their own type.
fn kind(ctx: &Context, body: &Body, b: Bound) -> (u32, bool) {
    match b {
        Bound::Static(_) => (64, false),
        Bound::Value(v) => {
            let t = body.value_type(v);
            if ctx.is_index(t) {
                (64, true)
            } else {
                (ctx.int_or_float_width(t).unwrap_or(64), false)
            }
        }
    }
}

/// The constant integer of a bound, sign-extended from its width.
fn constant(ctx: &Context, body: &Body, b: Bound) -> Option<i128> {
    match b {
        Bound::Static(v) => Some(v.into()),
        Bound::Value(v) => constant_value(ctx, body, v).and_then(|a| ctx.as_i64(a)).map(i128::from),
    }
}

/// Wraps `v` to a signed integer of `width` bits.
fn wrap(v: i128, width: u32) -> i128 {
    let shift = 128 - width.clamp(1, 128);
    (v << shift) >> shift
}

/// `ub - lb` when `ub` is `arith.addi lb, c` with `nsw`: `c`.
pub fn ub_minus_lb(ctx: &Context, body: &Body, lb: Value, ub: Value) -> Option<i128> {
    let add = body.defining_op(ub)?;
    if !ctx.op_name_is(body.op_name(add), "arith.addi") || body.operand(add, 0) != lb {
        return None;
    }
    // Bit 1 of `#arith.overflow` is `nsw`.
    let flags = body.op_attr(ctx, add, "overflowFlags")?;
    if crate::arith::flags_bits(ctx, flags, "overflow")? & 1 == 0 {
        return None;
    }
    constant_value(ctx, body, body.operand(add, 1)).and_then(|a| ctx.as_i64(a)).map(i128::from)
}

/// The number of iterations of one loop dimension, when known.
pub fn constant_trip_count(ctx: &Context, body: &Body, lb: Bound, ub: Bound, step: Bound) -> Option<u128> {
    let (width, _) = kind(ctx, body, lb);
    // Upstream gives up when the bounds' types differ (a forall mixing
    // static and dynamic bounds).
    if kind(ctx, body, lb) != kind(ctx, body, ub) {
        return None;
    }
    if lb == ub {
        return Some(0);
    }
    let step_value = constant(ctx, body, step).map(|s| wrap(s, width));
    if let Some(s) = step_value {
        // A zero step counts as zero iterations upstream.
        if s <= 0 {
            return Some(0);
        }
    }
    let diff = match (constant(ctx, body, lb), constant(ctx, body, ub)) {
        (Some(l), Some(u)) => {
            let (l, u) = (wrap(l, width), wrap(u, width));
            if u <= l {
                return Some(0);
            }
            wrap(u - l, width)
        }
        (Some(_), None) | (None, Some(_)) => return None,
        (None, None) => {
            let (Bound::Value(l), Bound::Value(u)) = (lb, ub) else { return None };
            wrap(ub_minus_lb(ctx, body, l, u)?, width)
        }
    };
    if diff < 0 {
        return Some(0);
    }
    let s = step_value?;
    Some((diff as u128).div_ceil(s as u128))
}
