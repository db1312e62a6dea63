//! The algebraic view of element-wise expressions that the matchers of
//! `stablehlo-fuse-composites` share: a value seen as a polynomial, a sum
//! of monomials `coeff * prod(leaf_i ^ e_i)`, so that spellings which
//! compute the same thing look the same (`x * x`, `power(x, 2)`;
//! `c / sqrt(v)`, `c * rsqrt(v)`; `a - b`, `a + (-1) * b`; operands in any
//! order; `reduce_add(x) / N`, `reduce_add(x) * (1 / N)`).
//!
//! The view sees through add, subtract, negate, multiply (products of sums
//! are expanded, up to [`MAX_TERMS`] terms), divide (by a monomial exactly;
//! by a sum, that sum as a leaf to the power -1), power by a constant,
//! sqrt (`^0.5`), rsqrt (`^-0.5`), splat constants (also broadcast,
//! reshaped or converted), exact widening converts (bf16/f16 -> f32, as
//! LLaMA upcasts around its norm) and `broadcast_in_dim` / unit-dim
//! `reshape` chains. Everything else is a leaf: a value (the converts
//! widening it stripped) with, per dimension of the expression's shape,
//! the dimension of the leaf it reads or `None` where the leaf is
//! broadcast. A per-row statistic broadcast back is thus one leaf whatever
//! chain of reshapes and broadcasts took it there, and two different
//! broadcasts of one value are two leaves.
//!
//! Real powers are only combined where that keeps the function:
//! `(f^a)^p = f^(a p)` for a single factor whose exponent is not an even
//! integer (`sqrt(x * x)` is `|x|`, so it stays a leaf), integer powers
//! always. A matcher names values that must stay whole as *stops* (a layer
//! norm's input that is itself a residual sum must not be expanded into
//! its parts); a stop is a leaf.

use std::collections::HashMap;

use strata_ir::types::FloatKind;
use strata_ir::{Body, Context, TypeKind, Value};

use crate::shapes::ranked;

/// Most terms a product is expanded to; a larger product is a leaf.
pub const MAX_TERMS: usize = 24;
/// Most ops one view looks through (memoised, so a DAG costs its size):
/// bounds the work per candidate root.
const MAX_VISITS: usize = 256;

/// A value the view does not see through, at the expression's shape:
/// `map[k]` is the dimension of `value` that dimension `k` reads, `None`
/// where `value` is broadcast along `k` (or `k` has extent 1).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Leaf {
    pub value: Value,
    pub map: Vec<Option<usize>>,
}

/// `coeff * prod(leaf ^ exp)`; factors sorted by leaf, each leaf once,
/// no zero exponent.
#[derive(Clone, Debug)]
pub struct Term {
    pub coeff: f64,
    pub factors: Vec<(Leaf, f64)>,
}

/// A sum of terms, sorted by their factors, no two with the same factors,
/// no zero coefficient (the empty sum is 0).
#[derive(Clone, Debug, Default)]
pub struct Poly {
    pub terms: Vec<Term>,
}

fn is_integer(e: f64) -> bool {
    e.fract() == 0.0
}

fn same_exp(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9
}

