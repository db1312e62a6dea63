//! Layer norm and RMSNorm, recognised by what they compute.
//!
//! Both are `G * c * s^-1/2 + B` in the algebraic view (`crate::algebra`),
//! where `s = var + eps` is a per-row value over trailing axes `A` (a leaf:
//! a sum) and `var = (1/N) * reduce_add(w)` over `A`:
//! - layer norm: `c = x - mean(x)`, `mean(x) = (1/N) * reduce_add(x)` over
//!   `A`, `w = c^2`;
//! - RMSNorm: `c = x`, `w = x^2`.
//!
//! So `(x - m) * rsqrt(v + eps)`, `(x + (-m)) / sqrt(eps + v)`, `x * r -
//! m * r`, `pow(c, 2)` or `c * c`, `/ N` or `* (1/N)` are one thing. `G` is
//! a per-feature parameter along `A` (a vector broadcast over the rows, or
//! a folded full-shape constant with equal rows), a splat, or absent (the
//! canonicalizer folds a unit gamma away); `B` likewise (a zero beta is
//! folded away). Anything else in the expression (a residual added after
//! the norm, a factor that varies per row) makes it no norm at this root;
//! the matcher is tried again at the ops before it.
//!
//! Refused on purpose: `eps` anywhere else than added to the variance
//! (`sqrt(var) + eps` is not `sqrt(var + eps)`), axes that are not the
//! trailing ones (what ONNX's LayerNormalization and the card's op
//! normalise), a variance not over the same axes as the mean.

use strata_ir::{Body, Context, Value};

use super::stats::{
    count, feature_param, per_row, reduced_leaf, reduction, reductions_in, shape_of, trailing, Reducer, Reduction,
};
use super::{Input, Match};
use crate::algebra::{candidates, close, identity_map, Leaf, Poly, Term, View};

/// `var + eps` with `var = a * V`, `V` a leaf read as itself: (eps, a, V).
fn mean_plus_eps(ps: &Poly) -> Option<(f64, f64, Leaf)> {
    let (eps, t) = match ps.terms.as_slice() {
        [t] => (0.0, t),
        [c, t] if c.factors.is_empty() => (c.coeff, t),
        _ => return None,
    };
    match t.factors.as_slice() {
        [(v, e)] if *e == 1.0 => Some((eps, t.coeff, v.clone())),
        _ => None,
    }
}

/// What a matched norm hands over: its parameters, from the rest of the
/// expression once `c * s^-1/2` is divided out.
struct Params {
    gamma: Option<Input>,
    beta: Option<Input>,
}

/// `G` (the term left of `c`) and `B` (the terms without `s^-1/2`) as
/// per-feature parameters over `axes`.
fn params(ctx: &Context, body: &Body, g: &Term, rest: &Poly, full: &[i64], axes: &[i64], tol: f64) -> Option<Params> {
    let norm_shape: Vec<i64> = axes.iter().map(|&a| full[a as usize]).collect();
    let gamma = match g.factors.as_slice() {
        [] if close(g.coeff, 1.0, tol) => None,
        [] => Some(Input::Splat(g.coeff, norm_shape.clone())),
        [(l, e)] if *e == 1.0 && close(g.coeff, 1.0, tol) => {
            Some(Input::Value(feature_param(ctx, body, l, full, axes)?))
        }
        _ => return None,
    };
    let beta = match rest.terms.as_slice() {
        [] => None,
        [t] if t.factors.is_empty() => Some(Input::Splat(t.coeff, norm_shape)),
        [t] => match t.factors.as_slice() {
            [(l, e)] if *e == 1.0 && close(t.coeff, 1.0, tol) => {
                Some(Input::Value(feature_param(ctx, body, l, full, axes)?))
            }
            _ => return None,
        },
        _ => return None,
    };
    Some(Params { gamma, beta })
}

/// The composite's inputs: `x`, then gamma (ones when only a beta is
/// there, so that the position says which is which), then beta.
fn inputs(x: Value, p: Params, norm_shape: Vec<i64>) -> Vec<Input> {
    let mut out = vec![Input::Value(x)];
    match (p.gamma, p.beta) {
        (None, None) => {}
        (Some(g), None) => out.push(g),
        (g, Some(b)) => {
            out.push(g.unwrap_or(Input::Splat(1.0, norm_shape)));
            out.push(b);
        }
    }
    out
}

fn attributes(ctx: &Context, axes: &[i64], eps: f64) -> Vec<(&'static str, strata_ir::Attribute)> {
    let first = *axes.iter().min().unwrap();
    vec![("axis", ctx.integer_attr(ctx.i64(), first)), ("epsilon", ctx.f64_attr(ctx.f32(), eps))]
}

/// The values broadcast over the rows into the expression at `y` (full
/// shape `full`, normalised `axes`): its possible gamma and beta. They are
/// held whole, so that a parameter computed in the function (an
/// expression, not a constant) stays one leaf instead of being expanded.
fn feature_sources(ctx: &Context, body: &Body, y: Value, full: &[i64], axes: &[i64]) -> Vec<Value> {
    let others: Vec<i64> = (0..full.len() as i64).filter(|k| !axes.contains(k)).collect();
    crate::algebra::cone(ctx, body, y, 64)
        .into_iter()
        .filter_map(|v| {
            let d =
                body.defining_op(v).filter(|&d| ctx.op_name_str(body.op_name(d)) == "stablehlo.broadcast_in_dim")?;
            let p = body.operand(d, 0);
            let dims = crate::verify::i64_array_of(ctx, body, d, "broadcast_dimensions")?;
            let from = shape_of(ctx, body, p);
            if shape_of(ctx, body, v) != full {
                return None;
            }
            let map = (0..full.len())
                .map(|o| match dims.iter().position(|&x| x as usize == o) {
                    Some(i) if from.get(i) == Some(&full[o]) && full[o] != 1 => Some(i),
                    _ => None,
                })
                .collect();
            per_row(&Leaf { value: p, map }, &from, full, &others).then_some(p)
        })
        .collect()
}

