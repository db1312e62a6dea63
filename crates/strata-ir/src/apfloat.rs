//! Floating-point formats as bit patterns, with exact conversions
//! (MLIR's `APFloat`, for the parts the text format needs).
//!
//! Float attributes store the raw bits of their format. Decoding gives the
//! exact value as `mantissa * 2^exponent`; encoding rounds an exact rational
//! to nearest-even, so converting `f64` values or decimal strings into
//! `f16` or `f8E4M3FN` gives the same bits as LLVM's APFloat. Decimal text
//! (parsing literals, printing as MLIR does) lives in `apfloat_text`.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::types::FloatKind;

pub use crate::apfloat_text::{hex_literal, parse_decimal, parse_literal, to_mlir_string};

/// How a format spends its special encodings.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum NonFinite {
    /// IEEE 754: all-ones exponent is inf (mantissa 0) or NaN.
    Ieee,
    /// No infinities; NaN is all-ones exponent and mantissa (`...FN`).
    NanOnlyAllOnes,
    /// No infinities, no negative zero; NaN is the sign bit alone (`...FNUZ`).
    NegZeroNan,
    /// No infinities and no NaN at all (`f4E2M1FN`, `f6*FN`).
    FiniteOnly,
}

#[derive(Copy, Clone, Debug)]
struct Semantics {
    exp_bits: u32,
    /// Explicitly stored mantissa bits.
    man_bits: u32,
    bias: i32,
    non_finite: NonFinite,
    /// x87 80-bit: the integer bit is stored explicitly.
    explicit_int_bit: bool,
    /// `f8E8M0FNU`: no sign bit, no mantissa, no zero.
    unsigned_exponent_only: bool,
}

impl Semantics {
    fn of(kind: FloatKind) -> Semantics {
        let s = |exp_bits, man_bits, bias, non_finite| Semantics {
            exp_bits,
            man_bits,
            bias,
            non_finite,
            explicit_int_bit: false,
            unsigned_exponent_only: false,
        };
        use NonFinite::*;
        match kind {
            FloatKind::F16 => s(5, 10, 15, Ieee),
            FloatKind::BF16 => s(8, 7, 127, Ieee),
            FloatKind::TF32 => s(8, 10, 127, Ieee),
            FloatKind::F32 => s(8, 23, 127, Ieee),
            FloatKind::F64 => s(11, 52, 1023, Ieee),
            FloatKind::F128 => s(15, 112, 16383, Ieee),
            FloatKind::F80 => Semantics { explicit_int_bit: true, ..s(15, 64, 16383, Ieee) },
            FloatKind::F8E5M2 => s(5, 2, 15, Ieee),
            FloatKind::F8E4M3 => s(4, 3, 7, Ieee),
            FloatKind::F8E3M4 => s(3, 4, 3, Ieee),
            FloatKind::F8E4M3FN => s(4, 3, 7, NanOnlyAllOnes),
            FloatKind::F8E5M2FNUZ => s(5, 2, 16, NegZeroNan),
            FloatKind::F8E4M3FNUZ => s(4, 3, 8, NegZeroNan),
            FloatKind::F8E4M3B11FNUZ => s(4, 3, 11, NegZeroNan),
            FloatKind::F6E2M3FN => s(2, 3, 1, FiniteOnly),
            FloatKind::F6E3M2FN => s(3, 2, 3, FiniteOnly),
            FloatKind::F4E2M1FN => s(2, 1, 1, FiniteOnly),
            FloatKind::F8E8M0FNU => Semantics { unsigned_exponent_only: true, ..s(8, 0, 127, NanOnlyAllOnes) },
        }
    }

    /// Significand precision in bits, counting the leading one.
    fn precision(&self) -> u32 {
        if self.explicit_int_bit {
            self.man_bits
        } else {
            self.man_bits + 1
        }
    }

    fn sign_shift(&self) -> u32 {
        self.exp_bits + self.man_bits
    }

    fn max_biased_exp(&self) -> i64 {
        (1i64 << self.exp_bits) - 1
    }

