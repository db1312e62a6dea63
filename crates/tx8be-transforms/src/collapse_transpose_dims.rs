//! `tx8be-collapse-transpose-dims`: a transpose moves runs of axes that
//! stay next to each other, in order, as one axis. NCHW -> NHWC
//! (`perm = [0, 2, 3, 1]`) moves H and W together: it is the batched
//! two-axis swap `[N, C, H*W] -> [N, H*W, C]`, which the CGRA transposes at
//! vector rate, where the 4-D form costs a strided DMA copy per image row
//! (`oplib::movement::transpose`). Each such transpose becomes
//! `Reshape -> Transpose (collapsed) -> Reshape`; a dense reshape is free
//! (the same bytes under other dims). A transpose whose only user is a
//! conv (reading it as its input) is left whole: the operator library
//! merges the axes of each box itself (`movement::collapse_runs`), and
//! without reshapes around it the transpose can join the conv's group.

use strata_ir::{Body, Context, Diagnostic, Op, OpSpec};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use strata_stablehlo::attrs::{i64_array_attr, read_i64_array};
use tx8be::{op_kind, OpKind};

use crate::sink_reshapes::reshape_before;
use tx8be::schedule::groups::entry_ops;

strata_pass::option_free_pass! {
    pub struct CollapseTransposeDims;
    argument: "tx8be-collapse-transpose-dims",
    name: "Tx8beCollapseTransposeDims",
    description: "Rewrite a tx8be.Transpose over runs of axes that move together as a transpose of the collapsed axes between reshapes",
    anchor: Some("func.func"),
}

impl CollapseTransposeDims {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let mut changed = false;
        for op in entry_ops(body) {
            if op_kind(ctx, body, op) == Some(OpKind::Transpose) {
                changed |= collapse(ctx, body, op);
            }
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// The collapsed form of a transpose of `dims` by `perm`: the runs of
/// input axes that appear consecutively and in order in the output, as
/// (collapsed input dims, collapsed perm). `None` when no two axes move
/// together.
pub fn collapsed(dims: &[i64], perm: &[usize]) -> Option<(Vec<i64>, Vec<usize>)> {
    let udims: Vec<u64> = dims.iter().map(|&d| d.max(0) as u64).collect();
    let (in_dims, merged) = tx8_cmodel::oplib::movement::collapse_runs(&udims, perm);
    (merged.len() < perm.len()).then(|| (in_dims.iter().map(|&d| d as i64).collect(), merged))
}

fn collapse(ctx: &Context, body: &mut Body, op: Op) -> bool {
    let Some(perm) = body.op_attr(ctx, op, "perm").and_then(|a| read_i64_array(ctx, a)) else { return false };
    let x = body.operand(op, 0);
    let Some(dims) = ctx.shape(body.value_type(x)).map(|s| s.to_vec()) else { return false };
    if perm.len() != dims.len() || perm.iter().any(|&p| p < 0 || p as usize >= dims.len()) {
        return false;
    }
    let perm: Vec<usize> = perm.iter().map(|&p| p as usize).collect();
    // A transpose feeding a conv alone (a model's NCHW input) stays whole:
    // the conv's group transposes each box on chip, where the operator
    // library merges the axes itself, and a reshape would keep it apart.
    let result = body.result(op, 0);
    if !body.use_empty(result) && body.uses(result).all(|(u, i)| i == 0 && op_kind(ctx, body, u) == Some(OpKind::Conv))
    {
        return false;
    }
    let Some((in_dims, new_perm)) = collapsed(&dims, &perm) else { return false };
    let out_dims = ctx.shape(body.value_type(result)).unwrap_or(&[]).to_vec();
    let mid_dims: Vec<i64> = new_perm.iter().map(|&p| in_dims[p]).collect();
    let xin = reshape_before(ctx, body, op, x, &in_dims);
    let ty = body.value_type(result);
    let mid_ty = ctx.ranked_tensor_type(&mid_dims, ctx.element_type(ty).unwrap_or(ty));
    let p: Vec<i64> = new_perm.iter().map(|&p| p as i64).collect();
    let attrs = ctx.dictionary(vec![(ctx.intern_str("perm"), i64_array_attr(ctx, &p))]);
    let t = body.create_op(
        OpSpec::new(ctx, OpKind::Transpose.name(), body.op_loc(op)).operands(&[xin]).results(&[mid_ty]).attrs(attrs),
    );
    body.insert_op_before(op, t);
    let tv = body.result(t, 0);
    let back = reshape_before(ctx, body, op, tv, &out_dims);
    body.replace_all_uses_with(result, back);
    body.erase_op(op);
    true
}

#[cfg(test)]
mod tests {
    use super::collapsed;

    #[test]
    fn nchw_to_nhwc_is_a_batched_swap() {
        assert_eq!(collapsed(&[2, 3, 5, 7], &[0, 2, 3, 1]), Some((vec![2, 3, 35], vec![0, 2, 1])));
        // NHWC -> NCHW: H and W move together the other way.
        assert_eq!(collapsed(&[2, 5, 7, 3], &[0, 3, 1, 2]), Some((vec![2, 35, 3], vec![0, 2, 1])));
    }

    #[test]
    fn nothing_moves_together() {
        assert_eq!(collapsed(&[2, 3, 4, 5], &[0, 2, 1, 3]), None);
        assert_eq!(collapsed(&[2, 3], &[1, 0]), None);
    }

    #[test]
    fn several_runs() {
        // [a b c d e f] -> [d e f a b c]: two runs, a plain 2-D swap.
        assert_eq!(collapsed(&[1, 2, 3, 4, 5, 6], &[3, 4, 5, 0, 1, 2]), Some((vec![6, 120], vec![1, 0])));
        // [a b c d] -> [c d b a]
        assert_eq!(collapsed(&[2, 3, 4, 5], &[2, 3, 1, 0]), Some((vec![2, 3, 20], vec![2, 1, 0])));
    }
}
