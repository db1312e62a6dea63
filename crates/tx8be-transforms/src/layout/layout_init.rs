//! `tx8be-layout-init` (the seed's layoutInitPass): the two ops whose
//! layouts are fixed by the hardware start the layout propagation. Gemm
//! gets `Tensor`/`NTensor` for each operand and its result (by each
//! value's dim 0; a bias adds an entry), Conv `NHWC-HWIO-[bias-]NHWC`;
//! every other op that carries a `layout_str` (compute ops and constants)
//! is reset to `Unknown`, so `tx8be-layout-transmit` derives them all from
//! these starting points.

use strata_ir::Diagnostic;
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8be::interfaces::shape_inference::{conv_layout, dense_layout, UNKNOWN};
use tx8be::{op_kind, OpKind};

use super::graph_ops;

strata_pass::option_free_pass! {
    pub struct LayoutInit;
    argument: "tx8be-layout-init",
    name: "Tx8beLayoutInit",
    description: "Set layout_str of tx8be.Gemm and tx8be.Conv, reset every other op's to Unknown",
    anchor: Some("func.func"),
}

impl LayoutInit {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let mut changed = false;
        for op in graph_ops(ctx, body, INFO.argument)? {
            let layout = match op_kind(ctx, body, op) {
                Some(OpKind::Conv) => conv_layout(ctx, body, op),
                Some(OpKind::Gemm) => dense_layout(ctx, body, op),
                Some(k) if k.is_compute() || k == OpKind::Const => UNKNOWN.to_string(),
                _ => continue,
            };
            let attr = ctx.string_attr(&layout);
            if body.op_attr(ctx, op, "layout_str") != Some(attr) {
                body.set_op_attr(ctx, op, "layout_str", Some(attr));
                changed = true;
            }
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}
