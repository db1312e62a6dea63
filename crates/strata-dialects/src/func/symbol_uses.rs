//! Symbol-use verification of `func.call` and `func.constant`
//! (`verifySymbolUses` in MLIR's FuncOps.cpp): the referenced symbol must be
//! a `func.func` of the nearest symbol table, with a matching type.

use strata_ir::printer::type_to_string;
use strata_ir::symbol_user::{SymbolTableView, SymbolUserOpInterface};
use strata_ir::{AttrKind, Body, Context, Diagnostic, Op, Type};

fn op_error(ctx: &Context, body: &Body, op: Op, msg: impl AsRef<str>) -> Diagnostic {
    Diagnostic::error(body.op_loc(op), format!("'{}' op {}", ctx.op_name_str(body.op_name(op)), msg.as_ref()))
}

/// The root name of a flat `@name` reference held in attribute `attr`.
fn flat_ref<'c>(ctx: &'c Context, body: &Body, op: Op, attr: &str) -> Option<&'c str> {
    match ctx.attr_kind(body.op_attr(ctx, op, attr)?) {
        AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(ctx.str(*root)),
        _ => None,
    }
}

/// The function type of the `func.func` named `name` in `table`.
fn lookup_func_type(ctx: &Context, table: &SymbolTableView<'_>, name: &str) -> Option<Type> {
    let (fb, f) = table.lookup(name.as_bytes())?;
    if fb.op_name(f) != ctx.op_name("func.func") {
        return None;
    }
    match ctx.attr_kind(fb.op_attr(ctx, f, "function_type")?) {
        AttrKind::Type(t) => Some(*t),
        _ => None,
    }
}

/// `'a', 'b'`: a type list as MLIR's diagnostics print a `TypeRange`.
fn quoted_types(ctx: &Context, types: impl Iterator<Item = Type>) -> String {
    types.map(|t| format!("'{}'", type_to_string(ctx, t))).collect::<Vec<_>>().join(", ")
}

fn verify_call(ctx: &Context, body: &Body, op: Op, table: &SymbolTableView<'_>) -> Result<(), Diagnostic> {
    let Some(callee) = flat_ref(ctx, body, op, "callee") else {
        return Err(op_error(ctx, body, op, "requires a 'callee' symbol reference attribute"));
    };
    let Some((inputs, results)) = lookup_func_type(ctx, table, callee).and_then(|t| ctx.function_signature(t)) else {
        return Err(op_error(ctx, body, op, format!("'{callee}' does not reference a valid function")));
    };
    if inputs.len() != body.num_operands(op) {
        return Err(op_error(ctx, body, op, "incorrect number of operands for callee"));
    }
    for (i, (&want, v)) in inputs.iter().zip(body.operands(op)).enumerate() {
        let got = body.value_type(v);
        if got != want {
            return Err(op_error(
                ctx,
                body,
                op,
                format!(
                    "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                    type_to_string(ctx, want),
                    type_to_string(ctx, got)
                ),
            ));
        }
    }
    if results.len() != body.num_results(op) {
        return Err(op_error(ctx, body, op, "incorrect number of results for callee"));
    }
    for (i, (&want, r)) in results.iter().zip(body.results(op)).enumerate() {
        if body.value_type(r) != want {
            let loc = body.op_loc(op);
            return Err(op_error(ctx, body, op, format!("result type mismatch at index {i}"))
                .with_note(
                    loc,
                    format!(
                        "      op result types: {}",
                        quoted_types(ctx, body.results(op).map(|r| body.value_type(r)))
                    ),
                )
                .with_note(loc, format!("function result types: {}", quoted_types(ctx, results.iter().copied()))));
        }
    }
    Ok(())
}

fn verify_constant(ctx: &Context, body: &Body, op: Op, table: &SymbolTableView<'_>) -> Result<(), Diagnostic> {
    let Some(name) = flat_ref(ctx, body, op, "value") else { return Ok(()) };
    let Some(fn_type) = lookup_func_type(ctx, table, name) else {
        return Err(op_error(ctx, body, op, format!("reference to undefined function '{name}'")));
    };
    if body.num_results(op) == 1 && body.value_type(body.result(op, 0)) != fn_type {
        return Err(op_error(ctx, body, op, "reference to function with mismatched type"));
    }
    Ok(())
}

pub(crate) const CALL_SYMBOL_USES: SymbolUserOpInterface = SymbolUserOpInterface { verify_symbol_uses: verify_call };
pub(crate) const CONSTANT_SYMBOL_USES: SymbolUserOpInterface =
    SymbolUserOpInterface { verify_symbol_uses: verify_constant };
