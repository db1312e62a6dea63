//! Reading and building `dense<...>` element attributes: element access as
//! f64 / i64 for folds, integer tensors for attributes such as `padding`.
//! A splat is kept as one element throughout (folds of a huge splat never
//! touch more than one element).

use strata_ir::apfloat;
use strata_ir::attributes::DenseData;
use strata_ir::types::Signedness;
use strata_ir::{AttrKind, Attribute, Context, Type, TypeKind};

/// A dense elements attribute, borrowed.
pub struct DenseView<'c> {
    pub ty: Type,
    pub shape: &'c [i64],
    pub elem: Type,
    pub splat: bool,
    pub bytes: &'c [u8],
    /// Bytes per element.
    pub per: usize,
}

impl DenseView<'_> {
    /// Number of elements of the tensor (not of the storage).
    /// (Saturating: a shape too large to count gives `usize::MAX`.)
    pub fn num_elements(&self) -> usize {
        self.shape.iter().try_fold(1usize, |n, &d| n.checked_mul(usize::try_from(d).ok()?)).unwrap_or(usize::MAX)
    }
    /// Number of stored elements: 1 for a splat.
    pub fn stored(&self) -> usize {
        if self.splat {
            1
        } else {
            self.bytes.len() / self.per.max(1)
        }
    }
    /// Stored element `i` (for a splat, or a single stored element such as
    /// a rank-0 `select` predicate, the one element whatever `i`).
    pub fn raw(&self, i: usize) -> &[u8] {
        let i = if self.splat || self.bytes.len() <= self.per { 0 } else { i };
        &self.bytes[i * self.per..(i + 1) * self.per]
    }
}

pub fn view(ctx: &Context, a: Attribute) -> Option<DenseView<'_>> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(a) else { return None };
    let TypeKind::RankedTensor { shape, element, .. } = ctx.type_kind(*ty) else { return None };
    let per = strata_ir::parser::dense_element_bytes(ctx, *element)?;
    Some(DenseView { ty: *ty, shape, elem: *element, splat: data.splat, bytes: &data.bytes, per })
}

/// How an element type's values are computed on by folds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ElemKind {
    Float(strata_ir::types::FloatKind),
    /// Integer of a width; `signed` false for `ui*` and `i1`.
    Int {
        width: u32,
        signed: bool,
    },
}

pub fn elem_kind(ctx: &Context, elem: Type) -> Option<ElemKind> {
    match ctx.type_kind(elem) {
        TypeKind::Float(k) => Some(ElemKind::Float(*k)),
        TypeKind::Integer { width, signedness } if *width <= 64 => {
            Some(ElemKind::Int { width: *width, signed: *width > 1 && *signedness != Signedness::Unsigned })
        }
        _ => None,
    }
}

fn le_u128(bytes: &[u8]) -> u128 {
    bytes.iter().enumerate().fold(0u128, |acc, (i, &b)| acc | (b as u128) << (8 * i))
}

/// An element as f64 (floats by value, integers converted).
pub fn to_f64(kind: ElemKind, bytes: &[u8]) -> f64 {
    use strata_ir::types::FloatKind;
    // The common formats convert natively (exactly, as APFloat does); the
    // general path is exact rational arithmetic, far too slow for weights.
    match (kind, bytes.len()) {
        (ElemKind::Float(FloatKind::F32), 4) => {
            return f32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) as f64
        }
        (ElemKind::Float(FloatKind::F64), 8) => return f64::from_le_bytes(bytes.try_into().unwrap_or([0; 8])),
        (ElemKind::Float(FloatKind::BF16), 2) => return half::bf16::from_le_bytes([bytes[0], bytes[1]]).to_f64(),
        (ElemKind::Float(FloatKind::F16), 2) => return half::f16::from_le_bytes([bytes[0], bytes[1]]).to_f64(),
        _ => {}
    }
    match kind {
        ElemKind::Float(k) => apfloat::to_f64(k, le_u128(bytes)),
        ElemKind::Int { .. } => to_i64(kind, bytes) as f64,
    }
}

/// An element as i64 (integers sign- or zero-extended; floats truncated).
pub fn to_i64(kind: ElemKind, bytes: &[u8]) -> i64 {
    match kind {
        ElemKind::Float(_) => to_f64(kind, bytes) as i64,
        ElemKind::Int { width, signed } => {
            let raw = le_u128(bytes) as u64;
            if width >= 64 {
                return raw as i64;
            }
            let masked = raw & ((1u64 << width) - 1);
            if signed && masked >> (width - 1) & 1 == 1 {
                (masked | !((1u64 << width) - 1)) as i64
            } else {
                masked as i64
            }
        }
    }
}

/// Encodes `v` (rounded to the element type) into `out`.
pub fn push_f64(kind: ElemKind, v: f64, per: usize, out: &mut Vec<u8>) {
    use strata_ir::types::FloatKind;
    // Native round-to-nearest-even for the common formats (NaNs excepted,
    // whose payloads the exact path keeps as APFloat does).
    if !v.is_nan() {
        match (kind, per) {
            (ElemKind::Float(FloatKind::F32), 4) => return out.extend_from_slice(&(v as f32).to_le_bytes()),
            (ElemKind::Float(FloatKind::F64), 8) => return out.extend_from_slice(&v.to_le_bytes()),
            (ElemKind::Float(FloatKind::BF16), 2) => {
                return out.extend_from_slice(&half::bf16::from_f64(v).to_le_bytes())
            }
            (ElemKind::Float(FloatKind::F16), 2) => {
                return out.extend_from_slice(&half::f16::from_f64(v).to_le_bytes())
            }
            _ => {}
        }
    }
    match kind {
        ElemKind::Float(k) => {
            let bits = apfloat::from_f64(k, v);
            out.extend_from_slice(&bits.to_le_bytes()[..per]);
        }
        ElemKind::Int { .. } => push_i64(kind, float_to_int(kind, v), per, out),
    }
}

