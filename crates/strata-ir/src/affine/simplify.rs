//! Building affine expressions with MLIR's construction-time simplification.
//!
//! MLIR never stores `4 + d0` or `d0 * 2 * 3`: its `+`, `*`, `floordiv`,
//! `ceildiv` and `mod` builders fold constants, put constants (and symbolic
//! terms) on the right, merge `c1 * e + c2 * e`, and rewrite
//! `e - (e floordiv q) * q` to `e mod q`. The parser builds every expression
//! through these builders, so what mlir-opt prints is the simplified form.
//! The operators here (`+`, `-`, `*`, unary `-`, `%` for `mod`,
//! [`AffineExpr::floor_div`], [`AffineExpr::ceil_div`]) apply the same rules
//! in the same order, which is what makes the printed text byte-identical.
//!
//! Overflow follows mlir-opt 22: a sum or product of two constants that
//! overflows `i64` stays unfolded (`9223372036854775807 + 1`), while the
//! other constant merges (`(d0 + c1) + c2`, `(d0 * c1) * c2`, `c1 * e + c2 *
//! e`) wrap around.

use crate::affine::AffineExpr;
use std::ops::{Add, Mul, Neg, Rem, Sub};

fn c(v: i64) -> AffineExpr {
    AffineExpr::Constant(v)
}

fn bin(kind: fn(Box<AffineExpr>, Box<AffineExpr>) -> AffineExpr, l: AffineExpr, r: AffineExpr) -> AffineExpr {
    kind(Box::new(l), Box::new(r))
}

/// Floor division of constants; `None` when the quotient overflows.
fn floor_div_i64(l: i64, r: i64) -> Option<i64> {
    let (l, r) = (l as i128, r as i128);
    let q = l / r;
    let q = if l % r != 0 && ((l < 0) != (r < 0)) { q - 1 } else { q };
    i64::try_from(q).ok()
}

/// Ceiling division of constants; `None` when the quotient overflows.
fn ceil_div_i64(l: i64, r: i64) -> Option<i64> {
    let (l, r) = (l as i128, r as i128);
    let q = l / r;
    let q = if l % r != 0 && ((l < 0) == (r < 0)) { q + 1 } else { q };
    i64::try_from(q).ok()
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl AffineExpr {
    fn as_const(&self) -> Option<i64> {
        match self {
            AffineExpr::Constant(v) => Some(*v),
            _ => None,
        }
    }

    fn is_const(&self) -> bool {
        matches!(self, AffineExpr::Constant(_))
    }

    /// `(lhs, rhs)` if this is a product.
    fn as_mul(&self) -> Option<(&AffineExpr, &AffineExpr)> {
        match self {
            AffineExpr::Mul(l, r) => Some((l, r)),
            _ => None,
        }
    }

    /// `(lhs, rhs)` of any binary operation.
    fn as_binary(&self) -> Option<(&AffineExpr, &AffineExpr)> {
        match self {
            AffineExpr::Add(l, r)
            | AffineExpr::Mul(l, r)
            | AffineExpr::Mod(l, r)
            | AffineExpr::FloorDiv(l, r)
            | AffineExpr::CeilDiv(l, r) => Some((l, r)),
            _ => None,
        }
    }

    fn as_add(&self) -> Option<(&AffineExpr, &AffineExpr)> {
        match self {
            AffineExpr::Add(l, r) => Some((l, r)),
            _ => None,
        }
    }

    fn as_floor_div(&self) -> Option<(&AffineExpr, &AffineExpr)> {
        match self {
            AffineExpr::FloorDiv(l, r) => Some((l, r)),
            _ => None,
        }
    }

    /// No dimension occurs in the expression (MLIR's `isSymbolicOrConstant`).
    pub fn is_symbolic_or_constant(&self) -> bool {
        match self {
            AffineExpr::Dim(_) => false,
            AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
            AffineExpr::Add(l, r)
            | AffineExpr::Mul(l, r)
            | AffineExpr::Mod(l, r)
            | AffineExpr::FloorDiv(l, r)
            | AffineExpr::CeilDiv(l, r) => l.is_symbolic_or_constant() && r.is_symbolic_or_constant(),
        }
    }

    /// The largest integer known to divide the expression's value for all
    /// dims and symbols (MLIR's `getLargestKnownDivisor`).
    pub fn largest_known_divisor(&self) -> i64 {
        match self {
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) => 1,
            AffineExpr::Constant(v) => v.wrapping_abs(),
            AffineExpr::FloorDiv(l, r) | AffineExpr::CeilDiv(l, r) => match r.as_const() {
                // A quotient by a constant that divides the dividend's known
                // divisor keeps the rest of it; undefined divisions stay at 1.
                Some(d) if d != 0 => {
                    let ld = l.largest_known_divisor();
                    if ld.wrapping_rem(d) == 0 {
                        ld.wrapping_div(d)
                    } else {
                        1
                    }
                }
                _ => 1,
            },
            AffineExpr::Mul(l, r) => l.largest_known_divisor().wrapping_mul(r.largest_known_divisor()),
            AffineExpr::Add(l, r) | AffineExpr::Mod(l, r) => {
                gcd(l.largest_known_divisor() as u64, r.largest_known_divisor() as u64) as i64
            }
        }
    }

    /// `self floordiv rhs`, simplified.
    pub fn floor_div(self, rhs: AffineExpr) -> AffineExpr {
        simplify_floor_div(&self, &rhs).unwrap_or_else(|| bin(AffineExpr::FloorDiv, self, rhs))
    }

    /// `self ceildiv rhs`, simplified.
    pub fn ceil_div(self, rhs: AffineExpr) -> AffineExpr {
        simplify_ceil_div(&self, &rhs).unwrap_or_else(|| bin(AffineExpr::CeilDiv, self, rhs))
    }
}

