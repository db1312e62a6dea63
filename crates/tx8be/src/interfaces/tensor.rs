//! `TensorData`: a dense row-major tensor value as the Compute interface
//! and the reference interpreter see it: dims, f64 values, and the element
//! type the values are stored in (results are rounded to it).

use strata_ir::apfloat;
use strata_ir::types::{FloatKind, Signedness};
use strata_ir::{Context, Type, TypeKind};

/// Element types of the tx8be contract.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ElementType {
    F32,
    BF16,
    F16,
    F64,
    I64,
    I32,
    I8,
    I1,
}

impl ElementType {
    pub fn from_type(ctx: &Context, t: Type) -> Option<ElementType> {
        match ctx.type_kind(t) {
            TypeKind::Float(FloatKind::F32) => Some(ElementType::F32),
            TypeKind::Float(FloatKind::BF16) => Some(ElementType::BF16),
            TypeKind::Float(FloatKind::F16) => Some(ElementType::F16),
            TypeKind::Float(FloatKind::F64) => Some(ElementType::F64),
            TypeKind::Integer { width: 64, signedness: Signedness::Signless | Signedness::Signed } => {
                Some(ElementType::I64)
            }
            TypeKind::Integer { width: 32, signedness: Signedness::Signless | Signedness::Signed } => {
                Some(ElementType::I32)
            }
            TypeKind::Integer { width: 8, signedness: Signedness::Signless | Signedness::Signed } => {
                Some(ElementType::I8)
            }
            TypeKind::Integer { width: 1, .. } => Some(ElementType::I1),
            _ => None,
        }
    }

    pub fn to_type(self, ctx: &Context) -> Type {
        match self {
            ElementType::F32 => ctx.f32(),
            ElementType::BF16 => ctx.float_type(FloatKind::BF16),
            ElementType::F16 => ctx.float_type(FloatKind::F16),
            ElementType::F64 => ctx.f64(),
            ElementType::I64 => ctx.i64(),
            ElementType::I32 => ctx.i32(),
            ElementType::I8 => ctx.integer_type(8),
            ElementType::I1 => ctx.i1(),
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, ElementType::F32 | ElementType::BF16 | ElementType::F16 | ElementType::F64)
    }

    /// Bytes per element in memory.
    pub fn bytes(self) -> u64 {
        match self {
            ElementType::F64 | ElementType::I64 => 8,
            ElementType::F32 | ElementType::I32 => 4,
            ElementType::BF16 | ElementType::F16 => 2,
            ElementType::I8 | ElementType::I1 => 1,
        }
    }

    /// The C model's data format for this type (i1 is stored as one byte);
    /// `None` for f64 and i64, which the card does not compute in.
    pub fn data_format(self) -> Option<tx8_target::DataFormat> {
        use tx8_target::DataFormat as F;
        match self {
            ElementType::F32 => Some(F::Fp32),
            ElementType::BF16 => Some(F::Bf16),
            ElementType::F16 => Some(F::Fp16),
            ElementType::I32 => Some(F::Int32),
            ElementType::I8 | ElementType::I1 => Some(F::Int8),
            ElementType::F64 | ElementType::I64 => None,
        }
    }

    /// `v` as stored in this type: floats rounded to nearest even,
    /// integers truncated toward zero and wrapped, i1 as `v != 0`.
    pub fn round(self, v: f64) -> f64 {
        match self {
            ElementType::F64 => v,
            ElementType::F32 => v as f32 as f64,
            ElementType::BF16 => apfloat::to_f64(FloatKind::BF16, apfloat::from_f64(FloatKind::BF16, v)),
            ElementType::F16 => apfloat::to_f64(FloatKind::F16, apfloat::from_f64(FloatKind::F16, v)),
            ElementType::I64 => wrap(v, 64),
            ElementType::I32 => wrap(v, 32),
            ElementType::I8 => wrap(v, 8),
            ElementType::I1 => (v != 0.0 && !v.is_nan()) as u8 as f64,
        }
    }
}

fn wrap(v: f64, bits: u32) -> f64 {
    if !v.is_finite() {
        return 0.0;
    }
    let t = v.trunc() as i128;
    let m = 1i128 << bits;
    let w = ((t % m) + m) % m;
    (if w >= m / 2 { w - m } else { w }) as f64
}

/// A dense tensor value.
#[derive(Clone, Debug, PartialEq)]
pub struct TensorData {
    pub dims: Vec<i64>,
    pub values: Vec<f64>,
    pub elem: ElementType,
}

impl TensorData {
    /// A tensor with `values` rounded to `elem`; `None` when the number of
    /// values does not match `dims`.
    pub fn new(dims: Vec<i64>, values: Vec<f64>, elem: ElementType) -> Option<TensorData> {
        if dims.iter().any(|&d| d < 0) || dims.iter().product::<i64>() as usize != values.len() {
            return None;
        }
        let values = values.into_iter().map(|v| elem.round(v)).collect();
        Some(TensorData { dims, values, elem })
    }

    pub fn num_elements(&self) -> usize {
        self.values.len()
    }

    /// Whether the tensor has the shape and element type of `t`.
    pub fn matches_type(&self, ctx: &Context, t: Type) -> bool {
        ctx.shape(t) == Some(&self.dims[..])
            && ctx.element_type(t).and_then(|e| ElementType::from_type(ctx, e)) == Some(self.elem)
    }
}

/// Row-major strides of `dims` in elements.
pub fn strides(dims: &[i64]) -> Vec<i64> {
    let mut s = vec![1i64; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * dims[i + 1];
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_to_storage_types() {
        assert_eq!(ElementType::BF16.round(1.0 + 1.0 / 256.0), 1.0);
        assert_eq!(ElementType::F16.round(65504.0), 65504.0);
        assert_eq!(ElementType::I32.round(-2.7), -2.0);
        assert_eq!(ElementType::I8.round(130.0), -126.0);
        assert_eq!(ElementType::I1.round(-3.0), 1.0);
        assert!(TensorData::new(vec![2, 2], vec![1.0; 3], ElementType::F32).is_none());
    }
}