    /// Largest unbiased exponent of a finite value.
    fn max_exp(&self) -> i32 {
        let top = self.max_biased_exp() as i32;
        match self.non_finite {
            NonFinite::Ieee => top - 1 - self.bias,
            _ => top - self.bias,
        }
    }

    /// Smallest unbiased exponent of a normal value (APFloat's
    /// `minExponent`). `f8E8M0FNU` has no subnormals: its exponent field 0
    /// is the value 2^-127 itself.
    fn min_exp(&self) -> i32 {
        if self.unsigned_exponent_only {
            -self.bias
        } else {
            1 - self.bias
        }
    }

    /// Largest mantissa field allowed with the largest exponent.
    fn max_mantissa_at_max_exp(&self) -> u128 {
        let all = (1u128 << self.man_bits) - 1;
        match self.non_finite {
            NonFinite::NanOnlyAllOnes if !self.unsigned_exponent_only => all - 1,
            NonFinite::NanOnlyAllOnes => 0, // E8M0: 0xFF is NaN, handled by max_exp
            _ => all,
        }
    }
}

/// The exact value a bit pattern stands for.
#[derive(Clone, Debug, PartialEq)]
pub enum Decoded {
    Zero {
        negative: bool,
    },
    Inf {
        negative: bool,
    },
    NaN,
    /// `(-1)^negative * mantissa * 2^exponent`, mantissa > 0.
    Finite {
        negative: bool,
        mantissa: u128,
        exponent: i32,
    },
}

pub fn decode(kind: FloatKind, bits: u128) -> Decoded {
    let sem = Semantics::of(kind);
    if sem.unsigned_exponent_only {
        let e = (bits & 0xff) as i32;
        if e == 0xff {
            return Decoded::NaN;
        }
        return Decoded::Finite { negative: false, mantissa: 1, exponent: e - sem.bias };
    }
    let negative = (bits >> sem.sign_shift()) & 1 == 1;
    let exp_field = ((bits >> sem.man_bits) & ((1u128 << sem.exp_bits) - 1)) as i64;
    let man = bits & ((1u128 << sem.man_bits) - 1);
    if sem.explicit_int_bit {
        return decode_x87(negative, exp_field, man, &sem);
    }
    match sem.non_finite {
        NonFinite::Ieee if exp_field == sem.max_biased_exp() => {
            return if man == 0 { Decoded::Inf { negative } } else { Decoded::NaN };
        }
        NonFinite::NanOnlyAllOnes if exp_field == sem.max_biased_exp() && man == (1u128 << sem.man_bits) - 1 => {
            return Decoded::NaN;
        }
        NonFinite::NegZeroNan if negative && exp_field == 0 && man == 0 => return Decoded::NaN,
        _ => {}
    }
    if exp_field == 0 {
        if man == 0 {
            return Decoded::Zero { negative };
        }
        return Decoded::Finite { negative, mantissa: man, exponent: sem.min_exp() - sem.man_bits as i32 };
    }
    Decoded::Finite {
        negative,
        mantissa: man | (1u128 << sem.man_bits),
        exponent: exp_field as i32 - sem.bias - sem.man_bits as i32,
    }
}

/// x87 80-bit values, classified as LLVM's `initFromF80LongDoubleAPInt`
/// does: the integer bit is stored, so some patterns Intel hardware rejects
/// exist. Infinity needs exactly the integer bit; pseudo-infinity (all-ones
/// exponent, no integer bit), pseudo-NaN and unnormals (nonzero exponent,
/// no integer bit) are NaNs; a pseudo-denormal (zero exponent, integer bit
/// set) is an ordinary value with the smallest exponent.
fn decode_x87(negative: bool, exp_field: i64, man: u128, sem: &Semantics) -> Decoded {
    let int_bit = 1u128 << 63;
    if exp_field == 0 && man == 0 {
        return Decoded::Zero { negative };
    }
    if exp_field == sem.max_biased_exp() {
        return if man == int_bit { Decoded::Inf { negative } } else { Decoded::NaN };
    }
    if exp_field != 0 && man & int_bit == 0 {
        return Decoded::NaN;
    }
    let e = if exp_field == 0 { 1 - sem.bias } else { exp_field as i32 - sem.bias };
    Decoded::Finite { negative, mantissa: man, exponent: e - 63 }
}

