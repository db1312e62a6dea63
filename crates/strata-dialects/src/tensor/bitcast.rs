//! `tensor.bitcast`: a tensor reinterpreted with another element type of
//! the same bit width (`$source attr-dict : type($source) to type($dest)`,
//! the syntax of `tensor.cast`), its verifier (`BitcastOp::areCastCompatible`)
//! and its canonicalization `ChainedTensorBitcast`. The identity bitcast
//! folds through the cast-op interface.

use strata_ir::opdef::{OpDef, Traits, TypeConstraint};
use strata_ir::printer::type_to_string;
use strata_ir::types::DYNAMIC;
use strata_ir::{Body, Context, Diagnostic, Op, OpSpec, Type, TypeKind};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{CanonicalizationPatterns, PatternRewriter, PatternSet};

/// ODS `TensorOf<[AnySignlessInteger, AnyUnsignedInteger,
/// AnySignedInteger, AnyFloat]>`: any integer or float element, no index.
const INT_OR_FLOAT_TENSOR: TypeConstraint = TypeConstraint {
    check: |c, t| match c.type_kind(t) {
        TypeKind::RankedTensor { element, .. } | TypeKind::UnrankedTensor { element } => {
            c.is_integer(*element) || c.is_float(*element)
        }
        _ => false,
    },
    summary: "tensor of signless integer or unsigned integer or signed integer or floating-point values",
    buildable: None,
};

pub(super) fn op() -> OpDef {
    OpDef::new("tensor.bitcast")
        .operand("source", INT_OR_FLOAT_TENSOR)
        .result("dest", INT_OR_FLOAT_TENSOR)
        .traits(Traits::PURE | Traits::CAST_OP_INTERFACE)
        .custom(super::asm::print_cast, super::asm::parse_cast)
        .verifier(verify_bitcast)
        .interface(CanonicalizationPatterns(populate))
}

/// Both shapes compatible (`verifyCompatibleShape`: an unranked side, or
/// equal ranks and no two static sizes that differ) and the element
/// types of one bit width.
fn bitcast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    let width = |t: Type| ctx.element_type(t).and_then(|e| ctx.int_or_float_width(e));
    if width(a) != width(b) {
        return false;
    }
    match (ctx.type_kind(a), ctx.type_kind(b)) {
        (TypeKind::RankedTensor { shape: x, .. }, TypeKind::RankedTensor { shape: y, .. }) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(&p, &q)| p == DYNAMIC || q == DYNAMIC || p == q)
        }
        _ => true,
    }
}

fn verify_bitcast(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let (from, to) = (body.value_type(body.operand(op, 0)), body.value_type(body.result(op, 0)));
    if bitcast_compatible(ctx, from, to) {
        return Ok(());
    }
    Err(Diagnostic::error(
        body.op_loc(op),
        format!(
            "'tensor.bitcast' op operand type '{}' and result type '{}' are cast incompatible",
            type_to_string(ctx, from),
            type_to_string(ctx, to)
        ),
    ))
}

fn populate(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("tensor.bitcast"), name: "ChainedTensorBitcast", benefit: 1, f: chained_bitcast });
}

/// `bitcast(bitcast(x))` is one bitcast of `x` to the outer type.
fn chained_bitcast(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(inner) = body.defining_op(body.operand(op, 0)) else { return false };
    if body.op_name(inner) != body.op_name(op) {
        return false;
    }
    let source = body.operand(inner, 0);
    let ty = body.value_type(body.result(op, 0));
    let loc = body.op_loc(op);
    rw.replace_op_with_new(op, OpSpec::new(ctx, "tensor.bitcast", loc).operands(&[source]).results(&[ty]));
    true
}
