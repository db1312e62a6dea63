//! The operator kinds of the TX8 card's engines: the CT's element-wise
//! binary and unary operations, reductions and pools, the NE's fused output
//! activation, and the operator library's parameterised activations, with
//! their f32/i64 semantics. The C model executes them, the tx8be dialect
//! names them in its attributes, and the reference kernels
//! ([`crate::reference`]) define them in f64.

/// Two-operand element-wise operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Min,
    /// `a` to the power `b` (a transcendental: quarter rate). Integers:
    /// exact with saturation; a negative exponent gives the truncated
    /// `1 / a^|b|` (0 unless |a| = 1; 0 to a negative power is a division by zero).
    Pow,
    /// Relational ops write 1 where true and 0 where false, in the operand format.
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// Logic ops: on integers bitwise, on floats on "non-zero" (result 1/0).
    And,
    Or,
    Xor,
    /// Bit shifts: integer formats only; the shift count is the second operand.
    Shl,
    Shr,
    /// Remainder of the division truncated toward zero: C's `fmod` on
    /// floats, `%` on integers; the sign of the dividend.
    Rem,
}

impl BinaryOp {
    /// The seed's function class and op name.
    pub fn names(self) -> (&'static str, &'static str) {
        use BinaryOp::*;
        match self {
            Add => ("ArithOp", "add"),
            Sub => ("ArithOp", "sub"),
            Mul => ("ArithOp", "mul"),
            Div => ("ArithOp", "div"),
            Max => ("ArithOp", "max"),
            Min => ("ArithOp", "min"),
            Pow => ("TransOp", "pow"),
            Eq => ("RelaOp", "eq"),
            Ne => ("RelaOp", "ne"),
            Lt => ("RelaOp", "lt"),
            Le => ("RelaOp", "le"),
            Gt => ("RelaOp", "gt"),
            Ge => ("RelaOp", "ge"),
            And => ("LogicOp", "and"),
            Or => ("LogicOp", "or"),
            Xor => ("LogicOp", "xor"),
            Shl => ("BitOp", "shl"),
            Shr => ("BitOp", "shr"),
            Rem => ("ArithOp", "rem"),
        }
    }

    /// f32 semantics (the reference implementations use this too).
    pub fn apply_f32(self, a: f32, b: f32) -> f32 {
        use BinaryOp::*;
        let t = |c: bool| if c { 1.0 } else { 0.0 };
        match self {
            Add => a + b,
            Sub => a - b,
            Mul => a * b,
            Div => a / b,
            Max => a.max(b),
            Min => a.min(b),
            Pow => a.powf(b),
            Eq => t(a == b),
            Ne => t(a != b),
            Lt => t(a < b),
            Le => t(a <= b),
            Gt => t(a > b),
            Ge => t(a >= b),
            And => t(a != 0.0 && b != 0.0),
            Or => t(a != 0.0 || b != 0.0),
            Xor => t((a != 0.0) != (b != 0.0)),
            Rem => a % b,
            // Rejected for floats before execution.
            Shl | Shr => f32::NAN,
        }
    }

    /// Integer semantics; `None` for division by zero.
    pub fn apply_i64(self, a: i64, b: i64) -> Option<i64> {
        use BinaryOp::*;
        Some(match self {
            Add => a.saturating_add(b),
            Sub => a.saturating_sub(b),
            Mul => a.saturating_mul(b),
            Div => a.checked_div(b)?,
            Max => a.max(b),
            Min => a.min(b),
            Pow => int_pow(a, b)?,
            Eq => (a == b) as i64,
            Ne => (a != b) as i64,
            Lt => (a < b) as i64,
            Le => (a <= b) as i64,
            Gt => (a > b) as i64,
            Ge => (a >= b) as i64,
            And => a & b,
            Or => a | b,
            Xor => a ^ b,
            Shl => a.checked_shl(b.clamp(0, 63) as u32).unwrap_or(0),
            Shr => a >> b.clamp(0, 63),
            Rem => a.checked_rem(b)?,
        })
    }
}