impl Add for AffineExpr {
    type Output = AffineExpr;
    fn add(self, rhs: AffineExpr) -> AffineExpr {
        simplify_add(&self, &rhs).unwrap_or_else(|| bin(AffineExpr::Add, self, rhs))
    }
}

impl Add<i64> for AffineExpr {
    type Output = AffineExpr;
    fn add(self, rhs: i64) -> AffineExpr {
        self + c(rhs)
    }
}

impl Mul for AffineExpr {
    type Output = AffineExpr;
    /// The caller guarantees that one side is symbolic or constant (the
    /// parser reports a non-affine product before building it).
    fn mul(self, rhs: AffineExpr) -> AffineExpr {
        simplify_mul(&self, &rhs).unwrap_or_else(|| bin(AffineExpr::Mul, self, rhs))
    }
}

impl Mul<i64> for AffineExpr {
    type Output = AffineExpr;
    fn mul(self, rhs: i64) -> AffineExpr {
        self * c(rhs)
    }
}

impl Neg for AffineExpr {
    type Output = AffineExpr;
    fn neg(self) -> AffineExpr {
        self * c(-1)
    }
}

impl Sub for AffineExpr {
    type Output = AffineExpr;
    fn sub(self, rhs: AffineExpr) -> AffineExpr {
        self + (-rhs)
    }
}

/// `self mod rhs`, simplified.
impl Rem for AffineExpr {
    type Output = AffineExpr;
    fn rem(self, rhs: AffineExpr) -> AffineExpr {
        simplify_mod(&self, &rhs).unwrap_or_else(|| bin(AffineExpr::Mod, self, rhs))
    }
}

impl Rem<i64> for AffineExpr {
    type Output = AffineExpr;
    fn rem(self, rhs: i64) -> AffineExpr {
        self % c(rhs)
    }
}

/// Two dims, or two symbols, with the higher position first: mlir-opt 22
/// swaps those operands of a sum or product (and no other pairs).
fn out_of_order(lhs: &AffineExpr, rhs: &AffineExpr) -> bool {
    match (lhs, rhs) {
        (AffineExpr::Dim(a), AffineExpr::Dim(b)) | (AffineExpr::Symbol(a), AffineExpr::Symbol(b)) => a > b,
        _ => false,
    }
}

