//! Decimal text of float values, digit for digit as mlir-opt writes and
//! reads it.
//!
//! Printing reproduces MLIR's `printFloatValue` on top of LLVM's
//! `APFloat::toString`, including that routine's shortcut: before producing
//! digits it divides the exact decimal expansion by a power of ten
//! *truncating*, then rounds the remaining digits half-up. That is why
//! mlir-opt writes `984.203 : f64` as `984.20299999999997` (the six-digit
//! candidate came out as `9.842029e+02`, which does not read back) and
//! `0.1 : f16` as `9.997550e-02`. A shortest-round-trip printer gives
//! different text, so nothing here may be "improved" without breaking the
//! byte-for-byte agreement that tests/tools/float-print-diff.py checks.
//!
//! Reading has two entry points because MLIR has two: a literal in the IR
//! (`parse_literal`) goes through `double` first and is then converted to
//! the attribute's type (MLIR's `parseFloatFromLiteral`), while the printer's
//! read-back check (`parse_decimal`) is APFloat's direct, correctly rounded
//! string conversion into the target format.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::apfloat::{self, decode, encode_rational, inf_bits, Decoded};
use crate::types::FloatKind;

/// Reads a float literal of the IR as MLIR does: the decimal text becomes
/// the nearest `f64` (infinity when it overflows), which is then rounded to
/// `kind`. For f80 and f128 this keeps only a double's precision, exactly
/// as mlir-opt 22 does (`0.1 : f80` prints as `0.100000000000000005551`).
pub fn parse_literal(kind: FloatKind, text: &str) -> Option<u128> {
    let double = parse_decimal(FloatKind::F64, text)?;
    if kind == FloatKind::F64 {
        return Some(double);
    }
    Some(apfloat::from_f64(kind, f64::from_bits(double as u64)))
}

/// Parses a decimal float (`[-]digits[.digits][e[+-]digits]`) straight into
/// the bits of `kind`, correctly rounded to nearest-even (APFloat's
/// `convertFromString`).
pub fn parse_decimal(kind: FloatKind, text: &str) -> Option<u128> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (mantissa_text, exp10) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], parse_exponent(&body[i + 1..])?),
        None => (body, 0),
    };
    let (int_part, frac_part) = match mantissa_text.find('.') {
        Some(i) => (&mantissa_text[..i], &mantissa_text[i + 1..]),
        None => (mantissa_text, ""),
    };
    if int_part.is_empty() && frac_part.is_empty() {
        return None;
    }
    let mut digits = String::with_capacity(int_part.len() + frac_part.len());
    digits.push_str(int_part);
    digits.push_str(frac_part);
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = digits.trim_start_matches('0');
    let exp10 = exp10 - frac_part.len() as i64;
    if digits.is_empty() {
        return Some(encode_rational(kind, negative, &BigUint::zero(), &BigUint::one()));
    }
    // Values far outside any format's range saturate without building huge numbers.
    let magnitude = digits.len() as i64 + exp10;
    // Fast path: f64 and f32 have correctly rounded parsers in std.
    if kind == FloatKind::F64 && magnitude.abs() < 5000 {
        return text.parse::<f64>().ok().map(|v| v.to_bits() as u128);
    }
    if kind == FloatKind::F32 && magnitude.abs() < 5000 {
        return text.parse::<f32>().ok().map(|v| v.to_bits() as u128);
    }
    if magnitude > 5000 {
        return Some(inf_bits(kind, negative).unwrap_or_else(|| encode_huge(kind, negative)));
    }
    if magnitude < -5000 {
        return Some(encode_rational(kind, negative, &BigUint::zero(), &BigUint::one()));
    }
    let n = BigUint::parse_bytes(digits.as_bytes(), 10)?;
    let (num, den) = if exp10 >= 0 {
        (n * BigUint::from(10u32).pow(exp10 as u32), BigUint::one())
    } else {
        (n, BigUint::from(10u32).pow((-exp10) as u32))
    };
    Some(encode_rational(kind, negative, &num, &den))
}

/// A decimal exponent; one too large for `i64` saturates (APFloat's
/// `readExponent` does the same), which still means overflow or underflow
/// for every format.
fn parse_exponent(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse::<i64>().unwrap_or(if text.starts_with('-') { -(1 << 40) } else { 1 << 40 }))
}

/// A value beyond every format's range: infinity, NaN or the largest
/// finite value, whichever the format overflows to.
fn encode_huge(kind: FloatKind, negative: bool) -> u128 {
    let num = BigUint::one() << 20000usize;
    encode_rational(kind, negative, &num, &BigUint::one())
}