/// The bits LLVM writes back for a NaN (`bitcastToAPInt`): the stored
/// pattern, except that an x87 NaN read from a pseudo-infinity or an
/// unnormal is written with the all-ones exponent.
pub fn nan_bits_as_written(kind: FloatKind, bits: u128) -> u128 {
    let sem = Semantics::of(kind);
    if !sem.explicit_int_bit {
        return bits;
    }
    let sign = bits & (1u128 << sem.sign_shift());
    sign | ((sem.max_biased_exp() as u128) << sem.man_bits) | (bits & ((1u128 << sem.man_bits) - 1))
}

/// The canonical quiet NaN of a format (what APFloat's `getNaN` gives).
pub fn nan_bits(kind: FloatKind) -> u128 {
    let sem = Semantics::of(kind);
    if sem.unsigned_exponent_only {
        return 0xff;
    }
    match sem.non_finite {
        NonFinite::Ieee => {
            let exp = ((1u128 << sem.exp_bits) - 1) << sem.man_bits;
            let quiet = if sem.explicit_int_bit { 3u128 << 62 } else { 1u128 << (sem.man_bits - 1) };
            exp | quiet
        }
        NonFinite::NanOnlyAllOnes => (1u128 << (sem.exp_bits + sem.man_bits)) - 1,
        NonFinite::NegZeroNan => 1u128 << sem.sign_shift(),
        NonFinite::FiniteOnly => 0,
    }
}

/// The NaN an overflow gives in a format without infinities, with the sign
/// where the format's NaN encoding has one.
fn nan_with_sign(kind: FloatKind, negative: bool) -> u128 {
    let sem = Semantics::of(kind);
    let sign = negative && sem.non_finite == NonFinite::NanOnlyAllOnes && !sem.unsigned_exponent_only;
    nan_bits(kind) | if sign { 1u128 << sem.sign_shift() } else { 0 }
}

/// True if every value of `a` is exactly a value of `b` (APFloat's
/// `isRepresentableBy`: no wider exponent range, no more precision).
pub fn is_representable_by(a: FloatKind, b: FloatKind) -> bool {
    let (sa, sb) = (Semantics::of(a), Semantics::of(b));
    sa.max_exp() <= sb.max_exp() && sa.min_exp() >= sb.min_exp() && sa.precision() <= sb.precision()
}

/// The sign bit of a format (0 for formats without one).
pub fn sign_mask(kind: FloatKind) -> u128 {
    let sem = Semantics::of(kind);
    if sem.unsigned_exponent_only {
        0
    } else {
        1u128 << sem.sign_shift()
    }
}

/// Explicitly stored mantissa bits of a format.
pub fn mantissa_bits(kind: FloatKind) -> u32 {
    Semantics::of(kind).man_bits
}

/// Significand precision in bits, counting the leading one (APFloat's
/// `semanticsPrecision`, MLIR's `FloatType::getFPMantissaWidth`).
pub fn precision(kind: FloatKind) -> u32 {
    Semantics::of(kind).precision()
}

/// Unbiased exponent of the largest finite value (`ilogb(getLargest())`).
pub fn max_exponent(kind: FloatKind) -> i32 {
    let sem = Semantics::of(kind);
    // f8E8M0FNU: the all-ones exponent is its NaN, the largest value one below.
    sem.max_exp() - i32::from(sem.unsigned_exponent_only)
}

/// True for formats with IEEE 754 infinities and NaNs.
pub fn is_ieee_like(kind: FloatKind) -> bool {
    Semantics::of(kind).non_finite == NonFinite::Ieee
}

/// True for formats without negative zero (`...FNUZ`, `f8E8M0FNU`).
pub fn has_no_negative_zero(kind: FloatKind) -> bool {
    let sem = Semantics::of(kind);
    sem.unsigned_exponent_only || sem.non_finite == NonFinite::NegZeroNan
}

