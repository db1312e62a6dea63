//! Arithmetic on `ApInt` with LLVM `APInt` semantics: every result has the
//! operands' width and wraps around (two's complement), comparisons read
//! the bits as signed or unsigned, and the `*_ov` forms report signed or
//! unsigned overflow as LLVM's `sadd_ov`/`sdiv_ov`/... do.
//!
//! Constant folding is not hot, so multi-word products and quotients go
//! through `num-bigint`; the simple bitwise operations work on the words.

use std::cmp::Ordering;

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Zero};

use crate::apint::ApInt;

impl ApInt {
    pub fn one(width: u32) -> ApInt {
        ApInt::from_u64(width, 1)
    }

    pub fn all_ones(width: u32) -> ApInt {
        ApInt::zero(width).not()
    }

    /// The largest signed value, `2^(w-1) - 1`.
    pub fn signed_max(width: u32) -> ApInt {
        ApInt::signed_min(width).not()
    }

    /// The smallest signed value, `-2^(w-1)` (only the top bit set).
    pub fn signed_min(width: u32) -> ApInt {
        let mut words = vec![0u64; (width.max(1) as usize).div_ceil(64)];
        if width > 0 {
            let top = width - 1;
            words[(top / 64) as usize] = 1u64 << (top % 64);
        }
        ApInt::from_words(width, &words)
    }

    pub fn from_bool(b: bool) -> ApInt {
        ApInt::from_u64(1, b as u64)
    }

    pub fn is_one(&self) -> bool {
        self.width() > 0 && self.words()[0] == 1 && self.words()[1..].iter().all(|&w| w == 0)
    }

    pub fn is_all_ones(&self) -> bool {
        self.width() > 0 && *self == ApInt::all_ones(self.width())
    }

    pub fn is_signed_max(&self) -> bool {
        *self == ApInt::signed_max(self.width())
    }

    pub fn is_signed_min(&self) -> bool {
        *self == ApInt::signed_min(self.width())
    }

    // ---- conversion through big integers ----

    pub fn to_biguint(&self) -> BigUint {
        let mut digits = Vec::with_capacity(self.words().len() * 2);
        for &w in self.words() {
            digits.push(w as u32);
            digits.push((w >> 32) as u32);
        }
        BigUint::new(digits)
    }

    pub fn to_bigint(&self) -> BigInt {
        let u = BigInt::from(self.to_biguint());
        if self.is_negative() {
            u - (BigInt::one() << self.width() as usize)
        } else {
            u
        }
    }

    /// `value mod 2^width`.
    pub fn from_biguint(width: u32, value: &BigUint) -> ApInt {
        let digits = value.to_u64_digits();
        ApInt::from_words(width, &digits)
    }

    /// `value mod 2^width` in two's complement.
    pub fn from_bigint(width: u32, value: &BigInt) -> ApInt {
        let modulus = BigInt::one() << width as usize;
        let mut r = value % &modulus;
        if r.sign() == Sign::Minus {
            r += &modulus;
        }
        ApInt::from_biguint(width, r.magnitude())
    }

    // ---- bitwise ----

    fn zip_words(&self, rhs: &ApInt, f: impl Fn(u64, u64) -> u64) -> ApInt {
        debug_assert_eq!(self.width(), rhs.width());
        let words: Vec<u64> = self.words().iter().zip(rhs.words()).map(|(&a, &b)| f(a, b)).collect();
        ApInt::from_words(self.width(), &words)
    }

    pub fn not(&self) -> ApInt {
        let words: Vec<u64> = self.words().iter().map(|w| !w).collect();
        ApInt::from_words(self.width(), &words)
    }
    pub fn and(&self, rhs: &ApInt) -> ApInt {
        self.zip_words(rhs, |a, b| a & b)
    }
    pub fn or(&self, rhs: &ApInt) -> ApInt {
        self.zip_words(rhs, |a, b| a | b)
    }
    pub fn xor(&self, rhs: &ApInt) -> ApInt {
        self.zip_words(rhs, |a, b| a ^ b)
    }

    // ---- wrapping arithmetic ----

    pub fn wrapping_add(&self, rhs: &ApInt) -> ApInt {
        ApInt::from_biguint(self.width(), &(self.to_biguint() + rhs.to_biguint()))
    }
    pub fn wrapping_sub(&self, rhs: &ApInt) -> ApInt {
        self.wrapping_add(&rhs.negate())
    }
    pub fn wrapping_mul(&self, rhs: &ApInt) -> ApInt {
        ApInt::from_biguint(self.width(), &(self.to_biguint() * rhs.to_biguint()))
    }

