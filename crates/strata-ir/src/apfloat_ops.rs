//! Float arithmetic on bit patterns with LLVM `APFloat` semantics in
//! round-to-nearest-even: add, subtract, multiply, divide and `fmod` are
//! computed exactly on rationals and rounded once into the format, so every
//! format (f16, bf16, f32, f64, f8 variants, ...) rounds as APFloat does.
//!
//! Special values follow APFloat: a NaN operand propagates (the left one
//! first), quieted, with its sign and payload; invalid operations (`inf -
//! inf`, `0 * inf`, `0 / 0`, `x mod 0`) give the format's default NaN; an
//! exact zero sum is `+0` unless both addends are `-0`.

use std::cmp::Ordering;

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Signed, Zero};

use crate::apfloat::{self, decode, encode_rational, Decoded};
use crate::apint::ApInt;
use crate::types::FloatKind;

/// A finite nonzero value as `num * 2^exp` with a signed integer `num`.
struct Exact {
    num: BigInt,
    exp: i64,
}

fn exact(negative: bool, mantissa: u128, exponent: i32) -> Exact {
    let m = BigInt::from(mantissa);
    Exact { num: if negative { -m } else { m }, exp: exponent as i64 }
}

/// Rounds `num * 2^exp` into `kind`; `zero_negative` is the sign of an
/// exact zero.
fn round(kind: FloatKind, num: &BigInt, exp: i64, zero_negative: bool) -> u128 {
    let negative = if num.is_zero() { zero_negative } else { num.sign() == Sign::Minus };
    let mag: BigUint = num.magnitude().clone();
    let (n, d) =
        if exp >= 0 { (mag << exp as usize, BigUint::one()) } else { (mag, BigUint::one() << (-exp) as usize) };
    encode_rational(kind, negative, &n, &d)
}

fn zero(kind: FloatKind, negative: bool) -> u128 {
    encode_rational(kind, negative, &BigUint::zero(), &BigUint::one())
}

fn inf(kind: FloatKind, negative: bool) -> u128 {
    apfloat::inf_bits(kind, negative).unwrap_or_else(|| apfloat::nan_bits(kind))
}

pub fn is_nan(kind: FloatKind, bits: u128) -> bool {
    decode(kind, bits) == Decoded::NaN
}

/// The sign bit (NaNs included).
pub fn is_negative(kind: FloatKind, bits: u128) -> bool {
    bits & apfloat::sign_mask(kind) != 0
}

/// The NaN operand a binary operation propagates, if any.
fn propagate_nan(kind: FloatKind, a: u128, b: u128) -> Option<u128> {
    if is_nan(kind, a) {
        Some(apfloat::quiet_nan(kind, a))
    } else if is_nan(kind, b) {
        Some(apfloat::quiet_nan(kind, b))
    } else {
        None
    }
}

pub fn neg(kind: FloatKind, a: u128) -> u128 {
    if apfloat::has_no_negative_zero(kind) && matches!(decode(kind, a), Decoded::Zero { .. } | Decoded::NaN) {
        return a;
    }
    a ^ apfloat::sign_mask(kind)
}

pub fn add(kind: FloatKind, a: u128, b: u128) -> u128 {
    if let Some(n) = propagate_nan(kind, a, b) {
        return n;
    }
    match (decode(kind, a), decode(kind, b)) {
        (Decoded::Inf { negative: x }, Decoded::Inf { negative: y }) => {
            if x == y {
                a
            } else {
                apfloat::nan_bits(kind)
            }
        }
        (Decoded::Inf { .. }, _) => a,
        (_, Decoded::Inf { .. }) => b,
        (Decoded::Zero { negative: x }, Decoded::Zero { negative: y }) => zero(kind, x && y),
        (Decoded::Zero { .. }, _) => b,
        (_, Decoded::Zero { .. }) => a,
        (
            Decoded::Finite { negative: na, mantissa: ma, exponent: ea },
            Decoded::Finite { negative: nb, mantissa: mb, exponent: eb },
        ) => {
            let (x, y) = (exact(na, ma, ea), exact(nb, mb, eb));
            let e = x.exp.min(y.exp);
            let sum = (x.num << (x.exp - e) as usize) + (y.num << (y.exp - e) as usize);
            round(kind, &sum, e, false)
        }
        _ => apfloat::nan_bits(kind),
    }
}

pub fn sub(kind: FloatKind, a: u128, b: u128) -> u128 {
    if let Some(n) = propagate_nan(kind, a, b) {
        return n;
    }
    add(kind, a, neg(kind, b))
}