fn factors_cmp(a: &[(Leaf, f64)], b: &[(Leaf, f64)]) -> std::cmp::Ordering {
    for (x, y) in a.iter().zip(b) {
        let o = x.0.cmp(&y.0).then(x.1.total_cmp(&y.1));
        if o.is_ne() {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

fn same_factors(a: &[(Leaf, f64)], b: &[(Leaf, f64)]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.0 == y.0 && same_exp(x.1, y.1))
}

/// Whether `a` and `b` agree to the relative tolerance `tol`.
pub fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * a.abs().max(b.abs()).max(1e-30)
}

impl Term {
    pub fn constant(c: f64) -> Term {
        Term { coeff: c, factors: vec![] }
    }

    pub fn mul(&self, other: &Term) -> Term {
        let mut factors: Vec<(Leaf, f64)> = Vec::with_capacity(self.factors.len() + other.factors.len());
        let (mut i, mut j) = (0, 0);
        while i < self.factors.len() || j < other.factors.len() {
            let take_left =
                j == other.factors.len() || (i < self.factors.len() && self.factors[i].0 <= other.factors[j].0);
            let take_right =
                i == self.factors.len() || (j < other.factors.len() && other.factors[j].0 <= self.factors[i].0);
            if take_left && take_right {
                let e = self.factors[i].1 + other.factors[j].1;
                if !same_exp(e, 0.0) {
                    factors.push((self.factors[i].0.clone(), e));
                }
                i += 1;
                j += 1;
            } else if take_left {
                factors.push(self.factors[i].clone());
                i += 1;
            } else {
                factors.push(other.factors[j].clone());
                j += 1;
            }
        }
        Term { coeff: self.coeff * other.coeff, factors }
    }

    /// `self ^ p`, where that is the same function (module doc).
    pub fn pow(&self, p: f64) -> Option<Term> {
        if is_integer(p) {
            if self.coeff == 0.0 && p < 0.0 {
                return None;
            }
            return Some(Term {
                coeff: self.coeff.powf(p),
                factors: self.factors.iter().map(|(l, e)| (l.clone(), e * p)).collect(),
            });
        }
        let single = match self.factors.as_slice() {
            [] => true,
            [(_, e)] => !(is_integer(*e) && (*e as i64) % 2 == 0),
            _ => false,
        };
        (self.coeff > 0.0 && single).then(|| Term {
            coeff: self.coeff.powf(p),
            factors: self.factors.iter().map(|(l, e)| (l.clone(), e * p)).collect(),
        })
    }

    /// The exponent of `leaf` in this term (0 when absent).
    pub fn exponent(&self, leaf: &Leaf) -> f64 {
        self.factors.iter().find(|(l, _)| l == leaf).map_or(0.0, |(_, e)| *e)
    }

    /// This term with `leaf ^ exp` divided out.
    pub fn without(&self, leaf: &Leaf, exp: f64) -> Term {
        self.mul(&Term { coeff: 1.0, factors: vec![(leaf.clone(), -exp)] })
    }
}

impl Poly {
    pub fn constant(c: f64) -> Poly {
        if c == 0.0 {
            Poly::default()
        } else {
            Poly { terms: vec![Term::constant(c)] }
        }
    }

    pub fn leaf(leaf: Leaf) -> Poly {
        Poly { terms: vec![Term { coeff: 1.0, factors: vec![(leaf, 1.0)] }] }
    }

    pub fn from_terms(terms: Vec<Term>) -> Poly {
        let mut p = Poly { terms };
        p.normalize();
        p
    }

    /// Sorts the terms and merges those with equal factors (a sum that
    /// cancels to rounding noise is dropped).
    fn normalize(&mut self) {
        self.terms.sort_by(|a, b| factors_cmp(&a.factors, &b.factors));
        let mut out: Vec<Term> = Vec::with_capacity(self.terms.len());
        let mut scale: Vec<f64> = Vec::with_capacity(self.terms.len());
        for t in self.terms.drain(..) {
            match out.last_mut() {
                Some(last) if same_factors(&last.factors, &t.factors) => {
                    *scale.last_mut().unwrap() += t.coeff.abs();
                    last.coeff += t.coeff;
                }
                _ => {
                    scale.push(t.coeff.abs());
                    out.push(t);
                }
            }
        }
        self.terms = out.into_iter().zip(scale).filter(|(t, s)| t.coeff.abs() > 1e-9 * s).map(|(t, _)| t).collect();
    }

    pub fn add(&self, other: &Poly) -> Poly {
        Poly::from_terms(self.terms.iter().chain(&other.terms).cloned().collect())
    }

    pub fn scale(&self, c: f64) -> Poly {
        Poly::from_terms(self.terms.iter().map(|t| Term { coeff: t.coeff * c, factors: t.factors.clone() }).collect())
    }

    pub fn sub(&self, other: &Poly) -> Poly {
        self.add(&other.scale(-1.0))
    }

    /// The expanded product; `None` past [`MAX_TERMS`].
    pub fn mul(&self, other: &Poly) -> Option<Poly> {
        if self.terms.len() * other.terms.len() > MAX_TERMS * 4 {
            return None;
        }
        let terms: Vec<Term> = self.terms.iter().flat_map(|a| other.terms.iter().map(move |b| a.mul(b))).collect();
        let p = Poly::from_terms(terms);
        (p.terms.len() <= MAX_TERMS).then_some(p)
    }

    pub fn mul_term(&self, t: &Term) -> Poly {
        Poly::from_terms(self.terms.iter().map(|a| a.mul(t)).collect())
    }

    /// The value when the polynomial is a constant.
    pub fn as_constant(&self) -> Option<f64> {
        match self.terms.as_slice() {
            [] => Some(0.0),
            [t] if t.factors.is_empty() => Some(t.coeff),
            _ => None,
        }
    }

    /// The single term of a monomial.
    pub fn monomial(&self) -> Option<&Term> {
        match self.terms.as_slice() {
            [t] => Some(t),
            _ => None,
        }
    }

    /// Whether the two are the same polynomial, coefficients within the
    /// relative tolerance `tol`.
    pub fn approx_eq(&self, other: &Poly, tol: f64) -> bool {
        self.terms.len() == other.terms.len()
            && self
                .terms
                .iter()
                .zip(&other.terms)
                .all(|(a, b)| same_factors(&a.factors, &b.factors) && close(a.coeff, b.coeff, tol))
    }

    /// Splits the terms into those holding `leaf ^ exp` (divided by it)
    /// and the others.
    pub fn split_by(&self, leaf: &Leaf, exp: f64) -> (Poly, Poly) {
        let (with, rest): (Vec<&Term>, Vec<&Term>) = self.terms.iter().partition(|t| same_exp(t.exponent(leaf), exp));
        (
            Poly::from_terms(with.into_iter().map(|t| t.without(leaf, exp)).collect()),
            Poly::from_terms(rest.into_iter().cloned().collect()),
        )
    }

    /// Every distinct leaf with the exponents it has in the terms.
    pub fn factors(&self) -> Vec<(Leaf, f64)> {
        let mut out: Vec<(Leaf, f64)> = vec![];
        for t in &self.terms {
            for f in &t.factors {
                if !out.iter().any(|g| g.0 == f.0 && same_exp(g.1, f.1)) {
                    out.push(f.clone());
                }
            }
        }
        out
    }

    fn map_leaves(&self, f: &dyn Fn(&[Option<usize>]) -> Vec<Option<usize>>) -> Poly {
        Poly::from_terms(
            self.terms
                .iter()
                .map(|t| Term {
                    coeff: t.coeff,
                    factors: t.factors.iter().map(|(l, e)| (Leaf { value: l.value, map: f(&l.map) }, *e)).collect(),
                })
                .collect(),
        )
    }
}

/// The map of a value read at its own shape.
pub fn identity_map(shape: &[i64]) -> Vec<Option<usize>> {
    shape.iter().enumerate().map(|(k, &d)| (d != 1).then_some(k)).collect()
}

fn float_kind(ctx: &Context, t: strata_ir::Type) -> Option<FloatKind> {
    let e = ctx.element_type(t).unwrap_or(t);
    match ctx.type_kind(e) {
        TypeKind::Float(k) => Some(*k),
        _ => None,
    }
}

/// (significand bits, exponent bits) of the formats models use.
fn format_bits(k: FloatKind) -> Option<(u32, u32)> {
    Some(match k {
        FloatKind::BF16 => (8, 8),
        FloatKind::F16 => (11, 5),
        FloatKind::F32 => (24, 8),
        FloatKind::F64 => (53, 11),
        _ => return None,
    })
}

/// Half a unit in the last place, relative, of the element type of `t`
/// (0 for integers and unknown types).
fn unit_roundoff(ctx: &Context, t: strata_ir::Type) -> f64 {
    float_kind(ctx, t).and_then(format_bits).map_or(0.0, |(m, _)| 2f64.powi(-(m as i32)))
}

fn short<'c>(ctx: &'c Context, body: &Body, v: Value) -> Option<&'c str> {
    let d = body.defining_op(v)?;
    let n = ctx.op_name_str(body.op_name(d));
    Some(n.strip_prefix("stablehlo.").unwrap_or(n))
}

