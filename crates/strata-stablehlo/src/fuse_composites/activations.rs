//! Activations built from a gate, recognised by what they compute in the
//! algebraic view (`crate::algebra`):
//! - sigmoid-gated, `x * sigmoid(k x)` for a constant `k > 0`, the sigmoid
//!   a `logistic` or spelled `1 / (1 + exp(-k x))`: SiLU (`k = 1`,
//!   `tx8.silu`), the sigmoid GELU of CLIP / ViT (`k = 1.702`,
//!   `tx8.gelu` with `approximate = "sigmoid"`), else Swish with its `beta`
//!   (`tx8.swish`). SwiGLU (`silu(a) * b`) needs no composite of its own:
//!   the silu is one op and the product joins its group.
//! - hard: `c * clamp(a x + b, 0, h)` with `c h = 1` is HardSigmoid with
//!   `alpha = c a`, `beta = c b` (`relu6(x + 3) / 6`, ONNX's HardSigmoid);
//!   `c * x * clamp(a x + b, 0, h)` with `alpha = 1/6`, `beta = 1/2` is
//!   HardSwish (`x * relu6(x + 3) / 6`, ONNX's HardSwish). The clamp is a
//!   `clamp` or `minimum(maximum(..))` either way round with constant
//!   bounds. A bare `clamp(x, 0, 1)` stays a clip (one op either way, and
//!   the clip is the cheaper).
//! - leaky: `select(x >= 0, x, a x)` (ONNX's LeakyRelu as imported; `>` or
//!   `<` / `<=` with the branches swapped, zero on either side),
//!   `maximum(x, a x)` for `0 < a < 1` and `minimum(x, a x)` for `a > 1`
//!   are LeakyRelu with `alpha = a` (`tx8.leaky_relu`).
//! - elu: `select(x > 0, x, a (exp(x) - 1))` (ONNX's Elu as imported; `>=`,
//!   or the test negated with the branches swapped), the exponential also
//!   `expm1`, its argument also the "safe" `x` clamped to non-positive
//!   values (`min(x, 0)`, `select(x > 0, 0, x)`: `jax.nn.elu`), is ELU with
//!   `alpha = a` (`tx8.elu`).
//! - softplus: `max(x, 0) + log1p(exp(-|x|))`, the overflow-free spelling
//!   the ONNX importer writes for Softplus and JAX for `jax.nn.softplus`
//!   (`logaddexp(x, 0)`, whose NaN guard stays outside), `log1p(e)` also as
//!   `log(1 + e)`, the maximum's operands either way round (`tx8.softplus`).
//!   The naive `log(1 + exp(x))` is left alone: it overflows where the
//!   composite does not, so fusing it would change the model's result.

use strata_ir::{Body, Context, Value};

use crate::attrs::{read_comparison_direction, ComparisonDirection};

use super::stats::shape_of;
use super::{elementwise_inputs, Input, Match};
use crate::algebra::{close, identity_map, Leaf, Poly, Term, View};

/// The sigmoid GELU's constant (Hendrycks and Gimpel's approximation).
const SIGMOID_GELU: f64 = 1.702;

fn op_name<'c>(ctx: &'c Context, body: &Body, v: Value) -> Option<&'c str> {
    body.defining_op(v).map(|d| ctx.op_name_str(body.op_name(d)))
}

