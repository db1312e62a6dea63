//! Reading and building the builtin attribute values tx8be ops carry:
//! dense arrays (`array<i64: ...>`, `array<f64: ...>`), scalars, and dense
//! element payloads as f64 (weights of `tx8be.const`).

use std::cell::RefCell;
use std::collections::HashMap;

use strata_ir::apfloat;
use strata_ir::attributes::DenseData;
use strata_ir::types::{FloatKind, Signedness};
use strata_ir::{AttrKind, Attribute, Body, Context, Op, Type, TypeKind};

/// Values of an integer dense array (`array<i32: ...>`, `array<i64: ...>`),
/// sign-extended.
pub fn dense_int_values(ctx: &Context, a: Attribute) -> Option<Vec<i64>> {
    Some(dense_ints(ctx, a)?.collect())
}

/// The elements of an integer dense array, decoded as they are read.
fn dense_ints(ctx: &Context, a: Attribute) -> Option<impl ExactSizeIterator<Item = i64> + '_> {
    let AttrKind::DenseArray { element, data, len } = ctx.attr_kind(a) else { return None };
    let TypeKind::Integer { width, .. } = ctx.type_kind(*element) else { return None };
    let per = (*width as usize).div_ceil(8).max(1);
    if data.len() != per * len {
        return None;
    }
    Some(data.chunks(per).map(move |c| read_int(c, *width, true)))
}

/// Values of a float dense array (`array<f32: ...>`, `array<f64: ...>`).
pub fn dense_float_values(ctx: &Context, a: Attribute) -> Option<Vec<f64>> {
    let AttrKind::DenseArray { element, data, len } = ctx.attr_kind(a) else { return None };
    let kind = ctx.float_kind(*element)?;
    let per = (kind.width() as usize).div_ceil(8);
    if data.len() != per * len {
        return None;
    }
    Some(data.chunks(per).map(|c| apfloat::to_f64(kind, read_bits(c))).collect())
}

pub fn dense_i64_array(ctx: &Context, v: &[i64]) -> Attribute {
    let data: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    ctx.intern_attr(AttrKind::DenseArray { element: ctx.i64(), data: data.into(), len: v.len() })
}

pub fn dense_i32_array(ctx: &Context, v: &[i32]) -> Attribute {
    strata_ir::branch::dense_i32_array(ctx, v)
}

pub fn dense_f64_array(ctx: &Context, v: &[f64]) -> Attribute {
    let data: Vec<u8> = v.iter().flat_map(|x| x.to_bits().to_le_bytes()).collect();
    ctx.intern_attr(AttrKind::DenseArray { element: ctx.f64(), data: data.into(), len: v.len() })
}

/// The value of a float attribute (`1.0e-05 : f32`).
pub fn float_value(ctx: &Context, a: Attribute) -> Option<f64> {
    match ctx.attr_kind(a) {
        AttrKind::Float { bits, ty } => Some(apfloat::to_f64(ctx.float_kind(*ty)?, *bits)),
        _ => None,
    }
}

/// An `f32` float attribute.
pub fn f32_attr(ctx: &Context, v: f64) -> Attribute {
    ctx.f64_attr(ctx.f32(), v)
}

fn read_bits(c: &[u8]) -> u128 {
    c.iter().rev().fold(0u128, |acc, &b| (acc << 8) | b as u128)
}

fn read_int(c: &[u8], width: u32, signed: bool) -> i64 {
    let raw = read_bits(c);
    let width = width.min(64);
    if width == 0 {
        return 0;
    }
    let masked = if width >= 64 { raw as u64 } else { (raw as u64) & ((1u64 << width) - 1) };
    if signed && width < 64 && width > 1 && masked >> (width - 1) & 1 == 1 {
        (masked | !((1u64 << width) - 1)) as i64
    } else {
        masked as i64
    }
}

/// Elements of a `dense<...>` int or float attribute as f64, row-major,
/// with the attribute's shaped type (a splat is expanded).
pub fn dense_elements_f64(ctx: &Context, a: Attribute) -> Option<(Type, Vec<f64>)> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(a) else { return None };
    let elem = ctx.element_type(*ty)?;
    let n: i64 = ctx.shape(*ty)?.iter().product();
    let per = strata_ir::parser::dense_element_bytes(ctx, elem)?;
    let decode = |c: &[u8]| decode_element(ctx, elem, c);
    let values = if data.splat {
        let v = decode(data.bytes.get(..per)?)?;
        vec![v; n as usize]
    } else {
        if data.bytes.len() != per * n as usize {
            return None;
        }
        data.bytes.chunks(per).map(decode).collect::<Option<Vec<_>>>()?
    };
    Some((*ty, values))
}

