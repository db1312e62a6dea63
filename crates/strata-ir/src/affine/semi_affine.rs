//! Simplification of semi-affine expressions (products of two non-constants,
//! divisions and `mod` by a symbol): MLIR's `simplifySemiAffine` and
//! `getSemiAffineExprFromFlatForm`.
//!
//! Two steps, as upstream runs them from `simplifyAffineExpr`: a tree rewrite
//! that divides by a symbol where the dividend is a multiple of it
//! (`(d0 * s0) floordiv s0` -> `d0`, `(d0 * s0 + s0) mod s0` -> `0`), then
//! flattening with one local per semi-affine term, so that equal terms cancel
//! (`d0 * s0 + d1 * s0 - d0 * s0` -> `d1 * s0`), and rebuilding in upstream's
//! term order.
//!
//! Two deliberate differences from mlir-opt 22, both places where it
//! computes a wrong value:
//! - upstream's "mod of a mod subtraction" rule (`(x - x mod q) mod q` is 0)
//!   is also applied to `floordiv` and `ceildiv`, so it folds
//!   `(s0 - s0 mod s1) floordiv s1` to `0`; here it applies to `mod` only;
//! - upstream keys the terms it sorts by (dim or symbol position, partner
//!   position), and two terms with one key (`d0 floordiv s0` and
//!   `d0 * s0`) collide in its map, so `d0 floordiv s0 + d0 * s0 + d1 - d1`
//!   becomes `(d0 floordiv s0) * 2`; here equal keys keep both terms, in
//!   the order they were found.

use crate::affine::flatten::simplify_affine_expr;
use crate::affine::AffineExpr;

/// The three operations whose right-hand side may be a symbol.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Division {
    Mod,
    FloorDiv,
    CeilDiv,
}

impl Division {
    fn of(e: &AffineExpr) -> Option<(Division, &AffineExpr, &AffineExpr)> {
        match e {
            AffineExpr::Mod(l, r) => Some((Division::Mod, l, r)),
            AffineExpr::FloorDiv(l, r) => Some((Division::FloorDiv, l, r)),
            AffineExpr::CeilDiv(l, r) => Some((Division::CeilDiv, l, r)),
            _ => None,
        }
    }

    /// `lhs op rhs` through the simplifying builders.
    fn build(self, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        match self {
            Division::Mod => lhs % rhs,
            Division::FloorDiv => lhs.floor_div(rhs),
            Division::CeilDiv => lhs.ceil_div(rhs),
        }
    }
}

/// MLIR's `simplifySemiAffine`: divisions and `mod` by a symbol that divides
/// the dividend are resolved, bottom up.
pub(crate) fn simplify_semi_affine(e: &AffineExpr, num_dims: u32, num_symbols: u32) -> AffineExpr {
    let recurse = |x: &AffineExpr| simplify_semi_affine(x, num_dims, num_symbols);
    match e {
        AffineExpr::Dim(_) | AffineExpr::Symbol(_) | AffineExpr::Constant(_) => e.clone(),
        AffineExpr::Add(l, r) => recurse(l) + recurse(r),
        AffineExpr::Mul(l, r) => recurse(l) * recurse(r),
        AffineExpr::Mod(l, r) | AffineExpr::FloorDiv(l, r) | AffineExpr::CeilDiv(l, r) => {
            let (kind, ..) = Division::of(e).expect("a division");
            let (lhs, rhs) = (recurse(l), recurse(r));
            if kind == Division::Mod && is_mod_of_mod_subtraction(&lhs, &rhs, num_dims, num_symbols) {
                return AffineExpr::Constant(0);
            }
            let AffineExpr::Symbol(symbol) = rhs else {
                return kind.build(lhs, rhs);
            };
            if !is_divisible_by_symbol(l, symbol, kind, false) {
                return kind.build(lhs, rhs);
            }
            if kind == Division::Mod {
                return AffineExpr::Constant(0);
            }
            // Where the quotient is not exact after all, the expression
            // stays as it was written.
            symbolic_divide(&lhs, symbol, kind).unwrap_or_else(|| e.clone())
        }
    }
}