/// When `(f, e)` is a sigmoid factor of a term: the value its argument is
/// computed from and the argument's sign (`1 / (1 + exp(u))` is
/// `sigmoid(-u)`).
fn sigmoid_factor(
    ctx: &Context,
    body: &Body,
    v0: &mut View<'_>,
    f: &Leaf,
    e: f64,
    full: &[i64],
) -> Option<(Value, f64)> {
    if f.map != identity_map(full) {
        return None;
    }
    let d = body.defining_op(f.value)?;
    if e == 1.0 && op_name(ctx, body, f.value) == Some("stablehlo.logistic") {
        return Some((body.operand(d, 0), 1.0));
    }
    if e != -1.0 {
        return None;
    }
    let pd = v0.poly(f.value);
    let [one, t] = pd.terms.as_slice() else { return None };
    let [(ex, ee)] = t.factors.as_slice() else { return None };
    if !(*ee == 1.0
        && one.factors.is_empty()
        && close(one.coeff, 1.0, v0.tolerance())
        && close(t.coeff, 1.0, v0.tolerance()))
    {
        return None;
    }
    let exp = body.defining_op(ex.value).filter(|&d| ctx.op_name_str(body.op_name(d)) == "stablehlo.exponential")?;
    (ex.map == identity_map(full)).then(|| (body.operand(exp, 0), -1.0))
}

/// `k` when `p` is `k * x` (`x` the leaf `xl`).
fn linear_coeff(p: &Poly, xl: &Leaf) -> Option<f64> {
    let t = p.monomial()?;
    matches!(t.factors.as_slice(), [(l, e)] if l == xl && *e == 1.0).then_some(t.coeff)
}

pub fn match_sigmoid_gated(ctx: &Context, body: &Body, y: Value, v0: &mut View<'_>, p0: &Poly) -> Option<Match> {
    let full = shape_of(ctx, body, y);
    for (f, e) in p0.factors() {
        let Some((arg, sign)) = sigmoid_factor(ctx, body, v0, &f, e, &full) else { continue };
        for (mut v, xl) in elementwise_inputs(ctx, body, arg, &full) {
            let x = xl.value;
            let pa = v.poly(arg).scale(sign);
            let Some(k) = linear_coeff(&pa, &xl) else { continue };
            let p = v.poly(y);
            let tol = v.tolerance();
            let want = Poly::from_terms(vec![Term { coeff: 1.0, factors: vec![(xl.clone(), 1.0)] }
                .mul(&Term { coeff: 1.0, factors: vec![(f.clone(), e)] })]);
            if k <= 0.0 || !p.approx_eq(&want, tol) {
                continue;
            }
            let inputs = vec![Input::Value(x)];
            return Some(if close(k, 1.0, tol) {
                Match { name: "tx8.silu", inputs, attributes: vec![] }
            } else if close(k, SIGMOID_GELU, tol) {
                Match { name: "tx8.gelu", inputs, attributes: vec![("approximate", ctx.string_attr("sigmoid"))] }
            } else {
                Match { name: "tx8.swish", inputs, attributes: vec![("beta", ctx.f64_attr(ctx.f32(), k))] }
            });
        }
    }
    None
}

/// `clamp(lo, inner, hi)` with constant bounds, however spelled:
/// (lo, inner, hi).
fn clamp_like(ctx: &Context, body: &Body, v0: &mut View<'_>, v: Value) -> Option<(f64, Value, f64)> {
    let d = body.defining_op(v)?;
    let operands = |d| (body.operand(d, 0), body.operand(d, 1));
    match ctx.op_name_str(body.op_name(d)) {
        "stablehlo.clamp" => Some((v0.splat(body.operand(d, 0))?, body.operand(d, 1), v0.splat(body.operand(d, 2))?)),
        outer @ ("stablehlo.minimum" | "stablehlo.maximum") => {
            let inner_name = if outer == "stablehlo.minimum" { "stablehlo.maximum" } else { "stablehlo.minimum" };
            let (a, b) = operands(d);
            let (bound, rest) = match v0.splat(b) {
                Some(c) => (c, a),
                None => (v0.splat(a)?, b),
            };
            let i = body.defining_op(rest).filter(|&i| ctx.op_name_str(body.op_name(i)) == inner_name)?;
            let (p, q) = operands(i);
            let (other, inner) = match v0.splat(q) {
                Some(c) => (c, p),
                None => (v0.splat(p)?, q),
            };
            let (lo, hi) = if outer == "stablehlo.minimum" { (other, bound) } else { (bound, other) };
            (lo <= hi).then_some((lo, inner, hi))
        }
        _ => None,
    }
}

