//! The `builtin` dialect: `builtin.module` and
//! `builtin.unrealized_conversion_cast`.

use crate::attributes::AttrKind;
use crate::constraints as c;
use crate::dialect::DialectDef;
use crate::entity::Op;
use crate::lexer::Tok;
use crate::opdef::{OpDef, Traits};
use crate::parser::{OpState, PResult, Parser};
use crate::printer::OpPrinter;

pub fn register(ctx: &mut crate::context::Context) {
    let module = OpDef::new("builtin.module")
        .optional_attr("sym_name", c::STRING_ATTR)
        .optional_attr("sym_visibility", c::STRING_ATTR)
        .region("bodyRegion")
        .traits(Traits::ISOLATED_FROM_ABOVE | Traits::NO_TERMINATOR | Traits::SINGLE_BLOCK | Traits::SYMBOL_TABLE | Traits::AFFINE_SCOPE | Traits::GRAPH_REGION)
        .custom(print_module, parse_module)
        .verifier(verify_module);
    let cast = OpDef::new("builtin.unrealized_conversion_cast")
        .variadic_operand("inputs", c::ANY_TYPE)
        .variadic_result("outputs", c::ANY_TYPE)
        .traits(Traits::PURE)
        .format("($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict")
        .verifier(verify_cast);
    ctx.register_dialect(DialectDef::new("builtin").op(module).op(cast));
}

/// A cast produces at least one value (`UnrealizedConversionCastOp::verify`).
fn verify_cast(ctx: &crate::context::Context, body: &crate::body::Body, op: Op) -> Result<(), crate::diagnostics::Diagnostic> {
    if body.num_results(op) == 0 {
        let name = ctx.op_name_str(body.op_name(op));
        return Err(crate::diagnostics::Diagnostic::error(body.op_loc(op), format!("'{name}' op expected at least one result for cast operation")));
    }
    Ok(())
}

fn print_module(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let attrs = p.body.op_attrs(op);
    if let Some(n) = ctx.dict_get(attrs, "sym_name") {
        if let AttrKind::String { value, .. } = ctx.attr_kind(n) {
            p.write(" ");
            crate::printer::print_symbol(&String::from_utf8_lossy(value), p.out);
        }
    }
    p.print_optional_attr_dict_with_keyword(attrs, &["sym_name"]);
    p.write(" ");
    p.print_region(op, 0, false, true);
}

fn parse_module(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    if p.tok() == Tok::AtIdent {
        let name = p.parse_symbol_name()?;
        let a = ctx.string_attr(&name);
        state.add_attr(ctx, "sym_name", a);
    }
    p.parse_optional_attr_dict_with_keyword(state)?;
    p.parse_region_into(state, &[])?;
    p.ensure_single_block(state);
    Ok(())
}

fn verify_module(ctx: &crate::context::Context, body: &crate::body::Body, op: Op) -> Result<(), crate::diagnostics::Diagnostic> {
    let (rb, regions) = body.regions_of(op);
    if let Some(entry) = regions.first().and_then(|&r| rb.first_block(r)) {
        if !rb.block_args(entry).is_empty() {
            return Err(crate::diagnostics::Diagnostic::error(body.op_loc(op), "'builtin.module' op region should have no arguments"));
        }
    }
    for (n, _) in ctx.dict_entries(body.op_attrs(op)) {
        let name = ctx.str(*n);
        if name != "sym_name" && name != "sym_visibility" && !name.contains('.') {
            return Err(crate::diagnostics::Diagnostic::error(
                body.op_loc(op),
                format!("'builtin.module' op can only contain attributes with dialect-prefixed names, found: '{name}'"),
            ));
        }
    }
    Ok(())
}
