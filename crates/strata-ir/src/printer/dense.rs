//! Text of `dense<...>` and `array<...>` payloads.
//!
//! As in MLIR: a splat (or single element) prints one element, more than
//! 100 elements print as a hex blob of the raw data (`i1` bit-packed), and
//! otherwise elements print as nested lists following the shape.

use crate::apfloat;
use crate::apint::ApInt;
use crate::attributes::DenseData;
use crate::context::Context;
use crate::parser::dense_element_bytes;
use crate::types::{Type, TypeKind};

/// Elements above which MLIR prints the hex form (its
/// `--mlir-print-elementsattrs-with-hex-if-larger` default).
pub const HEX_THRESHOLD: usize = 100;

thread_local! {
    /// The hex limit of the print in progress. It is a printing flag, but
    /// attributes print from free functions that take no options (also for
    /// types and diagnostics), so the top-level printer sets it for the
    /// duration of one print; a thread prints one thing at a time.
    static HEX_LIMIT: std::cell::Cell<i64> = const { std::cell::Cell::new(HEX_THRESHOLD as i64) };
}

/// Runs `f` with dense elements printed as hex above `limit` elements
/// (`None`: MLIR's default; -1: never).
pub(super) fn with_hex_limit<R>(limit: Option<i64>, f: impl FnOnce() -> R) -> R {
    let saved = HEX_LIMIT.with(|l| l.replace(limit.unwrap_or(HEX_THRESHOLD as i64)));
    let r = f();
    HEX_LIMIT.with(|l| l.set(saved));
    r
}

pub fn print_dense_body(ctx: &Context, ty: Type, data: &DenseData, out: &mut String) {
    let limit = HEX_LIMIT.with(|l| l.get());
    print_dense_body_with_hex_limit(ctx, ty, data, (limit != -1).then_some(limit), out);
}

/// Like [`print_dense_body`], printing the hex form when there are more
/// elements than `hex_limit` (never when `None`: sparse indices must stay
/// readable), as MLIR's `shouldPrintElementsAttrWithHex`.
pub fn print_dense_body_with_hex_limit(
    ctx: &Context,
    ty: Type,
    data: &DenseData,
    hex_limit: Option<i64>,
    out: &mut String,
) {
    let shape = ctx.shape(ty).unwrap_or(&[]).to_vec();
    let elem = ctx.element_type(ty).unwrap();
    let per = dense_element_bytes(ctx, elem).unwrap_or(1);
    // Saturating: a splat's shape may have more elements than fit in i64.
    let num: usize = shape.iter().fold(1i64, |n, &d| n.saturating_mul(d)).max(0) as usize;
    if data.splat && !data.bytes.is_empty() || num == 1 {
        print_element(ctx, elem, &data.bytes[..per], out);
        return;
    }
    if num == 0 {
        return;
    }
    if data.splat {
        print_element(ctx, elem, &data.bytes[..per], out);
        return;
    }
    if hex_limit.is_some_and(|limit| limit < num as i64) {
        out.push_str("\"0x");
        if ctx.is_signless_integer_of_width(elem, 1)
            || matches!(ctx.type_kind(elem), TypeKind::Integer { width: 1, .. })
        {
            let mut packed = vec![0u8; num.div_ceil(8)];
            for (i, &b) in data.bytes.iter().enumerate() {
                if b != 0 {
                    packed[i / 8] |= 1 << (i % 8);
                }
            }
            for b in packed {
                out.push_str(&format!("{b:02X}"));
            }
        } else {
            for b in data.bytes.iter() {
                out.push_str(&format!("{b:02X}"));
            }
        }
        out.push('"');
        return;
    }
    let mut index = 0usize;
    print_nested(ctx, elem, &data.bytes, per, &shape, &mut index, out);
}

fn print_nested(
    ctx: &Context,
    elem: Type,
    bytes: &[u8],
    per: usize,
    shape: &[i64],
    index: &mut usize,
    out: &mut String,
) {
    if shape.is_empty() {
        print_element(ctx, elem, &bytes[*index * per..(*index + 1) * per], out);
        *index += 1;
        return;
    }
    out.push('[');
    for i in 0..shape[0] {
        if i > 0 {
            out.push_str(", ");
        }
        print_nested(ctx, elem, bytes, per, &shape[1..], index, out);
    }
    out.push(']');
}

fn word_value(bytes: &[u8], width: u32) -> ApInt {
    let mut words = vec![0u64; bytes.len().div_ceil(8)];
    for (i, &b) in bytes.iter().enumerate() {
        words[i / 8] |= (b as u64) << (8 * (i % 8));
    }
    ApInt::from_words(width, &words)
}

pub fn print_element(ctx: &Context, elem: Type, bytes: &[u8], out: &mut String) {
    match ctx.type_kind(elem) {
        TypeKind::Complex(inner) => {
            let half = bytes.len() / 2;
            out.push('(');
            print_element(ctx, *inner, &bytes[..half], out);
            out.push(',');
            print_element(ctx, *inner, &bytes[half..], out);
            out.push(')');
        }
        TypeKind::Float(k) => {
            let mut bits = 0u128;
            for (i, &b) in bytes.iter().enumerate() {
                bits |= (b as u128) << (8 * i);
            }
            out.push_str(&apfloat::to_mlir_string(*k, bits));
        }
        TypeKind::Integer { width: 1, .. } => out.push_str(if bytes[0] != 0 { "true" } else { "false" }),
        TypeKind::Integer { width, .. } => {
            let v = word_value(bytes, *width);
            super::types::print_int_value(ctx, &v, elem, out);
        }
        TypeKind::Index => {
            let v = word_value(bytes, 64);
            out.push_str(&v.to_string_radix10(true));
        }
        _ => out.push_str("<<unknown element>>"),
    }
}

pub fn print_dense_strings(ctx: &Context, ty: Type, splat: bool, values: &[Box<[u8]>], out: &mut String) {
    let shape = ctx.shape(ty).unwrap_or(&[]).to_vec();
    let num: usize = shape.iter().fold(1i64, |n, &d| n.saturating_mul(d)).max(0) as usize;
    if num == 0 {
        return;
    }
    if splat || num == 1 {
        super::types::print_string(&values[0], out);
        return;
    }
    let mut index = 0;
    fn nested(values: &[Box<[u8]>], shape: &[i64], index: &mut usize, out: &mut String) {
        if shape.is_empty() {
            super::types::print_string(&values[*index], out);
            *index += 1;
            return;
        }
        out.push('[');
        for i in 0..shape[0] {
            if i > 0 {
                out.push_str(", ");
            }
            nested(values, &shape[1..], index, out);
        }
        out.push(']');
    }
    nested(values, &shape, &mut index, out);
}

pub fn print_dense_array_elements(ctx: &Context, elem: Type, data: &[u8], len: usize, out: &mut String) {
    let per = data.len() / len.max(1);
    for i in 0..len {
        if i > 0 {
            out.push_str(", ");
        }
        print_element(ctx, elem, &data[i * per..(i + 1) * per], out);
    }
}
