//! The LLVM dialect's types: `!llvm.ptr`, `!llvm.void`,
//! `!llvm.struct<(...)>` (literal, unpacked), `!llvm.array<N x T>` and
//! `!llvm.func<R (A, ...)>`, stored as registered dialect types of the
//! context, with mlir-opt 22's syntax. Inside an LLVM type, nested LLVM
//! types drop their `!llvm.` prefix (`!llvm.struct<(ptr, array<2 x i64>)>`).

use strata_ir::lexer::Tok;
use strata_ir::parser::{PResult, Parser};
use strata_ir::printer::type_to_string;
use strata_ir::types::Param;
use strata_ir::{Context, Type, TypeKind};

/// A decoded LLVM dialect type.
#[derive(Clone, Debug, PartialEq)]
pub enum LlvmType {
    Ptr,
    Void,
    Struct(Vec<Type>),
    Array(u64, Type),
    Func { result: Type, inputs: Vec<Type>, vararg: bool },
}

fn make(ctx: &Context, name: &str, params: Vec<Param>) -> Type {
    ctx.intern_type(TypeKind::Dialect {
        dialect: ctx.intern_str("llvm"),
        name: ctx.intern_str(name),
        params: params.into(),
    })
}

pub fn ptr_type(ctx: &Context) -> Type {
    make(ctx, "ptr", vec![])
}
pub fn void_type(ctx: &Context) -> Type {
    make(ctx, "void", vec![])
}
pub fn struct_type(ctx: &Context, fields: &[Type]) -> Type {
    make(ctx, "struct", fields.iter().map(|&t| Param::Type(t)).collect())
}
pub fn array_type(ctx: &Context, n: u64, element: Type) -> Type {
    make(ctx, "array", vec![Param::Int(n as i64), Param::Type(element)])
}
pub fn func_type(ctx: &Context, result: Type, inputs: &[Type], vararg: bool) -> Type {
    let mut params = vec![Param::Int(vararg as i64), Param::Type(result)];
    params.extend(inputs.iter().map(|&t| Param::Type(t)));
    make(ctx, "func", params)
}

/// Decodes `t` when it is an LLVM dialect type.
pub fn llvm_type(ctx: &Context, t: Type) -> Option<LlvmType> {
    let TypeKind::Dialect { dialect, name, params } = ctx.type_kind(t) else { return None };
    if ctx.str(*dialect) != "llvm" {
        return None;
    }
    let ty = |p: &Param| if let Param::Type(t) = p { Some(*t) } else { None };
    let int = |p: &Param| if let Param::Int(i) = p { Some(*i) } else { None };
    Some(match ctx.str(*name) {
        "ptr" => LlvmType::Ptr,
        "void" => LlvmType::Void,
        "struct" => LlvmType::Struct(params.iter().filter_map(ty).collect()),
        "array" => LlvmType::Array(int(&params[0])? as u64, ty(&params[1])?),
        "func" => LlvmType::Func {
            vararg: int(&params[0])? != 0,
            result: ty(&params[1])?,
            inputs: params[2..].iter().filter_map(ty).collect(),
        },
        _ => return None,
    })
}

pub fn is_ptr(ctx: &Context, t: Type) -> bool {
    llvm_type(ctx, t) == Some(LlvmType::Ptr)
}

/// Whether `t` may be the type of an LLVM dialect value: builtin integers,
/// floats, and the LLVM types other than `void` and function types.
pub fn is_compatible(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Integer { signedness: strata_ir::types::Signedness::Signless, .. } | TypeKind::Float(_) => true,
        TypeKind::Vector { element, .. } => is_compatible(ctx, *element),
        _ => match llvm_type(ctx, t) {
            Some(LlvmType::Struct(f)) => f.iter().all(|&e| is_compatible(ctx, e)),
            Some(LlvmType::Array(_, e)) => is_compatible(ctx, e),
            Some(LlvmType::Ptr) => true,
            _ => false,
        },
    }
}

/// Prints an LLVM type's body without the `!llvm.` prefix, other types as usual.
fn print_nested(ctx: &Context, t: Type, out: &mut String) {
    if llvm_type(ctx, t).is_some() {
        print_body(ctx, t, out);
    } else {
        out.push_str(&type_to_string(ctx, t));
    }
}

