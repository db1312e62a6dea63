//! Data formats (the seed's `Data_Format`) and their exact conversions.
//!
//! Floats are decoded to `f32` for computation and encoded back with IEEE
//! round-to-nearest-even (fp16/bf16 through the `half` crate; tf32 by rounding
//! the fp32 mantissa to 10 bits). Integers are decoded to `i64` and encoded
//! with saturation to the format's range.

use half::{bf16, f16};
use serde::{Deserialize, Serialize};

/// Element format of a tensor in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DataFormat {
    Int8,
    Int16,
    Int32,
    Fp16,
    Bf16,
    /// TF32: an fp32 container whose mantissa is rounded to 10 bits.
    Tf32,
    Fp32,
}

impl DataFormat {
    /// Bytes per element in memory.
    pub fn size(self) -> usize {
        match self {
            DataFormat::Int8 => 1,
            DataFormat::Int16 | DataFormat::Fp16 | DataFormat::Bf16 => 2,
            DataFormat::Int32 | DataFormat::Tf32 | DataFormat::Fp32 => 4,
        }
    }

    /// True for the floating-point formats.
    pub fn is_float(self) -> bool {
        matches!(self, DataFormat::Fp16 | DataFormat::Bf16 | DataFormat::Tf32 | DataFormat::Fp32)
    }

    /// Lower-case name used in instruction names (`...add.bf16`) and JSON.
    pub fn name(self) -> &'static str {
        match self {
            DataFormat::Int8 => "int8",
            DataFormat::Int16 => "int16",
            DataFormat::Int32 => "int32",
            DataFormat::Fp16 => "fp16",
            DataFormat::Bf16 => "bf16",
            DataFormat::Tf32 => "tf32",
            DataFormat::Fp32 => "fp32",
        }
    }

    /// Inclusive value range of an integer format.
    pub fn int_range(self) -> Option<(i64, i64)> {
        match self {
            DataFormat::Int8 => Some((i8::MIN as i64, i8::MAX as i64)),
            DataFormat::Int16 => Some((i16::MIN as i64, i16::MAX as i64)),
            DataFormat::Int32 => Some((i32::MIN as i64, i32::MAX as i64)),
            _ => None,
        }
    }
}

/// Round an f32 to TF32 (10-bit mantissa), nearest-even; NaN and infinities pass.
pub fn round_to_tf32(x: f32) -> f32 {
    if !x.is_finite() {
        return x;
    }
    let bits = x.to_bits();
    // Drop 13 mantissa bits with round-to-nearest-even.
    let lsb = (bits >> 13) & 1;
    let rounded = bits.wrapping_add(0x0FFF + lsb) & !0x1FFF;
    f32::from_bits(rounded)
}

/// Round an f32 to what `fmt` can hold (identity for fp32; RNE otherwise).
/// For integer formats: round half to even, then saturate.
pub fn quantize(fmt: DataFormat, x: f32) -> f32 {
    match fmt {
        DataFormat::Fp32 => x,
        DataFormat::Fp16 => f16::from_f32(x).to_f32(),
        DataFormat::Bf16 => bf16::from_f32(x).to_f32(),
        DataFormat::Tf32 => round_to_tf32(x),
        _ => saturate_int(fmt, x.round_ties_even() as i64) as f32,
    }
}

/// Saturate an integer to the range of an integer `fmt` (identity for floats).
pub fn saturate_int(fmt: DataFormat, v: i64) -> i64 {
    match fmt.int_range() {
        Some((lo, hi)) => v.clamp(lo, hi),
        None => v,
    }
}

/// Decode `bytes` (little-endian, `fmt`) into f32 values (ints convert exactly
/// for int8/int16; int32 rounds to nearest f32).
pub fn decode_f32(fmt: DataFormat, bytes: &[u8]) -> Vec<f32> {
    let n = bytes.len() / fmt.size();
    let mut out = Vec::with_capacity(n);
    match fmt {
        DataFormat::Int8 => out.extend(bytes.iter().map(|&b| b as i8 as f32)),
        DataFormat::Int16 => out.extend(bytes.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]]) as f32)),
        DataFormat::Int32 => {
            out.extend(bytes.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f32))
        }
        DataFormat::Fp16 => out.extend(bytes.chunks_exact(2).map(|c| f16::from_le_bytes([c[0], c[1]]).to_f32())),
        DataFormat::Bf16 => out.extend(bytes.chunks_exact(2).map(|c| bf16::from_le_bytes([c[0], c[1]]).to_f32())),
        DataFormat::Tf32 | DataFormat::Fp32 => {
            out.extend(bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])))
        }
    }
    out
}

