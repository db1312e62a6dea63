//! `tx8be-fold-transpose-into-gemm`: the neural engine reads a GEMM operand
//! stored with its last two axes swapped for free (`trans_a` / `trans_b` of
//! one NE instruction), so a transpose feeding a `tx8be.Gemm` need not move
//! those two axes at all. A `Transpose(x, p)` whose only user is a GEMM
//! operand (directly, or through a reshape that regroups only the leading
//! dims) becomes `Transpose(x, p')`, `p'` being `p` with its last two entries
//! exchanged, and the GEMM's flag for that operand flips, when that makes
//! the transpose keep the last axis in place (it moved it before). When
//! `p'` is the identity the transpose disappears.
//!
//! Why it pays: attention's `K^T` is `Transpose(K, [0, 2, 3, 1])`, which
//! moves every element on its own; `[0, 2, 1, 3]` keeps the head dim
//! contiguous and is a few strided copies (`oplib::movement::transpose`).

use strata_ir::{Body, Context, Diagnostic, Op, OpSpec};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use strata_stablehlo::attrs::{i64_array_attr, read_i64_array};
use tx8be::{op_kind, OpKind};

use crate::sink_reshapes::{dims, retyped};
use tx8be::schedule::groups::entry_ops;

strata_pass::option_free_pass! {
    pub struct FoldTransposeIntoGemm;
    argument: "tx8be-fold-transpose-into-gemm",
    name: "Tx8beFoldTransposeIntoGemm",
    description: "Fold the last-two-axes swap of a transpose feeding a tx8be.Gemm into its trans_a / trans_b",
    anchor: Some("func.func"),
}

impl FoldTransposeIntoGemm {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let mut changed = false;
        for op in entry_ops(body) {
            if body.is_erased(op) || op_kind(ctx, body, op) != Some(OpKind::Gemm) {
                continue;
            }
            for (operand, flag) in [(0, "trans_a"), (1, "trans_b")] {
                changed |= fold_operand(ctx, body, op, operand, flag);
            }
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// `d` with its last two entries exchanged (rank >= 2).
fn swap_last_two<T: Clone>(d: &[T]) -> Vec<T> {
    let mut v = d.to_vec();
    let r = v.len();
    v.swap(r - 2, r - 1);
    v
}

/// Folds the swap into operand `i` of `gemm` when it comes from a
/// single-use transpose (through at most one single-use reshape keeping the
/// last two dims).
fn fold_operand(ctx: &Context, body: &mut Body, gemm: Op, i: usize, flag: &str) -> bool {
    let v = body.operand(gemm, i);
    if !body.has_one_use(v) {
        return false;
    }
    let Some(mut def) = body.defining_op(v) else { return false };
    let mut reshape = None;
    if op_kind(ctx, body, def) == Some(OpKind::Reshape) {
        let (from, to) = (dims(ctx, body, body.operand(def, 0)), dims(ctx, body, v));
        // Only a regrouping of the leading dims commutes with the swap.
        if from.len() < 2
            || to.len() < 2
            || from[from.len() - 2..] != to[to.len() - 2..]
            || !body.has_one_use(body.operand(def, 0))
        {
            return false;
        }
        reshape = Some(def);
        match body.defining_op(body.operand(def, 0)) {
            Some(d) => def = d,
            None => return false,
        }
    }
    if op_kind(ctx, body, def) != Some(OpKind::Transpose) {
        return false;
    }
    let Some(perm) = body.op_attr(ctx, def, "perm").and_then(|a| read_i64_array(ctx, a)) else { return false };
    if perm.len() < 2 {
        return false;
    }
    let new_perm = swap_last_two(&perm);
    // Only when it pays: the transpose left must keep the last axis in
    // place (whole contiguous runs move), and the one given did not.
    let r = perm.len() as i64;
    if perm[perm.len() - 1] == r - 1 || new_perm[perm.len() - 1] != r - 1 {
        return false;
    }
    let x = body.operand(def, 0);
    let t_out = body.result(def, 0);
    let t_dims = swap_last_two(&dims(ctx, body, t_out));
    // The transpose (or x itself) now yields the operand's dims with the last two swapped.
    let moved = if new_perm.iter().enumerate().all(|(k, &p)| p == k as i64) {
        x
    } else {
        let attrs = ctx.dictionary(vec![(ctx.intern_str("perm"), i64_array_attr(ctx, &new_perm))]);
        let t = body.create_op(
            OpSpec::new(ctx, OpKind::Transpose.name(), body.op_loc(def))
                .operands(&[x])
                .results(&[retyped(ctx, body, t_out, &t_dims)])
                .attrs(attrs),
        );
        body.insert_op_before(def, t);
        body.result(t, 0)
    };
    let operand = match reshape {
        Some(r) => {
            let out_dims = swap_last_two(&dims(ctx, body, v));
            let nr = body.create_op(
                OpSpec::new(ctx, OpKind::Reshape.name(), body.op_loc(r))
                    .operands(&[moved])
                    .results(&[retyped(ctx, body, v, &out_dims)])
                    .attrs(body.op_attrs(r)),
            );
            body.insert_op_before(r, nr);
            body.result(nr, 0)
        }
        None => moved,
    };
    body.set_operand(gemm, i, operand);
    let was = tx8be::dialect::values::attr_bool(ctx, body, gemm, flag).unwrap_or(false);
    body.set_op_attr(ctx, gemm, flag, Some(ctx.bool_attr(!was)));
    if let Some(r) = reshape {
        body.erase_op(r);
    }
    body.erase_op(def);
    true
}