fn print_body(ctx: &Context, t: Type, out: &mut String) {
    match llvm_type(ctx, t) {
        Some(LlvmType::Ptr) => out.push_str("ptr"),
        Some(LlvmType::Void) => out.push_str("void"),
        Some(LlvmType::Struct(fields)) => {
            out.push_str("struct<(");
            for (i, &f) in fields.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                print_nested(ctx, f, out);
            }
            out.push_str(")>");
        }
        Some(LlvmType::Array(n, e)) => {
            out.push_str(&format!("array<{n} x "));
            print_nested(ctx, e, out);
            out.push('>');
        }
        Some(LlvmType::Func { result, inputs, vararg }) => {
            out.push_str("func<");
            print_nested(ctx, result, out);
            out.push_str(" (");
            for (i, &a) in inputs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                print_nested(ctx, a, out);
            }
            if vararg {
                out.push_str(if inputs.is_empty() { "..." } else { ", ..." });
            }
            out.push_str(")>");
        }
        None => {}
    }
}

/// The dialect's type printer hook.
pub fn print_llvm_type(ctx: &Context, t: Type, out: &mut String) -> bool {
    if llvm_type(ctx, t).is_none() {
        return false;
    }
    out.push_str("!llvm.");
    print_body(ctx, t, out);
    true
}

/// The dialect's type parser hook: what follows `!llvm.`.
pub fn parse_llvm_type(p: &mut Parser<'_>, keyword: &str) -> PResult<Type> {
    parse_keyword_body(p, keyword)
}

/// A type inside an LLVM type: a bare LLVM keyword type or any other type.
fn parse_nested(p: &mut Parser<'_>) -> PResult<Type> {
    if p.tok() == Tok::BareIdent {
        let kw = p.spelling();
        if matches!(kw, "ptr" | "void" | "struct" | "array" | "func") {
            let kw = kw.to_string();
            p.bump();
            return parse_keyword_body(p, &kw);
        }
    }
    p.parse_type()
}

fn parse_keyword_body(p: &mut Parser<'_>, keyword: &str) -> PResult<Type> {
    let ctx = p.ctx;
    match keyword {
        "ptr" => Ok(ptr_type(ctx)),
        "void" => Ok(void_type(ctx)),
        "struct" => {
            p.expect(Tok::Less, "'<'")?;
            p.expect(Tok::LParen, "'('")?;
            let mut fields = Vec::new();
            if !p.eat(Tok::RParen) {
                loop {
                    fields.push(parse_nested(p)?);
                    if p.eat(Tok::RParen) {
                        break;
                    }
                    p.expect(Tok::Comma, "','")?;
                }
            }
            p.expect(Tok::Greater, "'>'")?;
            Ok(struct_type(ctx, &fields))
        }
        "array" => {
            p.expect(Tok::Less, "'<'")?;
            let at = p.here();
            let n = p.parse_i64()?;
            if n < 0 {
                return p.err_at(at, "expected a non-negative array size");
            }
            if !p.eat_keyword("x") {
                return p.err_here("expected 'x' in array type");
            }
            let e = parse_nested(p)?;
            p.expect(Tok::Greater, "'>'")?;
            Ok(array_type(ctx, n as u64, e))
        }
        "func" => {
            p.expect(Tok::Less, "'<'")?;
            let result = parse_nested(p)?;
            p.expect(Tok::LParen, "'('")?;
            let mut inputs = Vec::new();
            let mut vararg = false;
            if !p.eat(Tok::RParen) {
                loop {
                    if p.eat(Tok::Ellipsis) {
                        vararg = true;
                        p.expect(Tok::RParen, "')'")?;
                        break;
                    }
                    inputs.push(parse_nested(p)?);
                    if p.eat(Tok::RParen) {
                        break;
                    }
                    p.expect(Tok::Comma, "','")?;
                }
            }
            p.expect(Tok::Greater, "'>'")?;
            Ok(func_type(ctx, result, &inputs, vararg))
        }
        _ => p.err_here(format!("unknown LLVM type: {keyword}")),
    }
}
