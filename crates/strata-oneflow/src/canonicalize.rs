//! OneFlow's canonicalization (`OneFlowOps.cpp`): an `add_n` of exactly two
//! operands becomes `add_n2` with the same attributes and `op_type_name`
//! set to `"add_n"` (`ConvertAddOpWithArity`), and `relu` folds
//! `relu(relu(x))` to `relu(x)` when both ops share a placement
//! (`IdempotentOfIdenticalPlacement`).

use strata_ir::fold::FoldResult;
use strata_ir::{Attribute, Body, Context, Op, OpSpec};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

fn add_n_with_two_operands(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let body = rw.body();
    if body.num_operands(op) != 2 {
        return false;
    }
    let ctx = rw.ctx;
    let attrs = ctx.dict_with(body.op_attrs(op), ctx.intern_str("op_type_name"), Some(ctx.string_attr("add_n")));
    let spec = OpSpec::new(ctx, "oneflow.add_n2", body.op_loc(op))
        .operands(&body.operand_vec(op))
        .results(&body.result_types(op))
        .attrs(attrs);
    rw.replace_op_with_new(op, spec);
    true
}

pub(crate) fn populate_add_n(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern {
        root: Some("oneflow.add_n"),
        name: "ConvertAddOpWithArity",
        benefit: 1,
        f: add_n_with_two_operands,
    });
}

fn placement(ctx: &Context, body: &Body, op: Op) -> (Option<Attribute>, Option<Attribute>) {
    (body.op_attr(ctx, op, "device_tag"), body.op_attr(ctx, op, "device_name"))
}

/// `f(f(x)) -> f(x)` for an idempotent op when both run on the same devices.
pub(crate) fn fold_idempotent_of_identical_placement(
    ctx: &Context,
    body: &mut Body,
    op: Op,
    _: &[Option<Attribute>],
) -> FoldResult {
    let input = body.operand(op, 0);
    match body.defining_op(input) {
        Some(def) if body.op_name(def) == body.op_name(op) && placement(ctx, body, def) == placement(ctx, body, op) => {
            FoldResult::value(input)
        }
        _ => FoldResult::Failed,
    }
}
