//! C calls for the element-wise operators: binary (numpy broadcast),
//! unary, parameterised unary (activations), select and cast, with the op
//! codes as `TX8_BINARY_*` / `TX8_UNARY_*` constants in the header.
//! Same conventions as `ops`: cycles or `TX8_ERROR`, errors recorded per tile.

use crate::capi::args::scratch;
use crate::capi::placed::{binary_rule, call_dense, operand, Rule};
use crate::capi::{bad, call, types::TSR};
use crate::isa::{BinaryOp, UnaryOp};
use crate::oplib::{self, activation::Activation};

pub const TX8_BINARY_ADD: u32 = 0;
pub const TX8_BINARY_SUB: u32 = 1;
pub const TX8_BINARY_MUL: u32 = 2;
pub const TX8_BINARY_DIV: u32 = 3;
pub const TX8_BINARY_MAX: u32 = 4;
pub const TX8_BINARY_MIN: u32 = 5;
pub const TX8_BINARY_POW: u32 = 6;
pub const TX8_BINARY_EQ: u32 = 7;
pub const TX8_BINARY_NE: u32 = 8;
pub const TX8_BINARY_LT: u32 = 9;
pub const TX8_BINARY_LE: u32 = 10;
pub const TX8_BINARY_GT: u32 = 11;
pub const TX8_BINARY_GE: u32 = 12;
pub const TX8_BINARY_AND: u32 = 13;
pub const TX8_BINARY_OR: u32 = 14;
pub const TX8_BINARY_XOR: u32 = 15;
/// Remainder with the dividend's sign (C `fmod`; `%` on integers).
pub const TX8_BINARY_REM: u32 = 16;

pub const TX8_UNARY_RELU: u32 = 0;
pub const TX8_UNARY_EXP: u32 = 1;
pub const TX8_UNARY_SIGMOID: u32 = 2;
pub const TX8_UNARY_TANH: u32 = 3;
/// GELU, tanh approximation.
pub const TX8_UNARY_GELU: u32 = 4;
pub const TX8_UNARY_SILU: u32 = 5;
pub const TX8_UNARY_ABS: u32 = 6;
pub const TX8_UNARY_RSQRT: u32 = 7;
pub const TX8_UNARY_SQRT: u32 = 8;
/// Natural logarithm.
pub const TX8_UNARY_LOG: u32 = 9;
pub const TX8_UNARY_NEG: u32 = 10;
pub const TX8_UNARY_RECIP: u32 = 11;
pub const TX8_UNARY_ERF: u32 = 12;
pub const TX8_UNARY_FLOOR: u32 = 13;
pub const TX8_UNARY_CEIL: u32 = 14;
/// `x >= 0 ? x : alpha*x` (op_eltwise_unary_param only).
pub const TX8_UNARY_LEAKY_RELU: u32 = 16;
/// `clamp(alpha*x + beta, 0, 1)` (op_eltwise_unary_param only).
pub const TX8_UNARY_HARD_SIGMOID: u32 = 17;
/// `x * clamp(x/6 + 1/2, 0, 1)` (op_eltwise_unary_param only).
pub const TX8_UNARY_HARD_SWISH: u32 = 18;
/// `min(max(x, alpha), beta)` (op_eltwise_unary_param only; integers too).
pub const TX8_UNARY_CLIP: u32 = 19;
/// Exact GELU `x/2 * (1 + erf(x/sqrt(2)))` (op_eltwise_unary_param only).
pub const TX8_UNARY_GELU_ERF: u32 = 20;
/// `x > 0 ? x : alpha*(exp(x) - 1)` (op_eltwise_unary_param only).
pub const TX8_UNARY_ELU: u32 = 21;
pub const TX8_UNARY_SIN: u32 = 22;
pub const TX8_UNARY_COS: u32 = 23;
/// Swish `x * sigmoid(alpha*x)` (op_eltwise_unary_param only; alpha 1.702
/// is the sigmoid GELU, alpha 1 is SILU).
pub const TX8_UNARY_SWISH: u32 = 24;

const UNARY: [UnaryOp; 15] = [
    UnaryOp::Relu,
    UnaryOp::Exp,
    UnaryOp::Sigmoid,
    UnaryOp::Tanh,
    UnaryOp::Gelu,
    UnaryOp::Silu,
    UnaryOp::Abs,
    UnaryOp::Rsqrt,
    UnaryOp::Sqrt,
    UnaryOp::Ln,
    UnaryOp::Neg,
    UnaryOp::Recip,
    UnaryOp::Erf,
    UnaryOp::Floor,
    UnaryOp::Ceil,
];

/// The binary op of a `TX8_BINARY_*` code.
pub fn binary_op(code: u32) -> Option<BinaryOp> {
    use BinaryOp::*;
    [Add, Sub, Mul, Div, Max, Min, Pow, Eq, Ne, Lt, Le, Gt, Ge, And, Or, Xor, Rem].get(code as usize).copied()
}

/// The single CT instruction of a `TX8_UNARY_*` code that is one (codes
/// 0..14, SIN and COS).
pub fn plain_unary(code: u32) -> Option<UnaryOp> {
    match code {
        TX8_UNARY_SIN => Some(UnaryOp::Sin),
        TX8_UNARY_COS => Some(UnaryOp::Cos),
        _ => UNARY.get(code as usize).copied(),
    }
}

/// The activation of a `TX8_UNARY_*` code with its parameters.
pub fn activation(code: u32, alpha: f32, beta: f32) -> Option<Activation> {
    if let Some(op) = plain_unary(code) {
        return Some(Activation::Plain(op));
    }
    Some(match code {
        TX8_UNARY_LEAKY_RELU => Activation::LeakyRelu { alpha },
        TX8_UNARY_HARD_SIGMOID => Activation::HardSigmoid { alpha, beta },
        TX8_UNARY_HARD_SWISH => Activation::HardSwish,
        TX8_UNARY_CLIP => Activation::Clip { lo: alpha, hi: beta },
        TX8_UNARY_GELU_ERF => Activation::GeluErf,
        TX8_UNARY_ELU => Activation::Elu { alpha },
        TX8_UNARY_SWISH => Activation::Swish { beta: alpha },
        _ => return None,
    })
}

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
/// SWISH(alpha). Same element count and format in
/// and out; float formats (CLIP, abs, neg, relu take integers too).
/// `imm` (may be NULL): ELU needs in's bytes (at a 256 B aligned address;
/// add 255 otherwise); LEAKY_RELU, HARD_SWISH, GELU_ERF and SWISH need them only
/// when out overlaps in. Each composed step rounds to the format.
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
