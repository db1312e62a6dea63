//! Elementwise operators: arithmetic with explicit broadcasting (also the
//! variadic Max, Min, Sum, Mean), unary math, PRelu,
//! Cast, Clip, and the activations decomposed as JAX writes them (Relu as
//! `maximum(x, 0)`, LeakyRelu as `select(x >= 0, x, alpha * x)`, HardSigmoid
//! and HardSwish through `clamp`, Gelu through `chlo.erf` or `tanh`,
//! Elu as `select(x > 0, x, alpha * (exp(x) - 1))`, Softplus as
//! `max(x, 0) + log1p(exp(-|x|))`, as `jax.nn.softplus`).

use strata_stablehlo::attrs::ComparisonDirection;

use crate::import::builder::{FuncBuilder, Operand};
use crate::import::node::NodeCx;
use crate::tensor::DType;

pub fn binary(b: &mut FuncBuilder, cx: &NodeCx, name: &str) -> Result<Operand, String> {
    b.binary(name, cx.input(0)?, cx.input(1)?)
}

/// Max / Min with any number of inputs (folded pairwise).
pub fn variadic(b: &mut FuncBuilder, cx: &NodeCx, name: &str) -> Result<Operand, String> {
    let mut acc = cx.input(0)?.clone();
    for i in 1..cx.ins.len() {
        acc = b.binary(name, &acc, cx.input(i)?)?;
    }
    Ok(acc)
}

/// Mean: the variadic sum divided by the number of inputs.
pub fn mean(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let sum = variadic(b, cx, "stablehlo.add")?;
    if !sum.dtype.is_float() {
        return Err(format!("Mean of {} is not supported", sum.dtype.name()));
    }
    let n = b.splat(sum.dtype, &sum.shape, cx.ins.len() as f64);
    b.binary("stablehlo.divide", &sum, &n)
}

/// PRelu: `select(x < 0, slope * x, x)`, the slope broadcast to x.
pub fn prelu(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = float_input(cx, 0)?;
    let slope = b.broadcast_to(cx.input(1)?, &x.shape)?;
    let zero = b.splat(x.dtype, &x.shape, 0.0);
    let negative = b.compare(x, &zero, ComparisonDirection::Lt)?;
    let scaled = b.binary("stablehlo.multiply", &slope, x)?;
    b.select(&negative, &scaled, x)
}

fn float_input<'a>(cx: &'a NodeCx, i: usize) -> Result<&'a Operand, String> {
    let x = cx.input(i)?;
    if !x.dtype.is_float() {
        return Err(format!("input {i} is {}, only floating-point types are supported", x.dtype.name()));
    }
    Ok(x)
}

pub fn unary_float(b: &mut FuncBuilder, cx: &NodeCx, name: &str) -> Result<Operand, String> {
    let x = float_input(cx, 0)?;
    Ok(b.unary(name, x))
}

/// Pow: the exponent is converted to the base's type (ONNX allows them to differ).
pub fn pow(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let y = b.convert(cx.input(1)?, x.dtype);
    b.binary("stablehlo.power", x, &y)
}

/// Reciprocal: `divide(1, x)`.
pub fn reciprocal(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = float_input(cx, 0)?;
    let one = b.splat(x.dtype, &x.shape, 1.0);
    b.binary("stablehlo.divide", &one, x)
}

pub fn relu(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let zero = b.splat(x.dtype, &x.shape, 0.0);
    b.binary("stablehlo.maximum", x, &zero)
}

pub fn leaky_relu(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = float_input(cx, 0)?;
    let alpha = cx.float("alpha", 0.01)?;
    let zero = b.splat(x.dtype, &x.shape, 0.0);
    let positive = b.compare(x, &zero, ComparisonDirection::Ge)?;
    let a = b.splat(x.dtype, &x.shape, alpha as f64);
    let scaled = b.binary("stablehlo.multiply", &a, x)?;
    b.select(&positive, x, &scaled)
}

/// A rank-0 version of a clip bound (ONNX allows shape `[1]` in practice).
fn scalar_bound(b: &mut FuncBuilder, o: &Operand, dtype: DType, what: &str) -> Result<Operand, String> {
    if o.shape.iter().product::<i64>() != 1 {
        return Err(format!("'{what}' must be a scalar, it has shape {:?}", o.shape));
    }
    if o.dtype != dtype {
        return Err(format!("'{what}' is {}, the input is {}", o.dtype.name(), dtype.name()));
    }
    Ok(b.reshape(o, &[]))
}

