//! `memref.dim`: the size of one dimension of a ranked or unranked
//! memref (`attr-dict $source , $index : type($source)`), and upstream's
//! `DimOp::fold`, for the producers Strata has: a constant index within
//! the rank gives the static size, or the size operand of the
//! `memref.alloc` that made the memref, or else reads through a
//! `memref.cast` of a ranked memref (in place).
//!
//! Upstream also folds to the size operands of `memref.alloca`,
//! `memref.view`, `memref.subview` and other offset/size/stride ops, and
//! has the canonicalization `DimOfMemRefReshape`; Strata has none of
//! those ops yet.

use strata_ir::fold::FoldResult;
use strata_ir::opdef::{OpDef, Traits, TypeConstraint};
use strata_ir::types::DYNAMIC;
use strata_ir::{constraints as c, AttrKind, Attribute, Body, Context, Op, TypeKind};

/// Upstream's `AnyNon0RankedOrUnrankedMemRef`: a dimension needs a rank.
const NON_0_RANKED_OR_UNRANKED_MEMREF: TypeConstraint = TypeConstraint {
    check: |c, t| match c.type_kind(t) {
        TypeKind::MemRef { shape, .. } => !shape.is_empty(),
        TypeKind::UnrankedMemRef { .. } => true,
        _ => false,
    },
    summary: "unranked.memref of any type values or non-0-ranked.memref of any type values",
    buildable: None,
};

pub(super) fn op() -> OpDef {
    OpDef::new("memref.dim")
        .operand("source", NON_0_RANKED_OR_UNRANKED_MEMREF)
        .operand("index", c::INDEX)
        .result("result", c::INDEX)
        // NoMemoryEffect (and conditionally speculatable): an unused dim
        // is trivially dead.
        .traits(Traits::PURE)
        .format("attr-dict $source `,` $index `:` type($source)")
        .result_names(|_, _, _, set| set(0, "dim".to_string()))
        .folder(fold_dim)
}

/// `DimOp::fold`. Every fold needs a constant index within the rank of a
/// ranked memref; the cast is looked through only after the other folds
/// failed, as upstream.
fn fold_dim(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let Some(index) = operands.get(1).copied().flatten().and_then(|a| match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(value.to_i64()),
        _ => None,
    }) else {
        return FoldResult::Failed;
    };
    let source = body.operand(op, 0);
    let TypeKind::MemRef { shape, .. } = ctx.type_kind(body.value_type(source)) else { return FoldResult::Failed };
    // Out-of-bounds indices are undefined behaviour, not invalid IR.
    let Some(&size) = usize::try_from(index).ok().and_then(|i| shape.get(i)) else { return FoldResult::Failed };
    if size != DYNAMIC {
        return FoldResult::attr(ctx.integer_attr(ctx.index_type(), size));
    }
    // The alloc's size operands come first, one per dynamic dimension.
    let nth_dynamic = shape[..index as usize].iter().filter(|&&s| s == DYNAMIC).count();
    if let Some(alloc) = body.defining_op(source).filter(|&d| ctx.op_name_str(body.op_name(d)) == "memref.alloc") {
        return FoldResult::value(body.operand(alloc, nth_dynamic));
    }
    if super::cast::fold_operand_casts(ctx, body, op, None) {
        return FoldResult::InPlace;
    }
    FoldResult::Failed
}
