//! LLVM IR spellings of types and constants: `double`, `ptr`,
//! `{ ptr, ptr, i64, [2 x i64], [2 x i64] }`, and constant operands
//! (integers in decimal, floats as the hexadecimal bit pattern LLVM's
//! parser reads exactly).

use strata_ir::types::FloatKind;
use strata_ir::{AttrKind, Attribute, Context, Type, TypeKind};

use crate::dialect::types::{llvm_type, LlvmType};

/// The LLVM IR text of `t`, or why it has none.
pub fn type_text(ctx: &Context, t: Type) -> Result<String, String> {
    Ok(match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => format!("i{width}"),
        TypeKind::Float(k) => match k {
            FloatKind::F16 => "half".into(),
            FloatKind::BF16 => "bfloat".into(),
            FloatKind::F32 => "float".into(),
            FloatKind::F64 => "double".into(),
            FloatKind::F80 => "x86_fp80".into(),
            FloatKind::F128 => "fp128".into(),
            _ => return Err(format!("type {} has no LLVM IR equivalent", strata_ir::printer::type_to_string(ctx, t))),
        },
        _ => match llvm_type(ctx, t) {
            Some(LlvmType::Ptr) => "ptr".into(),
            Some(LlvmType::Void) => "void".into(),
            Some(LlvmType::Struct(fields)) => {
                if fields.is_empty() {
                    "{}".into()
                } else {
                    let parts: Result<Vec<String>, String> = fields.iter().map(|&f| type_text(ctx, f)).collect();
                    format!("{{ {} }}", parts?.join(", "))
                }
            }
            Some(LlvmType::Array(n, e)) => format!("[{n} x {}]", type_text(ctx, e)?),
            _ => return Err(format!("type {} has no LLVM IR equivalent", strata_ir::printer::type_to_string(ctx, t))),
        },
    })
}

/// The bits of a float attribute widened to a double, as LLVM IR writes
/// `float`/`double` constants (`0x3FF8000000000000`).
fn double_hex(kind: FloatKind, bits: u128) -> Option<String> {
    let d = match kind {
        FloatKind::F64 => f64::from_bits(bits as u64),
        FloatKind::F32 => f32::from_bits(bits as u32) as f64,
        _ => return None,
    };
    Some(format!("0x{:016X}", d.to_bits()))
}

/// The constant operand text of `llvm.mlir.constant`'s value for result type `t`.
pub fn constant_text(ctx: &Context, value: Attribute, t: Type) -> Result<String, String> {
    match ctx.attr_kind(value) {
        AttrKind::Integer { value, .. } => {
            if ctx.is_signless_integer_of_width(t, 1) {
                return Ok(if value.is_zero() { "false".into() } else { "true".into() });
            }
            Ok(value.to_string_radix10(true))
        }
        AttrKind::Bool(b) => Ok(if *b { "true".into() } else { "false".into() }),
        AttrKind::Float { bits, ty } => match ctx.type_kind(*ty) {
            TypeKind::Float(k) => match k {
                FloatKind::F64 | FloatKind::F32 => {
                    double_hex(*k, *bits).ok_or_else(|| "unsupported float constant".to_string())
                }
                FloatKind::F16 => Ok(format!("0xH{:04X}", *bits as u16)),
                FloatKind::BF16 => Ok(format!("0xR{:04X}", *bits as u16)),
                _ => Err("unsupported float constant".into()),
            },
            _ => Err("unsupported float constant".into()),
        },
        _ => Err(format!("unsupported constant {}", strata_ir::printer::attr_to_string(ctx, value))),
    }
}

/// `c"..."`: an LLVM string constant with non-printable bytes escaped.
pub fn string_constant(bytes: &[u8]) -> String {
    let mut s = String::from("c\"");
    for &b in bytes {
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\{b:02X}"));
        }
    }
    s.push('"');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_constants_escape_what_llvm_needs() {
        assert_eq!(string_constant(b"%f \0"), "c\"%f \\00\"");
        assert_eq!(string_constant(b"a\n\"\\\x7f"), "c\"a\\0A\\22\\5C\\7F\"");
    }

    #[test]
    fn float_constants_are_exact_hexadecimal_doubles() {
        let ctx = Context::new();
        let one_and_half = ctx.float_attr_bits(ctx.f64(), 1.5f64.to_bits() as u128);
        assert_eq!(constant_text(&ctx, one_and_half, ctx.f64()).unwrap(), "0x3FF8000000000000");
        // An f32 constant is written as the double of the same value.
        let tenth = ctx.float_attr_bits(ctx.f32(), 0.1f32.to_bits() as u128);
        assert_eq!(constant_text(&ctx, tenth, ctx.f32()).unwrap(), format!("0x{:016X}", (0.1f32 as f64).to_bits()));
        let t = ctx.integer_attr(ctx.i1(), 1);
        assert_eq!(constant_text(&ctx, t, ctx.i1()).unwrap(), "true");
        let m = ctx.integer_attr(ctx.i64(), -7);
        assert_eq!(constant_text(&ctx, m, ctx.i64()).unwrap(), "-7");
    }
}
