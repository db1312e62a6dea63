//! `tx8be-fuse-activation`: a ReLU or clip right after a convolution or a
//! matrix product becomes the neural engine's post-processing activation
//! (`activation` on the Conv / Gemm, `dialect::activation`), and a residual
//! add after a convolution becomes the NE's psum input (the Conv's operand
//! 3), so the CGRA never makes a pass over the product: on ResNet every
//! conv-then-ReLU pair was an NE call, a join, then a CT call over the same
//! tensor, and every block's end an add and a relu on the CT.
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
//!
//! `Binary add(Conv(..), r)` (either order) -> `Conv(.., bias, r)` when the
//! conv's result is used by the add alone, the conv has no activation and
//! no psum yet, `r` has the result's type (no broadcast) and is defined
//! before the conv (of two convs, the later one takes the other as its
//! psum). A conv without a bias gets a zero one (a psum is operand 3). The
//! relu after the add then fuses as above, after the psum as it should.
//! This one changes the numbers slightly, for the better: the product is
//! no longer rounded before the add (one rounding of `conv + bias + r`
//! instead of two); the interpreter computes what the NE does.

use strata_ir::types::FloatKind;
use strata_ir::{Body, Context, Diagnostic, Op, Type, Value};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;
use tx8_target::kinds::NeAct;
use tx8be::dialect::activation::set_activation;
use tx8be::dialect::kinds::{binary_kind, unary_kind, BinaryKind, UnaryKind};
use tx8be::dialect::ops::{op_kind, OpKind};
use tx8be::dialect::values::attr_f64;

use crate::dense::{float_kind, ConstTensor};
use crate::entry_rewrite::rewrite_entry_ops;
use crate::fold_constants::new_const;

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-fuse-activation",
    description:
        "Fold a relu or clip after a tx8be.Conv / tx8be.Gemm into the neural engine's post-processing activation",
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
        Ok(rewrite_entry_ops(target, |ctx, body, op| fuse_residual(ctx, body, op) || fuse(ctx, body, op)))
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
    if !matches!(op_kind(ctx, body, product), Some(OpKind::Conv | OpKind::Gemm))
        || body.op_attr(ctx, product, "activation").is_some()
        || !body.has_one_use(x)
    {
        return false;
    }
    let ty = body.value_type(x);
    let r = body.result(unary, 0);
    let Some(kind) = ctx.element_type(ty).and_then(|e| float_kind(ctx, e)) else { return false };
    if body.value_type(r) != ty {
        return false;
    }
    let bounds = (attr_f64(ctx, body, unary, "alpha"), attr_f64(ctx, body, unary, "beta"));
    match (unary_kind(ctx, body, unary), bounds) {
        (Some(UnaryKind::Relu), (None, None)) => set_activation(ctx, body, product, NeAct::Relu),
        (Some(UnaryKind::Clip), (Some(lo), Some(hi)))
            if lo <= hi && representable(kind, lo) && representable(kind, hi) =>
        {
            set_activation(ctx, body, product, NeAct::Clip { lo: lo as f32, hi: hi as f32 })
        }
        _ => return false,
    }
    body.replace_all_uses_with(r, x);
    body.erase_op(unary);
    true
}

/// A Conv result `v` the add may take as its psum-accumulating conv: used
/// by the add alone, of the add's type, no activation or psum yet.
fn psum_conv(ctx: &Context, body: &Body, v: Value, ty: Type) -> Option<Op> {
    let conv = body.defining_op(v)?;
    let free = op_kind(ctx, body, conv) == Some(OpKind::Conv)
        && body.op_attr(ctx, conv, "activation").is_none()
        && body.num_operands(conv) < 4;
    (free && body.has_one_use(v) && body.value_type(v) == ty).then_some(conv)
}

fn fuse_residual(ctx: &Context, body: &mut Body, add: Op) -> bool {
    if op_kind(ctx, body, add) != Some(OpKind::Binary) || binary_kind(ctx, body, add) != Some(BinaryKind::Add) {
        return false;
    }
    let r = body.result(add, 0);
    let ty = body.value_type(r);
    if ctx.element_type(ty).is_none_or(|e| float_kind(ctx, e).is_none()) {
        return false;
    }
    let (a, b) = (body.operand(add, 0), body.operand(add, 1));
    // Candidates: (conv, its psum), the later conv first.
    let mut options: Vec<(Op, Value)> = [(a, b), (b, a)]
        .into_iter()
        .filter(|&(_, other)| body.value_type(other) == ty)
        .filter_map(|(v, other)| psum_conv(ctx, body, v, ty).map(|c| (c, other)))
        .collect();
    if let [(c0, _), (c1, _)] = options[..] {
        if body.is_before_in_block(c0, c1) {
            options.swap(0, 1);
        }
    }
    for (conv, psum) in options {
        // The psum must be computed before the conv runs.
        if body.defining_op(psum).is_some_and(|d| !body.is_before_in_block(d, conv)) {
            continue;
        }
        let mut operands: Vec<Value> = body.operands(conv).collect();
        if operands.len() == 2 {
            let channels = ctx.shape(body.value_type(operands[1])).and_then(|s| s.last().copied()).unwrap_or(0);
            let zero = ConstTensor { dims: vec![channels], elem: ctx.f32(), values: vec![0.0], splat: true };
            operands.push(new_const(ctx, body, &zero, conv, conv));
        }
        operands.push(psum);
        body.set_operands(conv, &operands);
        body.replace_all_uses_with(r, body.result(conv, 0));
        body.erase_op(add);
        return true;
    }
    false
}
