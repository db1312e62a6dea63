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
use tx8_target::kinds::{Activation, BinaryOp, UnaryOp};

use super::values::attr_str;

/// Declares a kind enum from one table of variants and IR spellings:
/// the enum, `ALL` (which `parse` searches) and `name` come from the same
/// list, so a kind cannot be declared without its spelling or be missing
/// from `ALL`; everything else about a kind is an exhaustive `match`.
macro_rules! kind_table {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $($(#[$vmeta:meta])* $variant:ident => $spelling:literal,)* }
    ) => {
        $(#[$meta])*
        pub enum $name { $($(#[$vmeta])* $variant,)* }

        impl $name {
            pub const ALL: [$name; [$($spelling),*].len()] = [$($name::$variant),*];

            /// The IR's spelling.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $spelling,)* }
            }

            pub fn parse(s: &str) -> Option<$name> {
                Self::ALL.into_iter().find(|k| k.name() == s)
            }
        }
    };
}

kind_table! {
    /// `tx8be.Binary`'s `kind`.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub enum BinaryKind {
        Add => "add",
        Sub => "sub",
        Mul => "mul",
        Div => "div",
        Max => "max",
        Min => "min",
        Pow => "pow",
        /// Remainder with the dividend's sign (stablehlo.remainder, C fmod).
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

impl BinaryKind {
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

kind_table! {
    /// `tx8be.Unary`'s `kind`; `alpha`/`beta` parameterise leaky_relu (alpha,
    /// default 0.01), hard_sigmoid (alpha 0.2, beta 0.5), clip (min alpha, max
    /// beta; absent = unbounded), elu (alpha 1.0), swish (alpha 1.0:
    /// `x * sigmoid(alpha x)`; 1.702 is the sigmoid GELU).
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub enum UnaryKind {
        Relu => "relu",
        Exp => "exp",
        Sigmoid => "sigmoid",
        Tanh => "tanh",
        /// GELU, tanh approximation.
        Gelu => "gelu",
        /// Exact GELU, through erf.
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
        /// `ln(1 + exp(x))` (ONNX Softplus; Mish is `x * tanh(softplus(x))`).
        Softplus => "softplus",
    }
}

impl UnaryKind {
    /// What the operator library's call computes (its row in
    /// `tx8_target::kinds::Activation`), with the op's `alpha` and `beta`.
    /// Its instruction, CT passes, scratch and `TX8_UNARY_*` code all
    /// follow from this.
    pub fn activation(self, alpha: f32, beta: f32) -> Activation {
        use Activation::Plain;
        use UnaryKind::*;
        match self {
            Relu => Plain(UnaryOp::Relu),
            Exp => Plain(UnaryOp::Exp),
            Sigmoid => Plain(UnaryOp::Sigmoid),
            Tanh => Plain(UnaryOp::Tanh),
            Gelu => Plain(UnaryOp::Gelu),
            Silu => Plain(UnaryOp::Silu),
            Abs => Plain(UnaryOp::Abs),
            Rsqrt => Plain(UnaryOp::Rsqrt),
            Sqrt => Plain(UnaryOp::Sqrt),
            Log => Plain(UnaryOp::Ln),
            Neg => Plain(UnaryOp::Neg),
            Recip => Plain(UnaryOp::Recip),
            Erf => Plain(UnaryOp::Erf),
            Floor => Plain(UnaryOp::Floor),
            Ceil => Plain(UnaryOp::Ceil),
            Sin => Plain(UnaryOp::Sin),
            Cos => Plain(UnaryOp::Cos),
            GeluErf => Activation::GeluErf,
            LeakyRelu => Activation::LeakyRelu { alpha },
            HardSigmoid => Activation::HardSigmoid { alpha, beta },
            HardSwish => Activation::HardSwish,
            Clip => Activation::Clip { lo: alpha, hi: beta },
            Elu => Activation::Elu { alpha },
            Swish => Activation::Swish { beta: alpha },
            Softplus => Activation::Softplus,
        }
    }

    /// The activation with the kind's default parameters (which do not
    /// change its instruction, passes or code).
    fn default_activation(self) -> Activation {
        let (alpha, beta) = self.default_params();
        self.activation(alpha as f32, beta as f32)
    }

    /// The single CT instruction of a kind that is one (the others are
    /// sequences the operator library expands).
    pub fn isa(self) -> Option<UnaryOp> {
        match self.default_activation() {
            Activation::Plain(op) => Some(op),
            _ => None,
        }
    }

    /// The CT passes over the elements the operator library's call makes:
    /// (plain passes, passes at the transcendental rate); see
    /// `Activation::ct_passes`.
    pub fn ct_passes(self) -> (u64, u64) {
        self.default_activation().ct_passes()
    }

    /// The scratch the call needs, in buffers of the input's size; see
    /// `Activation::scratch_buffers`.
    pub fn scratch_buffers(self, in_place: bool) -> u64 {
        self.default_activation().scratch_buffers(in_place)
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
            | Floor | Ceil | Sin | Cos | HardSwish | Softplus => (0.0, 0.0),
        }
    }

    /// Whether the call runs a pass at the reduced transcendental rate.
    pub fn is_transcendental(self) -> bool {
        self.ct_passes().1 > 0
    }

    /// The operator library's `TX8_UNARY_*` code, and whether the call is
    /// `op_eltwise_unary_param` (alpha, beta).
    pub fn code(self) -> (u32, bool) {
        codes::activation_code(self.default_activation())
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

    /// The C API decodes each kind's code back to the kind's activation,
    /// with parameters where the call takes them.
    #[test]
    fn codes_decode_to_the_kinds_activation() {
        for k in BinaryKind::ALL {
            assert_eq!(codes::binary_op(k.code()), Some(k.isa()), "{k:?}");
        }
        for k in UnaryKind::ALL {
            let (code, takes_params) = k.code();
            let (alpha, beta) = if takes_params { (0.25, 0.75) } else { (0.0, 0.0) };
            assert_eq!(codes::activation(code, alpha, beta), Some(k.activation(alpha, beta)), "{k:?}");
        }
    }
}