/// A layer norm or RMSNorm whose result is `y`.
pub fn match_norm(ctx: &Context, body: &Body, y: Value, v0: &mut View<'_>, p0: &Poly) -> Option<Match> {
    let full = shape_of(ctx, body, y);
    for (s, e) in p0.factors() {
        if e != -0.5 {
            continue;
        }
        let s_shape = shape_of(ctx, body, s.value);
        let ps = v0.poly(s.value);
        let Some((eps, a, vl)) = mean_plus_eps(&ps) else { continue };
        let Some(var) = reduction(ctx, body, vl.value, Reducer::Add) else { continue };
        if eps < 0.0 || !per_row(&vl, &shape_of(ctx, body, var.result), &s_shape, &[]) {
            continue;
        }
        if !trailing(full.len(), &var.axes)
            || shape_of(ctx, body, var.input) != full
            || !per_row(&s, &s_shape, &full, &var.axes)
        {
            continue;
        }
        if !close(a * count(&full, &var.axes), 1.0, v0.tolerance()) {
            continue;
        }
        // A layer norm is also an RMSNorm of its centred value: the layer
        // norm is tried first, so that it is one op with its centring.
        if let Some(m) =
            layer_norm(ctx, body, y, &full, &s, &var, eps).or_else(|| rms_norm(ctx, body, y, &full, &s, &var, eps))
        {
            return Some(m);
        }
    }
    None
}

/// `w = x^2`: an RMSNorm of `x`.
fn rms_norm(ctx: &Context, body: &Body, y: Value, full: &[i64], s: &Leaf, var: &Reduction, eps: f64) -> Option<Match> {
    let params_whole = feature_sources(ctx, body, y, full, &var.axes);
    for x in candidates(ctx, body, var.input) {
        if shape_of(ctx, body, x) != full {
            continue;
        }
        let mut v = View::new(ctx, body, &[&[x], &params_whole[..]].concat());
        let xl = Leaf { value: x, map: identity_map(full) };
        let square = Poly::from_terms(vec![Term { coeff: 1.0, factors: vec![(xl.clone(), 2.0)] }]);
        let w = v.poly(var.input);
        let p = v.poly(y);
        let tol = v.tolerance();
        if !w.approx_eq(&square, tol) {
            continue;
        }
        let (main, rest) = p.split_by(s, -0.5);
        let Some(t) = main.monomial() else { continue };
        if t.exponent(&xl) != 1.0 {
            continue;
        }
        let Some(params) = params(ctx, body, &t.without(&xl, 1.0), &rest, full, &var.axes, tol) else { continue };
        let norm_shape = var.axes.iter().map(|&a| full[a as usize]).collect();
        return Some(Match {
            name: "tx8.rmsnorm",
            inputs: inputs(x, params, norm_shape),
            attributes: attributes(ctx, &var.axes, eps),
        });
    }
    None
}

/// `w = (x - mean(x))^2`: a layer norm of `x`.
fn layer_norm(
    ctx: &Context,
    body: &Body,
    y: Value,
    full: &[i64],
    s: &Leaf,
    var: &Reduction,
    eps: f64,
) -> Option<Match> {
    let n = count(full, &var.axes);
    let params_whole = feature_sources(ctx, body, y, full, &var.axes);
    for mean in reductions_in(ctx, body, var.input, Reducer::Add) {
        if mean.axes != var.axes {
            continue;
        }
        let x = crate::algebra::strip_converts(ctx, body, mean.input);
        if shape_of(ctx, body, x) != full {
            continue;
        }
        let mut v = View::new(ctx, body, &[&[x], &params_whole[..]].concat());
        let xl = Leaf { value: x, map: identity_map(full) };
        let mu = Poly::from_terms(vec![Term { coeff: 1.0 / n, factors: vec![(reduced_leaf(&mean, full), 1.0)] }]);
        let centred = Poly::leaf(xl.clone()).sub(&mu);
        let Some(square) = centred.mul(&centred) else { continue };
        let w = v.poly(var.input);
        let p = v.poly(y);
        let tol = v.tolerance();
        if !w.approx_eq(&square, tol) {
            continue;
        }
        let (main, rest) = p.split_by(s, -0.5);
        // `main` is `G * (x - mean)`: the term holding x once is `G * x`.
        let with_x: Vec<&Term> = main.terms.iter().filter(|t| t.exponent(&xl) == 1.0).collect();
        let [t] = with_x.as_slice() else { continue };
        let g = t.without(&xl, 1.0);
        if !main.approx_eq(&centred.mul_term(&g), tol) {
            continue;
        }
        let Some(params) = params(ctx, body, &g, &rest, full, &var.axes, tol) else { continue };
        let norm_shape = var.axes.iter().map(|&a| full[a as usize]).collect();
        return Some(Match {
            name: "tx8.layernorm",
            inputs: inputs(x, params, norm_shape),
            attributes: attributes(ctx, &var.axes, eps),
        });
    }
    None
}