    /// Whether a signed result `exact` fits in `width` bits.
    fn fits_signed(width: u32, exact: &BigInt) -> bool {
        if width == 0 {
            return exact.is_zero();
        }
        let half = BigInt::one() << (width - 1) as usize;
        *exact >= -half.clone() && *exact < half
    }

    /// Sum and whether the signed sum overflowed.
    pub fn sadd_ov(&self, rhs: &ApInt) -> (ApInt, bool) {
        let exact = self.to_bigint() + rhs.to_bigint();
        (ApInt::from_bigint(self.width(), &exact), !ApInt::fits_signed(self.width(), &exact))
    }
    pub fn ssub_ov(&self, rhs: &ApInt) -> (ApInt, bool) {
        let exact = self.to_bigint() - rhs.to_bigint();
        (ApInt::from_bigint(self.width(), &exact), !ApInt::fits_signed(self.width(), &exact))
    }
    /// Sum and whether the unsigned sum overflowed.
    pub fn uadd_ov(&self, rhs: &ApInt) -> (ApInt, bool) {
        let exact = self.to_biguint() + rhs.to_biguint();
        let ov = exact.bits() > self.width() as u64;
        (ApInt::from_biguint(self.width(), &exact), ov)
    }

    /// High half of the full signed product (LLVM's `mulhs`).
    pub fn mulhs(&self, rhs: &ApInt) -> ApInt {
        let full = self.to_bigint() * rhs.to_bigint();
        ApInt::from_bigint(self.width(), &(full >> self.width() as usize))
    }
    /// High half of the full unsigned product (LLVM's `mulhu`).
    pub fn mulhu(&self, rhs: &ApInt) -> ApInt {
        let full = self.to_biguint() * rhs.to_biguint();
        ApInt::from_biguint(self.width(), &(full >> self.width() as usize))
    }

    // ---- division (callers rule out a zero divisor) ----

    pub fn udiv(&self, rhs: &ApInt) -> ApInt {
        ApInt::from_biguint(self.width(), &(self.to_biguint() / rhs.to_biguint()))
    }
    pub fn urem(&self, rhs: &ApInt) -> ApInt {
        ApInt::from_biguint(self.width(), &(self.to_biguint() % rhs.to_biguint()))
    }
    /// Quotient rounded toward zero; overflow only for `MIN / -1`.
    pub fn sdiv_ov(&self, rhs: &ApInt) -> (ApInt, bool) {
        let exact = self.to_bigint() / rhs.to_bigint();
        (ApInt::from_bigint(self.width(), &exact), !ApInt::fits_signed(self.width(), &exact))
    }
    /// Remainder with the sign of the dividend.
    pub fn srem(&self, rhs: &ApInt) -> ApInt {
        ApInt::from_bigint(self.width(), &(self.to_bigint() % rhs.to_bigint()))
    }
    /// Quotient rounded toward negative infinity (LLVM's `sfloordiv_ov`).
    pub fn sfloordiv_ov(&self, rhs: &ApInt) -> (ApInt, bool) {
        let (a, b) = (self.to_bigint(), rhs.to_bigint());
        let mut q = &a / &b;
        let r = &a % &b;
        if !r.is_zero() && ((r.sign() == Sign::Minus) != (b.sign() == Sign::Minus)) {
            q -= 1;
        }
        (ApInt::from_bigint(self.width(), &q), !ApInt::fits_signed(self.width(), &q))
    }

    // ---- shifts (callers rule out amounts >= width) ----

    pub fn shl(&self, amount: u32) -> ApInt {
        ApInt::from_biguint(self.width(), &(self.to_biguint() << amount as usize))
    }
    pub fn lshr(&self, amount: u32) -> ApInt {
        ApInt::from_biguint(self.width(), &(self.to_biguint() >> amount as usize))
    }
    /// Arithmetic shift right (big-int `>>` rounds toward negative infinity).
    pub fn ashr(&self, amount: u32) -> ApInt {
        ApInt::from_bigint(self.width(), &(self.to_bigint() >> amount as usize))
    }

    /// The value as a shift amount when it is below `limit`.
    pub fn shift_amount_below(&self, limit: u32) -> Option<u32> {
        if self.active_bits() > 32 {
            return None;
        }
        let v = self.to_u64() as u32;
        (v < limit).then_some(v)
    }

    // ---- comparison ----

