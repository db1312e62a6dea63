//! Arbitrary-width two's-complement integers (MLIR's `APInt`).
//!
//! Integer attributes may have any width (`i1` ... `i16777215`), so values
//! are kept as little-endian 64-bit words, always truncated to `width` bits
//! (bits above the width are zero). Widths up to 128 bits fit inline.

use smallvec::{smallvec, SmallVec};

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ApInt {
    width: u32,
    words: SmallVec<[u64; 2]>,
}

fn num_words(width: u32) -> usize {
    (width.max(1) as usize).div_ceil(64)
}

impl ApInt {
    pub fn zero(width: u32) -> ApInt {
        ApInt { width, words: smallvec![0; num_words(width)] }
    }

    pub fn from_u64(width: u32, value: u64) -> ApInt {
        let mut r = ApInt::zero(width);
        r.words[0] = value;
        r.clear_unused_bits();
        r
    }

    /// Sign-extends `value` to `width` bits (then truncates if narrower).
    pub fn from_i64(width: u32, value: i64) -> ApInt {
        let mut r = ApInt::zero(width);
        r.words[0] = value as u64;
        if value < 0 {
            for w in r.words.iter_mut().skip(1) {
                *w = u64::MAX;
            }
        }
        r.clear_unused_bits();
        r
    }

    pub fn from_words(width: u32, words: &[u64]) -> ApInt {
        let mut r = ApInt::zero(width);
        for (d, s) in r.words.iter_mut().zip(words) {
            *d = *s;
        }
        r.clear_unused_bits();
        r
    }