pub fn mul(kind: FloatKind, a: u128, b: u128) -> u128 {
    if let Some(n) = propagate_nan(kind, a, b) {
        return n;
    }
    let sign = is_negative(kind, a) != is_negative(kind, b);
    match (decode(kind, a), decode(kind, b)) {
        (Decoded::Inf { .. }, Decoded::Zero { .. }) | (Decoded::Zero { .. }, Decoded::Inf { .. }) => {
            apfloat::nan_bits(kind)
        }
        (Decoded::Inf { .. }, _) | (_, Decoded::Inf { .. }) => inf(kind, sign),
        (Decoded::Zero { .. }, _) | (_, Decoded::Zero { .. }) => zero(kind, sign),
        (
            Decoded::Finite { negative: na, mantissa: ma, exponent: ea },
            Decoded::Finite { negative: nb, mantissa: mb, exponent: eb },
        ) => {
            let (x, y) = (exact(na, ma, ea), exact(nb, mb, eb));
            round(kind, &(x.num * y.num), x.exp + y.exp, sign)
        }
        _ => apfloat::nan_bits(kind),
    }
}

pub fn div(kind: FloatKind, a: u128, b: u128) -> u128 {
    if let Some(n) = propagate_nan(kind, a, b) {
        return n;
    }
    let sign = is_negative(kind, a) != is_negative(kind, b);
    match (decode(kind, a), decode(kind, b)) {
        (Decoded::Inf { .. }, Decoded::Inf { .. }) | (Decoded::Zero { .. }, Decoded::Zero { .. }) => {
            apfloat::nan_bits(kind)
        }
        (Decoded::Inf { .. }, _) | (_, Decoded::Zero { .. }) => inf(kind, sign),
        (Decoded::Zero { .. }, _) | (_, Decoded::Inf { .. }) => zero(kind, sign),
        (Decoded::Finite { mantissa: ma, exponent: ea, .. }, Decoded::Finite { mantissa: mb, exponent: eb, .. }) => {
            // |a/b| = (ma / mb) * 2^(ea - eb), rounded once.
            let (mut n, mut d) = (BigUint::from(ma), BigUint::from(mb));
            let e = ea as i64 - eb as i64;
            if e >= 0 {
                n <<= e as usize;
            } else {
                d <<= (-e) as usize;
            }
            encode_rational(kind, sign, &n, &d)
        }
        _ => apfloat::nan_bits(kind),
    }
}

/// `fmod`: `a - trunc(a / b) * b`, exact, with the sign of `a`.
pub fn rem(kind: FloatKind, a: u128, b: u128) -> u128 {
    if let Some(n) = propagate_nan(kind, a, b) {
        return n;
    }
    match (decode(kind, a), decode(kind, b)) {
        (Decoded::Inf { .. }, _) | (_, Decoded::Zero { .. }) => apfloat::nan_bits(kind),
        (Decoded::Zero { .. }, _) | (_, Decoded::Inf { .. }) => a,
        (
            Decoded::Finite { negative: na, mantissa: ma, exponent: ea },
            Decoded::Finite { mantissa: mb, exponent: eb, .. },
        ) => {
            let e = (ea as i64).min(eb as i64);
            let x = BigUint::from(ma) << (ea as i64 - e) as usize;
            let y = BigUint::from(mb) << (eb as i64 - e) as usize;
            let r = BigInt::from(x % y);
            round(kind, &if na { -r } else { r }, e, na)
        }
        _ => apfloat::nan_bits(kind),
    }
}

/// Ordering of two values; `None` when either is NaN (zeros compare equal).
pub fn compare(kind: FloatKind, a: u128, b: u128) -> Option<Ordering> {
    let key = |bits: u128| -> Option<(i8, Option<Exact>)> {
        Some(match decode(kind, bits) {
            Decoded::NaN => return None,
            Decoded::Inf { negative } => (if negative { -2 } else { 2 }, None),
            Decoded::Zero { .. } => (0, None),
            Decoded::Finite { negative, mantissa, exponent } => {
                (if negative { -1 } else { 1 }, Some(exact(negative, mantissa, exponent)))
            }
        })
    };
    let (ka, kb) = (key(a)?, key(b)?);
    match (ka.1, kb.1) {
        (Some(x), Some(y)) => {
            let e = x.exp.min(y.exp);
            Some((x.num << (x.exp - e) as usize).cmp(&(y.num << (y.exp - e) as usize)))
        }
        _ => Some(ka.0.cmp(&kb.0)),
    }
}

fn is_zero(kind: FloatKind, a: u128) -> bool {
    matches!(decode(kind, a), Decoded::Zero { .. })
}