/// Whether `convert` from `from` to `to` loses nothing (same type, or a
/// float format holding every value of the other).
pub fn exact_widening(ctx: &Context, from: strata_ir::Type, to: strata_ir::Type) -> bool {
    if from == to {
        return true;
    }
    match (float_kind(ctx, from).and_then(format_bits), float_kind(ctx, to).and_then(format_bits)) {
        (Some((fm, fe)), Some((tm, te))) => tm >= fm && te >= fe,
        _ => false,
    }
}

/// `v` with the exact widening converts producing it stripped.
pub fn strip_converts(ctx: &Context, body: &Body, mut v: Value) -> Value {
    while let Some(d) = body.defining_op(v) {
        if ctx.op_name_str(body.op_name(d)) != "stablehlo.convert" {
            break;
        }
        let src = body.operand(d, 0);
        if !exact_widening(ctx, body.value_type(src), body.value_type(v)) {
            break;
        }
        v = src;
    }
    v
}

/// Op names (without `stablehlo.`) the view sees through; `chlo.square`
/// is JAX's `x * x`.
pub fn sees_through(short: &str) -> bool {
    matches!(
        short,
        "add"
            | "subtract"
            | "negate"
            | "multiply"
            | "divide"
            | "power"
            | "sqrt"
            | "rsqrt"
            | "chlo.square"
            | "convert"
            | "broadcast_in_dim"
            | "reshape"
    )
}