/// The rules of MLIR's `simplifyAdd`, tried in its order; `None` keeps
/// `lhs + rhs` as is.
fn simplify_add(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let (lc, rc) = (lhs.as_const(), rhs.as_const());
    if let (Some(a), Some(b)) = (lc, rc) {
        // An overflowing sum of two constants is kept unfolded, in place.
        return a.checked_add(b).map(c);
    }
    // Constants go right; a symbolic term goes right of a dim-dependent one;
    // `d1 + d0` becomes `d0 + d1`.
    if lc.is_some() || (lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant()) || out_of_order(lhs, rhs) {
        return Some(rhs.clone() + lhs.clone());
    }
    if rc == Some(0) {
        return Some(lhs.clone());
    }
    // (e + c1) + c2 -> e + (c1 + c2)
    if let (Some((ll, lr)), Some(b)) = (lhs.as_add(), rc) {
        if let Some(a) = lr.as_const() {
            return Some(ll.clone() + a.wrapping_add(b));
        }
    }
    // c1 * e + c2 * e -> e * (c1 + c2); a bare term counts as `e * 1`.
    let split = |e: &AffineExpr| -> (AffineExpr, i64) {
        match e.as_mul() {
            Some((l, r)) if r.is_const() => (l.clone(), r.as_const().unwrap()),
            _ => (e.clone(), 1),
        }
    };
    let (first, c1) = split(lhs);
    let (second, c2) = split(rhs);
    if first == second {
        return Some(first * c1.wrapping_add(c2));
    }
    // (e + c) + f -> (e + f) + c
    if let Some((ll, lr)) = lhs.as_add() {
        if lr.is_const() {
            return Some((ll.clone() + rhs.clone()) + lr.clone());
        }
    }
    // e - (e floordiv q) * q -> e mod q. The product comes either as
    // `((e floordiv q) * q) * -1` (q symbolic) or `(e floordiv q) * -c`.
    let (rl, rr) = rhs.as_binary()?;
    if rr.as_const() == Some(-1) {
        // mlir-opt 22 does not check that `rhs` is a product here, so
        // `((e floordiv q) * q) mod -1` matches too.
        if let Some((q_div, q)) = rl.as_mul() {
            let (e, q2) = q_div.as_floor_div()?;
            if q2 == q && lhs == e {
                return Some(lhs.clone() % q.clone());
            }
        }
    }
    rhs.as_mul()?;
    let (e, q) = rl.as_floor_div()?;
    // A mod by a nonpositive constant (or a symbol) is not formed.
    if q.as_const().is_some_and(|q| q > 0) && lhs == e && *q == -(rr.clone()) {
        return Some(lhs.clone() % q.clone());
    }
    // (a + b) + (e floordiv q) * k -> a + (b + (e floordiv q) * k) whenever
    // the inner sum simplifies at all (meant for `(a + e) - (e floordiv c)
    // * c`, but any rule counts, the operand swap included).
    let (ll, lr) = lhs.as_add()?;
    let inner = simplify_add(lr, rhs)?;
    Some(ll.clone() + inner)
}

/// MLIR's `simplifyMul`.
fn simplify_mul(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let (lc, rc) = (lhs.as_const(), rhs.as_const());
    if let (Some(a), Some(b)) = (lc, rc) {
        return a.checked_mul(b).map(c);
    }
    // A product of two non-symbolic terms is not affine (the parser refuses
    // it); an analysis that renames symbols to dims can still build one,
    // and it is kept as it is rather than swapped back and forth.
    if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
        return None;
    }
    // The constant, else the symbolic side, goes right; `s1 * s0` becomes
    // `s0 * s1`.
    if !rhs.is_symbolic_or_constant() || lc.is_some() || out_of_order(lhs, rhs) {
        return Some(rhs.clone() * lhs.clone());
    }
    match rc {
        Some(1) => return Some(lhs.clone()),
        Some(0) => return Some(c(0)),
        _ => {}
    }
    if let Some((ll, lr)) = lhs.as_mul() {
        if let Some(a) = lr.as_const() {
            // (e * c1) * c2 -> e * (c1 * c2)
            if let Some(b) = rc {
                return Some(ll.clone() * a.wrapping_mul(b));
            }
            // (e * c) * f -> (e * f) * c
            return Some((ll.clone() * rhs.clone()) * lr.clone());
        }
    }
    None
}