/// IEEE 754-2019 `maximum` (LLVM's `llvm::maximum`): NaN wins, `+0 > -0`.
pub fn maximum(kind: FloatKind, a: u128, b: u128) -> u128 {
    if let Some(n) = propagate_nan(kind, a, b) {
        return n;
    }
    if is_zero(kind, a) && is_zero(kind, b) && is_negative(kind, a) != is_negative(kind, b) {
        return if is_negative(kind, a) { b } else { a };
    }
    if compare(kind, a, b) == Some(Ordering::Less) {
        b
    } else {
        a
    }
}

/// `minimum`: NaN wins, `-0 < +0`.
pub fn minimum(kind: FloatKind, a: u128, b: u128) -> u128 {
    if let Some(n) = propagate_nan(kind, a, b) {
        return n;
    }
    if is_zero(kind, a) && is_zero(kind, b) && is_negative(kind, a) != is_negative(kind, b) {
        return if is_negative(kind, a) { a } else { b };
    }
    if compare(kind, b, a) == Some(Ordering::Less) {
        b
    } else {
        a
    }
}

/// `maxNum` (LLVM's `llvm::maxnum`): a NaN operand yields the other one.
pub fn maxnum(kind: FloatKind, a: u128, b: u128) -> u128 {
    if is_nan(kind, a) {
        return if is_nan(kind, b) { apfloat::quiet_nan(kind, a) } else { b };
    }
    if is_nan(kind, b) {
        return a;
    }
    maximum(kind, a, b)
}

/// `minNum`: a NaN operand yields the other one.
pub fn minnum(kind: FloatKind, a: u128, b: u128) -> u128 {
    if is_nan(kind, a) {
        return if is_nan(kind, b) { apfloat::quiet_nan(kind, a) } else { b };
    }
    if is_nan(kind, b) {
        return a;
    }
    minimum(kind, a, b)
}

/// Converts to another format when no information is lost and no
/// exception is raised (what MLIR's `extf`/`truncf` folders require).
pub fn convert_exact(from: FloatKind, to: FloatKind, bits: u128) -> Option<u128> {
    match decode(from, bits) {
        Decoded::NaN => {
            // Only IEEE-to-IEEE NaNs keep a payload APFloat can move.
            if !apfloat::is_ieee_like(from) || !apfloat::is_ieee_like(to) || apfloat::is_signaling_nan(from, bits) {
                return None;
            }
            if from == FloatKind::F80 || to == FloatKind::F80 {
                return None;
            }
            let (fm, tm) = (apfloat::mantissa_bits(from), apfloat::mantissa_bits(to));
            let payload = bits & ((1u128 << fm) - 1);
            let moved = if tm >= fm {
                payload << (tm - fm)
            } else {
                if payload & ((1u128 << (fm - tm)) - 1) != 0 {
                    return None;
                }
                payload >> (fm - tm)
            };
            let sign = if is_negative(from, bits) { apfloat::sign_mask(to) } else { 0 };
            let exp_all_ones = apfloat::inf_bits(to, false)?;
            Some(sign | exp_all_ones | moved)
        }
        Decoded::Inf { negative } => apfloat::inf_bits(to, negative),
        Decoded::Zero { negative } => {
            if negative && apfloat::has_no_negative_zero(to) {
                return None;
            }
            Some(zero(to, negative))
        }
        Decoded::Finite { negative, mantissa, exponent } => {
            let x = exact(negative, mantissa, exponent);
            let r = round(to, &x.num, x.exp, negative);
            let Decoded::Finite { negative: n2, mantissa: m2, exponent: e2 } = decode(to, r) else { return None };
            let y = exact(n2, m2, e2);
            let e = x.exp.min(y.exp);
            ((x.num << (x.exp - e) as usize) == (y.num << (y.exp - e) as usize)).then_some(r)
        }
    }
}

/// An integer converted to a float, rounded to nearest even.
pub fn from_apint(kind: FloatKind, value: &ApInt, signed: bool) -> u128 {
    let v = if signed { value.to_bigint() } else { BigInt::from(value.to_biguint()) };
    round(kind, &v, 0, false)
}