/// Whether a division (or `mod`) by symbol `symbol` can be pushed into `e`
/// (MLIR's `canSimplifyDivisionBySymbol`): sums and products of the
/// symbol, zeros, and `mod`s of such terms. A nested division only counts
/// when it is of the same kind as `op`, because
/// `(x floordiv a) floordiv s == (x floordiv s) floordiv a` but a floor
/// and a ceiling do not commute, and not directly under a product, where
/// that identity does not hold (`((x floordiv a) * c) floordiv s`).
fn is_divisible_by_symbol(e: &AffineExpr, symbol: u32, op: Division, under_mul: bool) -> bool {
    match e {
        AffineExpr::Constant(v) => *v == 0,
        AffineExpr::Dim(_) => false,
        AffineExpr::Symbol(p) => *p == symbol,
        AffineExpr::Add(l, r) => {
            is_divisible_by_symbol(l, symbol, op, false) && is_divisible_by_symbol(r, symbol, op, false)
        }
        AffineExpr::Mod(l, r) => {
            is_divisible_by_symbol(l, symbol, Division::Mod, false)
                && is_divisible_by_symbol(r, symbol, Division::Mod, false)
        }
        AffineExpr::Mul(l, r) => {
            is_divisible_by_symbol(l, symbol, op, true) || is_divisible_by_symbol(r, symbol, op, true)
        }
        AffineExpr::FloorDiv(l, _) | AffineExpr::CeilDiv(l, _) => {
            let (kind, ..) = Division::of(e).expect("a division");
            !under_mul && kind == op && is_divisible_by_symbol(l, symbol, kind, false)
        }
    }
}

/// `e` divided exactly by symbol `symbol` (MLIR's `symbolicDivide`), or
/// `None` where the structure does not show the division to be exact.
fn symbolic_divide(e: &AffineExpr, symbol: u32, op: Division) -> Option<AffineExpr> {
    match e {
        AffineExpr::Constant(0) => Some(AffineExpr::Constant(0)),
        AffineExpr::Constant(_) | AffineExpr::Dim(_) => None,
        AffineExpr::Symbol(p) => (*p == symbol).then_some(AffineExpr::Constant(1)),
        AffineExpr::Add(l, r) => Some(symbolic_divide(l, symbol, op)? + symbolic_divide(r, symbol, op)?),
        AffineExpr::Mod(l, r) => {
            Some(symbolic_divide(l, symbol, Division::Mod)? % symbolic_divide(r, symbol, Division::Mod)?)
        }
        AffineExpr::Mul(l, r) => {
            if is_divisible_by_symbol(l, symbol, op, false) {
                Some(symbolic_divide(l, symbol, op)? * (**r).clone())
            } else {
                Some((**l).clone() * symbolic_divide(r, symbol, op)?)
            }
        }
        AffineExpr::FloorDiv(l, r) | AffineExpr::CeilDiv(l, r) => {
            let (kind, ..) = Division::of(e).expect("a division");
            Some(kind.build(symbolic_divide(l, symbol, kind)?, (**r).clone()))
        }
    }
}

/// The summands of a (nested) sum, left to right.
fn summands(e: &AffineExpr, out: &mut Vec<AffineExpr>) {
    match e {
        AffineExpr::Add(l, r) => {
            summands(l, out);
            summands(r, out);
        }
        _ => out.push(e.clone()),
    }
}

/// `x` if `e` is `x * -1` or `-1 * x`.
fn negated(e: &AffineExpr) -> Option<&AffineExpr> {
    match e {
        AffineExpr::Mul(l, r) if **l == AffineExpr::Constant(-1) => Some(r),
        AffineExpr::Mul(l, r) if **r == AffineExpr::Constant(-1) => Some(l),
        _ => None,
    }
}

