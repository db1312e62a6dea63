//! The operator codes of the C ABI: `op_eltwise_binary`,
//! `op_eltwise_unary[_param]`, `op_reduce` and `op_pool2d` take the
//! operation as a number, one of these.
//! The compiler writes them into `main.c` and the C model decodes them; the
//! generated header `tx8.h` (tx8-cmodel's `include/`) defines them for C.
//! The decoders below are the one table from code to kind.

use crate::kinds::{Activation, BinaryOp, PoolKind, ReduceKind, UnaryOp};

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
/// `ln(1 + exp(x))` (op_eltwise_unary_param only; no parameters).
pub const TX8_UNARY_SOFTPLUS: u32 = 25;

pub const TX8_REDUCE_SUM: u32 = 0;
/// The sum divided by the reduced element count.
pub const TX8_REDUCE_MEAN: u32 = 1;
pub const TX8_REDUCE_MAX: u32 = 2;
pub const TX8_REDUCE_MIN: u32 = 3;

pub const TX8_POOL_MAX: u32 = 0;
/// The window's sum divided by its element count (the padding counted or
/// not, as `count_include_pad` says).
pub const TX8_POOL_AVG: u32 = 1;

/// The binary op of a `TX8_BINARY_*` code.
pub fn binary_op(code: u32) -> Option<BinaryOp> {
    use BinaryOp::*;
    [Add, Sub, Mul, Div, Max, Min, Pow, Eq, Ne, Lt, Le, Gt, Ge, And, Or, Xor, Rem].get(code as usize).copied()
}

/// The single CT instruction of a `TX8_UNARY_*` code that is one (codes
/// 0..14, SIN and COS).
pub fn plain_unary(code: u32) -> Option<UnaryOp> {
    UnaryOp::ALL.into_iter().find(|&op| plain_code(op) == code)
}

/// The `TX8_UNARY_*` code of a CT unary instruction.
pub fn plain_code(op: UnaryOp) -> u32 {
    match op {
        UnaryOp::Relu => TX8_UNARY_RELU,
        UnaryOp::Exp => TX8_UNARY_EXP,
        UnaryOp::Sigmoid => TX8_UNARY_SIGMOID,
        UnaryOp::Tanh => TX8_UNARY_TANH,
        UnaryOp::Gelu => TX8_UNARY_GELU,
        UnaryOp::Silu => TX8_UNARY_SILU,
        UnaryOp::Abs => TX8_UNARY_ABS,
        UnaryOp::Rsqrt => TX8_UNARY_RSQRT,
        UnaryOp::Sqrt => TX8_UNARY_SQRT,
        UnaryOp::Ln => TX8_UNARY_LOG,
        UnaryOp::Neg => TX8_UNARY_NEG,
        UnaryOp::Recip => TX8_UNARY_RECIP,
        UnaryOp::Erf => TX8_UNARY_ERF,
        UnaryOp::Floor => TX8_UNARY_FLOOR,
        UnaryOp::Ceil => TX8_UNARY_CEIL,
        UnaryOp::Sin => TX8_UNARY_SIN,
        UnaryOp::Cos => TX8_UNARY_COS,
    }
}

/// The `TX8_UNARY_*` code of an activation, and whether the call is
/// `op_eltwise_unary_param` (it takes `alpha` and `beta`).
pub fn activation_code(act: Activation) -> (u32, bool) {
    match act {
        Activation::Plain(op) => (plain_code(op), false),
        Activation::LeakyRelu { .. } => (TX8_UNARY_LEAKY_RELU, true),
        Activation::HardSigmoid { .. } => (TX8_UNARY_HARD_SIGMOID, true),
        Activation::HardSwish => (TX8_UNARY_HARD_SWISH, true),
        Activation::Clip { .. } => (TX8_UNARY_CLIP, true),
        Activation::GeluErf => (TX8_UNARY_GELU_ERF, true),
        Activation::Elu { .. } => (TX8_UNARY_ELU, true),
        Activation::Swish { .. } => (TX8_UNARY_SWISH, true),
        Activation::Softplus => (TX8_UNARY_SOFTPLUS, true),
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
        TX8_UNARY_SOFTPLUS => Activation::Softplus,
        _ => return None,
    })
}

/// The `TX8_REDUCE_*` code of a reduction.
pub fn reduce_code(kind: ReduceKind) -> u32 {
    match kind {
        ReduceKind::Sum => TX8_REDUCE_SUM,
        ReduceKind::Mean => TX8_REDUCE_MEAN,
        ReduceKind::Max => TX8_REDUCE_MAX,
        ReduceKind::Min => TX8_REDUCE_MIN,
    }
}

/// The reduction of a `TX8_REDUCE_*` code.
pub fn reduce_kind(code: u32) -> Option<ReduceKind> {
    ReduceKind::ALL.into_iter().find(|&k| reduce_code(k) == code)
}

/// The `TX8_POOL_*` code of a pool.
pub fn pool_code(kind: PoolKind) -> u32 {
    match kind {
        PoolKind::Max => TX8_POOL_MAX,
        PoolKind::Avg => TX8_POOL_AVG,
    }
}

/// The pool of a `TX8_POOL_*` code.
pub fn pool_kind(code: u32) -> Option<PoolKind> {
    PoolKind::ALL.into_iter().find(|&k| pool_code(k) == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduce_and_pool_codes_round_trip() {
        for k in ReduceKind::ALL {
            assert_eq!(reduce_kind(reduce_code(k)), Some(k));
            assert_eq!(ReduceKind::parse(k.name()), Some(k));
        }
        for k in PoolKind::ALL {
            assert_eq!(pool_kind(pool_code(k)), Some(k));
            assert_eq!(PoolKind::parse(k.name()), Some(k));
        }
        assert_eq!(reduce_kind(4), None);
        assert_eq!(pool_kind(2), None);
    }
}
