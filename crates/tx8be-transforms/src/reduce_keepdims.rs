//! `tx8be-reduce-keepdims`: a reshape that puts the reduced axes back as
//! unit dims after a chain of reductions becomes the reductions' own
//! `keepdims`. ONNX's GlobalAveragePool and `ReduceMean(keepdims=1)` arrive
//! as single-axis reductions without keepdims and a reshape to
//! `[N, 1, 1, C]` (the squeeze-excitation block of MobileNetV3 and
//! EfficientNet, before its 1x1 convs). A reshape is dense only, so the
//! channel-blocked reduction's `[N, C]` result was converted to dense, then
//! back to blocked for the conv: two conversions, each a group of its own.
//! With keepdims the result is `[N, 1, 1, C]` blocked, what the conv reads.
//!
//! `Reshape(Reduce(... Reduce(x, a1) ..., ak))`, every reduction over one
//! axis without keepdims and read only by the next, becomes
//! `Reduce(... Reduce(x, a1, keepdims) ..., ak', keepdims)` when the
//! reshape's dims are `x`'s with the reduced axes set to 1; each axis is
//! then counted in `x`'s dims (`ak'`), since no dim is removed any more.
//! The elements and their order are the same either way.

use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8be::{op_kind, OpKind};

use crate::entry_rewrite::rewrite_to_fixpoint;
use crate::merge_reductions::{erase_dead_views, single_axis_reduce};
use crate::sink_reshapes::{dims, retyped};

strata_pass::option_free_pass! {
    pub struct ReduceKeepdims;
    argument: "tx8be-reduce-keepdims",
    name: "Tx8beReduceKeepdims",
    description: "Turn a reshape restoring the reduced axes as unit dims after tx8be.Reduce ops into their keepdims",
    anchor: Some("func.func"),
}

impl ReduceKeepdims {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        Ok(rewrite_to_fixpoint(target, keep_dims, erase_dead_views))
    }
}

fn keep_dims(ctx: &Context, body: &mut Body, reshape: Op) -> bool {
    if op_kind(ctx, body, reshape) != Some(OpKind::Reshape) {
        return false;
    }
    let target = dims(ctx, body, body.result(reshape, 0));
    // The chain from the reshape's operand down, each with its axis.
    let mut chain: Vec<(Op, usize)> = Vec::new();
    let mut v = body.operand(reshape, 0);
    loop {
        let Some(r) = body.defining_op(v).filter(|_| body.has_one_use(v)) else { return false };
        let Some((_, axis)) = single_axis_reduce(ctx, body, r) else { return false };
        chain.push((r, axis));
        v = body.operand(r, 0);
        let x = dims(ctx, body, v);
        if x.len() != target.len() {
            continue;
        }
        // The chain's axes counted in x's dims, innermost first: each
        // reduction's axis skips the axes removed below it.
        let mut kept: Vec<usize> = (0..x.len()).collect();
        let mut axes = Vec::with_capacity(chain.len());
        for &(_, a) in chain.iter().rev() {
            let Some(&orig) = kept.get(a) else { return false };
            kept.remove(a);
            axes.push(orig);
        }
        let mut kept_dims = x.clone();
        for &a in &axes {
            kept_dims[a] = 1;
        }
        let out = body.result(reshape, 0);
        if kept_dims != target || retyped(ctx, body, v, &target) != body.value_type(out) {
            continue;
        }
        // Rewrite innermost first, each result the input with the axes
        // reduced so far set to 1.
        let mut d = x;
        for (&(r, _), &a) in chain.iter().rev().zip(&axes) {
            d[a] = 1;
            let attr = tx8be::dialect::values::dense_i64_array(ctx, &[a as i64]);
            body.set_op_attr(ctx, r, "axes", Some(attr));
            body.set_op_attr(ctx, r, "keepdims", Some(ctx.bool_attr(true)));
            let res = body.result(r, 0);
            let ty = retyped(ctx, body, res, &d);
            body.set_value_type(res, ty);
        }
        let top = body.result(chain[0].0, 0);
        let out = body.result(reshape, 0);
        body.replace_all_uses_with(out, top);
        return true;
    }
}
