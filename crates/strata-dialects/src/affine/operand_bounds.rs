//! Simplification of an affine map's `floordiv`, `ceildiv` and `mod` terms
//! with the constant bounds of the `affine.for` induction variables among
//! its operands (MLIR's `simplifyMapWithOperands`, run by
//! `SimplifyAffineOp` after composition): `d0 mod 16` with `d0` in
//! `[0, 10)` is `d0`, `d0 floordiv 16` is `0`.

use strata_ir::affine::{flatten_affine_expr, AffineExpr, AffineMap};
use strata_ir::{AttrKind, Body, Context, Value, ValueDef};

use crate::affine::map_of;

fn floor_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if a.wrapping_rem(b) != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if a.wrapping_rem(b) != 0 && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

fn modulo(a: i64, b: i64) -> i64 {
    let r = a.wrapping_rem(b);
    if r < 0 {
        r + b
    } else {
        r
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// What an `affine.for` tells about its induction variable.
struct LoopRange {
    lower: Option<i64>,
    upper: Option<i64>,
    step: i64,
    /// The largest known divisor of the lower bound map's results.
    lower_divisor: i64,
}

fn single_constant(m: &AffineMap) -> Option<i64> {
    match m.results.as_slice() {
        [AffineExpr::Constant(c)] => Some(*c),
        _ => None,
    }
}

/// The range of `v` if it is the induction variable of an `affine.for`
/// (MLIR's `getForInductionVarOwner`).
fn loop_range(ctx: &Context, body: &Body, v: Value) -> Option<LoopRange> {
    let ValueDef::BlockArg(block, 0) = body.value_def(v) else { return None };
    let for_op = body.block_parent_op(block)?;
    if ctx.op_name_str(body.op_name(for_op)) != "affine.for" {
        return None;
    }
    let lb = map_of(ctx, body.op_attr(ctx, for_op, "lowerBoundMap"))?;
    let ub = map_of(ctx, body.op_attr(ctx, for_op, "upperBoundMap"))?;
    let step = match ctx.attr_kind(body.op_attr(ctx, for_op, "step")?) {
        AttrKind::Integer { value, .. } => value.to_i64(),
        _ => return None,
    };
    let lower_divisor = lb.results.iter().fold(0u64, |g, e| gcd(g, e.largest_known_divisor().unsigned_abs())) as i64;
    Some(LoopRange { lower: single_constant(lb), upper: single_constant(ub), step, lower_divisor })
}

/// The operands' constant lower and (inclusive) upper bounds (MLIR's
/// `getLowerBound(Value)` / `getUpperBound(Value)`).
struct OperandBounds {
    lower: Vec<Option<i64>>,
    upper: Vec<Option<i64>>,
    ranges: Vec<Option<LoopRange>>,
}

impl OperandBounds {
    fn new(ctx: &Context, body: &Body, operands: &[Value]) -> OperandBounds {
        let ranges: Vec<Option<LoopRange>> = operands.iter().map(|&v| loop_range(ctx, body, v)).collect();
        let lower = ranges.iter().map(|r| r.as_ref().and_then(|r| r.lower)).collect();
        let upper = ranges
            .iter()
            .map(|r| {
                let r = r.as_ref()?;
                let ub = r.upper?;
                Some(match r.lower {
                    Some(lb) if r.step != 0 => ub - 1 - (ub - lb - 1).wrapping_rem(r.step),
                    _ => ub - 1,
                })
            })
            .collect();
        OperandBounds { lower, upper, ranges }
    }

    /// MLIR's `getBoundForAffineExpr`.
    fn bound(&self, e: &AffineExpr, nd: u32, ns: u32, is_upper: bool) -> Option<i64> {
        match e {
            AffineExpr::FloorDiv(l, r) => {
                let c = constant_of(r).filter(|&c| c >= 1)?;
                return Some(floor_div(self.bound(l, nd, ns, is_upper)?, c));
            }
            AffineExpr::CeilDiv(l, r) => {
                let c = constant_of(r).filter(|&c| c >= 1)?;
                return Some(ceil_div(self.bound(l, nd, ns, is_upper)?, c));
            }
            AffineExpr::Mod(l, r) => {
                if let Some(c) = constant_of(r).filter(|&c| c >= 1) {
                    let lb = self.bound(l, nd, ns, false);
                    let ub = self.bound(l, nd, ns, is_upper);
                    if let (Some(lb), Some(ub)) = (lb, ub) {
                        if floor_div(lb, c) == floor_div(ub, c) {
                            return Some(if is_upper { modulo(ub, c) } else { modulo(lb, c) });
                        }
                    }
                    return Some(if is_upper { c - 1 } else { 0 });
                }
            }
            _ => {}
        }
        let (flat, locals) = flatten_affine_expr(e, nd, ns)?;
        if !locals.is_empty() {
            return None;
        }
        let mut bound: i64 = 0;
        for (i, &coefficient) in flat.iter().enumerate().take((nd + ns) as usize) {
            let side = match coefficient.cmp(&0) {
                std::cmp::Ordering::Equal => continue,
                std::cmp::Ordering::Greater => {
                    if is_upper {
                        &self.upper
                    } else {
                        &self.lower
                    }
                }
                std::cmp::Ordering::Less => {
                    if is_upper {
                        &self.lower
                    } else {
                        &self.upper
                    }
                }
            };
            bound = bound.wrapping_add((*side.get(i)?)?.wrapping_mul(coefficient));
        }
        Some(bound.wrapping_add(flat[flat.len() - 1]))
    }

    fn expr_bound(&self, e: &AffineExpr, nd: u32, ns: u32, is_upper: bool) -> Option<i64> {
        match e {
            AffineExpr::Constant(c) => Some(*c),
            _ => self.bound(e, nd, ns, is_upper),
        }
    }

    /// MLIR's operand-aware `getLargestKnownDivisor`: a dim that is a loop
    /// induction variable is a multiple of its step (when the loop starts
    /// at 0) or of the gcd of step and lower bound.
    fn largest_known_divisor(&self, e: &AffineExpr) -> i64 {
        let AffineExpr::Dim(p) = e else { return e.largest_known_divisor() };
        match self.ranges.get(*p as usize).and_then(|r| r.as_ref()) {
            Some(r) if r.lower == Some(0) => r.step,
            Some(r) => gcd(r.lower_divisor as u64, r.step as u64) as i64,
            None => 1,
        }
    }

    /// `0 <= e < k` known from `e` being a constant or a loop induction
    /// variable with constant bounds inside `[0, k]`.
    fn non_negative_bounded_by(&self, e: &AffineExpr, k: i64) -> bool {
        match e {
            AffineExpr::Constant(c) => *c >= 0 && *c < k,
            AffineExpr::Dim(p) => self
                .ranges
                .get(*p as usize)
                .and_then(|r| r.as_ref())
                .is_some_and(|r| r.lower.is_some_and(|lb| lb >= 0) && r.upper.is_some_and(|ub| ub <= k)),
            _ => false,
        }
    }

    /// `e` as `q + r` with `q` a known multiple of `d` and `0 <= r < d`
    /// (MLIR's `isQTimesDPlusR`): `(d, q, r)`.
    fn q_times_d_plus_r(&self, e: &AffineExpr) -> Option<(i64, AffineExpr, AffineExpr)> {
        let AffineExpr::Add(l, r) = e else { return None };
        let d = self.largest_known_divisor(l);
        if self.non_negative_bounded_by(r, d) {
            return Some((d, (**l).clone(), (**r).clone()));
        }
        let d = self.largest_known_divisor(r);
        if self.non_negative_bounded_by(l, d) {
            return Some((d, (**r).clone(), (**l).clone()));
        }
        None
    }

    /// MLIR's `simplifyExprAndOperands`.
    fn simplify(&self, e: &AffineExpr, nd: u32, ns: u32) -> AffineExpr {
        let rebuilt = match e {
            AffineExpr::Add(l, r) => self.simplify(l, nd, ns) + self.simplify(r, nd, ns),
            AffineExpr::Mul(l, r) => self.simplify(l, nd, ns) * self.simplify(r, nd, ns),
            AffineExpr::Mod(l, r) => self.simplify(l, nd, ns) % self.simplify(r, nd, ns),
            AffineExpr::FloorDiv(l, r) => self.simplify(l, nd, ns).floor_div(self.simplify(r, nd, ns)),
            AffineExpr::CeilDiv(l, r) => self.simplify(l, nd, ns).ceil_div(self.simplify(r, nd, ns)),
            _ => return e.clone(),
        };
        let (lhs, c, kind) = match &rebuilt {
            AffineExpr::Mod(l, r) => (l, constant_of(r), 0),
            AffineExpr::FloorDiv(l, r) => (l, constant_of(r), 1),
            AffineExpr::CeilDiv(l, r) => (l, constant_of(r), 2),
            _ => return rebuilt,
        };
        let Some(c) = c.filter(|&c| c > 0) else { return rebuilt };
        let lb = self.expr_bound(lhs, nd, ns, false);
        let ub = self.expr_bound(lhs, nd, ns, true);
        if let (Some(lb), Some(ub)) = (lb, ub) {
            if kind == 1 && floor_div(lb, c) == floor_div(ub, c) {
                return AffineExpr::Constant(floor_div(lb, c));
            }
            if kind == 2 && ceil_div(lb, c) == ceil_div(ub, c) {
                return AffineExpr::Constant(ceil_div(lb, c));
            }
            if kind == 0 && lb >= 0 && lb < c && ub < c {
                return (**lhs).clone();
            }
        }
        if let Some((d, q, r)) = self.q_times_d_plus_r(lhs) {
            if kind == 1 && d != 0 && c % d == 0 {
                return q.floor_div(AffineExpr::Constant(c));
            }
            if kind == 0 && d % c == 0 {
                return r % AffineExpr::Constant(c);
            }
            return rebuilt;
        }
        if (kind == 1 && self.non_negative_bounded_by(lhs, c))
            || (kind == 0 && self.largest_known_divisor(lhs) % c == 0)
        {
            return AffineExpr::Constant(0);
        }
        rebuilt
    }
}

fn constant_of(e: &AffineExpr) -> Option<i64> {
    match e {
        AffineExpr::Constant(c) => Some(*c),
        _ => None,
    }
}

/// `map` with every result simplified using the loop bounds of `operands`.
pub fn simplify_map_with_operands(ctx: &Context, body: &Body, map: AffineMap, operands: &[Value]) -> AffineMap {
    if operands.len() != (map.num_dims + map.num_symbols) as usize {
        return map;
    }
    let bounds = OperandBounds::new(ctx, body, operands);
    let results = map.results.iter().map(|e| bounds.simplify(e, map.num_dims, map.num_symbols)).collect();
    AffineMap { results, ..map }
}

/// MLIR's `simplifyMinOrMaxExprWithOperands`: results of a `max` (or `min`)
/// bound that can never be the largest (smallest) given the operands'
/// constant loop bounds are dropped, and results whose bounds meet become
/// constants. With equal bounds the first of two redundant results stays.
pub fn simplify_min_or_max(ctx: &Context, body: &Body, map: &mut AffineMap, operands: &[Value], is_max: bool) {
    if operands.is_empty() || operands.len() != (map.num_dims + map.num_symbols) as usize {
        return;
    }
    let bounds = OperandBounds::new(ctx, body, operands);
    let (nd, ns) = (map.num_dims, map.num_symbols);
    let lower: Vec<Option<i64>> = map.results.iter().map(|e| bounds.expr_bound(e, nd, ns, false)).collect();
    let upper: Vec<Option<i64>> = map.results.iter().map(|e| bounds.expr_bound(e, nd, ns, true)).collect();
    let mut kept = Vec::new();
    for (i, e) in map.results.iter().enumerate() {
        let e = match (lower[i], upper[i]) {
            (Some(l), Some(u)) if l == u => AffineExpr::Constant(l),
            _ => e.clone(),
        };
        // For max, another result whose lower bound exceeds this one's upper
        // bound makes it redundant; for min, the mirror image.
        let (mine, others, others_own) = if is_max { (upper[i], &lower, &upper) } else { (lower[i], &upper, &lower) };
        let Some(mine) = mine else {
            kept.push(e);
            continue;
        };
        let redundant = others.iter().enumerate().any(|(pos, other)| {
            let Some(other) = *other else { return false };
            if pos == i {
                return false;
            }
            let beyond = if is_max { other > mine } else { other < mine };
            let short = if is_max { other < mine } else { other > mine };
            if beyond {
                return true;
            }
            if short {
                return false;
            }
            // Equal: of two results that are both constant there, keep the
            // one that comes first.
            !(others_own[pos].is_some()
                && lower[i].is_some()
                && lower[i] == upper[i]
                && Some(other) == others_own[pos]
                && i < pos)
        });
        if !redundant {
            kept.push(e);
        }
    }
    map.results = kept;
}