/// `stablehlo.clamp(min, x, max)` with rank-0 bounds.
fn clamp(b: &mut FuncBuilder, lo: &Operand, x: &Operand, hi: &Operand) -> Operand {
    let (vl, vx, vh) = (b.val(lo), b.val(x), b.val(hi));
    let r = b.emit("stablehlo.clamp", &[vl, vx, vh], x.dtype, &x.shape, vec![]);
    b.value_operand(r, x.dtype, x.shape.clone())
}

/// Clip: min and max are optional inputs (opset 11 on).
pub fn clip(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let lo = cx.opt_input(1).map(|o| scalar_bound(b, o, x.dtype, "min")).transpose()?;
    let hi = cx.opt_input(2).map(|o| scalar_bound(b, o, x.dtype, "max")).transpose()?;
    Ok(match (lo, hi) {
        (Some(lo), Some(hi)) => clamp(b, &lo, x, &hi),
        (Some(lo), None) => b.binary("stablehlo.maximum", x, &lo)?,
        (None, Some(hi)) => b.binary("stablehlo.minimum", x, &hi)?,
        (None, None) => x.clone(),
    })
}

/// `clamp(0, alpha * x + beta, 1)`.
fn hard_sigmoid_of(b: &mut FuncBuilder, x: &Operand, alpha: f64, beta: f64) -> Result<Operand, String> {
    let a = b.splat(x.dtype, &x.shape, alpha);
    let c = b.splat(x.dtype, &x.shape, beta);
    let ax = b.binary("stablehlo.multiply", &a, x)?;
    let y = b.binary("stablehlo.add", &ax, &c)?;
    let zero = b.scalar(x.dtype, 0.0);
    let one = b.scalar(x.dtype, 1.0);
    Ok(clamp(b, &zero, &y, &one))
}

pub fn hard_sigmoid(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = float_input(cx, 0)?;
    let alpha = cx.float("alpha", 0.2)? as f64;
    let beta = cx.float("beta", 0.5)? as f64;
    hard_sigmoid_of(b, x, alpha, beta)
}

/// HardSwish: `x * HardSigmoid(x)` with alpha 1/6, beta 1/2.
pub fn hard_swish(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = float_input(cx, 0)?;
    let h = hard_sigmoid_of(b, x, 1.0 / 6.0, 0.5)?;
    b.binary("stablehlo.multiply", x, &h)
}

/// Elu: `select(x > 0, x, alpha * (exp(x) - 1))`.
pub fn elu(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = float_input(cx, 0)?;
    let alpha = cx.float("alpha", 1.0)? as f64;
    let zero = b.splat(x.dtype, &x.shape, 0.0);
    let positive = b.compare(x, &zero, ComparisonDirection::Gt)?;
    let e = b.unary("stablehlo.exponential", x);
    let one = b.splat(x.dtype, &x.shape, 1.0);
    let em1 = b.binary("stablehlo.subtract", &e, &one)?;
    let a = b.splat(x.dtype, &x.shape, alpha);
    let negative = b.binary("stablehlo.multiply", &a, &em1)?;
    b.select(&positive, x, &negative)
}

/// `ln(1 + exp(x))` as `max(x, 0) + log1p(exp(-|x|))`: no step overflows
/// (onnxruntime computes it the same way), and it is the spelling
/// `stablehlo-fuse-composites` makes one softplus of.
fn softplus_of(b: &mut FuncBuilder, x: &Operand) -> Result<Operand, String> {
    let zero = b.splat(x.dtype, &x.shape, 0.0);
    let positive = b.binary("stablehlo.maximum", x, &zero)?;
    let magnitude = b.unary("stablehlo.abs", x);
    let negated = b.unary("stablehlo.negate", &magnitude);
    let e = b.unary("stablehlo.exponential", &negated);
    let log = b.unary("stablehlo.log_plus_one", &e);
    b.binary("stablehlo.add", &positive, &log)
}

pub fn softplus(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    softplus_of(b, float_input(cx, 0)?)
}

/// Mish (opset 18): `x * tanh(softplus(x))`.
pub fn mish(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = float_input(cx, 0)?;
    let s = softplus_of(b, x)?;
    let t = b.unary("stablehlo.tanh", &s);
    b.binary("stablehlo.multiply", x, &t)
}

