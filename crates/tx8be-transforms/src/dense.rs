//! Constant tensors as numbers: reading a `dense<...>` elements attribute
//! into f64 values (every element type the compiler sees), building one
//! back in another element type, and the compile-time rearrangements the
//! lowering applies to weights (permuting dims).
//!
//! Values are kept as f64: exact for f16/bf16/f32 and for integers up to
//! 2^53, which covers weights, shapes and indices.

use strata_ir::attributes::DenseData;
use strata_ir::types::{FloatKind, TypeKind};
use strata_ir::{AttrKind, Attribute, Context, Type};

/// A constant tensor: dims, element type and values (row-major; a splat is
/// stored once).
#[derive(Debug, Clone, PartialEq)]
pub struct ConstTensor {
    pub dims: Vec<i64>,
    pub elem: Type,
    pub values: Vec<f64>,
    pub splat: bool,
}

impl ConstTensor {
    pub fn elems(&self) -> usize {
        self.dims.iter().product::<i64>().max(0) as usize
    }

    /// Element `i` (a splat answers its one value).
    pub fn get(&self, i: usize) -> f64 {
        if self.splat {
            self.values[0]
        } else {
            self.values[i]
        }
    }

    /// Every value, a splat expanded.
    pub fn expanded(&self) -> Vec<f64> {
        if self.splat {
            vec![self.values.first().copied().unwrap_or(0.0); self.elems()]
        } else {
            self.values.clone()
        }
    }
}

pub(crate) fn float_kind(ctx: &Context, t: Type) -> Option<FloatKind> {
    match ctx.type_kind(t) {
        TypeKind::Float(k) => Some(*k),
        _ => None,
    }
}

/// Bytes of one element in a dense payload.
fn elem_bytes(ctx: &Context, elem: Type) -> Option<usize> {
    match ctx.type_kind(elem) {
        TypeKind::Float(FloatKind::F16 | FloatKind::BF16) => Some(2),
        TypeKind::Float(FloatKind::F32) => Some(4),
        TypeKind::Float(FloatKind::F64) => Some(8),
        TypeKind::Integer { width, .. } => Some((*width as usize).div_ceil(8)),
        TypeKind::Index => Some(8),
        _ => None,
    }
}

fn decode(ctx: &Context, elem: Type, b: &[u8]) -> Option<f64> {
    Some(match ctx.type_kind(elem) {
        TypeKind::Float(FloatKind::F16) => half::f16::from_le_bytes([b[0], b[1]]).to_f64(),
        TypeKind::Float(FloatKind::BF16) => half::bf16::from_le_bytes([b[0], b[1]]).to_f64(),
        TypeKind::Float(FloatKind::F32) => f32::from_le_bytes(b.try_into().ok()?) as f64,
        TypeKind::Float(FloatKind::F64) => f64::from_le_bytes(b.try_into().ok()?),
        TypeKind::Integer { width: 1, .. } => (b[0] != 0) as u8 as f64,
        TypeKind::Integer { width, signedness } => {
            let mut v: u64 = 0;
            for (i, &byte) in b.iter().enumerate().take(8) {
                v |= (byte as u64) << (8 * i);
            }
            let w = *width;
            if w < 64 {
                let signed = !matches!(signedness, strata_ir::types::Signedness::Unsigned);
                if signed && (v >> (w - 1)) & 1 == 1 {
                    (v as i64 | (!0i64 << w)) as f64
                } else {
                    (v & ((1u64 << w) - 1)) as f64
                }
            } else {
                v as i64 as f64
            }
        }
        TypeKind::Index => i64::from_le_bytes(b.try_into().ok()?) as f64,
        _ => return None,
    })
}

fn encode(ctx: &Context, elem: Type, v: f64, out: &mut Vec<u8>) {
    match ctx.type_kind(elem) {
        TypeKind::Float(FloatKind::F16) => out.extend_from_slice(&half::f16::from_f64(v).to_le_bytes()),
        TypeKind::Float(FloatKind::BF16) => out.extend_from_slice(&half::bf16::from_f64(v).to_le_bytes()),
        TypeKind::Float(FloatKind::F32) => out.extend_from_slice(&(v as f32).to_le_bytes()),
        TypeKind::Float(FloatKind::F64) => out.extend_from_slice(&v.to_le_bytes()),
        TypeKind::Integer { width: 1, .. } => out.push((v != 0.0) as u8),
        TypeKind::Integer { width, .. } => {
            let n = (*width as usize).div_ceil(8);
            out.extend_from_slice(&(v as i64).to_le_bytes()[..n.min(8)]);
        }
        TypeKind::Index => out.extend_from_slice(&(v as i64).to_le_bytes()),
        _ => {}
    }
}

