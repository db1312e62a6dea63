//! `tx8be-reduce-through-transpose`: reductions of a transpose reduce the
//! transpose's input instead, when the dims they keep are in the same
//! order before and after the transpose; the transpose (a DDR round trip
//! of the whole tensor) then goes away. ResNet's pool after
//! `tx8be-cancel-transposes` is NHWC `[N, H, W, C]` -> Transpose to
//! `[N, C, H, W]` -> Reduce W -> Reduce H: the kept N, C are in order in
//! NHWC, so it becomes Reduce W (axis 2) -> Reduce H (axis 1) of the NHWC
//! tensor, which keeps the channel dim last and runs channel-blocked like
//! the conv before it (no ChannelNorm either).
//!
//! A chain of single-axis reductions (each result read only by the next)
//! over a transpose by `p`: each reduction's transposed axis maps to an
//! axis of `x` through `p`; when the dims the whole chain keeps are in
//! increasing order in `x`, the same reductions in the same order run on
//! `x` (each axis counted among the dims the ones before it left). The
//! first reduction found in program order whose chain qualifies is
//! rewritten, so a single reduction is enough when it qualifies alone
//! (`[A, B, C] -> [A, C, B]`, reduce C).
//!
//! Between the transpose and the first reduction there may be a reshape
//! that only merges transposed axes into the reduced one
//! (`[N, C, H, W] -> [N, C, H*W]`, reduce H*W): those axes must come from
//! adjacent axes of `x`, which a reshape of `x` collapses (codegen reduces
//! one axis per op). A chain whose kept dims the transpose reorders is
//! left alone: reducing `x` would give them in another order.

use strata_ir::{Body, Context, Diagnostic, Op, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use strata_stablehlo::attrs::read_i64_array;
use tx8be::{op_kind, OpKind};

use crate::merge_reductions::{collapse_range, erase_dead_views, retarget_reduce, single_axis_reduce, viewed_as};
use crate::sink_reshapes::{dims, retyped};
use tx8be::schedule::groups::entry_ops;

strata_pass::option_free_pass! {
    pub struct ReduceThroughTranspose;
    argument: "tx8be-reduce-through-transpose",
    name: "Tx8beReduceThroughTranspose",
    description: "Reduce a tx8be.Transpose's input instead of its result when the kept dims stay in order",
    anchor: Some("func.func"),
}

impl ReduceThroughTranspose {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let mut changed = false;
        for op in entry_ops(body) {
            changed |= through_transpose(ctx, body, op);
        }
        if changed {
            erase_dead_views(ctx, body);
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// The transposed axes a reduce of `v` over `axis` covers, as a range
/// `lo .. lo + n` of the transpose's result `t`: `axis` itself, or the
/// axes a reshape `t -> v` merged into `axis` (every other dim unchanged).
fn reduced_range(ctx: &Context, body: &Body, v: Value, axis: usize) -> Option<(Value, usize, usize)> {
    let Some(r) = body.defining_op(v).filter(|&r| op_kind(ctx, body, r) == Some(OpKind::Reshape)) else {
        return Some((v, axis, 1));
    };
    let t = body.operand(r, 0);
    let (from, to) = (dims(ctx, body, t), dims(ctx, body, v));
    if from.len() < to.len() || to.is_empty() {
        return None;
    }
    let n = from.len() - to.len() + 1;
    let same_outside = from[..axis] == to[..axis] && from[axis + n..] == to[axis + 1..];
    (same_outside && from[axis..axis + n].iter().product::<i64>() == to[axis]).then_some((t, axis, n))
}

/// The single-axis reductions ending at `op`, innermost first: `op` and
/// the reductions below it whose results only the next one reads.
fn reduction_chain(ctx: &Context, body: &Body, op: Op) -> Vec<(Op, usize)> {
    let mut chain = Vec::new();
    let mut at = Some(op);
    while let Some(r) = at {
        let Some((_, axis)) = single_axis_reduce(ctx, body, r) else { break };
        chain.push((r, axis));
        let input = body.operand(r, 0);
        at = body.defining_op(input).filter(|_| body.has_one_use(input));
    }
    chain.reverse();
    chain
}

fn through_transpose(ctx: &Context, body: &mut Body, op: Op) -> bool {
    let chain = reduction_chain(ctx, body, op);
    let Some(&(innermost, axis)) = chain.first() else { return false };
    let Some((t, lo, n)) = reduced_range(ctx, body, body.operand(innermost, 0), axis) else { return false };
    let Some(tr) = body.defining_op(t).filter(|&d| op_kind(ctx, body, d) == Some(OpKind::Transpose)) else {
        return false;
    };
    let Some(perm) = body.op_attr(ctx, tr, "perm").and_then(|a| read_i64_array(ctx, a)) else { return false };
    let x = body.operand(tr, 0);
    let xd = dims(ctx, body, x);
    let mut sorted = perm.clone();
    sorted.sort_unstable();
    if sorted != (0..xd.len() as i64).collect::<Vec<_>>() {
        return false;
    }
    let perm: Vec<usize> = perm.iter().map(|&p| p as usize).collect();
    // The axes of x the reshape merged: adjacent, so one reshape of x
    // collapses them and the transpose becomes one of the collapsed x.
    let mut merged: Vec<usize> = perm[lo..lo + n].to_vec();
    merged.sort_unstable();
    let first = merged[0];
    if merged.iter().enumerate().any(|(k, &a)| a != first + k) {
        return false;
    }
    let xd = collapse_range(&xd, first, n);
    let squeeze = |a: usize| if a > first { a - (n - 1) } else { a };
    let perm: Vec<usize> = (0..perm.len() - (n - 1))
        .map(|j| match j {
            j if j < lo => squeeze(perm[j]),
            j if j == lo => first,
            j => squeeze(perm[j + n - 1]),
        })
        .collect();
    // The transposed axes each reduction removes, in order.
    let mut alive: Vec<usize> = (0..perm.len()).collect();
    let mut removed = Vec::with_capacity(chain.len());
    for (k, &(_, a)) in chain.iter().enumerate() {
        let a = if k == 0 { lo } else { a };
        if a >= alive.len() {
            return false;
        }
        removed.push(alive.remove(a));
    }
    if alive.windows(2).any(|w| perm[w[0]] > perm[w[1]]) {
        return false;
    }
    // The same reductions on x, in the same order: each one's axis counted
    // among the dims of x the ones before it left.
    let mut left: Vec<usize> = (0..xd.len()).collect();
    let mut steps = Vec::with_capacity(chain.len());
    for &ta in &removed {
        let pos = left.iter().position(|&a| a == perm[ta]).expect("perm is a permutation");
        left.remove(pos);
        steps.push((pos, left.iter().map(|&a| xd[a]).collect::<Vec<i64>>()));
    }
    let mut value = viewed_as(ctx, body, innermost, x, &xd);
    for (k, (&(r, _), (pos, d))) in chain.iter().zip(&steps).enumerate() {
        retarget_reduce(ctx, body, r, value, *pos);
        let result = body.result(r, 0);
        if k + 1 < chain.len() {
            body.set_value_type(result, retyped(ctx, body, result, d));
        }
        value = result;
    }
    true
}