impl BinaryOp {
    /// Runs at the reduced transcendental rate.
    pub fn is_transcendental(self) -> bool {
        self == BinaryOp::Pow
    }
}

/// Integer power with saturation to i64; negative exponents as `1 / a^|b|`
/// truncated toward zero (`None` for 0 to a negative power).
fn int_pow(a: i64, b: i64) -> Option<i64> {
    if b < 0 {
        return match a {
            0 => None,
            1 => Some(1),
            -1 => Some(if b % 2 == 0 { 1 } else { -1 }),
            _ => Some(0),
        };
    }
    let e = u32::try_from(b).unwrap_or(u32::MAX);
    Some(a.checked_pow(e).unwrap_or(if a < 0 && e % 2 == 1 { i64::MIN } else { i64::MAX }))
}

/// erf as the CT evaluates it: Abramowitz & Stegun 7.1.26, a degree-5
/// polynomial in t = 1/(1 + p|x|) times exp(-x^2) (absolute error below
/// 1.5e-7, within fp32 rounding of results near 1), odd symmetry.
pub fn erf_f32(x: f32) -> f32 {
    const P: f32 = 0.327_591_1;
    const A: [f32; 5] = [0.254_829_6, -0.284_496_74, 1.421_413_7, -1.453_152, 1.061_405_4];
    let ax = x.abs();
    let t = 1.0 / (1.0 + P * ax);
    let poly = t * (A[0] + t * (A[1] + t * (A[2] + t * (A[3] + t * A[4]))));
    let y = 1.0 - poly * (-ax * ax).exp();
    if x.is_nan() {
        x
    } else {
        y.copysign(x)
    }
}

/// One-operand element-wise operations (activations, transcendental functions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    Abs,
    Neg,
    Relu,
    Exp,
    Ln,
    Sqrt,
    Rsqrt,
    Recip,
    Sigmoid,
    Tanh,
    /// x * sigmoid(x)
    Silu,
    /// tanh approximation: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
    Gelu,
    Floor,
    Ceil,
    /// The error function (a transcendental: quarter rate; see [`erf_f32`]).
    Erf,
    /// Sine and cosine of radians (transcendentals: rotary position
    /// embeddings of positions known only at run time).
    Sin,
    Cos,
}

impl UnaryOp {
    pub const ALL: [UnaryOp; 17] = {
        use UnaryOp::*;
        [Abs, Neg, Relu, Exp, Ln, Sqrt, Rsqrt, Recip, Sigmoid, Tanh, Silu, Gelu, Floor, Ceil, Erf, Sin, Cos]
    };

    /// The seed's function class and op name.
    pub fn names(self) -> (&'static str, &'static str) {
        use UnaryOp::*;
        match self {
            Abs => ("ArithOp", "abs"),
            Neg => ("ArithOp", "neg"),
            Floor => ("ArithOp", "floor"),
            Ceil => ("ArithOp", "ceil"),
            Relu => ("ActOp", "relu"),
            Sigmoid => ("ActOp", "sigmoid"),
            Tanh => ("ActOp", "tanh"),
            Silu => ("ActOp", "silu"),
            Gelu => ("ActOp", "gelu"),
            Exp => ("TransOp", "exp"),
            Ln => ("TransOp", "ln"),
            Sqrt => ("TransOp", "sqrt"),
            Rsqrt => ("TransOp", "rsqrt"),
            Recip => ("TransOp", "recip"),
            Erf => ("TransOp", "erf"),
            Sin => ("TransOp", "sin"),
            Cos => ("TransOp", "cos"),
        }
    }

    /// Runs at the reduced transcendental rate.
    pub fn is_transcendental(self) -> bool {
        !matches!(self, UnaryOp::Abs | UnaryOp::Neg | UnaryOp::Relu | UnaryOp::Floor | UnaryOp::Ceil)
    }

