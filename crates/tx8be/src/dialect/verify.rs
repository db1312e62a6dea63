//! Verifiers of the tx8be ops: compute ops against their shape rule
//! (`shape_rules.rs`), `tx8be.const` against its value, `tx8be.yield`
//! against the results of its `tx8be.group`.

use strata_ir::printer::type_to_string;
use strata_ir::{Body, Context, Diagnostic, Op};

use super::shape_rules::infer_result_type;

pub(crate) fn err(ctx: &Context, body: &Body, op: Op, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(body.op_loc(op), format!("'{}' op {msg}", ctx.op_name_str(body.op_name(op))))
}

/// Every compute op: the declared result type must be the rule's, and a
/// Conv / Gemm activation must be well formed.
pub(crate) fn verify_compute_op(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    super::activation::activation(ctx, body, op).map_err(|m| err(ctx, body, op, m))?;
    let want = infer_result_type(ctx, body, op).map_err(|m| err(ctx, body, op, m))?;
    let got = body.value_type(body.result(op, 0));
    if got != want {
        return Err(err(
            ctx,
            body,
            op,
            format!(
                "result type {} does not match the inferred type {}",
                type_to_string(ctx, got),
                type_to_string(ctx, want)
            ),
        ));
    }
    Ok(())
}

/// `tx8be.load_var` / `tx8be.load_const`: a `share` is one of
/// `structure::LOAD_SHARES`.
pub(crate) fn verify_load(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let Some(a) = body.op_attr(ctx, op, "share") else { return Ok(()) };
    match ctx.as_string(a).and_then(|s| std::str::from_utf8(s).ok()) {
        Some(s) if super::structure::LOAD_SHARES.contains(&s) => Ok(()),
        _ => Err(err(
            ctx,
            body,
            op,
            format!(
                "share must be one of {}",
                super::structure::LOAD_SHARES.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ")
            ),
        )),
    }
}

/// `tx8be.const`: the value's type is the result type.
pub(crate) fn verify_const(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let Some(v) = body.op_attr(ctx, op, "value") else { return Ok(()) };
    let got = body.value_type(body.result(op, 0));
    match ctx.attr_type(v) {
        Some(t) if t == got => Ok(()),
        Some(t) => Err(err(
            ctx,
            body,
            op,
            format!(
                "value of type {} does not match the result type {}",
                type_to_string(ctx, t),
                type_to_string(ctx, got)
            ),
        )),
        None => Err(err(ctx, body, op, "value must be a typed dense elements attribute")),
    }
}

/// `tx8be.yield`: its operands match the enclosing group's results.
pub(crate) fn verify_yield(ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    let Some((pbody, group)) = parent else { return Ok(()) };
    let want = pbody.result_types(group);
    let got = body.operand_types(op);
    if want.len() != got.len() {
        return Err(err(
            ctx,
            body,
            op,
            format!("has {} operands, but the enclosing group has {} results", got.len(), want.len()),
        ));
    }
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        if g != w {
            return Err(err(
                ctx,
                body,
                op,
                format!(
                    "operand #{i} has type {}, but the enclosing group's result #{i} has type {}",
                    type_to_string(ctx, *g),
                    type_to_string(ctx, *w)
                ),
            ));
        }
    }
    Ok(())
}

/// `tx8be.group`: a non-empty single block ending in `tx8be.yield`.
pub(crate) fn verify_group(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let (rbody, regions) = body.regions_of(op);
    let Some(&r) = regions.first() else { return Err(err(ctx, body, op, "requires one region")) };
    let Some(b) = rbody.first_block(r) else { return Err(err(ctx, body, op, "region must have one block")) };
    match rbody.last_op(b) {
        Some(t) if ctx.op_name_str(rbody.op_name(t)) == "tx8be.yield" => Ok(()),
        _ => Err(err(ctx, body, op, "body must end with 'tx8be.yield'")),
    }
}
