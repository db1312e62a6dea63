//! `!toy.struct<T, ...>` (chapter 7): a struct of tensors and structs,
//! uniqued structurally as a dialect type of the context, with the
//! tutorial's parser and printer.

use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::printer::type_to_string;
use strata_ir::types::Param;
use strata_ir::{Context, Type, TypeKind};

/// The struct type with these element types.
pub fn struct_type(ctx: &Context, elements: &[Type]) -> Type {
    let params: Vec<Param> = elements.iter().map(|&t| Param::Type(t)).collect();
    ctx.intern_type(TypeKind::Dialect {
        dialect: ctx.intern_str("toy"),
        name: ctx.intern_str("struct"),
        params: params.into(),
    })
}

/// The element types of a struct type, `None` for any other type.
pub fn struct_elements(ctx: &Context, t: Type) -> Option<Vec<Type>> {
    match ctx.type_kind(t) {
        TypeKind::Dialect { dialect, name, params } if ctx.str(*dialect) == "toy" && ctx.str(*name) == "struct" => {
            Some(params.iter().filter_map(|p| if let Param::Type(t) = p { Some(*t) } else { None }).collect())
        }
        _ => None,
    }
}

pub fn is_struct(ctx: &Context, t: Type) -> bool {
    struct_elements(ctx, t).is_some()
}

pub fn is_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. })
}

/// Parses what follows `!toy.`: `struct<type (, type)*>`.
/// (`Result<_, ()>` is the dialect type-parser hook's signature.)
#[allow(clippy::result_unit_err)]
pub fn parse_toy_type(p: &mut Parser<'_>, keyword: &str) -> PResult<Type> {
    if keyword != "struct" {
        return p.err_here("expected 'struct'");
    }
    p.expect(Tok::Less, "'<'")?;
    let mut elements = Vec::new();
    loop {
        let at = p.here();
        let t = p.parse_type()?;
        if !is_tensor(p.ctx, t) && !is_struct(p.ctx, t) {
            let msg = format!(
                "element type for a struct must either be a TensorType or a StructType, got: {}",
                type_to_string(p.ctx, t)
            );
            return p.err_at(at, msg);
        }
        elements.push(t);
        if !p.eat(Tok::Comma) {
            break;
        }
    }
    p.expect(Tok::Greater, "'>'")?;
    Ok(struct_type(p.ctx, &elements))
}

pub fn print_toy_type(ctx: &Context, t: Type, out: &mut String) -> bool {
    let Some(elements) = struct_elements(ctx, t) else { return false };
    out.push_str("!toy.struct<");
    for (i, e) in elements.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&type_to_string(ctx, *e));
    }
    out.push('>');
    true
}