    /// f32 semantics (shared with the reference implementations).
    pub fn apply_f32(self, x: f32) -> f32 {
        use UnaryOp::*;
        match self {
            Abs => x.abs(),
            Neg => -x,
            Relu => x.max(0.0),
            Exp => x.exp(),
            Ln => x.ln(),
            Sqrt => x.sqrt(),
            Rsqrt => 1.0 / x.sqrt(),
            Recip => 1.0 / x,
            Sigmoid => 1.0 / (1.0 + (-x).exp()),
            Tanh => x.tanh(),
            Silu => x / (1.0 + (-x).exp()),
            Gelu => 0.5 * x * (1.0 + (0.797_884_6 * (x + 0.044_715 * x * x * x)).tanh()),
            Floor => x.floor(),
            Ceil => x.ceil(),
            Erf => erf_f32(x),
            Sin => x.sin(),
            Cos => x.cos(),
        }
    }
}

/// Reductions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReduceOp {
    Sum,
    Max,
    Min,
}

/// The operator library's reductions (`op_reduce`), as the tx8be dialect
/// spells them in `tx8be.Reduce`'s `kind`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReduceKind {
    Sum,
    /// The sum divided by the reduced element count.
    Mean,
    Max,
    Min,
}

impl ReduceKind {
    pub const ALL: [ReduceKind; 4] = [ReduceKind::Sum, ReduceKind::Mean, ReduceKind::Max, ReduceKind::Min];

    /// The IR's spelling.
    pub fn name(self) -> &'static str {
        match self {
            ReduceKind::Sum => "sum",
            ReduceKind::Mean => "mean",
            ReduceKind::Max => "max",
            ReduceKind::Min => "min",
        }
    }

    pub fn parse(s: &str) -> Option<ReduceKind> {
        Self::ALL.into_iter().find(|k| k.name() == s)
    }

    /// The reduction the CT runs (a mean is a sum, scaled afterwards).
    pub fn isa(self) -> ReduceOp {
        match self {
            ReduceKind::Sum | ReduceKind::Mean => ReduceOp::Sum,
            ReduceKind::Max => ReduceOp::Max,
            ReduceKind::Min => ReduceOp::Min,
        }
    }
}

/// Pooling kinds (`op_pool2d`, and the CT's pool instruction).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PoolKind {
    Max,
    Avg,
}

impl PoolKind {
    pub const ALL: [PoolKind; 2] = [PoolKind::Max, PoolKind::Avg];

    /// The IR's spelling of `tx8be.Pool`'s `kind`.
    pub fn name(self) -> &'static str {
        match self {
            PoolKind::Max => "max",
            PoolKind::Avg => "avg",
        }
    }

    pub fn parse(s: &str) -> Option<PoolKind> {
        Self::ALL.into_iter().find(|k| k.name() == s)
    }
}

/// The NE's post-processing activation. Seed 001: after the PE array, the
/// result "can be post-processed (BN / quantisation / activation) before it
/// is output". It acts on the accumulator value (fp32 or int32, bias and psum
/// included) before the single rounding or saturation to the output format,
/// inside the output pipeline, so it costs no NE cycles.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum NeAct {
    #[default]
    None,
    /// `max(x, 0)`.
    Relu,
    /// `min(max(x, lo), hi)` (ReLU6 is `Clip { lo: 0, hi: 6 }`).
    Clip { lo: f32, hi: f32 },
}

impl NeAct {
    /// Apply to an fp32 accumulator value.
    pub fn apply_f32(self, v: f32) -> f32 {
        match self {
            NeAct::None => v,
            NeAct::Relu => v.max(0.0),
            NeAct::Clip { lo, hi } => v.max(lo).min(hi),
        }
    }

    /// Apply to an int32 accumulator value (clip bounds round inwards).
    pub fn apply_i32(self, v: i32) -> i32 {
        let bound = |x: f32| x.clamp(i32::MIN as f32, i32::MAX as f32) as i32;
        match self {
            NeAct::None => v,
            NeAct::Relu => v.max(0),
            NeAct::Clip { lo, hi } => v.max(bound(lo.ceil())).min(bound(hi.floor())),
        }
    }
}

