//! The part of the `memref` dialect Toy's lowering needs: `memref.alloc`
//! and `memref.dealloc`, with mlir-opt 22's syntax.

use strata_ir::constraints as c;
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{CanonicalizationPatterns, PatternRewriter};
use strata_ir::effects::{Effect, EffectKind};
use strata_ir::dialect::DialectDef;
use strata_ir::opdef::{OpDef, TypeConstraint};
use strata_ir::{Body, Context, Op};

const MEMREF: TypeConstraint =
    TypeConstraint { check: |c, t| matches!(c.type_kind(t), strata_ir::TypeKind::MemRef { .. }), summary: "memref of any type values", buildable: None };
const ANY_MEMREF: TypeConstraint = TypeConstraint {
    check: |c, t| matches!(c.type_kind(t), strata_ir::TypeKind::MemRef { .. } | strata_ir::TypeKind::UnrankedMemRef { .. }),
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
        .effects(|_, body, op, out| out.push(Effect { kind: EffectKind::Allocate, value: Some(body.result(op, 0)), resource: "default" }))
        .interface(CanonicalizationPatterns(|_, set| {
            set.add(FnPattern { root: Some("memref.alloc"), name: "SimplifyDeadAlloc", benefit: 1, f: simplify_dead_alloc })
        }));
    let dealloc = OpDef::new("memref.dealloc")
        .operand("memref", ANY_MEMREF)
        .format("$memref attr-dict `:` type($memref)")
        .effects(|_, body, op, out| out.push(Effect { kind: EffectKind::Free, value: Some(body.operand(op, 0)), resource: "default" }));
    ctx.register_dialect(DialectDef::new("memref").op(alloc).op(dealloc));
}

/// An allocation only ever deallocated is erased with its deallocations
/// (MLIR's `SimplifyDeadAlloc`, for the users Strata knows).
fn simplify_dead_alloc(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let r = body.result(op, 0);
    let dealloc = ctx.op_name("memref.dealloc");
    let users: Vec<Op> = body.uses(r).map(|(u, _)| u).collect();
    if users.iter().any(|&u| body.op_name(u) != dealloc) {
        return false;
    }
    for u in users {
        rw.erase_op(u);
    }
    rw.erase_op(op);
    true
}
