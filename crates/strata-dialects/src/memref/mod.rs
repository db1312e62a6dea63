//! The part of the `memref` dialect Toy's lowering and `lower-affine`
//! need: `memref.alloc`, `memref.dealloc`, `memref.load`, `memref.store`,
//! `memref.cast` (`cast.rs`), `memref.dim` (`dim.rs`), with mlir-opt 22's
//! syntax, and their folds and canonicalizations (`alloc_const.rs`).

mod alloc_const;
pub mod cast;
mod dim;

use strata_ir::constraints as c;
use strata_ir::dialect::DialectDef;
use strata_ir::effects::{Effect, EffectKind};
use strata_ir::opdef::{OpDef, Traits, TypeConstraint};
use strata_ir::{Body, Context, Diagnostic, Op, Type};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{CanonicalizationPatterns, PatternRewriter};

const MEMREF: TypeConstraint = TypeConstraint {
    check: |c, t| matches!(c.type_kind(t), strata_ir::TypeKind::MemRef { .. }),
    summary: "memref of any type values",
    buildable: None,
};
const ANY_MEMREF: TypeConstraint = TypeConstraint {
    check: |c, t| {
        matches!(c.type_kind(t), strata_ir::TypeKind::MemRef { .. } | strata_ir::TypeKind::UnrankedMemRef { .. })
    },
    summary: "ranked or unranked memref of any type values",
    buildable: None,
};

fn alloc_names(_ctx: &Context, _body: &Body, _op: Op, set: &mut dyn FnMut(usize, String)) {
    set(0, "alloc".to_string());
}

pub fn register(ctx: &mut Context) {
    let alloc = OpDef::new("memref.alloc")
        .variadic_operand("dynamicSizes", c::INDEX)
        .variadic_operand("symbolOperands", c::INDEX)
        .optional_attr("alignment", c::ANY_ATTR)
        .result("memref", MEMREF)
        .attr_sized_operands()
        .format("`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)")
        .result_names(alloc_names)
        .verifier(verify_alloc)
        .effects(|_, body, op, out| {
            out.push(Effect { kind: EffectKind::Allocate, value: Some(body.result(op, 0)), resource: "default" })
        })
        .interface(CanonicalizationPatterns(|_, set| {
            set.add(FnPattern {
                root: Some("memref.alloc"),
                name: "SimplifyAllocConst",
                benefit: 1,
                f: alloc_const::simplify_alloc_const,
            });
            set.add(FnPattern {
                root: Some("memref.alloc"),
                name: "SimplifyDeadAlloc",
                benefit: 1,
                f: simplify_dead_alloc,
            })
        }));
    let dealloc = OpDef::new("memref.dealloc")
        .operand("memref", ANY_MEMREF)
        .format("$memref attr-dict `:` type($memref)")
        .folder(cast::fold_through_casts)
        .effects(|_, body, op, out| {
            out.push(Effect { kind: EffectKind::Free, value: Some(body.operand(op, 0)), resource: "default" })
        });
    let load = OpDef::new("memref.load")
        .operand("memref", MEMREF)
        .variadic_operand("indices", c::INDEX)
        .default_optional_attr("nontemporal", c::ANY_ATTR, |c| c.bool_attr(false))
        .result("result", c::ANY_TYPE)
        .format("$memref `[` $indices `]` attr-dict `:` type($memref)")
        .infer(infer_load)
        .verifier(verify_access)
        .folder(cast::fold_through_casts)
        .effects(|_, body, op, out| {
            out.push(Effect { kind: EffectKind::Read, value: Some(body.operand(op, 0)), resource: "default" })
        });
    let store = OpDef::new("memref.store")
        .operand("value", c::ANY_TYPE)
        .operand("memref", MEMREF)
        .variadic_operand("indices", c::INDEX)
        .default_optional_attr("nontemporal", c::ANY_ATTR, |c| c.bool_attr(false))
        .format("$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)")
        .infer(infer_store)
        .verifier(verify_access)
        .folder(cast::fold_store)
        .effects(|_, body, op, out| {
            out.push(Effect { kind: EffectKind::Write, value: Some(body.operand(op, 1)), resource: "default" })
        });
    let cast = OpDef::new("memref.cast")
        .operand("source", ANY_MEMREF)
        .result("dest", ANY_MEMREF)
        .traits(Traits::PURE | Traits::CAST_OP_INTERFACE)
        .format("$source attr-dict `:` type($source) `to` type($dest)")
        .result_names(|_, _, _, set| set(0, "cast".to_string()))
        .verifier(cast::verify_cast)
        .folder(cast::fold_through_casts);
    // Folded sizes (`memref.dim`) become `arith.constant`s, as upstream's
    // `MemRefDialect::materializeConstant`.
    ctx.register_dialect(
        DialectDef::new("memref")
            // Every memref op may be inlined (MLIR's MemRefInlinerInterface).
            .interface(strata_ir::inliner_interface::DialectInlinerInterface::ALL_LEGAL)
            .op(alloc)
            .op(dealloc)
            .op(load)
            .op(store)
            .op(cast)
            .op(dim::op())
            .materializer(crate::arith::fold::materialize),
    );
}