/// Gelu (opset 20): exact `0.5 * x * (1 + erf(x / sqrt(2)))`, or with
/// `approximate = "tanh"`: `0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3)))`.
pub fn gelu(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = float_input(cx, 0)?;
    let approximate = cx.string("approximate", "none")?;
    let (d, s) = (x.dtype, x.shape.clone());
    let inner = match approximate.as_str() {
        "none" => {
            let k = b.splat(d, &s, std::f64::consts::FRAC_1_SQRT_2);
            let t = b.binary("stablehlo.multiply", x, &k)?;
            b.unary("chlo.erf", &t)
        }
        "tanh" => {
            let x2 = b.binary("stablehlo.multiply", x, x)?;
            let x3 = b.binary("stablehlo.multiply", &x2, x)?;
            let c = b.splat(d, &s, 0.044715);
            let cx3 = b.binary("stablehlo.multiply", &c, &x3)?;
            let sum = b.binary("stablehlo.add", x, &cx3)?;
            let k = b.splat(d, &s, (2.0 / std::f64::consts::PI).sqrt());
            let t = b.binary("stablehlo.multiply", &k, &sum)?;
            b.unary("stablehlo.tanh", &t)
        }
        other => return Err(cx.unsupported_attr("approximate", format!("'{other}'"), "'none' or 'tanh'")),
    };
    let one = b.splat(d, &s, 1.0);
    let onep = b.binary("stablehlo.add", &one, &inner)?;
    let half = b.splat(d, &s, 0.5);
    let hx = b.binary("stablehlo.multiply", &half, x)?;
    b.binary("stablehlo.multiply", &hx, &onep)
}

/// Cast: `stablehlo.convert` to the `to` type.
pub fn cast(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let to = cx.int("to", -1)?;
    let dtype = DType::from_onnx(to as i32).filter(|_| i32::try_from(to).is_ok()).ok_or_else(|| {
        cx.unsupported_attr(
            "to",
            crate::proto::data_type::name(to as i32),
            "supported: FLOAT, FLOAT16, BFLOAT16, DOUBLE, INT8, UINT8, INT32, INT64, BOOL",
        )
    })?;
    Ok(b.convert(x, dtype))
}

/// And / Or / Xor of BOOL tensors, broadcast.
pub fn logical(b: &mut FuncBuilder, cx: &NodeCx, name: &str) -> Result<Operand, String> {
    let (x, y) = (cx.input(0)?, cx.input(1)?);
    if x.dtype != DType::Bool || y.dtype != DType::Bool {
        return Err(format!("inputs are {} and {}, not BOOL", x.dtype.name(), y.dtype.name()));
    }
    b.binary(name, x, y)
}

/// IsNaN: `x != x` (only NaN compares unequal to itself).
pub fn is_nan(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = float_input(cx, 0)?;
    b.compare(x, x, ComparisonDirection::Ne)
}

/// IsInf: `x == +inf` and/or `x == -inf` as `detect_positive` and
/// `detect_negative` ask (both by default).
pub fn is_inf(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = float_input(cx, 0)?;
    let (pos, neg) = (cx.int("detect_positive", 1)? != 0, cx.int("detect_negative", 1)? != 0);
    let test = |b: &mut FuncBuilder, v: f64| {
        let inf = b.splat(x.dtype, &x.shape, v);
        b.compare(x, &inf, ComparisonDirection::Eq)
    };
    match (pos, neg) {
        (true, true) => {
            let p = test(b, f64::INFINITY)?;
            let n = test(b, f64::NEG_INFINITY)?;
            b.binary("stablehlo.or", &p, &n)
        }
        (true, false) => test(b, f64::INFINITY),
        (false, true) => test(b, f64::NEG_INFINITY),
        (false, false) => Ok(b.splat(DType::Bool, &x.shape, 0.0)),
    }
}

/// Mod: with `fmod = 1` the remainder of the truncated division (the
/// dividend's sign: stablehlo.remainder); with `fmod = 0` the remainder of
/// the floored division (the divisor's sign): the truncated remainder plus
/// the divisor where it is non-zero and its sign differs from the divisor's.
pub fn modulo(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let (x, y) = (cx.input(0)?, cx.input(1)?);
    if matches!(x.dtype, DType::Bool) {
        return Err("Mod of BOOL is not defined".into());
    }
    let r = b.binary("stablehlo.remainder", x, y)?;
    if cx.int("fmod", 0)? != 0 {
        return Ok(r);
    }
    let y = b.broadcast_to(y, &r.shape)?;
    let zero = b.splat(x.dtype, &r.shape, 0.0);
    let nonzero = b.compare(&r, &zero, ComparisonDirection::Ne)?;
    let r_neg = b.compare(&r, &zero, ComparisonDirection::Lt)?;
    let y_neg = b.compare(&y, &zero, ComparisonDirection::Lt)?;
    let differ = b.binary("stablehlo.xor", &r_neg, &y_neg)?;
    let fix = b.binary("stablehlo.and", &nonzero, &differ)?;
    let shifted = b.binary("stablehlo.add", &r, &y)?;
    b.select(&fix, &shifted, &r)
}
