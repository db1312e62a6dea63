//! Typed tensor data decoded from a `TensorProto`: the element types the
//! importer supports, the decoding of `raw_data` (little-endian) and of the
//! typed repeated fields, and the conversions the importer's constant
//! folding needs.

use crate::proto::{data_type, TensorProto};

/// Element types the importer supports.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum DType {
    F32,
    F16,
    BF16,
    F64,
    I8,
    U8,
    I32,
    I64,
    Bool,
}

impl DType {
    /// The ONNX `TensorProto.DataType` value, if it is supported.
    pub fn from_onnx(t: i32) -> Option<DType> {
        Some(match t {
            data_type::FLOAT => DType::F32,
            data_type::FLOAT16 => DType::F16,
            data_type::BFLOAT16 => DType::BF16,
            data_type::DOUBLE => DType::F64,
            data_type::INT8 => DType::I8,
            data_type::UINT8 => DType::U8,
            data_type::INT32 => DType::I32,
            data_type::INT64 => DType::I64,
            data_type::BOOL => DType::Bool,
            _ => return None,
        })
    }

    /// The ONNX `TensorProto.DataType` value.
    pub fn to_onnx(self) -> i32 {
        match self {
            DType::F32 => data_type::FLOAT,
            DType::F16 => data_type::FLOAT16,
            DType::BF16 => data_type::BFLOAT16,
            DType::F64 => data_type::DOUBLE,
            DType::I8 => data_type::INT8,
            DType::U8 => data_type::UINT8,
            DType::I32 => data_type::INT32,
            DType::I64 => data_type::INT64,
            DType::Bool => data_type::BOOL,
        }
    }

    /// Bytes per element in `raw_data` (and in MLIR dense storage).
    pub fn size(self) -> usize {
        match self {
            DType::F64 | DType::I64 => 8,
            DType::F32 | DType::I32 => 4,
            DType::F16 | DType::BF16 => 2,
            DType::I8 | DType::U8 | DType::Bool => 1,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, DType::F32 | DType::F16 | DType::BF16 | DType::F64)
    }

    /// The ONNX name, for messages.
    pub fn name(self) -> &'static str {
        match self {
            DType::F32 => "FLOAT",
            DType::F16 => "FLOAT16",
            DType::BF16 => "BFLOAT16",
            DType::F64 => "DOUBLE",
            DType::I8 => "INT8",
            DType::U8 => "UINT8",
            DType::I32 => "INT32",
            DType::I64 => "INT64",
            DType::Bool => "BOOL",
        }
    }
}

/// A decoded constant tensor. Elements are kept as their little-endian bit
/// patterns in the element type's width (exactly MLIR's dense storage), so
/// FLOAT16/BFLOAT16 weights are never rounded on the way in; the accessors
/// convert on demand.
#[derive(Clone, PartialEq, Debug)]
pub struct Tensor {
    pub dtype: DType,
    pub shape: Vec<i64>,
    /// `num_elements * dtype.size()` bytes, little-endian.
    pub bytes: Vec<u8>,
}

/// Number of elements of a shape, `None` on a negative dimension or overflow.
pub fn num_elements(shape: &[i64]) -> Option<usize> {
    let mut n: usize = 1;
    for &d in shape {
        n = n.checked_mul(usize::try_from(d).ok()?)?;
    }
    Some(n)
}

/// IEEE half bits to f32 (exact).
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = ((h >> 15) as u32) << 31;
    let exp = ((h >> 10) & 0x1f) as u32;
    let man = (h & 0x3ff) as u32;
    let bits = match (exp, man) {
        (0, 0) => sign,
        (0, m) => {
            // Subnormal: value = m * 2^-24.
            let v = m as f32 * f32::from_bits(0x3380_0000);
            return if sign != 0 { -v } else { v };
        }
        (0x1f, 0) => sign | 0x7f80_0000,
        (0x1f, m) => sign | 0x7fc0_0000 | (m << 13),
        (e, m) => sign | ((e + 112) << 23) | (m << 13),
    };
    f32::from_bits(bits)
}