/// Float to integer conversion as StableHLO's convert (truncation toward
/// zero, saturating at the type's range; NaN to 0).
pub fn float_to_int(kind: ElemKind, v: f64) -> i64 {
    let ElemKind::Int { width, signed } = kind else { return v as i64 };
    if v.is_nan() {
        return 0;
    }
    if width == 1 {
        return (v != 0.0) as i64;
    }
    let (lo, hi) = int_range(width, signed);
    let t = v.trunc();
    if t <= lo as f64 {
        lo
    } else if t >= hi as f64 {
        hi
    } else {
        t as i64
    }
}

fn int_range(width: u32, signed: bool) -> (i64, i64) {
    if width >= 64 {
        return if signed { (i64::MIN, i64::MAX) } else { (0, i64::MAX) };
    }
    if signed {
        (-(1i64 << (width - 1)), (1i64 << (width - 1)) - 1)
    } else {
        (0, (1i64 << width) - 1)
    }
}

/// Encodes `v` (wrapped to the width) into `out`.
pub fn push_i64(kind: ElemKind, v: i64, per: usize, out: &mut Vec<u8>) {
    match kind {
        ElemKind::Float(_) => push_f64(kind, v as f64, per, out),
        ElemKind::Int { width: 1, .. } => out.push((v & 1) as u8),
        ElemKind::Int { .. } => out.extend_from_slice(&v.to_le_bytes()[..per]),
    }
}

/// A dense attribute of `ty` from stored element bytes (one element
/// means a splat); uniform non-splat data becomes a splat as MLIR's
/// storage does.
pub fn from_bytes(ctx: &Context, ty: Type, mut bytes: Vec<u8>, per: usize, splat: bool) -> Attribute {
    let per = per.max(1);
    let splat = splat || (bytes.len() > per && bytes.chunks_exact(per).all(|c| c == &bytes[..per]));
    if splat {
        bytes.truncate(per);
    }
    ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat, bytes: bytes.into() } })
}

/// Most elements `int_values` / `f64_values` expand (they serve small
/// attributes and per-channel vectors, never activations).
pub const MAX_EXPANDED_VALUES: usize = 1 << 20;

/// Shape and values of an integer dense attribute (expanded; for small
/// attributes such as `padding`).
pub fn int_values(ctx: &Context, a: Attribute) -> Option<(Vec<i64>, Vec<i64>)> {
    let v = view(ctx, a)?;
    if v.num_elements() > MAX_EXPANDED_VALUES {
        return None;
    }
    let kind = elem_kind(ctx, v.elem)?;
    if !matches!(kind, ElemKind::Int { .. }) {
        return None;
    }
    let n = v.num_elements();
    Some((v.shape.to_vec(), (0..n).map(|i| to_i64(kind, v.raw(i))).collect()))
}

/// A dense integer tensor attribute of `shape` with element type `elem`.
pub fn int_elements(ctx: &Context, shape: &[i64], elem: Type, values: &[i64]) -> Attribute {
    let ty = ctx.ranked_tensor_type(shape, elem);
    let kind = elem_kind(ctx, elem).expect("integer element type");
    let per = strata_ir::parser::dense_element_bytes(ctx, elem).unwrap_or(8);
    let mut bytes = Vec::with_capacity(values.len() * per);
    for &v in values {
        push_i64(kind, v, per, &mut bytes);
    }
    from_bytes(ctx, ty, bytes, per, false)
}

/// A splat of `value` with tensor type `ty`.
pub fn splat_f64(ctx: &Context, ty: Type, value: f64) -> Option<Attribute> {
    let elem = ctx.element_type(ty)?;
    let kind = elem_kind(ctx, elem)?;
    let per = strata_ir::parser::dense_element_bytes(ctx, elem)?;
    let mut bytes = vec![];
    push_f64(kind, value, per, &mut bytes);
    Some(from_bytes(ctx, ty, bytes, per, true))
}

/// The single value of a splat (or one-element) attribute, as f64.
pub fn splat_value(ctx: &Context, a: Attribute) -> Option<f64> {
    let v = view(ctx, a)?;
    let kind = elem_kind(ctx, v.elem)?;
    if v.splat || v.num_elements() == 1 {
        Some(to_f64(kind, v.raw(0)))
    } else {
        None
    }
}

/// All elements as f64 (for small constants such as batch-norm vectors).
pub fn f64_values(ctx: &Context, a: Attribute) -> Option<Vec<f64>> {
    let v = view(ctx, a)?;
    if v.num_elements() > MAX_EXPANDED_VALUES {
        return None;
    }
    let kind = elem_kind(ctx, v.elem)?;
    Some((0..v.num_elements()).map(|i| to_f64(kind, v.raw(i))).collect())
}