/// MLIR's `simplifyFloorDiv`: only nonzero constant divisors simplify (in
/// mlir-opt 22 negative ones too, unlike `mod`).
fn simplify_floor_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let d = rhs.as_const().filter(|&d| d != 0)?;
    if let Some(a) = lhs.as_const() {
        return floor_div_i64(a, d).map(c);
    }
    if d == 1 {
        return Some(lhs.clone());
    }
    // (e * c) floordiv d -> e * (c / d) when d divides c.
    if let Some((ll, lr)) = lhs.as_mul() {
        if let Some(k) = lr.as_const() {
            if k.wrapping_rem(d) == 0 {
                return Some(ll.clone() * k.wrapping_div(d));
            }
        }
    }
    // (a + b) floordiv d splits when d divides a or b.
    if let Some((ll, lr)) = lhs.as_add() {
        if ll.largest_known_divisor().wrapping_rem(d) == 0 || lr.largest_known_divisor().wrapping_rem(d) == 0 {
            return Some(ll.clone().floor_div(c(d)) + lr.clone().floor_div(c(d)));
        }
    }
    None
}

/// MLIR's `simplifyCeilDiv`.
fn simplify_ceil_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let d = rhs.as_const().filter(|&d| d != 0)?;
    if let Some(a) = lhs.as_const() {
        return ceil_div_i64(a, d).map(c);
    }
    if d == 1 {
        return Some(lhs.clone());
    }
    if let Some((ll, lr)) = lhs.as_mul() {
        if let Some(k) = lr.as_const() {
            if k.wrapping_rem(d) == 0 {
                return Some(ll.clone() * k.wrapping_div(d));
            }
        }
    }
    None
}

