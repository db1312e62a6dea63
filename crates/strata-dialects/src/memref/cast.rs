//! `memref.cast`: a ranked memref to another of compatible shape (static
//! sizes may become dynamic or the other way round), or to and from an
//! unranked memref; and upstream's `foldMemRefCast`, by which loads,
//! stores, deallocs and casts read through a cast of a ranked memref.

use strata_ir::fold::FoldResult;
use strata_ir::types::DYNAMIC;
use strata_ir::{Attribute, Body, Context, Diagnostic, Op, TypeKind, Value};

/// Upstream's `CastOp::areCastCompatible` for the layouts Strata has: the
/// same element type and memory space; ranked to ranked with equal ranks,
/// no two static sizes that differ and equal layouts; unranked on at most
/// one side.
pub fn cast_compatible(ctx: &Context, from: strata_ir::Type, to: strata_ir::Type) -> bool {
    match (ctx.type_kind(from), ctx.type_kind(to)) {
        (
            TypeKind::MemRef { shape: a, element: ea, layout: la, memory_space: ma },
            TypeKind::MemRef { shape: b, element: eb, layout: lb, memory_space: mb },
        ) => {
            ea == eb
                && ma == mb
                && la == lb
                && a.len() == b.len()
                && a.iter().zip(b.iter()).all(|(&p, &q)| p == DYNAMIC || q == DYNAMIC || p == q)
        }
        (
            TypeKind::MemRef { element: ea, memory_space: ma, .. },
            TypeKind::UnrankedMemRef { element: eb, memory_space: mb },
        )
        | (
            TypeKind::UnrankedMemRef { element: ea, memory_space: ma },
            TypeKind::MemRef { element: eb, memory_space: mb, .. },
        ) => ea == eb && ma == mb,
        _ => false,
    }
}

pub fn verify_cast(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let (from, to) = (body.value_type(body.operand(op, 0)), body.value_type(body.result(op, 0)));
    if cast_compatible(ctx, from, to) {
        return Ok(());
    }
    let show = |t| strata_ir::printer::type_to_string(ctx, t);
    Err(Diagnostic::error(
        body.op_loc(op),
        format!("'memref.cast' op operand type '{}' and result type '{}' are cast incompatible", show(from), show(to)),
    ))
}

/// Replaces every operand but `except` that a `memref.cast` of a ranked
/// memref defines by the cast's source; true if any was.
pub(super) fn fold_operand_casts(ctx: &Context, body: &mut Body, op: Op, except: Option<Value>) -> bool {
    let cast = ctx.op_name("memref.cast");
    let mut folded = false;
    for i in 0..body.num_operands(op) {
        let v = body.operand(op, i);
        if Some(v) == except {
            continue;
        }
        let Some(def) = body.defining_op(v).filter(|&d| body.op_name(d) == cast) else { continue };
        let src = body.operand(def, 0);
        if matches!(ctx.type_kind(body.value_type(src)), TypeKind::UnrankedMemRef { .. }) {
            continue;
        }
        body.set_operand(op, i, src);
        folded = true;
    }
    folded
}

fn in_place(folded: bool) -> FoldResult {
    if folded {
        FoldResult::InPlace
    } else {
        FoldResult::Failed
    }
}

/// `memref.load`, `memref.dealloc`, `memref.cast`: read through casts.
pub fn fold_through_casts(ctx: &Context, body: &mut Body, op: Op, _: &[Option<Attribute>]) -> FoldResult {
    in_place(fold_operand_casts(ctx, body, op, None))
}

/// `memref.store`: the same, but not for the stored value.
pub fn fold_store(ctx: &Context, body: &mut Body, op: Op, _: &[Option<Attribute>]) -> FoldResult {
    let value = body.operand(op, 0);
    in_place(fold_operand_casts(ctx, body, op, Some(value)))
}
