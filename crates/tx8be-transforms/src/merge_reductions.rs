//! `tx8be-merge-reductions`: two reductions of one kind in a row over the
//! last two axes become one reduction over the two axes collapsed by a
//! (free, dense) reshape. The lowering writes a reduce over several axes as
//! one `tx8be.Reduce` per axis (codegen and the operator library take one
//! axis per call), each its own group reading its input from DDR:
//! `Reduce axis 3 -> Reduce axis 2` of `[N, C, H, W]` becomes
//! `Reshape [N, C, H*W] -> Reduce axis 2`.
//!
//! `Reduce(Reduce(x, a1), a2)` with the same kind (sum, mean, max or min:
//! each is the same over the union of two disjoint axis sets; a mean of
//! means over equal counts is the mean), no keepdims, the inner result
//! used once and the two axes the last two of `x` becomes
//! `Reduce(Reshape(x, merged), min)`. When `x` is itself a reshape the new
//! reshape starts from its input (and disappears when that already has the
//! merged dims). Reductions keeping the last dim are left apart: they run
//! channel-blocked and a reshape is dense only (see `merge`); so are two
//! whose merged axis would be too long for one step (`MAX_MERGED_AXIS`).
//! A reduction over an axis of length 1 becomes a reshape (`unit_axis`).

use strata_ir::{Body, Context, Diagnostic, Op, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8be::dialect::kinds::{reduce_kind, ReduceKind};
use tx8be::dialect::values::{attr_bool, attr_ints};
use tx8be::{op_kind, OpKind};

use crate::entry_rewrite::rewrite_to_fixpoint;
use crate::sink_reshapes::{dims, reshape_before};
use tx8be::schedule::groups::entry_ops;

strata_pass::option_free_pass! {
    pub struct MergeReductions;
    argument: "tx8be-merge-reductions",
    name: "Tx8beMergeReductions",
    description: "Merge two tx8be.Reduce of one kind over adjacent axes into one over the collapsed axis",
    anchor: Some("func.func"),
}

impl MergeReductions {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        // Each sweep merges at least one pair or ends the loop; a chain of
        // k reductions needs k - 1 sweeps at most.
        Ok(rewrite_to_fixpoint(
            target,
            |ctx, body, op| unit_axis(ctx, body, op) || merge(ctx, body, op),
            erase_dead_views,
        ))
    }
}

/// A reduction over an axis of length 1 gives its input back (a sum, mean,
/// max or min of one element is that element): a reshape dropping the
/// axis. A 1x1 feature map's global pool, whose NHWC -> NCHW transpose
/// `tx8be-cancel-transposes` already made a reshape, is no group at all.
fn unit_axis(ctx: &Context, body: &mut Body, op: Op) -> bool {
    let Some((_, axis)) = single_axis_reduce(ctx, body, op) else { return false };
    let x = body.operand(op, 0);
    if dims(ctx, body, x).get(axis) != Some(&1) {
        return false;
    }
    let r = body.result(op, 0);
    let to = dims(ctx, body, r);
    let v = viewed_as(ctx, body, op, x, &to);
    body.replace_all_uses_with(r, v);
    true
}

/// A `tx8be.Reduce` over one axis without keepdims: (kind, axis of its
/// input, normalized). The only form codegen reads, and the one whose
/// result is its input without that axis.
pub(crate) fn single_axis_reduce(ctx: &Context, body: &Body, op: Op) -> Option<(ReduceKind, usize)> {
    if op_kind(ctx, body, op) != Some(OpKind::Reduce) || attr_bool(ctx, body, op, "keepdims").unwrap_or(false) {
        return None;
    }
    let rank = dims(ctx, body, body.operand(op, 0)).len() as i64;
    let axes = attr_ints(ctx, body, op, "axes")?;
    let [a] = axes[..] else { return None };
    let a = if a < 0 { a + rank } else { a };
    if !(0..rank).contains(&a) {
        return None;
    }
    Some((reduce_kind(ctx, body, op)?, a as usize))
}