    pub fn ucmp(&self, rhs: &ApInt) -> Ordering {
        for (a, b) in self.words().iter().rev().zip(rhs.words().iter().rev()) {
            match a.cmp(b) {
                Ordering::Equal => continue,
                o => return o,
            }
        }
        Ordering::Equal
    }
    pub fn scmp(&self, rhs: &ApInt) -> Ordering {
        match (self.is_negative(), rhs.is_negative()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => self.ucmp(rhs),
        }
    }

    // ---- width changes ----

    pub fn trunc(&self, width: u32) -> ApInt {
        ApInt::from_words(width, self.words())
    }
    pub fn zext_or_trunc(&self, width: u32) -> ApInt {
        self.resize_zext(width)
    }
    pub fn sext_or_trunc(&self, width: u32) -> ApInt {
        if width <= self.width() {
            self.trunc(width)
        } else {
            self.resize_sext(width)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(w: u32, v: i64) -> ApInt {
        ApInt::from_i64(w, v)
    }

    #[test]
    fn wrap_around() {
        assert_eq!(i(8, 127).wrapping_add(&i(8, 1)), i(8, -128));
        assert_eq!(i(8, -128).wrapping_sub(&i(8, 1)), i(8, 127));
        assert_eq!(i(8, 16).wrapping_mul(&i(8, 16)), i(8, 0));
        assert_eq!(i(1, 1).wrapping_add(&i(1, 1)), i(1, 0));
        assert_eq!(i(64, i64::MAX).wrapping_add(&i(64, 1)), i(64, i64::MIN));
        let big = ApInt::all_ones(128);
        assert_eq!(big.wrapping_add(&ApInt::one(128)), ApInt::zero(128));
        assert_eq!(ApInt::from_u64(70, 1).shl(69).wrapping_mul(&i(70, 2)), ApInt::zero(70));
    }

    #[test]
    fn overflow_flags() {
        assert!(i(8, 127).sadd_ov(&i(8, 1)).1);
        assert!(!i(8, 126).sadd_ov(&i(8, 1)).1);
        assert!(i(8, -128).ssub_ov(&i(8, 1)).1);
        assert!(i(8, -1).uadd_ov(&i(8, 1)).1);
        assert!(i(8, -128).sdiv_ov(&i(8, -1)).1);
        assert_eq!(i(8, -7).sdiv_ov(&i(8, 2)), (i(8, -3), false));
        assert_eq!(i(1, -1).sdiv_ov(&i(1, -1)), (i(1, -1), true));
    }

    #[test]
    fn division() {
        assert_eq!(i(8, -7).srem(&i(8, 2)), i(8, -1));
        assert_eq!(i(8, 7).srem(&i(8, -2)), i(8, 1));
        assert_eq!(i(8, -7).udiv(&i(8, 2)), i(8, 124));
        assert_eq!(i(8, -7).urem(&i(8, 2)), i(8, 1));
        assert_eq!(i(8, -7).sfloordiv_ov(&i(8, 2)), (i(8, -4), false));
        assert_eq!(i(8, 7).sfloordiv_ov(&i(8, -2)), (i(8, -4), false));
        assert_eq!(i(8, 6).sfloordiv_ov(&i(8, -2)), (i(8, -3), false));
        assert!(i(8, -128).sfloordiv_ov(&i(8, -1)).1);
    }

    #[test]
    fn shifts_and_bits() {
        assert_eq!(i(8, -128).ashr(7), i(8, -1));
        assert_eq!(i(8, -128).lshr(7), i(8, 1));
        assert_eq!(i(8, 3).shl(7), i(8, -128));
        assert_eq!(i(8, 0x0f).xor(&i(8, -1)), i(8, -16));
        assert!(ApInt::all_ones(65).is_all_ones());
        assert!(ApInt::signed_min(65).is_signed_min());
        assert_eq!(ApInt::signed_max(8), i(8, 127));
        assert_eq!(i(8, 5).shift_amount_below(8), Some(5));
        assert_eq!(i(8, 8).shift_amount_below(8), None);
    }

    #[test]
    fn compare_and_extend() {
        assert_eq!(i(8, -1).ucmp(&i(8, 1)), Ordering::Greater);
        assert_eq!(i(8, -1).scmp(&i(8, 1)), Ordering::Less);
        assert_eq!(i(8, -1).sext_or_trunc(64), i(64, -1));
        assert_eq!(i(8, -1).zext_or_trunc(64), i(64, 255));
        assert_eq!(i(64, 0x1ff).trunc(8), i(8, -1));
        assert_eq!(i(8, -2).mulhs(&i(8, 3)), i(8, -1));
        assert_eq!(i(8, -2).mulhu(&i(8, 3)), i(8, 2));
        assert_eq!(i(128, -5).to_bigint(), BigInt::from(-5));
    }
}
