//! The `kind` of `tx8be.Binary` and `tx8be.Unary` as typed values: the
//! text the IR spells, and what each kind is on the operator library (its
//! `TX8_BINARY_*` / `TX8_UNARY_*` code, its CT instruction). The verifier,
//! the lowering, the reference interpreter, the cost model and codegen all
//! read kinds through here, so a kind added in one place is a compile
//! error in every match that does not handle it. The kinds of
//! `tx8be.Reduce` and `tx8be.Pool` are the target's `ReduceKind` and
//! `PoolKind` (spellings and codes there), re-exported here.

use strata_ir::{Body, Context, Op};
use tx8_target::c_codes as codes;
use tx8_target::kinds::{BinaryOp, UnaryOp};

use super::values::attr_str;

/// `tx8be.Binary`'s `kind`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinaryKind {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Min,
    Pow,
    /// Remainder with the dividend's sign (stablehlo.remainder, C fmod).
    Rem,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Xor,
}

impl BinaryKind {
    pub const ALL: [BinaryKind; 17] = {
        use BinaryKind::*;
        [Add, Sub, Mul, Div, Max, Min, Pow, Rem, Eq, Ne, Lt, Le, Gt, Ge, And, Or, Xor]
    };

    /// The IR's spelling.
    pub fn name(self) -> &'static str {
        use BinaryKind::*;
        match self {
            Add => "add",
            Sub => "sub",
            Mul => "mul",
            Div => "div",
            Max => "max",
            Min => "min",
            Pow => "pow",
            Rem => "rem",
            Eq => "eq",
            Ne => "ne",
            Lt => "lt",
            Le => "le",
            Gt => "gt",
            Ge => "ge",
            And => "and",
            Or => "or",
            Xor => "xor",
        }
    }

    pub fn parse(s: &str) -> Option<BinaryKind> {
        Self::ALL.into_iter().find(|k| k.name() == s)
    }

    /// The CT instruction the operator library runs.
    pub fn isa(self) -> BinaryOp {
        use BinaryKind::*;
        match self {
            Add => BinaryOp::Add,
            Sub => BinaryOp::Sub,
            Mul => BinaryOp::Mul,
            Div => BinaryOp::Div,
            Max => BinaryOp::Max,
            Min => BinaryOp::Min,
            Pow => BinaryOp::Pow,
            Rem => BinaryOp::Rem,
            Eq => BinaryOp::Eq,
            Ne => BinaryOp::Ne,
            Lt => BinaryOp::Lt,
            Le => BinaryOp::Le,
            Gt => BinaryOp::Gt,
            Ge => BinaryOp::Ge,
            And => BinaryOp::And,
            Or => BinaryOp::Or,
            Xor => BinaryOp::Xor,
        }
    }

    /// `op_eltwise_binary`'s op code.
    pub fn code(self) -> u32 {
        use BinaryKind::*;
        match self {
            Add => codes::TX8_BINARY_ADD,
            Sub => codes::TX8_BINARY_SUB,
            Mul => codes::TX8_BINARY_MUL,
            Div => codes::TX8_BINARY_DIV,
            Max => codes::TX8_BINARY_MAX,
            Min => codes::TX8_BINARY_MIN,
            Pow => codes::TX8_BINARY_POW,
            Rem => codes::TX8_BINARY_REM,
            Eq => codes::TX8_BINARY_EQ,
            Ne => codes::TX8_BINARY_NE,
            Lt => codes::TX8_BINARY_LT,
            Le => codes::TX8_BINARY_LE,
            Gt => codes::TX8_BINARY_GT,
            Ge => codes::TX8_BINARY_GE,
            And => codes::TX8_BINARY_AND,
            Or => codes::TX8_BINARY_OR,
            Xor => codes::TX8_BINARY_XOR,
        }
    }

    /// A comparison: its result may be `i1`.
    pub fn is_compare(self) -> bool {
        use BinaryKind::*;
        matches!(self, Eq | Ne | Lt | Le | Gt | Ge)
    }

    pub fn is_commutative(self) -> bool {
        use BinaryKind::*;
        matches!(self, Add | Mul | Max | Min | Eq | Ne | And | Or | Xor)
    }
}

/// `tx8be.Unary`'s `kind`; `alpha`/`beta` parameterise leaky_relu (alpha,
/// default 0.01), hard_sigmoid (alpha 0.2, beta 0.5), clip (min alpha, max
/// beta; absent = unbounded), elu (alpha 1.0), swish (alpha 1.0:
/// `x * sigmoid(alpha x)`; 1.702 is the sigmoid GELU).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnaryKind {
    Relu,
    Exp,
    Sigmoid,
    Tanh,
    /// GELU, tanh approximation.
    Gelu,
    /// Exact GELU, through erf.
    GeluErf,
    Silu,
    Abs,
    Rsqrt,
    Sqrt,
    Log,
    Neg,
    Recip,
    Erf,
    Floor,
    Ceil,
    Sin,
    Cos,
    LeakyRelu,
    HardSigmoid,
    HardSwish,
    Clip,
    Elu,
    Swish,
}