/// `(a, b)` when `p` is `a * x + b`.
fn affine(p: &Poly, xl: &Leaf) -> Option<(f64, f64)> {
    match p.terms.as_slice() {
        [t] => Some((linear_coeff(&Poly::from_terms(vec![t.clone()]), xl)?, 0.0)),
        [c, t] if c.factors.is_empty() => Some((linear_coeff(&Poly::from_terms(vec![t.clone()]), xl)?, c.coeff)),
        _ => None,
    }
}

pub fn match_hard(ctx: &Context, body: &Body, y: Value, v0: &mut View<'_>, p0: &Poly) -> Option<Match> {
    let full = shape_of(ctx, body, y);
    for (h, e) in p0.factors() {
        if e != 1.0 || h.map != identity_map(&full) {
            continue;
        }
        let Some((lo, inner, hi)) = clamp_like(ctx, body, v0, h.value) else { continue };
        if lo != 0.0 || !(hi.is_finite() && hi > 0.0) {
            continue;
        }
        for (mut v, xl) in elementwise_inputs(ctx, body, inner, &full) {
            let x = xl.value;
            let pi = v.poly(inner);
            let Some((a, b)) = affine(&pi, &xl) else { continue };
            let p = v.poly(y);
            let tol = v.tolerance();
            let Some(t) = p.monomial() else { continue };
            let c = t.coeff;
            if !close(c * hi, 1.0, tol) || t.exponent(&h) != 1.0 {
                continue;
            }
            let inputs = vec![Input::Value(x)];
            match t.factors.len() {
                1 if !(close(a, 1.0, tol) && b == 0.0 && close(c, 1.0, tol)) => {
                    let attributes =
                        vec![("alpha", ctx.f64_attr(ctx.f32(), c * a)), ("beta", ctx.f64_attr(ctx.f32(), c * b))];
                    return Some(Match { name: "tx8.hard_sigmoid", inputs, attributes });
                }
                2 if t.exponent(&xl) == 1.0 && close(c * a, 1.0 / 6.0, tol) && close(c * b, 0.5, tol) => {
                    return Some(Match { name: "tx8.hard_swish", inputs, attributes: vec![] });
                }
                _ => {}
            }
        }
    }
    None
}

/// `Some(true)` when `pred` is `x >= 0` or `x > 0` (true on x's positive
/// side), `Some(false)` when it is `x < 0` or `x <= 0`, with the zero a
/// splat on either side of the comparison.
fn sign_test(ctx: &Context, body: &Body, v0: &mut View<'_>, pred: Value, x: Value) -> Option<bool> {
    use ComparisonDirection::*;
    let d = body.defining_op(pred).filter(|&d| ctx.op_name_str(body.op_name(d)) == "stablehlo.compare")?;
    let dir = body.op_attr(ctx, d, "comparison_direction").and_then(|a| read_comparison_direction(ctx, a))?;
    let (l, r) = (body.operand(d, 0), body.operand(d, 1));
    // `0 < x` reads as `x > 0`.
    let dir = if l == x && v0.splat(r) == Some(0.0) {
        dir
    } else if r == x && v0.splat(l) == Some(0.0) {
        match dir {
            Ge => Le,
            Gt => Lt,
            Le => Ge,
            Lt => Gt,
            other => other,
        }
    } else {
        return None;
    };
    match dir {
        Ge | Gt => Some(true),
        Le | Lt => Some(false),
        Eq | Ne => None,
    }
}

