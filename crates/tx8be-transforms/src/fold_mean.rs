//! `tx8be-fold-mean`: a sum reduction divided by the count it summed
//! becomes a mean reduction. ONNX's GlobalAveragePool arrives as
//! `reduce add` then `divide` by a constant of H*W: after
//! `tx8be-merge-reductions` and `tx8be-reduce-through-transpose` that is
//! one `Reduce sum` over an axis of length H*W and a `Binary div` by a
//! splat H*W, a group of its own reading the pooled tensor back from DDR.
//! The operator library's mean is the sum then a division by the length
//! in the same format (`oplib::reduce`, ReduceKind::Mean), the numbers the
//! two ops gave.
//!
//! `Binary div(Reduce sum(x, a), c)` -> `Reduce mean(x, a)` when the
//! reduction's result is used only by the division, every element of the
//! constant `c` equals `x`'s dim `a` and the division's result has the
//! reduction's type (the constant only broadcasts) and a float element
//! type (an integer division truncates); likewise for a chain
//! of sums whose lengths multiply to `c`, each becoming a mean.

use strata_ir::{Body, Context, Diagnostic, Op, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8be::dialect::kinds::{binary_kind, BinaryKind, ReduceKind};
use tx8be::{op_kind, OpKind};

use crate::dense::is_float;
use crate::entry_rewrite::rewrite_entry_ops;
use crate::fold_constants::const_value;
use crate::merge_reductions::single_axis_reduce;
use crate::sink_reshapes::dims;

strata_pass::option_free_pass! {
    pub struct FoldMean;
    argument: "tx8be-fold-mean",
    name: "Tx8beFoldMean",
    description: "Fold a division by the element count after a tx8be.Reduce sum into a mean reduction",
    anchor: Some("func.func"),
}

impl FoldMean {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        Ok(rewrite_entry_ops(target, fold))
    }
}

/// The sum reductions ending at `sum` whose lengths multiply to `count`:
/// `sum`'s reduce and the ones below it whose results only the next one
/// reads (ResNet's pool after `tx8be-reduce-through-transpose` is a sum
/// over W then one over H, divided by H*W). A mean of means over equal
/// counts is the mean, so all of them become means.
fn sums_of(ctx: &Context, body: &Body, sum: Value, count: f64) -> Option<Vec<Op>> {
    let mut chain = Vec::new();
    let mut covered = 1.0;
    let mut v = sum;
    while covered < count {
        let r = body.defining_op(v).filter(|_| body.has_one_use(v))?;
        let (kind, axis) = single_axis_reduce(ctx, body, r)?;
        if kind != ReduceKind::Sum {
            return None;
        }
        v = body.operand(r, 0);
        covered *= dims(ctx, body, v)[axis] as f64;
        chain.push(r);
    }
    (covered == count && !chain.is_empty()).then_some(chain)
}

fn fold(ctx: &Context, body: &mut Body, div: Op) -> bool {
    if op_kind(ctx, body, div) != Some(OpKind::Binary) || binary_kind(ctx, body, div) != Some(BinaryKind::Div) {
        return false;
    }
    let (sum, divisor) = (body.operand(div, 0), body.operand(div, 1));
    // An integer division truncates; the library's mean is float only.
    let ty = body.value_type(sum);
    if body.value_type(body.result(div, 0)) != ty || !ctx.element_type(ty).is_some_and(|e| is_float(ctx, e)) {
        return false;
    }
    let Some(c) = const_value(ctx, body, divisor) else { return false };
    let count = c.get(0);
    if c.elems() == 0 || (0..c.elems()).any(|i| c.get(i) != count) {
        return false;
    }
    let Some(chain) = sums_of(ctx, body, sum, count) else { return false };
    for r in chain {
        body.set_op_attr(ctx, r, "kind", Some(ctx.string_attr(ReduceKind::Mean.name())));
    }
    body.replace_all_uses_with(body.result(div, 0), sum);
    let constant = body.defining_op(divisor);
    body.erase_op(div);
    if let Some(k) = constant.filter(|&k| body.op_results_unused(k)) {
        body.erase_op(k);
    }
    true
}