/// A NaN with its quiet bit set (IEEE formats; other formats have one NaN).
pub fn quiet_nan(kind: FloatKind, bits: u128) -> u128 {
    let sem = Semantics::of(kind);
    if sem.non_finite != NonFinite::Ieee {
        return bits;
    }
    let quiet = if sem.explicit_int_bit { 1u128 << 62 } else { 1u128 << (sem.man_bits - 1) };
    bits | quiet
}

/// True for a signaling NaN (quiet bit clear) of an IEEE format.
pub fn is_signaling_nan(kind: FloatKind, bits: u128) -> bool {
    decode(kind, bits) == Decoded::NaN && quiet_nan(kind, bits) != bits
}

pub fn has_nan(kind: FloatKind) -> bool {
    Semantics::of(kind).non_finite != NonFinite::FiniteOnly
}

pub fn has_inf(kind: FloatKind) -> bool {
    Semantics::of(kind).non_finite == NonFinite::Ieee
}

pub fn inf_bits(kind: FloatKind, negative: bool) -> Option<u128> {
    let sem = Semantics::of(kind);
    if sem.non_finite != NonFinite::Ieee {
        return None;
    }
    let mut bits = ((1u128 << sem.exp_bits) - 1) << sem.man_bits;
    if sem.explicit_int_bit {
        bits |= 1u128 << 63;
    }
    if negative {
        bits |= 1u128 << sem.sign_shift();
    }
    Some(bits)
}

fn zero_bits(sem: &Semantics, negative: bool) -> u128 {
    if negative && sem.non_finite != NonFinite::NegZeroNan && !sem.unsigned_exponent_only {
        1u128 << sem.sign_shift()
    } else {
        0
    }
}

/// Rounds the exact value `num / den` (> 0 unless `num` is zero) to the
/// nearest representable value of `kind`, ties to even.
pub fn encode_rational(kind: FloatKind, negative: bool, num: &BigUint, den: &BigUint) -> u128 {
    let sem = Semantics::of(kind);
    if num.is_zero() {
        if sem.unsigned_exponent_only {
            return 0; // smallest value, 2^-127: E8M0 has no zero
        }
        return zero_bits(&sem, negative);
    }
    if sem.unsigned_exponent_only && negative {
        return nan_bits(kind);
    }
    let p = sem.precision() as i64;
    // e = floor(log2(num/den)).
    let mut e = num.bits() as i64 - den.bits() as i64;
    if scaled_cmp(num, den, e) < 0 {
        e -= 1;
    }
    let min_exp = sem.min_exp() as i64;
    let q = e.max(min_exp) - (p - 1); // weight of the last mantissa bit
                                      // m = num / (den * 2^q), rounded to nearest even.
    let (mut n, mut d) = (num.clone(), den.clone());
    if q >= 0 {
        d <<= q as usize;
    } else {
        n <<= (-q) as usize;
    }
    let m = &n / &d;
    let r = &n - &m * &d;
    let twice_r = &r << 1usize;
    let mut m = m.to_u128().unwrap_or(u128::MAX);
    match twice_r.cmp(&d) {
        std::cmp::Ordering::Greater => m += 1,
        std::cmp::Ordering::Equal if m & 1 == 1 => m += 1,
        _ => {}
    }
    let mut q = q;
    if m >> p != 0 {
        m >>= 1;
        q += 1;
    }
    let overflow_value = || -> u128 {
        match sem.non_finite {
            NonFinite::Ieee => inf_bits(kind, negative).unwrap(),
            NonFinite::FiniteOnly => {
                // Saturate: no infinity and no NaN to go to.
                let max = (((1u128 << sem.exp_bits) - 1) << sem.man_bits) | ((1u128 << sem.man_bits) - 1);
                max | if negative { 1u128 << sem.sign_shift() } else { 0 }
            }
            // APFloat's makeInf becomes makeNaN(sign) here: `...FN` NaNs
            // keep the sign (0x7F / 0xFF), `...FNUZ` have only one NaN.
            _ => nan_with_sign(kind, negative),
        }
    };
    if m == 0 {
        return zero_bits(&sem, negative);
    }
    let top_exp = q + p - 1; // exponent of the leading bit if normal
    if sem.unsigned_exponent_only {
        if top_exp > sem.max_exp() as i64 {
            return nan_bits(kind);
        }
        return (top_exp + sem.bias as i64).max(0) as u128;
    }
    let is_normal = m >> (p - 1) != 0;
    let bits = if is_normal {
        if top_exp > sem.max_exp() as i64 {
            return overflow_value();
        }
        let man_field = if sem.explicit_int_bit { m } else { m & ((1u128 << sem.man_bits) - 1) };
        if top_exp == sem.max_exp() as i64 && (m & ((1u128 << sem.man_bits) - 1)) > sem.max_mantissa_at_max_exp() {
            return overflow_value();
        }
        (((top_exp + sem.bias as i64) as u128) << sem.man_bits) | man_field
    } else {
        m // subnormal: exponent field zero
    };
    bits | if negative { 1u128 << sem.sign_shift() } else { 0 }
}