/// A float truncated toward zero to a `width`-bit integer; `None` when it
/// is NaN, infinite or out of range (APFloat's `opInvalidOp`).
pub fn to_apint(kind: FloatKind, bits: u128, width: u32, signed: bool) -> Option<ApInt> {
    let v = match decode(kind, bits) {
        Decoded::Zero { .. } => BigInt::zero(),
        Decoded::Finite { negative, mantissa, exponent } => {
            let m = BigInt::from(mantissa);
            let t = if exponent >= 0 { m << exponent as usize } else { m >> (-exponent) as usize };
            if negative {
                -t
            } else {
                t
            }
        }
        _ => return None,
    };
    let fits = if signed {
        let half = BigInt::one() << (width.max(1) - 1) as usize;
        width > 0 && v >= -half.clone() && v < half
    } else {
        !v.is_negative() && v.bits() <= width as u64
    };
    fits.then(|| ApInt::from_bigint(width, &v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::apfloat::parse_decimal;

    fn f32b(v: f32) -> u128 {
        v.to_bits() as u128
    }
    fn f16(text: &str) -> u128 {
        parse_decimal(FloatKind::F16, text).unwrap()
    }

    #[test]
    fn f32_matches_hardware() {
        let vals = [0.1f32, -2.5, 3.0e38, 1.0e-45, -0.0, 0.0, 7.0, f32::INFINITY, f32::NEG_INFINITY, 1.5e-39];
        for &x in &vals {
            for &y in &vals {
                let k = FloatKind::F32;
                let check = |got: u128, want: f32| {
                    if want.is_nan() {
                        assert!(is_nan(k, got), "{x} {y}");
                    } else {
                        assert_eq!(got, f32b(want), "{x} {y}");
                    }
                };
                check(add(k, f32b(x), f32b(y)), x + y);
                check(sub(k, f32b(x), f32b(y)), x - y);
                check(mul(k, f32b(x), f32b(y)), x * y);
                check(div(k, f32b(x), f32b(y)), x / y);
                check(rem(k, f32b(x), f32b(y)), x % y);
                assert_eq!(compare(k, f32b(x), f32b(y)), x.partial_cmp(&y));
            }
        }
    }

    #[test]
    fn nan_propagation_keeps_sign_and_payload() {
        let k = FloatKind::F32;
        let nn = 0xFFC0_0001;
        assert_eq!(mul(k, f32b(2.0), nn), nn);
        assert_eq!(add(k, 0x7F80_0001, f32b(2.0)), 0x7FC0_0001);
        assert_eq!(neg(k, nn), 0x7FC0_0001);
        assert_eq!(add(k, f32b(f32::INFINITY), f32b(f32::NEG_INFINITY)), 0x7FC0_0000);
        assert_eq!(maxnum(k, f32b(2.0), 0x7F80_0001), f32b(2.0));
        assert_eq!(maximum(k, f32b(2.0), nn), nn);
        assert_eq!(minimum(k, f32b(-0.0), f32b(0.0)), f32b(-0.0));
        assert_eq!(maxnum(k, f32b(-0.0), f32b(0.0)), f32b(0.0));
    }

    #[test]
    fn narrow_formats_round_once() {
        // 1e-3 / 3 in f16 is 3.335480e-04 (mlir-opt).
        assert_eq!(div(FloatKind::F16, f16("1.0e-3"), f16("3.0")), f16("3.335480e-04"));
        let bf = |t: &str| parse_decimal(FloatKind::BF16, t).unwrap();
        assert_eq!(div(FloatKind::BF16, bf("1.0e-3"), bf("3.0")), bf("3.337860e-04"));
        assert_eq!(add(FloatKind::F16, f16("65504"), f16("65504")), 0x7C00);
    }

    #[test]
    fn conversions() {
        assert_eq!(convert_exact(FloatKind::F32, FloatKind::F64, f32b(0.1)), Some((0.1f32 as f64).to_bits() as u128));
        assert_eq!(convert_exact(FloatKind::F64, FloatKind::F32, 0.1f64.to_bits() as u128), None);
        assert_eq!(convert_exact(FloatKind::F64, FloatKind::F32, 0.5f64.to_bits() as u128), Some(f32b(0.5)));
        assert_eq!(convert_exact(FloatKind::F32, FloatKind::F64, 0x7FC0_0001), Some(0x7FF8_0000_2000_0000));
        assert_eq!(to_apint(FloatKind::F32, f32b(-0.5), 8, false), Some(ApInt::zero(8)));
        assert_eq!(to_apint(FloatKind::F32, f32b(-1.5), 8, false), None);
        assert_eq!(to_apint(FloatKind::F32, f32b(-128.9), 8, true), Some(ApInt::from_i64(8, -128)));
        assert_eq!(to_apint(FloatKind::F32, f32b(128.0), 8, true), None);
        assert_eq!(from_apint(FloatKind::F32, &ApInt::from_i64(8, -1), false), f32b(255.0));
        assert_eq!(from_apint(FloatKind::F32, &ApInt::from_i64(8, -1), true), f32b(-1.0));
    }
}