/// Decimal digits of `mantissa * 2^exponent` as `APFloat::toString` produces
/// them for `format_precision` significant digits: most significant first,
/// no trailing zeros, value ~ digits * 10^exp10.
///
/// The steps mirror `toStringImpl`: strip trailing binary zeros; make the
/// value an integer times a power of ten (`N * 5^k * 10^-k`); drop as many
/// decimal places as the precision certainly does not need by *truncating*
/// division (`AdjustToPrecision` on the integer, whose digit estimate uses
/// 196/59 for log2(10)); then round what is left to `format_precision`
/// digits, half up, looking at the first dropped digit only.
fn llvm_digits(mantissa: u128, exponent: i32, format_precision: usize) -> (Vec<u8>, i64) {
    let trailing = mantissa.trailing_zeros();
    let mantissa = mantissa >> trailing;
    let exponent = exponent as i64 + trailing as i64;
    let (mut significand, mut exp10) = if exponent >= 0 {
        (BigUint::from(mantissa) << exponent as usize, 0i64)
    } else {
        let k = (-exponent) as u32;
        (BigUint::from(mantissa) * BigUint::from(5u32).pow(k), exponent)
    };

    let bits = significand.bits();
    let bits_required = (format_precision as u64 * 196).div_ceil(59);
    if bits > bits_required {
        let tens_removable = (bits - bits_required) * 59 / 196;
        if tens_removable > 0 {
            exp10 += tens_removable as i64;
            significand /= BigUint::from(10u32).pow(tens_removable as u32);
        }
    }

    let mut digits: Vec<u8> = significand.to_str_radix(10).bytes().map(|b| b - b'0').collect();
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
        exp10 += 1;
    }

    let n = digits.len();
    if n <= format_precision {
        return (digits, exp10);
    }
    if digits[format_precision] < 5 {
        digits.truncate(format_precision);
        while digits.last() == Some(&0) {
            digits.pop();
        }
        exp10 += (n - digits.len()) as i64;
        return (digits, exp10);
    }
    // Round up with carry; digits that carry over (nines) are dropped.
    let mut kept = format_precision;
    while kept > 0 && digits[kept - 1] == 9 {
        kept -= 1;
    }
    if kept == 0 {
        return (vec![1], exp10 + n as i64);
    }
    digits[kept - 1] += 1;
    digits.truncate(kept);
    (digits, exp10 + (n - kept) as i64)
}

/// The text layout of `APFloat::toString` for digits from `llvm_digits`:
/// scientific unless `max_padding` allows plain notation; with
/// `truncate_zero` off the mantissa is padded to `precision + 1` digits and
/// the exponent to two (`1.000000e+00`), with it on neither is (`1.5E-8`).
fn layout(
    negative: bool,
    digits: &[u8],
    exp10: i64,
    precision: usize,
    max_padding: u32,
    truncate_zero: bool,
) -> String {
    let mut s = String::new();
    if negative {
        s.push('-');
    }
    let nd = digits.len();
    let scientific = if max_padding == 0 {
        true
    } else if exp10 >= 0 {
        // 765e3 --> 765000, unless that looks more precise than it is.
        exp10 as u64 > max_padding as u64 || nd as u64 + exp10 as u64 > precision as u64
    } else {
        let msd = exp10 + nd as i64 - 1;
        msd < 0 && (-msd) as u64 > max_padding as u64
    };
    let ch = |d: u8| (b'0' + d) as char;
    if scientific {
        let e = exp10 + nd as i64 - 1;
        s.push(ch(digits[0]));
        s.push('.');
        if nd == 1 && truncate_zero {
            s.push('0');
        } else {
            s.extend(digits[1..].iter().map(|&d| ch(d)));
        }
        if !truncate_zero && precision > nd - 1 {
            s.extend(std::iter::repeat_n('0', precision - (nd - 1)));
        }
        s.push(if truncate_zero { 'E' } else { 'e' });
        s.push(if e >= 0 { '+' } else { '-' });
        let ae = e.unsigned_abs();
        if !truncate_zero && ae < 10 {
            s.push('0');
        }
        s.push_str(&ae.to_string());
        return s;
    }
    if exp10 >= 0 {
        s.extend(digits.iter().map(|&d| ch(d)));
        s.extend(std::iter::repeat_n('0', exp10 as usize));
        return s;
    }
    let whole = nd as i64 + exp10; // digits before the decimal point
    if whole > 0 {
        s.extend(digits[..whole as usize].iter().map(|&d| ch(d)));
        s.push('.');
        s.extend(digits[whole as usize..].iter().map(|&d| ch(d)));
    } else {
        s.push_str("0.");
        s.extend(std::iter::repeat_n('0', (-whole) as usize));
        s.extend(digits.iter().map(|&d| ch(d)));
    }
    s
}

/// `APFloat::toString(precision, max_padding, truncate_zero)` of a finite
/// nonzero value; `precision` 0 means "enough to read back" as in LLVM
/// (`2 + precision_bits * 59 / 196`).
fn to_string(
    kind: FloatKind,
    negative: bool,
    mantissa: u128,
    exponent: i32,
    precision: usize,
    max_padding: u32,
    truncate_zero: bool,
) -> String {
    let precision = if precision == 0 { 2 + apfloat::precision(kind) as usize * 59 / 196 } else { precision };
    let (digits, exp10) = llvm_digits(mantissa, exponent, precision);
    layout(negative, &digits, exp10, precision, max_padding, truncate_zero)
}