/// Reads a dense elements attribute of a ranked tensor type.
pub fn read_dense(ctx: &Context, a: Attribute) -> Option<ConstTensor> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(a) else { return None };
    let dims = ctx.shape(*ty)?.to_vec();
    let elem = ctx.element_type(*ty)?;
    let per = elem_bytes(ctx, elem)?;
    let values: Option<Vec<f64>> = data.bytes.chunks_exact(per).map(|c| decode(ctx, elem, c)).collect();
    let values = values?;
    let count: i64 = dims.iter().product();
    let splat = data.splat || (values.len() == 1 && count != 1);
    if !splat && values.len() as i64 != count {
        return None;
    }
    Some(ConstTensor { dims, elem, values, splat })
}

/// A dense elements attribute holding `t`'s values as `elem` (rounded to
/// nearest even for narrower floats; integers truncated toward zero).
pub fn dense_attr(ctx: &Context, t: &ConstTensor, elem: Type) -> Attribute {
    let ty = ctx.ranked_tensor_type(&t.dims, elem);
    let mut bytes = Vec::with_capacity(t.values.len() * elem_bytes(ctx, elem).unwrap_or(1));
    for &v in &t.values {
        encode(ctx, elem, v, &mut bytes);
    }
    ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat: t.splat, bytes: bytes.into() } })
}

/// Whether `elem` is a float type.
pub fn is_float(ctx: &Context, elem: Type) -> bool {
    float_kind(ctx, elem).is_some()
}

/// `t` with its dims permuted: result dim `i` is input dim `perm[i]`.
pub fn permute(t: &ConstTensor, perm: &[usize]) -> ConstTensor {
    let dims: Vec<i64> = perm.iter().map(|&p| t.dims[p]).collect();
    if t.splat {
        return ConstTensor { dims, ..t.clone() };
    }
    let rank = t.dims.len();
    let mut in_strides = vec![1i64; rank];
    for d in (0..rank.saturating_sub(1)).rev() {
        in_strides[d] = in_strides[d + 1] * t.dims[d + 1];
    }
    let n = t.elems();
    let mut out = Vec::with_capacity(n);
    let mut idx = vec![0i64; rank];
    for _ in 0..n {
        let src: i64 = (0..rank).map(|i| idx[i] * in_strides[perm[i]]).sum();
        out.push(t.values[src as usize]);
        for d in (0..rank).rev() {
            idx[d] += 1;
            if idx[d] < dims[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    ConstTensor { dims, elem: t.elem, values: out, splat: false }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_round_trip_in_every_type() {
        let ctx = Context::new();
        let t = ConstTensor { dims: vec![2, 2], elem: ctx.f32(), values: vec![1.0, -2.5, 0.125, 3.0], splat: false };
        for elem in [ctx.f32(), ctx.float_type(FloatKind::BF16), ctx.float_type(FloatKind::F16), ctx.f64()] {
            let back = read_dense(&ctx, dense_attr(&ctx, &t, elem)).unwrap();
            assert_eq!(back.values, t.values);
        }
        let ints = ConstTensor { dims: vec![3], elem: ctx.i64(), values: vec![-1.0, 7.0, 300.0], splat: false };
        for elem in [ctx.i64(), ctx.i32()] {
            assert_eq!(read_dense(&ctx, dense_attr(&ctx, &ints, elem)).unwrap().values, ints.values);
        }
    }

    #[test]
    fn permute_moves_elements() {
        let ctx = Context::new();
        // 2x3 -> 3x2 transpose.
        let t =
            ConstTensor { dims: vec![2, 3], elem: ctx.f32(), values: vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0], splat: false };
        let p = permute(&t, &[1, 0]);
        assert_eq!(p.dims, vec![3, 2]);
        assert_eq!(p.values, vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
    }
}