/// f32 to IEEE half bits, round to nearest even.
pub fn f32_to_f16(f: f32) -> u16 {
    let x = f.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let man = x & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rem = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rem > half || (rem == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let rem = man & 0x1fff;
    let mut r = ((e as u32) << 10) | (man >> 13);
    if rem > 0x1000 || (rem == 0x1000 && r & 1 == 1) {
        r += 1;
    }
    sign | r as u16
}

/// bfloat16 bits to f32 (exact).
pub fn bf16_to_f32(h: u16) -> f32 {
    f32::from_bits((h as u32) << 16)
}

/// f32 to bfloat16 bits, round to nearest even (NaN stays NaN).
pub fn f32_to_bf16(f: f32) -> u16 {
    let x = f.to_bits();
    if f.is_nan() {
        return ((x >> 16) as u16) | 0x40;
    }
    let round = 0x7fff + ((x >> 16) & 1);
    (x.wrapping_add(round) >> 16) as u16
}

impl Tensor {
    pub fn num_elements(&self) -> usize {
        self.bytes.len() / self.dtype.size()
    }

    fn element(&self, i: usize) -> &[u8] {
        let s = self.dtype.size();
        &self.bytes[i * s..(i + 1) * s]
    }

    /// Element `i` as f64 (integers converted, bool as 0/1).
    pub fn get_f64(&self, i: usize) -> f64 {
        let b = self.element(i);
        match self.dtype {
            DType::F32 => f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
            DType::F16 => f16_to_f32(u16::from_le_bytes([b[0], b[1]])) as f64,
            DType::BF16 => bf16_to_f32(u16::from_le_bytes([b[0], b[1]])) as f64,
            DType::F64 => f64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
            _ => self.get_i64(i) as f64,
        }
    }

    /// Element `i` as i64 (floats truncated toward zero, saturating).
    pub fn get_i64(&self, i: usize) -> i64 {
        let b = self.element(i);
        match self.dtype {
            DType::I8 => b[0] as i8 as i64,
            DType::U8 => b[0] as i64,
            DType::Bool => (b[0] != 0) as i64,
            DType::I32 => i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64,
            DType::I64 => i64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
            _ => self.get_f64(i) as i64,
        }
    }

    pub fn to_f64_vec(&self) -> Vec<f64> {
        (0..self.num_elements()).map(|i| self.get_f64(i)).collect()
    }
    pub fn to_i64_vec(&self) -> Vec<i64> {
        (0..self.num_elements()).map(|i| self.get_i64(i)).collect()
    }

    /// A tensor of `dtype` from f64 values (rounded once to nearest even in
    /// the element type, infinity beyond its range; integers truncate toward
    /// zero and saturate, NaN gives 0, as Rust's `as` does; BOOL is `!= 0`).
    pub fn from_f64(dtype: DType, shape: Vec<i64>, values: &[f64]) -> Tensor {
        let mut bytes = Vec::with_capacity(values.len() * dtype.size());
        for &v in values {
            push_f64(dtype, v, &mut bytes);
        }
        Tensor { dtype, shape, bytes }
    }

    /// A tensor of `dtype` from i64 values (integer types wrap to their
    /// width; float types round once to nearest even).
    pub fn from_i64(dtype: DType, shape: Vec<i64>, values: &[i64]) -> Tensor {
        if dtype.is_float() {
            let mut bytes = Vec::with_capacity(values.len() * dtype.size());
            for &v in values {
                match dtype {
                    DType::F32 => bytes.extend_from_slice(&(v as f32).to_le_bytes()),
                    DType::F16 => push_f64(dtype, round_int(v, 11), &mut bytes),
                    DType::BF16 => push_f64(dtype, round_int(v, 8), &mut bytes),
                    _ => bytes.extend_from_slice(&(v as f64).to_le_bytes()),
                }
            }
            return Tensor { dtype, shape, bytes };
        }
        let mut bytes = Vec::with_capacity(values.len() * dtype.size());
        for &v in values {
            match dtype {
                DType::I8 | DType::U8 => bytes.push(v as u8),
                DType::Bool => bytes.push((v != 0) as u8),
                DType::I32 => bytes.extend_from_slice(&(v as i32).to_le_bytes()),
                _ => bytes.extend_from_slice(&v.to_le_bytes()),
            }
        }
        Tensor { dtype, shape, bytes }
    }

    /// This tensor converted to another element type, as ONNX Cast does
    /// (float to integer truncates, to bool is `!= 0`).
    pub fn cast(&self, to: DType) -> Tensor {
        if to == self.dtype {
            return self.clone();
        }
        if self.dtype.is_float() && to.is_float() || self.dtype.is_float() && to != DType::Bool {
            let v = self.to_f64_vec();
            return Tensor::from_f64(to, self.shape.clone(), &v);
        }
        if to == DType::Bool {
            let v: Vec<i64> = (0..self.num_elements()).map(|i| (self.get_f64(i) != 0.0) as i64).collect();
            return Tensor::from_i64(to, self.shape.clone(), &v);
        }
        Tensor::from_i64(to, self.shape.clone(), &self.to_i64_vec())
    }
}

/// `v` rounded to nearest even in a binary format with `man` fraction bits,
/// smallest normal exponent `emin` and largest finite value `max`, as an
/// f64 (exact: every such value is one); infinity beyond `max`. Rounding
/// straight from f64 avoids the double rounding of going through f32.
fn round_to_format(v: f64, man: i32, emin: i32, max: f64) -> f64 {
    if !v.is_finite() || v == 0.0 {
        return v;
    }
    let a = v.abs();
    let e = (((a.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(emin);
    // The spacing of the format's values in a's binade (or the subnormal one).
    let q = f64::from_bits(((e - man + 1023) as u64) << 52);
    let r = (a / q).round_ties_even() * q;
    let r = if r > max { f64::INFINITY } else { r };
    r.copysign(v)
}

/// f64 to IEEE half bits, rounded once to nearest even.
pub fn f64_to_f16(v: f64) -> u16 {
    f32_to_f16(round_to_format(v, 10, -14, 65504.0) as f32)
}

/// f64 to bfloat16 bits, rounded once to nearest even.
pub fn f64_to_bf16(v: f64) -> u16 {
    f32_to_bf16(round_to_format(v, 7, -126, f32::MAX as f64) as f32)
}

/// An i64 as the nearest f64 with at most `bits` significant bits (ties to
/// even), so converting it on to a format of that precision is exact:
/// integers reach f16/bf16 with one rounding.
fn round_int(v: i64, bits: u32) -> f64 {
    let a = v.unsigned_abs();
    let width = 64 - a.leading_zeros();
    if width <= bits {
        return v as f64;
    }
    let shift = width - bits;
    let (q, rem, half) = (a >> shift, a & ((1u64 << shift) - 1), 1u64 << (shift - 1));
    let q = if rem > half || (rem == half && q & 1 == 1) { q + 1 } else { q };
    let r = (q as f64) * f64::from_bits(((shift as u64) + 1023) << 52);
    if v < 0 {
        -r
    } else {
        r
    }
}

fn push_f64(dtype: DType, v: f64, out: &mut Vec<u8>) {
    match dtype {
        DType::F32 => out.extend_from_slice(&(v as f32).to_le_bytes()),
        DType::F16 => out.extend_from_slice(&f64_to_f16(v).to_le_bytes()),
        DType::BF16 => out.extend_from_slice(&f64_to_bf16(v).to_le_bytes()),
        DType::F64 => out.extend_from_slice(&v.to_le_bytes()),
        DType::I8 => out.push(v as i8 as u8),
        DType::U8 => out.push(v as u8),
        DType::Bool => out.push((v != 0.0) as u8),
        DType::I32 => out.extend_from_slice(&(v as i32).to_le_bytes()),
        DType::I64 => out.extend_from_slice(&(v as i64).to_le_bytes()),
    }
}

/// Decodes the data of a tensor held in the message itself (`raw_data` or
/// the typed field of its data type). `external` is the external file's
/// bytes when the tensor's data location is EXTERNAL.
pub fn decode_tensor(t: &TensorProto, external: Option<Vec<u8>>) -> Result<Tensor, String> {
    let raw_type = t.data_type.unwrap_or(data_type::UNDEFINED);
    let dtype =
        DType::from_onnx(raw_type).ok_or_else(|| format!("unsupported data type {}", data_type::name(raw_type)))?;
    if t.segment.is_some() {
        return Err("segmented tensors are not supported".into());
    }
    if let Some(d) = t.dims.iter().find(|&&d| d < 0) {
        return Err(format!("negative dimension {d}"));
    }
    let n = num_elements(&t.dims).ok_or("element count overflows")?;
    let expected_bytes = n.checked_mul(dtype.size()).ok_or("byte size overflows")?;
    let check_len = |got: usize, what: &str| -> Result<(), String> {
        if got != n {
            Err(format!("{what} holds {got} elements, the shape {:?} needs {n}", t.dims))
        } else {
            Ok(())
        }
    };
    let raw = match external {
        Some(bytes) => Some(bytes),
        None => t.raw_data.clone(),
    };
    if let Some(raw) = raw {
        if raw.len() != expected_bytes {
            return Err(format!(
                "data holds {} bytes, {} elements of {} need {expected_bytes}",
                raw.len(),
                n,
                dtype.name()
            ));
        }
        let bytes = if dtype == DType::Bool { raw.iter().map(|&b| (b != 0) as u8).collect() } else { raw };
        return Ok(Tensor { dtype, shape: t.dims.clone(), bytes });
    }
    let mut bytes = Vec::with_capacity(expected_bytes);
    match dtype {
        DType::F32 => {
            check_len(t.float_data.len(), "float_data")?;
            t.float_data.iter().for_each(|v| bytes.extend_from_slice(&v.to_le_bytes()));
        }
        DType::F64 => {
            check_len(t.double_data.len(), "double_data")?;
            t.double_data.iter().for_each(|v| bytes.extend_from_slice(&v.to_le_bytes()));
        }
        DType::I64 => {
            check_len(t.int64_data.len(), "int64_data")?;
            t.int64_data.iter().for_each(|v| bytes.extend_from_slice(&v.to_le_bytes()));
        }
        DType::I32 => {
            check_len(t.int32_data.len(), "int32_data")?;
            t.int32_data.iter().for_each(|v| bytes.extend_from_slice(&v.to_le_bytes()));
        }
        // The narrow types are stored one element per int32_data entry
        // (FLOAT16/BFLOAT16 as their bit patterns).
        DType::F16 | DType::BF16 => {
            check_len(t.int32_data.len(), "int32_data")?;
            t.int32_data.iter().for_each(|&v| bytes.extend_from_slice(&(v as u16).to_le_bytes()));
        }
        DType::I8 | DType::U8 => {
            check_len(t.int32_data.len(), "int32_data")?;
            t.int32_data.iter().for_each(|&v| bytes.push(v as u8));
        }
        DType::Bool => {
            check_len(t.int32_data.len(), "int32_data")?;
            t.int32_data.iter().for_each(|&v| bytes.push((v != 0) as u8));
        }
    }
    Ok(Tensor { dtype, shape: t.dims.clone(), bytes })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_conversions_round_trip_and_round_to_nearest_even() {
        for bits in [0u16, 0x3c00, 0xbc00, 0x7bff, 0x0001, 0x03ff, 0x7c00, 0xfc00, 0x3555] {
            assert_eq!(f32_to_f16(f16_to_f32(bits)), bits, "bits {bits:#x}");
        }
        assert_eq!(f16_to_f32(0x3c00), 1.0);
        assert_eq!(f16_to_f32(0x0001), 2f32.powi(-24));
        // 1 + 2^-11 is halfway between 1 and the next half; ties to even (1).
        assert_eq!(f32_to_f16(1.0 + 2f32.powi(-11)), 0x3c00);
        assert_eq!(f32_to_f16(1e6), 0x7c00);
        assert_eq!(bf16_to_f32(0x3f80), 1.0);
        assert_eq!(f32_to_bf16(1.0 + 2f32.powi(-8)), 0x3f80);
        assert_eq!(f32_to_bf16(1.0 + 3.0 * 2f32.powi(-8)), 0x3f82);
    }

    #[test]
    fn typed_fields_and_raw_data_decode_to_the_same_tensor() {
        let typed = TensorProto {
            dims: vec![2],
            data_type: Some(data_type::INT64),
            int64_data: vec![-3, 7],
            ..Default::default()
        };
        let mut raw_bytes = Vec::new();
        raw_bytes.extend_from_slice(&(-3i64).to_le_bytes());
        raw_bytes.extend_from_slice(&7i64.to_le_bytes());
        let raw = TensorProto {
            dims: vec![2],
            data_type: Some(data_type::INT64),
            raw_data: Some(raw_bytes),
            ..Default::default()
        };
        let a = decode_tensor(&typed, None).unwrap();
        assert_eq!(a, decode_tensor(&raw, None).unwrap());
        assert_eq!(a.to_i64_vec(), vec![-3, 7]);
    }

    #[test]
    fn narrow_types_come_from_int32_data() {
        let t = TensorProto {
            dims: vec![3],
            data_type: Some(data_type::FLOAT16),
            int32_data: vec![0x3c00, 0xc000, 0],
            ..Default::default()
        };
        assert_eq!(decode_tensor(&t, None).unwrap().to_f64_vec(), vec![1.0, -2.0, 0.0]);
        let t = TensorProto {
            dims: vec![2],
            data_type: Some(data_type::INT8),
            int32_data: vec![-5, 100],
            ..Default::default()
        };
        assert_eq!(decode_tensor(&t, None).unwrap().to_i64_vec(), vec![-5, 100]);
        let t = TensorProto {
            dims: vec![2],
            data_type: Some(data_type::BOOL),
            raw_data: Some(vec![0, 9]),
            ..Default::default()
        };
        assert_eq!(decode_tensor(&t, None).unwrap().bytes, vec![0, 1]);
    }

    #[test]
    fn length_mismatches_and_bad_types_are_errors() {
        let t = TensorProto {
            dims: vec![3],
            data_type: Some(data_type::FLOAT),
            float_data: vec![1.0],
            ..Default::default()
        };
        assert!(decode_tensor(&t, None).unwrap_err().contains("needs 3"));
        let t = TensorProto {
            dims: vec![2],
            data_type: Some(data_type::FLOAT),
            raw_data: Some(vec![0; 7]),
            ..Default::default()
        };
        assert!(decode_tensor(&t, None).unwrap_err().contains("7 bytes"));
        let t = TensorProto { dims: vec![i64::MAX, i64::MAX], data_type: Some(data_type::FLOAT), ..Default::default() };
        assert!(decode_tensor(&t, None).unwrap_err().contains("overflows"));
        let t = TensorProto { dims: vec![1], data_type: Some(data_type::STRING), ..Default::default() };
        assert!(decode_tensor(&t, None).unwrap_err().contains("STRING"));
    }

    #[test]
    fn f64_rounds_once_to_half_and_bfloat16() {
        // 1 + 2^-11 + 2^-40 is just above the half tie: up, although
        // going through f32 (which drops the 2^-40) would tie to even (down).
        let v = 1.0 + 2f64.powi(-11) + 2f64.powi(-40);
        assert_eq!(f64_to_f16(v), 0x3c01);
        assert_eq!(f32_to_f16(v as f32), 0x3c00);
        assert_eq!(f64_to_bf16(1.0 + 2f64.powi(-8) + 2f64.powi(-40)), 0x3f81);
        assert_eq!(f64_to_f16(65519.0), 0x7bff);
        assert_eq!(f64_to_f16(65520.0), 0x7c00);
        assert_eq!(f64_to_f16(-1e300), 0xfc00);
        assert_eq!(f64_to_f16(2f64.powi(-25)), 0); // tie between 0 and 2^-24: even
        assert_eq!(f64_to_f16(2f64.powi(-25) * 1.5), 1);
        assert_eq!(f64_to_f16(-0.0), 0x8000);
        assert!(f16_to_f32(f64_to_f16(f64::NAN)).is_nan());
        assert_eq!(f64_to_bf16(1e39), 0x7f80);
        // Integers: one rounding to the format's 11 / 8 significant bits.
        let t = Tensor::from_i64(DType::BF16, vec![2], &[(1 << 60) + (1 << 52) + 1, 257]);
        assert_eq!(t.to_f64_vec(), vec![(1u64 << 60) as f64 + (1u64 << 53) as f64, 256.0]);
        let t = Tensor::from_i64(DType::F16, vec![2], &[2049, 100_000]);
        assert_eq!(t.to_f64_vec(), vec![2048.0, f64::INFINITY]);
    }

    #[test]
    fn cast_truncates_floats_and_maps_nonzero_to_true() {
        let t = Tensor::from_f64(DType::F32, vec![3], &[1.7, -2.5, 0.0]);
        assert_eq!(t.cast(DType::I64).to_i64_vec(), vec![1, -2, 0]);
        assert_eq!(t.cast(DType::Bool).to_i64_vec(), vec![1, 1, 0]);
    }
}