/// Points the single-axis reduce `op` at `input`, reducing `axis`.
pub(crate) fn retarget_reduce(ctx: &Context, body: &mut Body, op: Op, input: Value, axis: usize) {
    body.set_operand(op, 0, input);
    let axes = tx8be::dialect::values::dense_i64_array(ctx, &[axis as i64]);
    body.set_op_attr(ctx, op, "axes", Some(axes));
}

/// `x` with dims `d`, placed before `before`: `x` itself when it has them,
/// else a reshape of `x` (or of the input of the reshape defining `x`, so
/// reshapes do not stack).
pub(crate) fn viewed_as(ctx: &Context, body: &mut Body, before: Op, x: Value, d: &[i64]) -> Value {
    let source = match body.defining_op(x) {
        Some(r) if op_kind(ctx, body, r) == Some(OpKind::Reshape) => body.operand(r, 0),
        _ => x,
    };
    if dims(ctx, body, source) == d {
        return source;
    }
    if dims(ctx, body, x) == d {
        return x;
    }
    reshape_before(ctx, body, before, source, d)
}

/// `d` with axes `lo .. lo + n` collapsed into one.
pub(crate) fn collapse_range(d: &[i64], lo: usize, n: usize) -> Vec<i64> {
    let mut out = d[..lo].to_vec();
    out.push(d[lo..lo + n].iter().product());
    out.extend_from_slice(&d[lo + n..]);
    out
}

/// Erases the reshapes, transposes and reductions nothing uses any more
/// (the views these rewrites step over).
pub(crate) fn erase_dead_views(ctx: &Context, body: &mut Body) -> bool {
    let mut erased = false;
    for op in entry_ops(body).into_iter().rev() {
        if matches!(op_kind(ctx, body, op), Some(OpKind::Reshape | OpKind::Transpose | OpKind::Reduce))
            && body.op_results_unused(op)
        {
            body.erase_op(op);
            erased = true;
        }
    }
    erased
}

/// The longest merged axis (elements): 256 KiB of f32, a tenth of a
/// tile's usable SPM (a 224 x 224 spatial reduction merges; a 200000 x
/// 200000 one stays two reductions, each with rows a step can hold).
const MAX_MERGED_AXIS: i64 = 1 << 16;

fn merge(ctx: &Context, body: &mut Body, op: Op) -> bool {
    let Some((kind, a2)) = single_axis_reduce(ctx, body, op) else { return false };
    let y = body.operand(op, 0);
    let Some(inner) = body.defining_op(y) else { return false };
    let Some((inner_kind, a1)) = single_axis_reduce(ctx, body, inner) else { return false };
    if inner_kind != kind || !body.has_one_use(y) {
        return false;
    }
    let x = body.operand(inner, 0);
    let xd = dims(ctx, body, x);
    // The outer axis counted in x's dims (x has a1 where y does not).
    let a2x = if a2 >= a1 { a2 + 1 } else { a2 };
    if a2x != a1 + 1 && a2x + 1 != a1 {
        return false;
    }
    let lo = a1.min(a2x);
    // Reductions keeping the last dim run channel-blocked (the layout
    // passes align them, like the convs feeding them); a reshape is dense
    // only, so merging those would cost two layout conversions of the
    // whole input where the second reduction only reads the first's result.
    if lo + 2 != xd.len() {
        return false;
    }
    // A reduction's axis is never split over tiles or steps: one step
    // holds a whole row of it. Two short rows make a row their product
    // long, which must still fit a tile's SPM with room to spare.
    if xd[lo].saturating_mul(xd[lo + 1]) > MAX_MERGED_AXIS {
        return false;
    }
    let merged = collapse_range(&xd, lo, 2);
    let input = viewed_as(ctx, body, op, x, &merged);
    retarget_reduce(ctx, body, op, input, lo);
    true
}
