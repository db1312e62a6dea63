//! Small pieces shared by the LLVM ops' hand-written printers and parsers:
//! typed operand lists, `[0, 1]` position lists, attribute readers.

use strata_ir::attributes::AttrKind;
use strata_ir::lexer::Tok;
use strata_ir::parser::{OpState, OperandRef, PResult, Parser};
use strata_ir::{Attribute, Context, Type};

/// `%a, %b, ...` (possibly empty when `allow_empty`).
pub fn parse_operand_list<'a>(p: &mut Parser<'a>) -> PResult<Vec<OperandRef<'a>>> {
    let mut refs = Vec::new();
    if !p.is_operand_next() {
        return Ok(refs);
    }
    loop {
        refs.push(p.parse_operand_ref()?);
        if !p.eat(Tok::Comma) {
            break;
        }
    }
    Ok(refs)
}

/// Resolves `refs` against `types` into the op's operands.
pub fn resolve_all<'a>(
    p: &mut Parser<'a>,
    state: &mut OpState,
    refs: &[OperandRef<'a>],
    types: &[Type],
) -> PResult<()> {
    if refs.len() != types.len() {
        let loc = refs.first().map_or_else(|| p.here(), |r| r.loc);
        return p.err_at(loc, format!("{} operands present, but expected {}", refs.len(), types.len()));
    }
    for (r, &t) in refs.iter().zip(types) {
        let v = p.resolve_operand(r, t)?;
        state.operands.push(v);
    }
    Ok(())
}

/// A dense `i64` array attribute.
pub fn dense_i64_array(ctx: &Context, v: &[i64]) -> Attribute {
    let data: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    ctx.intern_attr(AttrKind::DenseArray { element: ctx.i64(), data: data.into(), len: v.len() })
}

/// The values of a dense `i64` array attribute.
pub fn dense_i64_values(ctx: &Context, a: Option<Attribute>) -> Vec<i64> {
    match a.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { data, len, .. }) if data.len() == len * 8 => {
            (0..*len).map(|i| i64::from_le_bytes(data[i * 8..i * 8 + 8].try_into().unwrap())).collect()
        }
        _ => vec![],
    }
}

/// `[0, 1]`: a bracketed list of integers.
pub fn parse_int_list(p: &mut Parser<'_>) -> PResult<Vec<i64>> {
    p.expect(Tok::LSquare, "'['")?;
    let mut v = Vec::new();
    if !p.eat(Tok::RSquare) {
        loop {
            v.push(p.parse_i64()?);
            if p.eat(Tok::RSquare) {
                break;
            }
            p.expect(Tok::Comma, "','")?;
        }
    }
    Ok(v)
}

pub fn int_list_text(v: &[i64]) -> String {
    let parts: Vec<String> = v.iter().map(|i| i.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

/// The string of a string attribute named `name` in `attrs`.
pub fn string_of(ctx: &Context, attrs: Attribute, name: &str) -> Option<String> {
    ctx.dict_get(attrs, name).and_then(|a| ctx.as_string(a)).map(|s| String::from_utf8_lossy(s).into_owned())
}

/// The integer of an integer attribute named `name` in `attrs`.
pub fn int_of(ctx: &Context, attrs: Attribute, name: &str) -> Option<i64> {
    ctx.dict_get(attrs, name).and_then(|a| ctx.as_integer(a)).map(|v| v.to_i64())
}

/// The type of a type attribute named `name` in `attrs`.
pub fn type_of(ctx: &Context, attrs: Attribute, name: &str) -> Option<Type> {
    ctx.dict_get(attrs, name).and_then(|a| ctx.as_type(a))
}