/// Compares `num` with `den * 2^e`.
fn scaled_cmp(num: &BigUint, den: &BigUint, e: i64) -> i32 {
    let ord = if e >= 0 { num.cmp(&(den << e as usize)) } else { (num << (-e) as usize).cmp(den) };
    ord as i32
}

pub fn from_f64(kind: FloatKind, value: f64) -> u128 {
    if kind == FloatKind::F64 {
        return value.to_bits() as u128;
    }
    if value.is_nan() {
        return nan_bits(kind);
    }
    if value.is_infinite() {
        return inf_bits(kind, value < 0.0).unwrap_or_else(|| nan_with_sign(kind, value < 0.0));
    }
    match decode(FloatKind::F64, value.to_bits() as u128) {
        Decoded::Zero { negative } => encode_rational(kind, negative, &BigUint::zero(), &BigUint::one()),
        Decoded::Finite { negative, mantissa, exponent } => {
            let (num, den) = rational(mantissa, exponent);
            encode_rational(kind, negative, &num, &den)
        }
        _ => unreachable!(),
    }
}

/// Nearest `f64` to the value (exact for every format narrower than f64).
pub fn to_f64(kind: FloatKind, bits: u128) -> f64 {
    if kind == FloatKind::F64 {
        return f64::from_bits(bits as u64);
    }
    match decode(kind, bits) {
        Decoded::Zero { negative } => {
            if negative {
                -0.0
            } else {
                0.0
            }
        }
        Decoded::Inf { negative } => {
            if negative {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        }
        Decoded::NaN => f64::NAN,
        Decoded::Finite { negative, mantissa, exponent } => {
            let (num, den) = rational(mantissa, exponent);
            f64::from_bits(encode_rational(FloatKind::F64, negative, &num, &den) as u64)
        }
    }
}

fn rational(mantissa: u128, exponent: i32) -> (BigUint, BigUint) {
    let m = BigUint::from(mantissa);
    if exponent >= 0 {
        (m << exponent as usize, BigUint::one())
    } else {
        (m, BigUint::one() << (-exponent) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_formats_round_to_nearest_even() {
        // 0.1 in f16 is 0x2E66.
        assert_eq!(parse_decimal(FloatKind::F16, "0.1"), Some(0x2E66));
        assert_eq!(parse_decimal(FloatKind::BF16, "1.0"), Some(0x3F80));
        assert_eq!(parse_decimal(FloatKind::F8E4M3FN, "448"), Some(0x7E));
        assert_eq!(parse_decimal(FloatKind::F8E4M3FN, "1000"), Some(0x7F));
        assert_eq!(parse_decimal(FloatKind::F16, "65520"), inf_bits(FloatKind::F16, false));
        assert_eq!(to_f64(FloatKind::F8E5M2, 0x3C), 1.0);
        assert_eq!(from_f64(FloatKind::BF16, 1.0), 0x3F80);
    }
}