impl UnaryKind {
    pub const ALL: [UnaryKind; 24] = {
        use UnaryKind::*;
        [
            Relu,
            Exp,
            Sigmoid,
            Tanh,
            Gelu,
            GeluErf,
            Silu,
            Abs,
            Rsqrt,
            Sqrt,
            Log,
            Neg,
            Recip,
            Erf,
            Floor,
            Ceil,
            Sin,
            Cos,
            LeakyRelu,
            HardSigmoid,
            HardSwish,
            Clip,
            Elu,
            Swish,
        ]
    };

    /// The IR's spelling.
    pub fn name(self) -> &'static str {
        use UnaryKind::*;
        match self {
            Relu => "relu",
            Exp => "exp",
            Sigmoid => "sigmoid",
            Tanh => "tanh",
            Gelu => "gelu",
            GeluErf => "gelu_erf",
            Silu => "silu",
            Abs => "abs",
            Rsqrt => "rsqrt",
            Sqrt => "sqrt",
            Log => "log",
            Neg => "neg",
            Recip => "recip",
            Erf => "erf",
            Floor => "floor",
            Ceil => "ceil",
            Sin => "sin",
            Cos => "cos",
            LeakyRelu => "leaky_relu",
            HardSigmoid => "hard_sigmoid",
            HardSwish => "hard_swish",
            Clip => "clip",
            Elu => "elu",
            Swish => "swish",
        }
    }

    pub fn parse(s: &str) -> Option<UnaryKind> {
        Self::ALL.into_iter().find(|k| k.name() == s)
    }

    /// The single CT instruction of a kind that is one (the others are
    /// sequences the operator library expands).
    pub fn isa(self) -> Option<UnaryOp> {
        use UnaryKind::*;
        Some(match self {
            Relu => UnaryOp::Relu,
            Exp => UnaryOp::Exp,
            Sigmoid => UnaryOp::Sigmoid,
            Tanh => UnaryOp::Tanh,
            Gelu => UnaryOp::Gelu,
            Silu => UnaryOp::Silu,
            Abs => UnaryOp::Abs,
            Rsqrt => UnaryOp::Rsqrt,
            Sqrt => UnaryOp::Sqrt,
            Log => UnaryOp::Ln,
            Neg => UnaryOp::Neg,
            Recip => UnaryOp::Recip,
            Erf => UnaryOp::Erf,
            Floor => UnaryOp::Floor,
            Ceil => UnaryOp::Ceil,
            Sin => UnaryOp::Sin,
            Cos => UnaryOp::Cos,
            GeluErf | LeakyRelu | HardSigmoid | HardSwish | Clip | Elu | Swish => return None,
        })
    }

    /// The CT passes over the elements the operator library's call makes
    /// (`oplib::activation`'s expansion): (plain passes, passes at the
    /// transcendental rate). The cost model charges them; the roofline
    /// weighs a kind with a transcendental pass at that rate.
    pub fn ct_passes(self) -> (u64, u64) {
        use UnaryKind::*;
        match self {
            Exp | Log | Tanh | Sigmoid | Erf | Rsqrt | Sqrt | Recip | Sin | Cos => (0, 1),
            Gelu | GeluErf => (4, 1),
            Silu => (1, 1),
            Elu => (5, 1),
            HardSigmoid => (4, 0),
            HardSwish => (5, 0),
            Swish => (2, 1),
            LeakyRelu | Clip => (2, 0),
            Relu | Abs | Neg | Floor | Ceil => (1, 0),
        }
    }

    /// The `alpha` and `beta` a parameterised kind takes when the op does
    /// not give them (ONNX's defaults): the reference interpreter and
    /// codegen both read them here, so an op without its parameters runs
    /// the same on the card as on the CPU.
    pub fn default_params(self) -> (f64, f64) {
        use UnaryKind::*;
        match self {
            LeakyRelu => (0.01, 0.0),
            HardSigmoid => (0.2, 0.5),
            Swish | Elu => (1.0, 0.0),
            Clip => (f64::NEG_INFINITY, f64::INFINITY),
            Relu | Exp | Sigmoid | Tanh | Gelu | GeluErf | Silu | Abs | Rsqrt | Sqrt | Log | Neg | Recip | Erf
            | Floor | Ceil | Sin | Cos | HardSwish => (0.0, 0.0),
        }
    }

    /// Whether the call runs a pass at the reduced transcendental rate.
    pub fn is_transcendental(self) -> bool {
        self.ct_passes().1 > 0
    }

    /// The operator library's `TX8_UNARY_*` code, and whether the call is
    /// `op_eltwise_unary_param` (alpha, beta).
    pub fn code(self) -> (u32, bool) {
        use UnaryKind::*;
        match self {
            Relu => (codes::TX8_UNARY_RELU, false),
            Exp => (codes::TX8_UNARY_EXP, false),
            Sigmoid => (codes::TX8_UNARY_SIGMOID, false),
            Tanh => (codes::TX8_UNARY_TANH, false),
            Gelu => (codes::TX8_UNARY_GELU, false),
            Silu => (codes::TX8_UNARY_SILU, false),
            Abs => (codes::TX8_UNARY_ABS, false),
            Rsqrt => (codes::TX8_UNARY_RSQRT, false),
            Sqrt => (codes::TX8_UNARY_SQRT, false),
            Log => (codes::TX8_UNARY_LOG, false),
            Neg => (codes::TX8_UNARY_NEG, false),
            Recip => (codes::TX8_UNARY_RECIP, false),
            Erf => (codes::TX8_UNARY_ERF, false),
            Floor => (codes::TX8_UNARY_FLOOR, false),
            Ceil => (codes::TX8_UNARY_CEIL, false),
            Sin => (codes::TX8_UNARY_SIN, false),
            Cos => (codes::TX8_UNARY_COS, false),
            LeakyRelu => (codes::TX8_UNARY_LEAKY_RELU, true),
            HardSigmoid => (codes::TX8_UNARY_HARD_SIGMOID, true),
            HardSwish => (codes::TX8_UNARY_HARD_SWISH, true),
            Clip => (codes::TX8_UNARY_CLIP, true),
            GeluErf => (codes::TX8_UNARY_GELU_ERF, true),
            Elu => (codes::TX8_UNARY_ELU, true),
            Swish => (codes::TX8_UNARY_SWISH, true),
        }
    }
}

