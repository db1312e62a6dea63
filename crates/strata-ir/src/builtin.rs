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
        .traits(
            Traits::ISOLATED_FROM_ABOVE
                | Traits::NO_TERMINATOR
                | Traits::SINGLE_BLOCK
                | Traits::SYMBOL_TABLE
                | Traits::AFFINE_SCOPE
                | Traits::GRAPH_REGION,
        )
        .custom(print_module, parse_module)
        .default_dialect("builtin")
        .verifier(verify_module);
    let cast = OpDef::new("builtin.unrealized_conversion_cast")
        .variadic_operand("inputs", c::ANY_TYPE)
        .variadic_result("outputs", c::ANY_TYPE)
        .traits(Traits::PURE)
        .format("($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict")
        .folder(fold_cast)
        .verifier(verify_cast);
    ctx.register_dialect(DialectDef::new("builtin").op(module).op(cast));
}

/// `UnrealizedConversionCastOp::fold`: a cast to the types it casts from
/// is its inputs; a cast undoing the whole cast that made every one of its
/// inputs (`a -> b -> a`) is that cast's inputs.
fn fold_cast(
    _: &crate::context::Context,
    body: &mut crate::body::Body,
    op: Op,
    _: &[Option<crate::attributes::Attribute>],
) -> crate::fold::FoldResult {
    use crate::fold::{FoldResult, FoldValue};
    let inputs = body.operand_vec(op);
    let result_types: Vec<_> = body.results(op).map(|r| body.value_type(r)).collect();
    let input_types: Vec<_> = inputs.iter().map(|&v| body.value_type(v)).collect();
    if input_types == result_types {
        return FoldResult::Replace(inputs.iter().map(|&v| FoldValue::Value(v)).collect());
    }
    let Some(&first) = inputs.first() else { return FoldResult::Failed };
    let Some(inner) = body.defining_op(first) else { return FoldResult::Failed };
    if body.op_name(inner) != body.op_name(op) {
        return FoldResult::Failed;
    }
    let inner_results: Vec<_> = body.results(inner).collect();
    if inputs.iter().zip(&inner_results).any(|(a, b)| a != b) {
        return FoldResult::Failed;
    }
    let inner_inputs = body.operand_vec(inner);
    if inner_inputs.iter().map(|&v| body.value_type(v)).ne(result_types.iter().copied()) {
        return FoldResult::Failed;
    }
    FoldResult::Replace(inner_inputs.iter().map(|&v| FoldValue::Value(v)).collect())
}

/// A cast produces at least one value (`UnrealizedConversionCastOp::verify`).
fn verify_cast(
    ctx: &crate::context::Context,
    body: &crate::body::Body,
    op: Op,
) -> Result<(), crate::diagnostics::Diagnostic> {
    if body.num_results(op) == 0 {
        let name = ctx.op_name_str(body.op_name(op));
        return Err(crate::diagnostics::Diagnostic::error(
            body.op_loc(op),
            format!("'{name}' op expected at least one result for cast operation"),
        ));
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

fn verify_module(
    ctx: &crate::context::Context,
    body: &crate::body::Body,
    op: Op,
) -> Result<(), crate::diagnostics::Diagnostic> {
    let (rb, regions) = body.regions_of(op);
    if let Some(entry) = regions.first().and_then(|&r| rb.first_block(r)) {
        if !rb.block_args(entry).is_empty() {
            return Err(crate::diagnostics::Diagnostic::error(
                body.op_loc(op),
                "'builtin.module' op region should have no arguments",
            ));
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