/// `memref.load`'s result is the memref's element type.
fn infer_load(
    ctx: &Context,
    _: &[(strata_ir::Str, strata_ir::Attribute)],
    operands: &mut [Option<Vec<Type>>],
    res: &mut [Option<Vec<Type>>],
) -> Result<(), String> {
    let m = operands.first().and_then(|o| o.as_ref()).and_then(|t| t.first().copied()).ok_or("missing memref type")?;
    let elem = ctx.element_type(m).ok_or("expected a memref type")?;
    res[0] = Some(vec![elem]);
    Ok(())
}

/// `memref.store`'s value has the memref's element type.
fn infer_store(
    ctx: &Context,
    _: &[(strata_ir::Str, strata_ir::Attribute)],
    operands: &mut [Option<Vec<Type>>],
    _: &mut [Option<Vec<Type>>],
) -> Result<(), String> {
    let m = operands.get(1).and_then(|o| o.as_ref()).and_then(|t| t.first().copied()).ok_or("missing memref type")?;
    let elem = ctx.element_type(m).ok_or("expected a memref type")?;
    operands[0] = Some(vec![elem]);
    Ok(())
}

/// One index per dimension; the loaded or stored value has the element
/// type (upstream's `LoadOp::verify`, `StoreOp::verify` and the
/// `TypesMatchWith` constraints).
fn verify_access(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let name = ctx.op_name_str(body.op_name(op));
    let is_store = name == "memref.store";
    let mi = usize::from(is_store);
    if body.num_operands(op) <= mi {
        return Ok(());
    }
    let ty = body.value_type(body.operand(op, mi));
    let rank = ctx.shape(ty).map_or(0, |s| s.len());
    if body.num_operands(op) - mi - 1 != rank {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!(
                "'{name}' op incorrect number of indices for {}, expected {rank} but got {}",
                if is_store { "store" } else { "load" },
                body.num_operands(op) - mi - 1
            ),
        ));
    }
    let value_ty = if is_store { body.value_type(body.operand(op, 0)) } else { body.value_type(body.result(op, 0)) };
    if ctx.element_type(ty) != Some(value_ty) {
        let what = if is_store { "value" } else { "result" };
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!("'{name}' op failed to verify that type of '{what}' matches element type of 'memref'"),
        ));
    }
    Ok(())
}

/// MLIR's `verifyAllocLikeOp`: one size operand per dynamic dimension, one
/// symbol operand per symbol of the layout map.
fn verify_alloc(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let ty = body.value_type(body.result(op, 0));
    let strata_ir::TypeKind::MemRef { shape, layout, .. } = ctx.type_kind(ty) else { return Ok(()) };
    let seg = strata_ir::branch::dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
    let (sizes, symbols) = (seg.first().copied().unwrap_or(0), seg.get(1).copied().unwrap_or(0));
    let dynamic = shape.iter().filter(|&&d| d < 0).count();
    if sizes as usize != dynamic {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!("'memref.alloc' op incorrect number of dynamic sizes, has {sizes}, expected {dynamic}"),
        ));
    }
    let layout_symbols = match layout.map(|l| ctx.attr_kind(l)) {
        Some(strata_ir::AttrKind::AffineMap(m)) => m.num_symbols as i32,
        _ => 0,
    };
    if symbols != layout_symbols {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!("'memref.alloc' op symbol operand count does not equal memref symbol count: expected {layout_symbols}, got {symbols}"),
        ));
    }
    Ok(())
}

/// An allocation only ever deallocated or stored into is erased with
/// those users (MLIR's `SimplifyDeadAlloc`, for the users Strata knows: a
/// store of the buffer itself as the value keeps it).
fn simplify_dead_alloc(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let r = body.result(op, 0);
    let dealloc = ctx.op_name("memref.dealloc");
    let store = ctx.op_name("memref.store");
    let users: Vec<Op> = body.uses(r).map(|(u, _)| u).collect();
    let removable = |u: Op| body.op_name(u) == dealloc || (body.op_name(u) == store && body.operand(u, 0) != r);
    if !users.iter().all(|&u| removable(u)) {
        return false;
    }
    let mut users = users;
    users.dedup();
    for u in users {
        rw.erase_op(u);
    }
    rw.erase_op(op);
    true
}