/// Text of a float attribute value, as MLIR's `printFloatValue` writes it:
/// six significant digits in `%e` style if that reads back to the same bits,
/// else APFloat's default form if it has a decimal point, else the bits in
/// hex (always for infinities and NaNs).
pub fn to_mlir_string(kind: FloatKind, bits: u128) -> String {
    match decode(kind, bits) {
        Decoded::Zero { negative } => {
            return if negative { "-0.000000e+00".into() } else { "0.000000e+00".into() };
        }
        Decoded::Finite { negative, mantissa, exponent } => {
            let text = to_string(kind, negative, mantissa, exponent, 6, 0, false);
            if parse_decimal(kind, &text) == Some(bits) {
                return text;
            }
            let text = to_string(kind, negative, mantissa, exponent, 0, 3, true);
            if text.contains('.') {
                return text;
            }
        }
        Decoded::NaN => return hex_literal(apfloat::nan_bits_as_written(kind, bits)),
        Decoded::Inf { .. } => {}
    }
    hex_literal(bits)
}

/// `0x...` with the bit pattern, upper-case digits as MLIR prints them.
pub fn hex_literal(bits: u128) -> String {
    format!("0x{bits:X}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print(kind: FloatKind, text: &str) -> String {
        to_mlir_string(kind, parse_literal(kind, text).unwrap())
    }

    #[test]
    fn mlir_float_printing() {
        assert_eq!(print(FloatKind::F32, "1.0"), "1.000000e+00");
        assert_eq!(print(FloatKind::F64, "0.1"), "1.000000e-01");
        assert_eq!(print(FloatKind::F64, "0.123456789"), "0.123456789");
        assert_eq!(print(FloatKind::F16, "1.5"), "1.500000e+00");
        assert_eq!(print(FloatKind::F32, "-2.5"), "-2.500000e+00");
        assert_eq!(print(FloatKind::F64, "3.14159"), "3.141590e+00");
        assert_eq!(print(FloatKind::F64, "123456789012"), "0x423CBE991A140000");
        assert_eq!(print(FloatKind::F32, "0.0"), "0.000000e+00");
    }

    /// The examples, checked against mlir-opt 22 by hand: each comes
    /// from the truncating step of `toStringImpl`, not from shortest digits.
    #[test]
    fn llvm_truncation_artifacts() {
        assert_eq!(print(FloatKind::F64, "984.203"), "984.20299999999997");
        assert_eq!(print(FloatKind::F32, "8.16e-08"), "8.15999996E-8");
        assert_eq!(print(FloatKind::F32, "1.0e-6"), "9.99999997E-7");
        assert_eq!(print(FloatKind::F16, "0.1"), "9.997550e-02");
        assert_eq!(print(FloatKind::BF16, "0.1"), "1.000980e-01");
        assert_eq!(print(FloatKind::F8E4M3FN, "0.1"), "1.015630e-01");
    }

    /// f80 and f128 literals carry a double's precision, as in mlir-opt.
    #[test]
    fn wide_literals_go_through_double() {
        assert_eq!(print(FloatKind::F80, "0.1"), "0.100000000000000005551");
        assert_eq!(print(FloatKind::F128, "0.1"), "0.100000000000000005551115123125782702");
        assert_eq!(print(FloatKind::F80, "1.0e4000"), "0x7FFF8000000000000000");
    }

    /// Just above the midpoint of f16's 1.0 and 1.0009765625 by less than
    /// half an f64 ulp: the f64 step lands on the midpoint, which then ties
    /// to even (1.0), where direct rounding gives the upper neighbour.
    #[test]
    fn literals_round_twice_like_mlir() {
        let text = "1.000488281250000000001";
        assert_eq!(parse_literal(FloatKind::F16, text), Some(0x3C00));
        assert_eq!(parse_decimal(FloatKind::F16, text), Some(0x3C01));
        assert_eq!(print(FloatKind::F16, text), "1.000000e+00");
    }

    /// Exponents beyond `i64` saturate instead of failing.
    #[test]
    fn huge_exponents() {
        assert_eq!(print(FloatKind::F64, "1.0e99999999999999999999"), "0x7FF0000000000000");
        assert_eq!(print(FloatKind::F64, "-1.0e-99999999999999999999"), "-0.000000e+00");
        assert_eq!(print(FloatKind::F16, "0.0e99999999999999999999"), "0.000000e+00");
        assert_eq!(parse_literal(FloatKind::F64, "1.0e+-5"), None);
    }

    /// x87 patterns the hardware rejects: pseudo-infinity and unnormals are
    /// NaNs, written back with the all-ones exponent; a pseudo-denormal is
    /// the value its bits say (texts as mlir-opt 22 prints them).
    #[test]
    fn x87_noncanonical_patterns() {
        assert_eq!(to_mlir_string(FloatKind::F80, 0x7FFF_0000000000000000), "0x7FFF0000000000000000");
        assert_eq!(to_mlir_string(FloatKind::F80, 0x0001_0000000000000001), "0x7FFF0000000000000001");
        assert_eq!(to_mlir_string(FloatKind::F80, 0x7FFF_8000000000000000), "0x7FFF8000000000000000");
        assert_eq!(to_mlir_string(FloatKind::F80, 0x0000_8000000000000001), "3.36210314311209350663E-4932");
    }
}