/// Encode f32 values into `fmt` bytes with round-to-nearest-even (floats) or
/// round-half-even then saturation (ints).
pub fn encode_f32(fmt: DataFormat, values: &[f32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() * fmt.size());
    for &v in values {
        match fmt {
            DataFormat::Int8 => out.push(quantize(fmt, v) as i8 as u8),
            DataFormat::Int16 => out.extend_from_slice(&(quantize(fmt, v) as i16).to_le_bytes()),
            DataFormat::Int32 => {
                let i = saturate_int(fmt, v.round_ties_even() as i64) as i32;
                out.extend_from_slice(&i.to_le_bytes())
            }
            DataFormat::Fp16 => out.extend_from_slice(&f16::from_f32(v).to_le_bytes()),
            DataFormat::Bf16 => out.extend_from_slice(&bf16::from_f32(v).to_le_bytes()),
            DataFormat::Tf32 => out.extend_from_slice(&round_to_tf32(v).to_le_bytes()),
            DataFormat::Fp32 => out.extend_from_slice(&v.to_le_bytes()),
        }
    }
    out
}

/// Decode an integer format exactly into i64 (floats are truncated toward zero).
pub fn decode_i64(fmt: DataFormat, bytes: &[u8]) -> Vec<i64> {
    match fmt {
        DataFormat::Int8 => bytes.iter().map(|&b| b as i8 as i64).collect(),
        DataFormat::Int16 => bytes.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]]) as i64).collect(),
        DataFormat::Int32 => {
            bytes.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]) as i64).collect()
        }
        _ => decode_f32(fmt, bytes).into_iter().map(|v| v as i64).collect(),
    }
}

/// Encode i64 values into an integer `fmt` with saturation (floats round RNE).
pub fn encode_i64(fmt: DataFormat, values: &[i64]) -> Vec<u8> {
    if fmt.is_float() {
        let f: Vec<f32> = values.iter().map(|&v| v as f32).collect();
        return encode_f32(fmt, &f);
    }
    let mut out = Vec::with_capacity(values.len() * fmt.size());
    for &v in values {
        let s = saturate_int(fmt, v);
        match fmt {
            DataFormat::Int8 => out.push(s as i8 as u8),
            DataFormat::Int16 => out.extend_from_slice(&(s as i16).to_le_bytes()),
            _ => out.extend_from_slice(&(s as i32).to_le_bytes()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fp16_and_bf16_round_to_nearest_even() {
        // 1 + 2^-11 is exactly halfway between 1 and the next fp16 (1 + 2^-10): ties to even = 1.
        let halfway = 1.0 + 2f32.powi(-11);
        assert_eq!(quantize(DataFormat::Fp16, halfway), 1.0);
        // 1 + 3*2^-11 is halfway between 1+2^-10 (odd) and 1+2^-9 (even): goes up.
        assert_eq!(quantize(DataFormat::Fp16, 1.0 + 3.0 * 2f32.powi(-11)), 1.0 + 2f32.powi(-9));
        // bf16 has 7 mantissa bits: 1 + 2^-8 is a tie, rounds to 1.
        assert_eq!(quantize(DataFormat::Bf16, 1.0 + 2f32.powi(-8)), 1.0);
        assert_eq!(quantize(DataFormat::Bf16, 1.0 + 3.0 * 2f32.powi(-8)), 1.0 + 2f32.powi(-6));
        assert_eq!(quantize(DataFormat::Tf32, 1.0 + 2f32.powi(-11)), 1.0);
        assert_eq!(quantize(DataFormat::Tf32, 1.0 + 3.0 * 2f32.powi(-11)), 1.0 + 2f32.powi(-9));
    }

    #[test]
    fn ints_saturate_and_round_half_even() {
        assert_eq!(quantize(DataFormat::Int8, 300.0), 127.0);
        assert_eq!(quantize(DataFormat::Int8, -300.0), -128.0);
        assert_eq!(quantize(DataFormat::Int8, 2.5), 2.0);
        assert_eq!(quantize(DataFormat::Int8, 3.5), 4.0);
        assert_eq!(decode_i64(DataFormat::Int8, &encode_i64(DataFormat::Int8, &[1000, -5])), vec![127, -5]);
    }

    #[test]
    fn encode_decode_round_trip_every_format() {
        let vals = [0.0f32, 1.0, -2.0, 3.0, -100.0];
        for fmt in [
            DataFormat::Int8,
            DataFormat::Int16,
            DataFormat::Int32,
            DataFormat::Fp16,
            DataFormat::Bf16,
            DataFormat::Tf32,
            DataFormat::Fp32,
        ] {
            let bytes = encode_f32(fmt, &vals);
            assert_eq!(bytes.len(), vals.len() * fmt.size());
            assert_eq!(decode_f32(fmt, &bytes), vals.to_vec(), "{fmt:?}");
        }
    }
}