/// Whether `lhs` is `x - x mod rhs` up to the order of its summands, which
/// makes `lhs mod rhs` zero (the form loop peeling leaves behind).
fn is_mod_of_mod_subtraction(lhs: &AffineExpr, rhs: &AffineExpr, num_dims: u32, num_symbols: u32) -> bool {
    let mut terms = Vec::new();
    summands(lhs, &mut terms);
    terms.iter().enumerate().any(|(i, term)| {
        let Some(AffineExpr::Mod(x, q)) = negated(term) else {
            return false;
        };
        if **q != *rhs {
            return false;
        }
        let rest = terms
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .fold(AffineExpr::Constant(0), |sum, (_, t)| sum + t.clone());
        simplify_affine_expr(&(rest - (**x).clone()), num_dims, num_symbols) == AffineExpr::Constant(0)
    })
}

/// Rebuilds a flat form whose locals include semi-affine terms
/// (MLIR's `getSemiAffineExprFromFlatForm`). Terms are ordered by a key:
/// a dim `d_i` and `d_i` divided by a constant by `(i, negative)`, a
/// product or division of `d_i` by symbol `s_j` by `(i, j)`, and a symbol
/// `s_i` or a term led by it by `(i, max(dims, symbols) + k)`, so that
/// `d0 + d0 * s0 + s0 + d1 * s1 + s1` comes out in that order. Locals of
/// any other shape follow, then the constant.
pub(crate) fn semi_affine_expr_from_flat_form(
    flat: &[i64],
    num_dims: u32,
    num_symbols: u32,
    locals: &[AffineExpr],
) -> AffineExpr {
    let ids = (num_dims + num_symbols) as usize;
    let symbol_base = i64::from(num_dims.max(num_symbols));
    let mut next_symbol_key = 0i64;
    let mut next_dim_key = -1i64;
    let mut keyed: Vec<((u32, i64), i64, AffineExpr)> = Vec::new();

    for j in 0..num_symbols {
        let coefficient = flat[(num_dims + j) as usize];
        if coefficient != 0 {
            keyed.push(((j, symbol_base + next_symbol_key), coefficient, AffineExpr::Symbol(j)));
            next_symbol_key += 1;
        }
    }
    let mut keyed_local = vec![false; locals.len()];
    for (i, local) in locals.iter().enumerate() {
        let coefficient = flat[ids + i];
        if coefficient == 0 {
            continue;
        }
        let (lhs, rhs) = match local {
            AffineExpr::Add(l, r)
            | AffineExpr::Mul(l, r)
            | AffineExpr::Mod(l, r)
            | AffineExpr::FloorDiv(l, r)
            | AffineExpr::CeilDiv(l, r) => (&**l, &**r),
            _ => continue,
        };
        let key = match (lhs, rhs) {
            (AffineExpr::Dim(d), AffineExpr::Constant(_)) => {
                let key = (*d, next_dim_key);
                next_dim_key -= 1;
                key
            }
            (AffineExpr::Dim(d), AffineExpr::Symbol(s)) => (*d, i64::from(*s)),
            (AffineExpr::Symbol(s), AffineExpr::Constant(_) | AffineExpr::Symbol(_)) => {
                let key = (*s, symbol_base + next_symbol_key);
                next_symbol_key += 1;
                key
            }
            _ => continue,
        };
        keyed.push((key, coefficient, local.clone()));
        keyed_local[i] = true;
    }
    for j in 0..num_dims {
        let coefficient = flat[j as usize];
        if coefficient != 0 {
            keyed.push(((j, next_dim_key), coefficient, AffineExpr::Dim(j)));
            next_dim_key -= 1;
        }
    }
    // Stable: terms with one key stay in the order they were found.
    keyed.sort_by_key(|(key, ..)| *key);

    let mut expr = AffineExpr::Constant(0);
    for (_, coefficient, term) in keyed {
        expr = expr + term * coefficient;
    }
    for (i, local) in locals.iter().enumerate() {
        let coefficient = flat[ids + i];
        if coefficient != 0 && !keyed_local[i] {
            expr = expr + local.clone() * coefficient;
        }
    }
    let constant = flat[flat.len() - 1];
    if constant != 0 {
        expr = expr + constant;
    }
    expr
}