/// An element-wise activation: a single CT unary instruction or one of the
/// parameterised compositions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Activation {
    /// One `CGRATensor_*_V_V_<op>` instruction.
    Plain(UnaryOp),
    /// `x >= 0 ? x : alpha*x`: VS mul, then VV max (alpha <= 1) or min (alpha > 1). 2 steps.
    LeakyRelu { alpha: f32 },
    /// `clamp(alpha*x + beta, 0, 1)`: VS mul, add, max, min. 4 steps.
    HardSigmoid { alpha: f32, beta: f32 },
    /// `x * clamp(x/6 + 1/2, 0, 1)`: hard_sigmoid(1/6, 1/2) then VV mul. 5 steps.
    HardSwish,
    /// `min(max(x, lo), hi)`: VS max, VS min (integers too). 2 steps.
    Clip { lo: f32, hi: f32 },
    /// `x/2 * (1 + erf(x/sqrt(2)))`: VS mul, erf, VS add, VV mul, VS mul by
    /// 0.5 (exact). 5 steps.
    GeluErf,
    /// `x > 0 ? x : alpha*(exp(x) - 1)`: VS min, exp, VS sub, VS mul, VS max,
    /// VV add. 6 steps.
    Elu { alpha: f32 },
    /// `x * sigmoid(beta*x)` (Swish; beta 1.702 is the sigmoid GELU of
    /// CLIP / ViT; beta 1 is SiLU, one `Plain(Silu)` instruction): VS mul,
    /// sigmoid, VV mul. 3 steps.
    Swish { beta: f32 },
    /// `ln(1 + exp(x))` as `max(x, 0) + log1p(exp(-|x|))`, so that no step
    /// overflows, with log1p(t) as `ln(u) - ((u - 1) - t)` for `u = 1 + t`
    /// rounded: `u - 1` is exact, and the correction restores what rounding
    /// `u` lost, so the result keeps its relative precision where `t` is
    /// below the format's epsilon (`u` = 1, the result `t`). Unary abs,
    /// neg, exp; VS add, VS sub, VV sub; ln; VV sub; VS max; VV add.
    /// 10 steps.
    Softplus,
}

impl Activation {
    /// The CT instructions the operator library's call runs over the
    /// elements (`oplib::activation`'s expansion): (passes at the plain
    /// rate, passes at the transcendental rate). The cost model charges
    /// these; the roofline weighs an activation with a transcendental pass
    /// at that rate.
    pub fn ct_passes(self) -> (u64, u64) {
        match self {
            Activation::Plain(op) if op.is_transcendental() => (0, 1),
            Activation::Plain(_) => (1, 0),
            Activation::LeakyRelu { .. } | Activation::Clip { .. } => (2, 0),
            Activation::HardSigmoid { .. } => (4, 0),
            Activation::HardSwish => (5, 0),
            Activation::GeluErf => (4, 1),
            Activation::Elu { .. } => (5, 1),
            Activation::Swish { .. } => (2, 1),
            Activation::Softplus => (8, 2),
        }
    }

    /// The scratch the composition needs, in buffers of the input's size:
    /// a composition keeps its intermediate values in the output where it
    /// can, which it cannot when the output overlaps the input
    /// (`in_place`) and the input is read again later.
    pub fn scratch_buffers(self, in_place: bool) -> u64 {
        match self {
            Activation::Plain(_) | Activation::HardSigmoid { .. } | Activation::Clip { .. } => 0,
            Activation::LeakyRelu { .. } | Activation::HardSwish | Activation::GeluErf | Activation::Swish { .. } => {
                u64::from(in_place)
            }
            Activation::Elu { .. } => 1,
            Activation::Softplus => 2 + u64::from(in_place),
        }
    }
}
