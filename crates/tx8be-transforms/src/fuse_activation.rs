//! `tx8be-fuse-activation`: a ReLU or clip right after a convolution or a
//! matrix product becomes the neural engine's post-processing activation
//! (`activation` on the Conv / Gemm, `dialect::activation`), so the CGRA
//! never makes a pass over the product: on ResNet every conv-then-ReLU pair
//! was an NE call, a join, then a CT call over the same tensor.
//!
//! `Unary relu(Conv(..))` -> `Conv(..) {activation = "relu"}`, and
//! `Unary clip(Conv(..)) {alpha = lo, beta = hi}` -> `{activation = "clip",
//! act_lo = lo, act_hi = hi}`; likewise for Gemm. Only when the product's
//! result is used by the unary alone, has the unary's type, a float element
//! type and no activation yet, and (for clip) both bounds are values of that
//! type. Then the numbers do not change: the NE applies the activation to
//! the fp32 accumulator before its one rounding, and rounding to nearest is
//! monotone and keeps 0 and every representable bound, so
//! `round(clamp(x)) == clamp(round(x))`, the value the two ops gave.

use strata_ir::types::FloatKind;
use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;
use tx8be::dialect::ops::{op_kind, OpKind};
use tx8be::dialect::values::{attr_f64, attr_str};

use crate::dense::float_kind;
use crate::grouping::rewrite_entry_ops;

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-fuse-activation",
    description: "Fold a relu or clip after a tx8be.Conv / tx8be.Gemm into the neural engine's post-processing activation",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-fuse-activation", |_, _| None)?;
        Ok(Box::new(FuseActivation))
    },
};

pub struct FuseActivation;

impl Pass for FuseActivation {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beFuseActivation"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        Ok(rewrite_entry_ops(target, fuse))
    }
}

/// Whether `v` is a value of the float type `kind` (rounding keeps it).
fn representable(kind: FloatKind, v: f64) -> bool {
    match kind {
        FloatKind::BF16 => half::bf16::from_f64(v).to_f64() == v,
        FloatKind::F16 => half::f16::from_f64(v).to_f64() == v,
        FloatKind::F32 => f64::from(v as f32) == v,
        _ => false,
    }
}

fn fuse(ctx: &Context, body: &mut Body, unary: Op) -> bool {
    if op_kind(ctx, body, unary) != Some(OpKind::Unary) {
        return false;
    }
    let x = body.operand(unary, 0);
    let Some(product) = body.defining_op(x) else { return false };
    if !matches!(op_kind(ctx, body, product), Some(OpKind::Conv | OpKind::Gemm)) || body.op_attr(ctx, product, "activation").is_some() || !body.has_one_use(x) {
        return false;
    }
    let ty = body.value_type(x);
    let r = body.result(unary, 0);
    let Some(kind) = ctx.element_type(ty).and_then(|e| float_kind(ctx, e)) else { return false };
    if body.value_type(r) != ty {
        return false;
    }
    let bounds = (attr_f64(ctx, body, unary, "alpha"), attr_f64(ctx, body, unary, "beta"));
    match (attr_str(ctx, body, unary, "kind").as_deref(), bounds) {
        (Some("relu"), (None, None)) => body.set_op_attr(ctx, product, "activation", Some(ctx.string_attr("relu"))),
        (Some("clip"), (Some(lo), Some(hi))) if lo <= hi && representable(kind, lo) && representable(kind, hi) => {
            body.set_op_attr(ctx, product, "activation", Some(ctx.string_attr("clip")));
            body.set_op_attr(ctx, product, "act_lo", Some(ctx.f64_attr(ctx.f32(), lo)));
            body.set_op_attr(ctx, product, "act_hi", Some(ctx.f64_attr(ctx.f32(), hi)));
        }
        _ => return false,
    }
    body.replace_all_uses_with(r, x);
    body.erase_op(unary);
    true
}