/// The values an expression at `v` is built from, nearest first: `v`,
/// then breadth first the operands of every op the view sees through, at
/// most `limit` of them (converts stripped, each once). The candidates a
/// matcher tries as the input of a fused sequence.
pub fn cone(ctx: &Context, body: &Body, v: Value, limit: usize) -> Vec<Value> {
    let mut out = vec![];
    let mut queue = std::collections::VecDeque::from([v]);
    while let Some(x) = queue.pop_front() {
        if out.len() >= limit {
            break;
        }
        if out.contains(&x) {
            continue;
        }
        out.push(x);
        let Some(name) = short(ctx, body, x) else { continue };
        if sees_through(name) {
            let d = body.defining_op(x).unwrap();
            queue.extend(body.operands(d));
        }
    }
    let mut stripped: Vec<Value> = vec![];
    for x in out {
        let s = strip_converts(ctx, body, x);
        if !stripped.contains(&s) {
            stripped.push(s);
        }
    }
    stripped
}

/// The candidates for the input of an operation whose argument is built
/// at `v`: the values of its cone (at most 16), farthest first, so that
/// among inputs that verify, the one absorbing the most ops wins
/// (`clamp(0, x + 3, 6) / 6` is a HardSigmoid of `x`, not of `x + 3`).
pub fn candidates(ctx: &Context, body: &Body, v: Value) -> Vec<Value> {
    let mut c = cone(ctx, body, v, 16);
    c.reverse();
    c
}

/// The polynomial view of values of one function body (memoised).
pub struct View<'a> {
    ctx: &'a Context,
    body: &'a Body,
    stops: Vec<Value>,
    memo: HashMap<Value, Poly>,
    visits: usize,
    roundoff: f64,
}

