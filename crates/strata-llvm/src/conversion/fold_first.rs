//! The fold step of upstream's conversion driver: before its patterns, an
//! op that is not legal (anything outside the `llvm` dialect and the casts)
//! is folded. A forwarded value replaces it, an in-place fold updates it
//! (and it is folded again), a constant result becomes an
//! `llvm.mlir.constant` in `convert-arith-to-llvm` and is refused elsewhere
//! (see [`ConstantFolds`]). Folds read the operands' defining ops as the
//! input has them (replacements are deferred, see `Lowerer::defer_replace`).
//! `convert-cf-to-llvm` does not fold (upstream's leaves foldable arith ops
//! alone there).

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

/// What a pass does with a fold that yields constants.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum ConstantFolds {
    /// Materialize them as `llvm.mlir.constant` (`convert-arith-to-llvm`,
    /// where the arith constant upstream materializes is lowered at once).
    Lower,
    /// Give the fold up: upstream materializes an `arith.constant` the pass
    /// cannot legalize, so its driver rolls the fold back (the memref and
    /// func conversions). Forwarding and in-place folds still apply.
    Refuse,
}

/// Folds `op` if it folds; true if it was replaced (its results now map to
/// the fold's values).
pub fn fold_first(lw: &mut Lowerer<'_>, body: &mut Body, op: Op, constants: ConstantFolds) -> bool {
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
    let before = (body.operand_vec(op), body.op_attrs(op));
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
                let rt = convert_type(ctx, ty);
                let lowerable = matches!(
                    ctx.attr_kind(a),
                    strata_ir::AttrKind::Integer { .. }
                        | strata_ir::AttrKind::Float { .. }
                        | strata_ir::AttrKind::Bool(_)
                ) && super::common::is_scalar(ctx, rt);
                if constants == ConstantFolds::Refuse || !lowerable {
                    // Upstream rolls the whole legalization of the op back,
                    // in-place folds that led here included.
                    body.set_operands(op, &before.0);
                    body.set_op_attrs(op, before.1);
                    return false;
                }
                lw.at = Some(At::Before(op));
                new.push(lw.value(body, "llvm.mlir.constant", loc, &[], rt, attrs(ctx, &[("value", a)])));
            }
        }
    }
    lw.defer_replace(body, op, &new);
    true
}
