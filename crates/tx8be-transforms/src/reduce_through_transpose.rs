//! `tx8be-reduce-through-transpose`: a reduction of a transpose reduces
//! the transpose's input instead, when the dims the reduction keeps are in
//! the same order before and after the transpose; the transpose (a DDR
//! round trip of the whole tensor) then goes away. ResNet's tail after
//! `tx8be-cancel-transposes` is NHWC `[N, H, W, C]` -> Transpose to
//! `[N, C, H*W]` -> Reduce over H*W: the kept N, C are in order, so it
//! becomes `Reduce [N, H*W, C]` over axis 1.
//!
//! `Reduce(Transpose(x, p), a)` -> `Reduce(x, p[a])` when `p` without `a`
//! is increasing. Between the two there may be a reshape that only merges
//! transposed axes into the reduced one (`[N, C, H, W] -> [N, C, H*W]`,
//! reduce over H*W): the reduction is then over several transposed axes,
//! which must come from adjacent axes of `x` (collapsed by a reshape, since
//! codegen reduces one axis per op). A reduction whose kept dims the transpose
//! reorders is left alone: reducing `x` would give them in another order.

use strata_ir::{Body, Context, Diagnostic, Op, Value};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;
use strata_stablehlo::attrs::read_i64_array;

use crate::group_ops::entry_ops;
use crate::merge_reductions::{collapse_range, erase_dead_views, retarget_reduce, single_axis_reduce, viewed_as};
use crate::sink_reshapes::dims;

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-reduce-through-transpose",
    description: "Reduce a tx8be.Transpose's input instead of its result when the kept dims stay in order",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-reduce-through-transpose", |_, _| None)?;
        Ok(Box::new(ReduceThroughTranspose))
    },
};

pub struct ReduceThroughTranspose;

impl Pass for ReduceThroughTranspose {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beReduceThroughTranspose"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
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
    let Some(r) = body.defining_op(v).filter(|&r| ctx.op_name_str(body.op_name(r)) == "tx8be.Reshape") else {
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

fn through_transpose(ctx: &Context, body: &mut Body, op: Op) -> bool {
    let Some((_, axis)) = single_axis_reduce(ctx, body, op) else { return false };
    let Some((t, lo, n)) = reduced_range(ctx, body, body.operand(op, 0), axis) else { return false };
    let Some(tr) = body.defining_op(t).filter(|&d| ctx.op_name_str(body.op_name(d)) == "tx8be.Transpose") else {
        return false;
    };
    let Some(perm) = body.op_attr(ctx, tr, "perm").and_then(|a| read_i64_array(ctx, a)) else { return false };
    let x = body.operand(tr, 0);
    let xd = dims(ctx, body, x);
    if perm.len() != xd.len() || perm.iter().any(|&p| p < 0 || p as usize >= xd.len()) {
        return false;
    }
    let perm: Vec<usize> = perm.iter().map(|&p| p as usize).collect();
    let kept: Vec<usize> = perm.iter().enumerate().filter(|&(i, _)| !(lo..lo + n).contains(&i)).map(|(_, &p)| p).collect();
    if kept.windows(2).any(|w| w[0] > w[1]) {
        return false;
    }
    // The reduced axes of x: adjacent, so one reshape collapses them.
    let mut reduced: Vec<usize> = perm[lo..lo + n].to_vec();
    reduced.sort_unstable();
    let first = reduced[0];
    if reduced.iter().enumerate().any(|(k, &a)| a != first + k) {
        return false;
    }
    let input = viewed_as(ctx, body, op, x, &collapse_range(&xd, first, n));
    retarget_reduce(ctx, body, op, input, first);
    true
}
