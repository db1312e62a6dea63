//! The fold step of upstream's conversion driver: before its patterns, an
//! op that is not legal (anything outside the `llvm` dialect and the casts)
//! is folded. A forwarded value replaces it, a constant result becomes the
//! dialect's constant op (an `arith.constant`, lowered at once to
//! `llvm.mlir.constant` by `convert-arith-to-llvm`), an in-place fold just
//! updates it. Folds read the operands' defining ops as the input has them
//! (replacements are deferred, see `Lowerer::defer_replace`).

use strata_ir::fold::{fold_op, FoldResult, FoldValue};
use strata_ir::{Attribute, Body, Context, Op, Value};

use super::common::{attrs, convert_type, At, Lowerer, CAST};

/// How many times an op updated in place is folded again (upstream
/// bounds the recursion of its legalizer the same way).
const MAX_IN_PLACE_FOLDS: usize = 10;

/// Whether upstream's LLVM conversion target treats `op` as legal (so it
/// is neither folded nor converted).
pub fn is_legal(ctx: &Context, body: &Body, op: Op) -> bool {
    let name = ctx.op_name_str(body.op_name(op));
    name.starts_with("llvm.") || name == CAST || name == "builtin.module"
}

/// The constant an operand holds: its defining op is constant-like.
fn constant_of(ctx: &Context, body: &Body, v: Value) -> Option<Attribute> {
    let def = body.defining_op(v)?;
    let d = ctx.op_def(body.op_name(def))?;
    if !d.traits.contains(strata_ir::opdef::Traits::CONSTANT_LIKE) {
        return None;
    }
    match d.constant_value {
        Some(f) => f(ctx, body, def),
        None => body.op_attr(ctx, def, "value"),
    }
}

/// Folds `op` if it folds; true if it was replaced (its results now map to
/// the fold's values). `lower_constants`: materialize constants directly
/// as `llvm.mlir.constant` (what `convert-arith-to-llvm` makes of them).
pub fn fold_first(lw: &mut Lowerer<'_>, body: &mut Body, op: Op, lower_constants: bool) -> bool {
    let ctx = lw.ctx;
    if is_legal(ctx, body, op) || body.num_results(op) == 0 {
        return false;
    }
    let def = ctx.op_def(body.op_name(op));
    if def.is_some_and(|d| d.traits.contains(strata_ir::opdef::Traits::CONSTANT_LIKE)) {
        // A constant folds to itself.
        return false;
    }
    // An in-place fold sends the op back to legalization, which folds it
    // again (upstream's `legalizeWithFold` with no replacement values).
    let mut values = None;
    for _ in 0..MAX_IN_PLACE_FOLDS {
        let operands = body.operand_vec(op);
        let consts: Vec<Option<Attribute>> = operands.iter().map(|&v| constant_of(ctx, body, v)).collect();
        match fold_op(ctx, body, op, &consts) {
            FoldResult::Replace(v) => {
                values = Some(v);
                break;
            }
            FoldResult::InPlace => continue,
            FoldResult::Failed => break,
        }
    }
    let Some(values) = values else { return false };
    let loc = body.op_loc(op);
    let mut new = Vec::new();
    for (i, fv) in values.iter().enumerate() {
        let ty = body.value_type(body.result(op, i));
        match *fv {
            FoldValue::Value(v) => new.push(v),
            FoldValue::Attr(a) => {
                lw.at = Some(At::Before(op));
                if lower_constants {
                    if !matches!(ctx.attr_kind(a), strata_ir::AttrKind::Integer { .. } | strata_ir::AttrKind::Float { .. } | strata_ir::AttrKind::Bool(_)) {
                        return false;
                    }
                    let rt = convert_type(ctx, ty);
                    new.push(lw.value(body, "llvm.mlir.constant", loc, &[], rt, attrs(ctx, &[("value", a)])));
                } else {
                    let dialect = ctx.op_dialect_name(body.op_name(op));
                    let Some(materialize) = ctx.dialect(dialect).and_then(|d| d.materialize_constant) else { return false };
                    let Some(c) = materialize(ctx, body, a, ty, loc) else { return false };
                    body.insert_op_before(op, c);
                    new.push(body.result(c, 0));
                }
            }
        }
    }
    lw.defer_replace(body, op, &new);
    true
}