/// Large attributes `dense_all_zero` has answered, per thread: (context
/// id, attribute) -> answer. An interned attribute never changes, and the
/// group search asks about the same large constants (a zero mask, say) for
/// every candidate group.
const ZERO_CACHE_MIN_BYTES: usize = 4096;
const ZERO_CACHE_MAX_ENTRIES: usize = 4096;

thread_local! {
    static ZERO_CACHE: RefCell<HashMap<(u64, u32), Option<bool>>> = RefCell::new(HashMap::new());
}

/// Whether every element of a `dense<...>` int or float attribute is zero
/// (`-0.0` included), reading each stored element once (a splat is one).
pub fn dense_all_zero(ctx: &Context, a: Attribute) -> Option<bool> {
    let large =
        matches!(ctx.attr_kind(a), AttrKind::DenseElements { data, .. } if data.bytes.len() >= ZERO_CACHE_MIN_BYTES);
    if !large {
        return dense_all_zero_uncached(ctx, a);
    }
    let key = (ctx.id(), a.index());
    if let Some(known) = ZERO_CACHE.with(|c| c.borrow().get(&key).copied()) {
        return known;
    }
    let answer = dense_all_zero_uncached(ctx, a);
    ZERO_CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= ZERO_CACHE_MAX_ENTRIES {
            c.clear();
        }
        c.insert(key, answer);
    });
    answer
}

fn dense_all_zero_uncached(ctx: &Context, a: Attribute) -> Option<bool> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(a) else { return None };
    let elem = ctx.element_type(*ty)?;
    let per = strata_ir::parser::dense_element_bytes(ctx, elem)?;
    let n: i64 = ctx.shape(*ty)?.iter().product();
    let splat = data.splat || data.bytes.len() == per;
    if !splat && data.bytes.len() != per * n as usize {
        return None;
    }
    let stored = data.bytes.get(..if splat { per } else { per * n as usize })?;
    // Called on large constants for every candidate group: zero bytes say
    // it at memory speed, and an IEEE element (every float type a model
    // carries) is zero when no bit but its sign is set; other types (FNUZ
    // formats' 0x80 is NaN, not -0.0) decode each element.
    if stored.iter().all(|&b| b == 0) {
        return Some(true);
    }
    if let TypeKind::Float(FloatKind::BF16 | FloatKind::F16 | FloatKind::F32 | FloatKind::F64) = ctx.type_kind(elem) {
        let sign = 1u128 << (per * 8 - 1);
        return Some(stored.chunks(per).all(|c| read_bits(c) & !sign == 0));
    }
    for c in stored.chunks(per) {
        if decode_element(ctx, elem, c)? != 0.0 {
            return Some(false);
        }
    }
    Some(true)
}

/// One element of a dense attribute's bytes as f64.
fn decode_element(ctx: &Context, elem: Type, c: &[u8]) -> Option<f64> {
    match ctx.type_kind(elem) {
        TypeKind::Float(k) => Some(apfloat::to_f64(*k, read_bits(c))),
        TypeKind::Integer { width, signedness } => {
            Some(read_int(c, *width, *signedness != Signedness::Unsigned) as f64)
        }
        TypeKind::Index => Some(read_int(c, 64, true) as f64),
        _ => None,
    }
}

/// A `dense<...>` attribute of shaped type `ty` (int or float elements)
/// holding `values` (rounded to the element type; integers truncated).
pub fn dense_elements_from_f64(ctx: &Context, ty: Type, values: &[f64]) -> Option<Attribute> {
    let elem = ctx.element_type(ty)?;
    let per = strata_ir::parser::dense_element_bytes(ctx, elem)?;
    let mut bytes = Vec::with_capacity(per * values.len());
    for &v in values {
        let bits: u128 = match ctx.type_kind(elem) {
            TypeKind::Float(k) => apfloat::from_f64(*k, v),
            TypeKind::Integer { width: 1, .. } => (v != 0.0) as u128,
            TypeKind::Integer { .. } | TypeKind::Index => v as i64 as u64 as u128,
            _ => return None,
        };
        bytes.extend_from_slice(&bits.to_le_bytes()[..per]);
    }
    Some(ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat: false, bytes: bytes.into() } }))
}