pub fn match_leaky_relu(ctx: &Context, body: &Body, y: Value, v0: &mut View<'_>, _p0: &Poly) -> Option<Match> {
    let full = shape_of(ctx, body, y);
    let d = body.defining_op(y)?;
    let operand = |i| body.operand(d, i);
    // (x, the scaled branch, whether alpha fits the form).
    let (pairs, fits): (Vec<(Value, Value)>, fn(f64) -> bool) = match ctx.op_name_str(body.op_name(d)) {
        "stablehlo.select" => {
            let (pred, t, f) = (operand(0), operand(1), operand(2));
            let mut pairs = vec![];
            if sign_test(ctx, body, v0, pred, t) == Some(true) {
                pairs.push((t, f));
            }
            if sign_test(ctx, body, v0, pred, f) == Some(false) {
                pairs.push((f, t));
            }
            (pairs, |a| a.is_finite())
        }
        "stablehlo.maximum" => (vec![(operand(0), operand(1)), (operand(1), operand(0))], |a| a > 0.0 && a < 1.0),
        "stablehlo.minimum" => (vec![(operand(0), operand(1)), (operand(1), operand(0))], |a| a > 1.0),
        _ => return None,
    };
    for (x, scaled) in pairs {
        if shape_of(ctx, body, x) != full {
            continue;
        }
        for (mut v, xl) in elementwise_inputs(ctx, body, scaled, &full) {
            if xl.value != x {
                continue;
            }
            let Some(alpha) = linear_coeff(&v.poly(scaled), &xl) else { continue };
            if fits(alpha) {
                let attributes = vec![("alpha", ctx.f64_attr(ctx.f32(), alpha))];
                return Some(Match { name: "tx8.leaky_relu", inputs: vec![Input::Value(x)], attributes });
            }
        }
    }
    None
}

/// The value a `stablehlo.log_plus_one(e)` or `stablehlo.log(1 + e)` takes
/// the logarithm of one plus.
fn log1p_argument(ctx: &Context, body: &Body, v0: &mut View<'_>, v: Value, full: &[i64]) -> Option<Value> {
    let d = body.defining_op(v)?;
    match ctx.op_name_str(body.op_name(d)) {
        "stablehlo.log_plus_one" => Some(body.operand(d, 0)),
        "stablehlo.log" => {
            let p = v0.poly(body.operand(d, 0));
            let tol = v0.tolerance();
            let [one, t] = p.terms.as_slice() else { return None };
            let [(e, ee)] = t.factors.as_slice() else { return None };
            (one.factors.is_empty()
                && close(one.coeff, 1.0, tol)
                && close(t.coeff, 1.0, tol)
                && *ee == 1.0
                && e.map == identity_map(full))
            .then_some(e.value)
        }
        _ => None,
    }
}

pub fn match_softplus(ctx: &Context, body: &Body, y: Value, v0: &mut View<'_>, p0: &Poly) -> Option<Match> {
    let full = shape_of(ctx, body, y);
    let tol = v0.tolerance();
    // Two leaves with coefficient 1, read whole: the maximum and the log.
    let [a, b] = p0.terms.as_slice() else { return None };
    let leaf = |t: &Term| match t.factors.as_slice() {
        [(l, e)] if *e == 1.0 && close(t.coeff, 1.0, tol) && l.map == identity_map(&full) => Some(l.value),
        _ => None,
    };
    let (a, b) = (leaf(a)?, leaf(b)?);
    for (max, log) in [(a, b), (b, a)] {
        let Some(m) = body.defining_op(max).filter(|_| op_name(ctx, body, max) == Some("stablehlo.maximum")) else {
            continue;
        };
        let (p, q) = (body.operand(m, 0), body.operand(m, 1));
        let x = match (v0.splat(p), v0.splat(q)) {
            (None, Some(0.0)) => p,
            (Some(0.0), None) => q,
            _ => continue,
        };
        if shape_of(ctx, body, x) != full {
            continue;
        }
        // log1p(exp(u)) with u = -|w| and w the same expression as x.
        let Some(e) = log1p_argument(ctx, body, v0, log, &full) else { continue };
        let Some(ed) = body.defining_op(e).filter(|_| op_name(ctx, body, e) == Some("stablehlo.exponential")) else {
            continue;
        };
        let pu = v0.poly(body.operand(ed, 0));
        let Some(t) = pu.monomial() else { continue };
        let [(abs, ae)] = t.factors.as_slice() else { continue };
        if *ae != 1.0 || !close(t.coeff, -1.0, tol) || abs.map != identity_map(&full) {
            continue;
        }
        let Some(ad) = body.defining_op(abs.value).filter(|_| op_name(ctx, body, abs.value) == Some("stablehlo.abs"))
        else {
            continue;
        };
        let (pw, px) = (v0.poly(body.operand(ad, 0)), v0.poly(x));
        if pw.approx_eq(&px, tol) {
            return Some(Match { name: "tx8.softplus", inputs: vec![Input::Value(x)], attributes: vec![] });
        }
    }
    None
}