    pub fn width(&self) -> u32 {
        self.width
    }
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    fn clear_unused_bits(&mut self) {
        let rem = self.width % 64;
        if rem != 0 {
            let last = self.words.len() - 1;
            self.words[last] &= (1u64 << rem) - 1;
        }
        if self.width == 0 {
            self.words[0] = 0;
        }
    }

    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn bit(&self, i: u32) -> bool {
        (self.words[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }

    pub fn is_negative(&self) -> bool {
        self.width > 0 && self.bit(self.width - 1)
    }

    /// Low 64 bits, sign-extended from the width.
    pub fn to_i64(&self) -> i64 {
        if self.width >= 64 {
            return self.words[0] as i64;
        }
        let shift = 64 - self.width;
        ((self.words[0] << shift) as i64) >> shift
    }

    /// Low 64 bits, zero-extended.
    pub fn to_u64(&self) -> u64 {
        self.words[0]
    }

    /// True if the value, read as signed, fits in an `i64`.
    pub fn fits_i64(&self) -> bool {
        if self.width <= 64 {
            return true;
        }
        let ext = if self.words[0] as i64 >= 0 { 0 } else { u64::MAX };
        let top_rem = self.width % 64;
        self.words[1..].iter().enumerate().all(|(i, &w)| {
            let is_last = i + 2 == self.words.len();
            if is_last && top_rem != 0 {
                w == ext & ((1u64 << top_rem) - 1)
            } else {
                w == ext
            }
        })
    }

    pub fn negate(&self) -> ApInt {
        let mut r = self.clone();
        for w in r.words.iter_mut() {
            *w = !*w;
        }
        r.clear_unused_bits();
        r.add_small(1)
    }

    fn add_small(mut self, v: u64) -> ApInt {
        let mut carry = v;
        for w in self.words.iter_mut() {
            let (s, c) = w.overflowing_add(carry);
            *w = s;
            carry = c as u64;
            if carry == 0 {
                break;
            }
        }
        self.clear_unused_bits();
        self
    }

    /// `self * m + a` over the full word storage; returns the bits that
    /// overflowed the last word (non-zero means the value left the storage).
    fn mul_add_small(&mut self, m: u64, a: u64) -> u64 {
        let mut carry = a as u128;
        for w in self.words.iter_mut() {
            let t = (*w as u128) * (m as u128) + carry;
            *w = t as u64;
            carry = t >> 64;
        }
        carry as u64
    }

    /// Divides in place by `d`, returning the remainder.
    fn div_small(&mut self, d: u64) -> u64 {
        let mut rem: u128 = 0;
        for w in self.words.iter_mut().rev() {
            let cur = (rem << 64) | *w as u128;
            *w = (cur / d as u128) as u64;
            rem = cur % d as u128;
        }
        rem as u64
    }

    /// Number of bits needed to hold the magnitude as unsigned.
    pub fn active_bits(&self) -> u32 {
        for (i, &w) in self.words.iter().enumerate().rev() {
            if w != 0 {
                return i as u32 * 64 + (64 - w.leading_zeros());
            }
        }
        0
    }

    /// Parses an unsigned magnitude in `radix` (10 or 16) into a value of
    /// `width` bits. Returns `None` if the magnitude needs more than `width`
    /// bits (more than `width + 1` if `allow_sign_bit`, checked by caller).
    pub fn parse_magnitude(digits: &str, radix: u32, width: u32) -> Option<ApInt> {
        // Work with enough storage to detect overflow of `width` bits.
        let mut r = ApInt { width: width + 64, words: smallvec![0; num_words(width + 64)] };
        for c in digits.chars() {
            let d = c.to_digit(radix)? as u64;
            if r.mul_add_small(radix as u64, d) != 0 {
                return None;
            }
            if r.active_bits() > width + 1 {
                return None;
            }
        }
        if r.active_bits() > width {
            // Keep the caller's chance to accept -2^(w-1): report via width+1.
            let mut t = ApInt::zero(width + 1);
            for (d, s) in t.words.iter_mut().zip(r.words.iter()) {
                *d = *s;
            }
            t.clear_unused_bits();
            return Some(t);
        }
        let mut out = ApInt::zero(width);
        for (d, s) in out.words.iter_mut().zip(r.words.iter()) {
            *d = *s;
        }
        Some(out)
    }

    pub fn resize_zext(&self, width: u32) -> ApInt {
        ApInt::from_words(width, &self.words)
    }

    pub fn resize_sext(&self, width: u32) -> ApInt {
        let mut r = ApInt::from_words(width, &self.words);
        if self.is_negative() && width > self.width {
            for i in self.width..width {
                r.words[(i / 64) as usize] |= 1u64 << (i % 64);
            }
        }
        r
    }

    /// Decimal text, reading the bits as signed or unsigned.
    pub fn to_string_radix10(&self, signed: bool) -> String {
        if signed && self.is_negative() {
            let mag = self.negate().resize_zext(self.width + 1);
            // Magnitude of the most negative value needs the extra bit.
            let mag = if mag.is_zero() { self.resize_zext(self.width + 1) } else { mag };
            return format!("-{}", mag.to_string_radix10(false));
        }
        if self.words.len() == 1 {
            return self.words[0].to_string();
        }
        let mut tmp = self.clone();
        let mut digits = Vec::new();
        while !tmp.is_zero() {
            let r = tmp.div_small(10_000_000_000_000_000_000);
            digits.push(r);
        }
        if digits.is_empty() {
            return "0".into();
        }
        let mut s = digits.pop().unwrap().to_string();
        for d in digits.iter().rev() {
            s.push_str(&format!("{d:019}"));
        }
        s
    }

    /// Lowercase hexadecimal digits without prefix.
    pub fn to_hex(&self) -> String {
        let mut s = String::new();
        let mut started = false;
        for &w in self.words.iter().rev() {
            if started {
                s.push_str(&format!("{w:016x}"));
            } else if w != 0 {
                s.push_str(&format!("{w:x}"));
                started = true;
            }
        }
        if s.is_empty() {
            s.push('0');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_printing() {
        assert_eq!(ApInt::from_i64(8, -1).to_string_radix10(true), "-1");
        assert_eq!(ApInt::from_i64(8, -1).to_string_radix10(false), "255");
        assert_eq!(ApInt::from_i64(8, -128).to_string_radix10(true), "-128");
        assert_eq!(ApInt::from_i64(1, -1).to_string_radix10(true), "-1");
        assert_eq!(ApInt::from_i64(128, -1).to_string_radix10(false), "340282366920938463463374607431768211455");
    }

    #[test]
    fn parse_wide() {
        let v = ApInt::parse_magnitude("340282366920938463463374607431768211455", 10, 128).unwrap();
        assert_eq!(v.width(), 128);
        assert_eq!(v.to_hex(), "ffffffffffffffffffffffffffffffff");
        assert!(ApInt::parse_magnitude("340282366920938463463374607431768211456", 10, 128).unwrap().width() == 129);
        assert!(ApInt::parse_magnitude("999999999999999999999999999999999999999999", 10, 128).is_none());
    }
}