/// Attribute readers on an op's dictionary.
pub fn attr_i64(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<i64> {
    body.op_attr(ctx, op, name).and_then(|a| ctx.as_i64(a))
}

pub fn attr_bool(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<bool> {
    match ctx.attr_kind(body.op_attr(ctx, op, name)?) {
        AttrKind::Bool(b) => Some(*b),
        _ => None,
    }
}

pub fn attr_str(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<String> {
    let a = body.op_attr(ctx, op, name)?;
    ctx.as_string(a).map(|s| String::from_utf8_lossy(s).into_owned())
}

pub fn attr_f64(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<f64> {
    float_value(ctx, body.op_attr(ctx, op, name)?)
}

pub fn attr_ints(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<Vec<i64>> {
    dense_int_values(ctx, body.op_attr(ctx, op, name)?)
}

/// An integer dense array attribute of exactly `N` elements, decoded
/// without allocating (the schedule reads windows' strides and pads at
/// every step of every candidate slice).
pub fn attr_int_array<const N: usize>(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<[i64; N]> {
    let values = dense_ints(ctx, body.op_attr(ctx, op, name)?)?;
    if values.len() != N {
        return None;
    }
    let mut out = [0i64; N];
    for (o, v) in out.iter_mut().zip(values) {
        *o = v;
    }
    Some(out)
}

pub fn attr_floats(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<Vec<f64>> {
    dense_float_values(ctx, body.op_attr(ctx, op, name)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_and_dense_elements_round_trip() {
        let ctx = Context::new();
        let a = dense_i64_array(&ctx, &[1, -2, 3]);
        assert_eq!(dense_int_values(&ctx, a), Some(vec![1, -2, 3]));
        let a = dense_i32_array(&ctx, &[-7, 16]);
        assert_eq!(dense_int_values(&ctx, a), Some(vec![-7, 16]));
        let a = dense_f64_array(&ctx, &[0.5, 2.0]);
        assert_eq!(dense_float_values(&ctx, a), Some(vec![0.5, 2.0]));
        let ty = ctx.ranked_tensor_type(&[2, 2], ctx.f32());
        let d = dense_elements_from_f64(&ctx, ty, &[1.0, -2.5, 3.0, 0.25]).unwrap();
        assert_eq!(dense_elements_f64(&ctx, d), Some((ty, vec![1.0, -2.5, 3.0, 0.25])));
        let ty = ctx.ranked_tensor_type(&[3], ctx.i32());
        let d = dense_elements_from_f64(&ctx, ty, &[-1.0, 5.0, 0.0]).unwrap();
        assert_eq!(dense_elements_f64(&ctx, d).unwrap().1, vec![-1.0, 5.0, 0.0]);
    }

    #[test]
    fn all_zero_counts_negative_zero_and_no_nan() {
        let ctx = Context::new();
        let zero = |elem: Type, v: &[f64]| {
            let ty = ctx.ranked_tensor_type(&[v.len() as i64], elem);
            dense_all_zero(&ctx, dense_elements_from_f64(&ctx, ty, v).unwrap())
        };
        for elem in [ctx.f32(), ctx.float_type(FloatKind::BF16), ctx.float_type(FloatKind::F16), ctx.f64()] {
            assert_eq!(zero(elem, &[0.0, 0.0, 0.0]), Some(true));
            assert_eq!(zero(elem, &[0.0, -0.0, 0.0]), Some(true));
            assert_eq!(zero(elem, &[0.0, 0.0, 1.0]), Some(false));
            assert_eq!(zero(elem, &[0.0, f64::NAN]), Some(false));
            assert_eq!(zero(elem, &[-1.0, 0.0]), Some(false));
        }
        assert_eq!(zero(ctx.i32(), &[0.0, 0.0]), Some(true));
        assert_eq!(zero(ctx.i32(), &[0.0, -1.0]), Some(false));
        // f8E4M3FNUZ's 0x80 is its NaN, not a zero.
        let fnuz = ctx.float_type(FloatKind::F8E4M3FNUZ);
        let ty = ctx.ranked_tensor_type(&[2], fnuz);
        let bytes = vec![0u8, 0x80];
        let a = ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat: false, bytes: bytes.into() } });
        assert_eq!(dense_all_zero(&ctx, a), Some(false));
    }

    #[test]
    fn all_zero_answers_are_kept_per_context() {
        // Two contexts interning their first large constant get the same
        // attribute index; the cached answer of one is not the other's.
        let large = |v: f64| {
            let ctx = Context::new();
            let ty = ctx.ranked_tensor_type(&[4096], ctx.f32());
            let a = dense_elements_from_f64(&ctx, ty, &vec![v; 4096]).unwrap();
            (ctx, a)
        };
        let (zeros_ctx, zeros) = large(0.0);
        let (ones_ctx, ones) = large(1.0);
        assert_eq!(zeros.index(), ones.index());
        for _ in 0..2 {
            assert_eq!(dense_all_zero(&zeros_ctx, zeros), Some(true));
            assert_eq!(dense_all_zero(&ones_ctx, ones), Some(false));
        }
    }
}