/// `x` clamped to non-positive values so that a branch not taken cannot
/// overflow: `min(x, 0)`, `select(x > 0, 0, x)` or `select(x <= 0, x, 0)`.
fn is_safe_nonpositive(ctx: &Context, body: &Body, v0: &mut View<'_>, u: Value, x: Value) -> bool {
    let Some(d) = body.defining_op(u) else { return false };
    let operand = |i| body.operand(d, i);
    match ctx.op_name_str(body.op_name(d)) {
        "stablehlo.minimum" => {
            (operand(0) == x && v0.splat(operand(1)) == Some(0.0))
                || (operand(1) == x && v0.splat(operand(0)) == Some(0.0))
        }
        "stablehlo.select" => {
            let (pred, t, f) = (operand(0), operand(1), operand(2));
            (f == x && v0.splat(t) == Some(0.0) && sign_test(ctx, body, v0, pred, x) == Some(true))
                || (t == x && v0.splat(f) == Some(0.0) && sign_test(ctx, body, v0, pred, x) == Some(false))
        }
        _ => false,
    }
}

/// `a` when `v` is `a (exp(u) - 1)` or `a expm1(u)`, `u` being `x` or `x`
/// clamped to non-positive values.
fn expm1_scale(ctx: &Context, body: &Body, v0: &mut View<'_>, v: Value, x: Value, full: &[i64]) -> Option<f64> {
    let p = v0.poly(v);
    let tol = v0.tolerance();
    let (t, exp_op) = match p.terms.as_slice() {
        [c, t] if c.factors.is_empty() && close(c.coeff, -t.coeff, tol) => (t, "stablehlo.exponential"),
        [t] => (t, "stablehlo.exponential_minus_one"),
        _ => return None,
    };
    let [(e, ee)] = t.factors.as_slice() else { return None };
    if *ee != 1.0 || e.map != identity_map(full) || op_name(ctx, body, e.value) != Some(exp_op) {
        return None;
    }
    let u = body.operand(body.defining_op(e.value)?, 0);
    let (pu, px) = (v0.poly(u), v0.poly(x));
    (pu.approx_eq(&px, tol) || is_safe_nonpositive(ctx, body, v0, u, x)).then_some(t.coeff)
}

pub fn match_elu(ctx: &Context, body: &Body, y: Value, v0: &mut View<'_>, _p0: &Poly) -> Option<Match> {
    let full = shape_of(ctx, body, y);
    let d = body.defining_op(y).filter(|_| op_name(ctx, body, y) == Some("stablehlo.select"))?;
    let (pred, t, f) = (body.operand(d, 0), body.operand(d, 1), body.operand(d, 2));
    let mut pairs = vec![];
    if sign_test(ctx, body, v0, pred, t) == Some(true) {
        pairs.push((t, f));
    }
    if sign_test(ctx, body, v0, pred, f) == Some(false) {
        pairs.push((f, t));
    }
    for (x, negative) in pairs {
        if shape_of(ctx, body, x) != full {
            continue;
        }
        let Some(alpha) = expm1_scale(ctx, body, v0, negative, x, &full) else { continue };
        if alpha.is_finite() && alpha != 0.0 {
            let attributes = vec![("alpha", ctx.f64_attr(ctx.f32(), alpha))];
            return Some(Match { name: "tx8.elu", inputs: vec![Input::Value(x)], attributes });
        }
    }
    None
}
