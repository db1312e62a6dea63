//! C calls for the element-wise operators: binary (numpy broadcast),
//! unary, parameterised unary (activations), select and cast, with the op
//! codes as `TX8_BINARY_*` / `TX8_UNARY_*` constants in the header.
//! Same conventions as `ops`: cycles or `TX8_ERROR`, errors recorded per tile.

use crate::capi::args::scratch;
use crate::capi::placed::{binary_rule, call_dense, operand, Rule};
use crate::capi::{bad, call, types::TSR};
use crate::oplib;

pub use tx8_target::c_codes::*;

/// Element-wise `out = a op b` (`op` a TX8_BINARY_* code) with numpy
/// broadcasting; `out` dims = the broadcast shape. `a`, `b`: one format
/// (FP32/TF32/FP16/BF16/INT8/INT16/INT32; shifts and bitwise logic on
/// integers only); `out` in that format, or INT8 0/1 for EQ..GE (and
/// AND/OR/XOR on floats). `imm` (NULL when not needed): 2 x out elements of
/// the operand format when operands need expanding (a broadcast that is not
/// a trailing suffix), plus out elements more for an INT8 predicate output;
/// each buffer starts 256 B aligned (add 768 bytes to be safe).
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_eltwise_binary(
    op: u32,
    a: *const TSR,
    b: *const TSR,
    imm: *const TSR,
    out: *const TSR,
) -> u64 {
    const OP: &str = "op_eltwise_binary";
    call(|ctx| {
        let op = binary_op(op).ok_or_else(|| bad(OP, "op must be a TX8_BINARY_* code (0..16)"))?;
        let (a, b) = (operand(ctx, a, OP, "a")?, operand(ctx, b, OP, "b")?);
        let out = operand(ctx, out, OP, "out")?;
        let imm = scratch(ctx, imm, OP, "imm")?;
        let rule = binary_rule(&[&a.tsr, &b.tsr], &out.tsr);
        call_dense(ctx, OP, rule, &[&a, &b], &[&out], |ctx| {
            oplib::elementwise::binary(ctx, op, &a.tsr, &b.tsr, &out.tsr, imm)
        })
    })
}

/// Element-wise unary op, one CT instruction: `op` a TX8_UNARY_* code 0..14
/// (relu, exp, sigmoid, tanh, gelu (tanh form), silu, abs, rsqrt, sqrt, log,
/// neg, recip, erf, floor, ceil), SIN or COS. Same element count and format in and out;
/// float formats (abs, neg, relu take integers too). In place allowed.
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_eltwise_unary(op: u32, input: *const TSR, out: *const TSR) -> u64 {
    const OP: &str = "op_eltwise_unary";
    call(|ctx| {
        let op = plain_unary(op).ok_or_else(|| bad(OP, "op must be a TX8_UNARY_* code 0..14, SIN or COS (parameterised ones go through op_eltwise_unary_param)"))?;
        let x = operand(ctx, input, OP, "input")?;
        let out = operand(ctx, out, OP, "out")?;
        call_dense(ctx, OP, Rule::Either, &[&x], &[&out], |ctx| oplib::elementwise::unary(ctx, op, &x.tsr, &out.tsr))
    })
}

/// Element-wise unary op with parameters: any TX8_UNARY_* code (0..14
/// ignore alpha and beta); LEAKY_RELU(alpha), HARD_SIGMOID(alpha, beta),
/// HARD_SWISH, CLIP(min = alpha, max = beta, rounded to the format; pass
/// -INFINITY / INFINITY for a missing bound), GELU_ERF, ELU(alpha),
/// SWISH(alpha), SOFTPLUS. Same element count and format in
/// and out; float formats (CLIP, abs, neg, relu take integers too).
/// `imm` (may be NULL): buffers of in's bytes, each rounded up to 256 B
/// (at a 256 B aligned address; add 255 otherwise): ELU one, SOFTPLUS two
/// (three when out overlaps in); LEAKY_RELU, HARD_SWISH, GELU_ERF and SWISH
/// one when out overlaps in. Each composed step rounds to the format.
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_eltwise_unary_param(
    op: u32,
    alpha: f32,
    beta: f32,
    input: *const TSR,
    imm: *const TSR,
    out: *const TSR,
) -> u64 {
    const OP: &str = "op_eltwise_unary_param";
    call(|ctx| {
        let act =
            activation(op, alpha, beta).ok_or_else(|| bad(OP, "op must be a TX8_UNARY_* code (0..14, 16..24)"))?;
        let x = operand(ctx, input, OP, "input")?;
        let out = operand(ctx, out, OP, "out")?;
        let imm = scratch(ctx, imm, OP, "imm")?;
        call_dense(ctx, OP, Rule::Either, &[&x], &[&out], |ctx| {
            oplib::activation::unary_param(ctx, act, &x.tsr, &out.tsr, imm)
        })
    })
}

/// `out = cond ? on_true : on_false` (ONNX Where) with numpy broadcasting of
/// all three; `cond` INT8 (non-zero = true); on_true, on_false and out share
/// any one format; values pass bit-exact (inf, NaN). `imm`: at most
/// out_elems * (1 + 4 * elem_size) + 1536 bytes (less when operands are
/// full-size; never NULL; the error names the exact need).
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_select(
    cond: *const TSR,
    on_true: *const TSR,
    on_false: *const TSR,
    imm: *const TSR,
    out: *const TSR,
) -> u64 {
    const OP: &str = "op_select";
    call(|ctx| {
        let c = operand(ctx, cond, OP, "cond")?;
        let a = operand(ctx, on_true, OP, "on_true")?;
        let b = operand(ctx, on_false, OP, "on_false")?;
        let out = operand(ctx, out, OP, "out")?;
        let imm = scratch(ctx, imm, OP, "imm")?;
        call_dense(ctx, OP, Rule::Dense, &[&c, &a, &b], &[&out], |ctx| {
            oplib::select::select(ctx, &c.tsr, &a.tsr, &b.tsr, &out.tsr, imm)
        })
    })
}

/// `out = cast(input)` between any two formats, same dims: floats round to
/// nearest even; float -> int rounds half to even and saturates (NaN -> 0);
/// int -> int saturates; int -> float rounds to nearest even. In place is
/// allowed. No scratch.
///
/// # Safety
/// Pointer arguments must point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_cast(input: *const TSR, out: *const TSR) -> u64 {
    const OP: &str = "op_cast";
    call(|ctx| {
        let x = operand(ctx, input, OP, "input")?;
        let out = operand(ctx, out, OP, "out")?;
        call_dense(ctx, OP, Rule::Either, &[&x], &[&out], |ctx| oplib::cast::cast(ctx, &x.tsr, &out.tsr))
    })
}
