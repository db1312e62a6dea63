//! Value-producing ops without memory: `llvm.mlir.constant(1 : index) : i64`,
//! `llvm.mlir.undef`/`poison`/`zero : T`, and the aggregate ops
//! `llvm.extractvalue %s[0] : T` / `llvm.insertvalue %v, %s[3, 1] : T`.
//!
//! mlir-opt 22 prints the aggregate ops with a space after the container
//! type (their format ends in a custom directive that prints nothing), so
//! this printer does too, for the text to round-trip unchanged.

use strata_ir::lexer::Tok;
use strata_ir::parser::{OpState, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::{Body, Context, Diagnostic, Op, Type};

use super::asm::{dense_i64_array, dense_i64_values, int_list_text, parse_int_list, resolve_all};
use super::types::{llvm_type, LlvmType};

pub fn print_constant(p: &mut OpPrinter<'_, '_>, op: Op) {
    let attrs = p.body.op_attrs(op);
    p.write("(");
    p.print_attr(p.ctx.dict_get(attrs, "value").expect("verified value"));
    p.write(")");
    p.print_optional_attr_dict(attrs, &["value"]);
    p.write(" : ");
    p.print_type(p.body.value_type(p.body.result(op, 0)));
}

pub fn parse_constant(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    p.expect(Tok::LParen, "'('")?;
    let v = p.parse_attribute()?;
    p.expect(Tok::RParen, "')'")?;
    state.add_attr(ctx, "value", v);
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let t = p.parse_type()?;
    state.result_types.push(t);
    Ok(())
}

/// The value is an integer (or index, or bool) for an integer result and a
/// float of the result's type for a float result: the only constants the
/// conversions make and the translation writes.
pub fn verify_constant(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let t = body.value_type(body.result(op, 0));
    let Some(v) = body.op_attr(ctx, op, "value") else { return Ok(()) };
    let ok = match ctx.attr_kind(v) {
        strata_ir::AttrKind::Integer { .. } => ctx.is_signless_integer(t),
        strata_ir::AttrKind::Bool(_) => ctx.is_signless_integer_of_width(t, 1),
        strata_ir::AttrKind::Float { ty, .. } => *ty == t,
        // A vector constant: elements of the result's element kind (an
        // `index` vector attribute on an `i64` vector, as the lowering of
        // `arith.constant` keeps it).
        strata_ir::AttrKind::DenseElements { ty, .. } => {
            ctx.is_vector(t)
                && ctx.shape(*ty) == ctx.shape(t)
                && (ctx.element_type(*ty) == ctx.element_type(t)
                    || (ctx.element_type(*ty).is_some_and(|e| ctx.is_index(e))
                        && ctx.element_type(t).is_some_and(|e| ctx.is_signless_integer(e))))
        }
        _ => false,
    };
    if !ok {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!(
                "'llvm.mlir.constant' op value {} cannot be a constant of type {}",
                strata_ir::printer::attr_to_string(ctx, v),
                strata_ir::printer::type_to_string(ctx, t)
            ),
        ));
    }
    Ok(())
}

/// `attr-dict : type` of undef, poison and zero.
pub fn print_nullary(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.print_optional_attr_dict(p.body.op_attrs(op), &[]);
    p.write(" : ");
    p.print_type(p.body.value_type(p.body.result(op, 0)));
}

pub fn parse_nullary(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let t = p.parse_type()?;
    state.result_types.push(t);
    Ok(())
}

/// The type at `position` inside the aggregate `t`, if the path is valid.
pub fn element_at(ctx: &Context, t: Type, position: &[i64]) -> Option<Type> {
    let mut t = t;
    for &i in position {
        t = match llvm_type(ctx, t)? {
            LlvmType::Struct(fields) => *fields.get(usize::try_from(i).ok()?)?,
            LlvmType::Array(n, e) if i >= 0 && (i as u64) < n => e,
            _ => return None,
        };
    }
    Some(t)
}

pub fn position(ctx: &Context, body: &Body, op: Op) -> Vec<i64> {
    dense_i64_values(ctx, body.op_attr(ctx, op, "position"))
}

pub fn print_extractvalue(p: &mut OpPrinter<'_, '_>, op: Op) {
    let c = p.body.operand(op, 0);
    p.write(" ");
    p.print_value(c);
    p.write(&int_list_text(&position(p.ctx, p.body, op)));
    p.print_optional_attr_dict(p.body.op_attrs(op), &["position"]);
    p.write(" : ");
    p.print_type(p.body.value_type(c));
    p.write(" ");
}

pub fn parse_extractvalue(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let c = p.parse_operand_ref()?;
    let pos = parse_int_list(p)?;
    state.add_attr(ctx, "position", dense_i64_array(ctx, &pos));
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let at = p.here();
    let t = p.parse_type()?;
    let Some(e) = element_at(ctx, t, &pos) else { return p.err_at(at, "invalid LLVM structure element position") };
    resolve_all(p, state, &[c], &[t])?;
    state.result_types.push(e);
    Ok(())
}

/// Operands as upstream orders them: the container, then the value (the
/// custom form writes the value first).
pub fn print_insertvalue(p: &mut OpPrinter<'_, '_>, op: Op) {
    let (c, v) = (p.body.operand(op, 0), p.body.operand(op, 1));
    p.write(" ");
    p.print_operands([v, c]);
    p.write(&int_list_text(&position(p.ctx, p.body, op)));
    p.print_optional_attr_dict(p.body.op_attrs(op), &["position"]);
    p.write(" : ");
    p.print_type(p.body.value_type(c));
    p.write(" ");
}

pub fn parse_insertvalue(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let v = p.parse_operand_ref()?;
    p.expect(Tok::Comma, "','")?;
    let c = p.parse_operand_ref()?;
    let pos = parse_int_list(p)?;
    state.add_attr(ctx, "position", dense_i64_array(ctx, &pos));
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, "':'")?;
    let at = p.here();
    let t = p.parse_type()?;
    let Some(e) = element_at(ctx, t, &pos) else { return p.err_at(at, "invalid LLVM structure element position") };
    resolve_all(p, state, &[c, v], &[t, e])?;
    state.result_types.push(t);
    Ok(())
}

/// The position names an element of the container's type, of the value's type.
pub fn verify_aggregate(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let name = ctx.op_name_str(body.op_name(op)).to_string();
    let insert = name == "llvm.insertvalue";
    let container = body.operand(op, 0);
    let elem = if insert { body.value_type(body.operand(op, 1)) } else { body.value_type(body.result(op, 0)) };
    match element_at(ctx, body.value_type(container), &position(ctx, body, op)) {
        Some(t) if t == elem => Ok(()),
        _ => Err(Diagnostic::error(
            body.op_loc(op),
            format!("'{name}' op position does not name an element of the container's type"),
        )),
    }
}