/// The kind of a `tx8be.Binary` (`None`: another op, or a kind the
/// verifier would refuse).
pub fn binary_kind(ctx: &Context, body: &Body, op: Op) -> Option<BinaryKind> {
    attr_str(ctx, body, op, "kind").and_then(|k| BinaryKind::parse(&k))
}

/// The kind of a `tx8be.Unary`.
pub fn unary_kind(ctx: &Context, body: &Body, op: Op) -> Option<UnaryKind> {
    attr_str(ctx, body, op, "kind").and_then(|k| UnaryKind::parse(&k))
}

/// `tx8be.Reduce`'s and `tx8be.Pool`'s kinds are the operator library's.
pub use tx8_target::kinds::{PoolKind, ReduceKind};

/// The kind of a `tx8be.Reduce`.
pub fn reduce_kind(ctx: &Context, body: &Body, op: Op) -> Option<ReduceKind> {
    attr_str(ctx, body, op, "kind").and_then(|k| ReduceKind::parse(&k))
}

/// The kind of a `tx8be.Pool`.
pub fn pool_kind(ctx: &Context, body: &Body, op: Op) -> Option<PoolKind> {
    attr_str(ctx, body, op, "kind").and_then(|k| PoolKind::parse(&k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_distinct() {
        for k in BinaryKind::ALL {
            assert_eq!(BinaryKind::parse(k.name()), Some(k));
        }
        for k in UnaryKind::ALL {
            assert_eq!(UnaryKind::parse(k.name()), Some(k));
        }
        assert_eq!(BinaryKind::parse("fmod"), None);
    }

    /// A kind that is one CT instruction runs at that instruction's rate.
    #[test]
    fn transcendental_kinds_are_the_instructions_ones() {
        for k in UnaryKind::ALL {
            if let Some(op) = k.isa() {
                assert_eq!(k.is_transcendental(), op.is_transcendental(), "{k:?}");
            }
        }
    }

    /// The C API decodes each code back to the kind's instruction.
    #[test]
    fn codes_decode_to_the_kinds_instruction() {
        for k in BinaryKind::ALL {
            assert_eq!(codes::binary_op(k.code()), Some(k.isa()), "{k:?}");
        }
        for k in UnaryKind::ALL {
            if let (Some(op), (code, false)) = (k.isa(), k.code()) {
                assert_eq!(codes::activation(code, 0.0, 0.0), Some(tx8_target::kinds::Activation::Plain(op)), "{k:?}");
            }
        }
    }
}