/// MLIR's `simplifyMod`.
fn simplify_mod(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let d = rhs.as_const().filter(|&d| d >= 1)?;
    if let Some(a) = lhs.as_const() {
        return Some(c(a.rem_euclid(d)));
    }
    if lhs.largest_known_divisor().wrapping_rem(d) == 0 {
        return Some(c(0));
    }
    match lhs {
        // (a + b) mod d drops a summand that d divides.
        AffineExpr::Add(ll, lr) => {
            if ll.largest_known_divisor().wrapping_rem(d) == 0 {
                return Some((**lr).clone() % d);
            }
            if lr.largest_known_divisor().wrapping_rem(d) == 0 {
                return Some((**ll).clone() % d);
            }
        }
        // (e mod k) mod d -> e mod d when d divides k.
        AffineExpr::Mod(ll, lr) => {
            if let Some(k) = lr.as_const() {
                if k >= 1 && k.rem_euclid(d) == 0 {
                    return Some((**ll).clone() % d);
                }
            }
        }
        _ => {}
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printer::print_affine_expr_str as show;

    fn d(i: u32) -> AffineExpr {
        AffineExpr::Dim(i)
    }
    fn s(i: u32) -> AffineExpr {
        AffineExpr::Symbol(i)
    }

    #[test]
    fn constants_fold_and_move_right() {
        assert_eq!(c(2) + c(3), c(5));
        assert_eq!(show(&(c(4) + d(0))), "d0 + 4");
        assert_eq!(show(&(s(0) + d(0))), "d0 + s0");
        assert_eq!(show(&(d(1) + d(0))), "d0 + d1");
        assert_eq!(show(&(s(1) + s(0))), "s0 + s1");
        assert_eq!(show(&((d(2) + d(1)) + d(0))), "d1 + d2 + d0");
        assert_eq!(show(&(d(1) * 2 + d(0))), "d1 * 2 + d0");
        assert_eq!(show(&((d(0) + 2) + 3)), "d0 + 5");
        assert_eq!(show(&((d(0) + 2) + d(1))), "d0 + d1 + 2");
        assert_eq!(d(0) + 0, d(0));
        assert_eq!(show(&(c(i64::MAX) + c(1))), "9223372036854775807 + 1");
        assert_eq!(show(&((d(0) + 2) + i64::MAX)), "d0 - 9223372036854775807");
        assert_eq!(show(&-c(i64::MIN)), "--9223372036854775808");
    }

    #[test]
    fn products() {
        assert_eq!(show(&(c(3) * d(0))), "d0 * 3");
        assert_eq!(show(&((d(0) * 2) * 3)), "d0 * 6");
        assert_eq!(show(&((d(0) * 2) * s(0))), "(d0 * s0) * 2");
        assert_eq!(show(&(s(0) * d(0))), "d0 * s0");
        assert_eq!(show(&(s(1) * s(0))), "s0 * s1");
        assert_eq!(d(0) * 1, d(0));
        // The affine product by zero is what is under test, not an integer one.
        #[allow(clippy::erasing_op)]
        let times_zero = d(0) * 0;
        assert_eq!(times_zero, c(0));
        assert_eq!(show(&-d(1)), "-d1");
        assert_eq!(-c(5), c(-5));
    }

    #[test]
    fn like_terms_merge() {
        assert_eq!(show(&(d(0) * 2 + d(0) * 3)), "d0 * 5");
        assert_eq!(show(&(d(0) + d(0))), "d0 * 2");
        assert_eq!(d(0) - d(0), c(0));
    }

    #[test]
    fn mod_from_floordiv() {
        let e = d(0) - d(0).floor_div(c(4)) * 4;
        assert_eq!(show(&e), "d0 mod 4");
        let e = d(0) - d(0).floor_div(s(0)) * s(0);
        assert_eq!(show(&e), "d0 mod s0");
        // Not with a negative divisor.
        let e = d(0) - d(0).floor_div(c(-4)) * -4;
        assert_eq!(show(&e), "d0 + (d0 floordiv -4) * 4");
        // Inside a sum: (s0 + s1) - (s1 floordiv 4) * 4.
        let e = (d(0) + s(0)) - s(0).floor_div(c(4)) * 4;
        assert_eq!(show(&e), "d0 + s0 mod 4");
        // The same path reassociates on any inner simplification.
        let e = (d(1) + s(1)) - d(0).floor_div(c(2));
        assert_eq!(show(&e), "d1 + -(d0 floordiv 2) + s1");
        let e = (d(1) + d(0).floor_div(c(2))) + d(0).floor_div(c(2)) * 3;
        assert_eq!(show(&e), "d1 + (d0 floordiv 2) * 4");
        // The other order is not recognised by the reference either.
        let e = d(0).floor_div(c(4)) * 4 + d(0) % 4;
        assert_eq!(show(&e), "(d0 floordiv 4) * 4 + d0 mod 4");
    }

    #[test]
    fn divisions() {
        assert_eq!(c(-7).floor_div(c(2)), c(-4));
        assert_eq!(c(-7).ceil_div(c(2)), c(-3));
        assert_eq!(c(7).ceil_div(c(2)), c(4));
        assert_eq!(c(-7) % c(3), c(2));
        assert_eq!(show(&(d(0) * 128).floor_div(c(64))), "d0 * 2");
        assert_eq!(show(&(d(0) * 128).ceil_div(c(64))), "d0 * 2");
        assert_eq!(show(&(d(0) * 4 + d(1)).floor_div(c(4))), "d0 + d1 floordiv 4");
        assert_eq!(show(&d(0).floor_div(c(0))), "d0 floordiv 0");
        assert_eq!(show(&d(0).floor_div(c(-2))), "d0 floordiv -2");
        assert_eq!(c(7).floor_div(c(-2)), c(-4));
        assert_eq!(c(7).ceil_div(c(-2)), c(-3));
        assert_eq!(show(&(d(0) * 4 + d(1)).floor_div(c(-2))), "d0 * -2 + d1 floordiv -2");
        assert_eq!(show(&c(i64::MIN).floor_div(c(-1))), "-9223372036854775808 floordiv -1");
        assert_eq!(show(&(c(7) % c(-2))), "7 mod -2");
        assert_eq!((d(0) * 128) % 64, c(0));
        assert_eq!(show(&((d(0) * 4 + d(1)) % 4)), "d1 mod 4");
        assert_eq!(show(&((d(0) % 8) % 4)), "d0 mod 4");
        assert_eq!(show(&((d(0) % 6) % 4)), "(d0 mod 6) mod 4");
        assert_eq!(d(0).floor_div(c(4)).largest_known_divisor(), 1);
        assert_eq!((d(0) * 8).floor_div(c(4)).largest_known_divisor(), 2);
    }
}