impl<'a> View<'a> {
    /// A view in which `stops` (converts stripped) are leaves.
    pub fn new(ctx: &'a Context, body: &'a Body, stops: &[Value]) -> View<'a> {
        let stops = stops.iter().map(|&s| strip_converts(ctx, body, s)).collect();
        View { ctx, body, stops, memo: HashMap::new(), visits: 0, roundoff: 2f64.powi(-24) }
    }

    /// The relative tolerance to compare the constants met with: a few
    /// units of the coarsest format they were written in (f32: 1e-5, so
    /// exporters' `0.7071067690849304` is `1 / sqrt(2)` and a constant off
    /// by 1% is not).
    pub fn tolerance(&self) -> f64 {
        (2.0 * self.roundoff).max(1e-5)
    }

    fn shape(&self, v: Value) -> Vec<i64> {
        ranked(self.ctx, self.body.value_type(v)).map(|r| r.0.to_vec()).unwrap_or_default()
    }

    /// `v` as a leaf at its own shape.
    pub fn leaf(&self, v: Value) -> Leaf {
        Leaf { value: strip_converts(self.ctx, self.body, v), map: identity_map(&self.shape(v)) }
    }

    /// The value of a splat constant, possibly broadcast, reshaped or
    /// converted from a scalar one.
    pub fn splat(&mut self, v: Value) -> Option<f64> {
        let d = self.body.defining_op(v)?;
        match ctx_short(self.ctx, self.body, d) {
            "constant" => {
                let a = self.body.op_attr(self.ctx, d, "value")?;
                let x = crate::dense::splat_value(self.ctx, a)?;
                self.roundoff = self.roundoff.max(unit_roundoff(self.ctx, self.body.value_type(v)));
                Some(x)
            }
            "broadcast_in_dim" | "reshape" | "convert" => {
                let x = self.splat(self.body.operand(d, 0))?;
                self.roundoff = self.roundoff.max(unit_roundoff(self.ctx, self.body.value_type(v)));
                Some(x)
            }
            _ => None,
        }
    }

    /// The polynomial of `v` at its own shape.
    pub fn poly(&mut self, v: Value) -> Poly {
        if let Some(p) = self.memo.get(&v) {
            return p.clone();
        }
        let p = self.compute(v);
        self.memo.insert(v, p.clone());
        p
    }

    fn compute(&mut self, v: Value) -> Poly {
        let whole = Poly::leaf(self.leaf(v));
        if self.stops.contains(&v) {
            return whole;
        }
        if let Some(c) = self.splat(v) {
            return Poly::constant(c);
        }
        let Some(d) = self.body.defining_op(v) else { return whole };
        let name = ctx_short(self.ctx, self.body, d);
        if !sees_through(name) || self.visits >= MAX_VISITS {
            return whole;
        }
        self.visits += 1;
        let body = self.body;
        let a = body.operand(d, 0);
        match name {
            "add" => self.poly(a).add(&self.poly(body.operand(d, 1))),
            "subtract" => self.poly(a).sub(&self.poly(body.operand(d, 1))),
            "negate" => self.poly(a).scale(-1.0),
            "multiply" => {
                let (pa, pb) = (self.poly(a), self.poly(body.operand(d, 1)));
                pa.mul(&pb).unwrap_or(whole)
            }
            "divide" => {
                let b = body.operand(d, 1);
                let pb = self.poly(b);
                let inv = match pb.monomial().and_then(|t| t.pow(-1.0)) {
                    Some(t) => t,
                    None => Term { coeff: 1.0, factors: vec![(self.leaf(b), -1.0)] },
                };
                self.poly(a).mul_term(&inv)
            }
            "power" => match self.splat(body.operand(d, 1)) {
                Some(e) => self.power(a, e).unwrap_or(whole),
                None => whole,
            },
            "chlo.square" => self.power(a, 2.0).unwrap_or(whole),
            "sqrt" => self.power(a, 0.5).unwrap_or(whole),
            "rsqrt" => self.power(a, -0.5).unwrap_or(whole),
            "convert" if exact_widening(self.ctx, body.value_type(a), body.value_type(v)) => self.poly(a),
            "broadcast_in_dim" => {
                let (from, to) = (self.shape(a), self.shape(v));
                let Some(dims) = crate::verify::i64_array_of(self.ctx, body, d, "broadcast_dimensions") else {
                    return whole;
                };
                let pa = self.poly(a);
                pa.map_leaves(&|m: &[Option<usize>]| {
                    (0..to.len())
                        .map(|o| match dims.iter().position(|&x| x as usize == o) {
                            Some(i) if from.get(i) == Some(&to[o]) && to[o] != 1 => m.get(i).copied().flatten(),
                            _ => None,
                        })
                        .collect()
                })
            }
            "reshape" => {
                let (from, to) = (self.shape(a), self.shape(v));
                let real_in: Vec<usize> = (0..from.len()).filter(|&k| from[k] != 1).collect();
                let real_out: Vec<usize> = (0..to.len()).filter(|&k| to[k] != 1).collect();
                if real_in.len() != real_out.len() || real_in.iter().zip(&real_out).any(|(&i, &o)| from[i] != to[o]) {
                    return whole;
                }
                let pa = self.poly(a);
                pa.map_leaves(&|m: &[Option<usize>]| {
                    let mut out = vec![None; to.len()];
                    for (&i, &o) in real_in.iter().zip(&real_out) {
                        out[o] = m.get(i).copied().flatten();
                    }
                    out
                })
            }
            _ => whole,
        }
    }

    /// `base ^ e` for a constant `e`; `None` when it is best left whole.
    fn power(&mut self, base: Value, e: f64) -> Option<Poly> {
        if e == 0.0 {
            return Some(Poly::constant(1.0));
        }
        let pb = self.poly(base);
        if is_integer(e) && (1.0..=4.0).contains(&e) {
            let mut acc = pb.clone();
            for _ in 1..e as usize {
                acc = acc.mul(&pb)?;
            }
            return Some(acc);
        }
        if let Some(t) = pb.monomial().and_then(|t| t.pow(e)) {
            return Some(Poly::from_terms(vec![t]));
        }
        // A sum (or a product whose power is not its factors' powers):
        // the base itself is the leaf.
        Some(Poly::from_terms(vec![Term { coeff: 1.0, factors: vec![(self.leaf(base), e)] }]))
    }
}

fn ctx_short<'c>(ctx: &'c Context, body: &Body, op: strata_ir::Op) -> &'c str {
    let n = ctx.op_name_str(body.op_name(op));
    n.strip_prefix("stablehlo.").unwrap_or(n)
}
