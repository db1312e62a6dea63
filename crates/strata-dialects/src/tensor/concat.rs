//! `tensor.concat`: ranked tensors joined along one dimension
//! (`dim(D) $inputs attr-dict : functional-type($inputs, results)`), its
//! verifier (`ConcatOp::verify`), fold (a single input of the result's type
//! is the result) and upstream's canonicalizations in their order:
//! `SingleInputConcatOp` (one input: a `tensor.cast`),
//! `InferConcatOperandTypes` (inputs refined by casts to the static sizes
//! the other inputs give) and `InferConcatResultType` (a result type more
//! static than written, cast back).

use strata_ir::fold::FoldResult;
use strata_ir::lexer::Tok;
use strata_ir::opdef::{AttrConstraint, OpDef, Traits, TypeConstraint};
use strata_ir::parser::{PResult, Parser};
use strata_ir::printer::type_to_string;
use strata_ir::types::DYNAMIC;
use strata_ir::{Attribute, Body, Context, Diagnostic, Op, OpSpec, Type, TypeKind, Value};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{CanonicalizationPatterns, PatternRewriter, PatternSet};

use super::canonicalize::preserves_static_info;

/// ODS `ConfinedAttr<I64Attr, [IntNonNegative]>`.
const NON_NEGATIVE_I64: AttrConstraint = AttrConstraint {
    check: |c, a| c.as_i64(a).is_some_and(|v| v >= 0) && c.attr_type(a) == Some(c.i64()),
    summary: "64-bit signless integer attribute whose value is non-negative",
};

/// ODS `Variadic<AnyRankedTensor>`: the message names the variadic.
const VARIADIC_RANKED_TENSOR: TypeConstraint =
    TypeConstraint { summary: "variadic of ranked tensor of any type values", ..super::RANKED_TENSOR };

pub(super) fn op() -> OpDef {
    OpDef::new("tensor.concat")
        .attr("dim", NON_NEGATIVE_I64)
        .short_form(print_i64, parse_i64)
        .variadic_operand("inputs", VARIADIC_RANKED_TENSOR)
        .result("result", super::RANKED_TENSOR)
        .traits(Traits::PURE)
        .format("`dim` `(` $dim `)` $inputs attr-dict `:` functional-type($inputs, results)")
        .result_names(|_, _, _, set| set(0, "concat".to_string()))
        .verifier(verify_concat)
        .folder(fold_concat)
        .interface(CanonicalizationPatterns(populate))
}

/// An `I64Attr` in a format: the bare integer.
fn print_i64(ctx: &Context, a: Attribute, out: &mut String) {
    match ctx.as_i64(a) {
        Some(v) => out.push_str(&v.to_string()),
        None => out.push_str(&strata_ir::printer::attr_to_string(ctx, a)),
    }
}

fn parse_i64(p: &mut Parser<'_>) -> PResult<Option<Attribute>> {
    if p.tok() != Tok::Integer && p.tok() != Tok::Minus {
        return Ok(None);
    }
    let v = p.parse_i64()?;
    Ok(Some(p.ctx.integer_attr(p.ctx.i64(), v)))
}

fn shape_of(ctx: &Context, t: Type) -> &[i64] {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => shape,
        _ => &[],
    }
}

fn dim_of(ctx: &Context, body: &Body, op: Op) -> i64 {
    body.op_attr(ctx, op, "dim").and_then(|a| ctx.as_i64(a)).unwrap_or(0)
}

/// Sizes off the concatenated dimension must agree where static (upstream's
/// `SaturatedInteger::desaturate`); `Err(i)` names the first dimension
/// where two static sizes differ.
fn joined_size(shapes: &[&[i64]], i: usize) -> Result<i64, usize> {
    let mut size = DYNAMIC;
    for s in shapes {
        match (size, s[i]) {
            (_, DYNAMIC) => {}
            (DYNAMIC, d) => size = d,
            (a, d) if a == d => {}
            _ => return Err(i),
        }
    }
    Ok(size)
}

/// `ConcatOp::inferResultType` (with the verifier's size check): the
/// concatenated dimension is the sum of the inputs' (dynamic if any is),
/// every other the inputs' agreed size. Needs ranked inputs of one rank
/// and `dim` below it.
fn infer_shape(ctx: &Context, inputs: &[Type], dim: usize) -> Result<Vec<i64>, usize> {
    let shapes: Vec<&[i64]> = inputs.iter().map(|&t| shape_of(ctx, t)).collect();
    let rank = shapes[0].len();
    let mut sizes = vec![0; rank];
    for (i, size) in sizes.iter_mut().enumerate() {
        if i == dim {
            *size = shapes.iter().try_fold(0i64, |acc, s| (s[dim] != DYNAMIC).then(|| acc + s[dim])).unwrap_or(DYNAMIC);
        } else {
            *size = joined_size(&shapes, i)?;
        }
    }
    Ok(sizes)
}

fn op_error(op_loc: strata_ir::Location, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(op_loc, format!("'tensor.concat' op {msg}"))
}

fn verify_concat(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let loc = body.op_loc(op);
    let inputs: Vec<Type> = body.operands(op).map(|v| body.value_type(v)).collect();
    if inputs.is_empty() {
        return Err(op_error(loc, "requires at least one input"));
    }
    let result = body.value_type(body.result(op, 0));
    let rank = shape_of(ctx, result).len();
    if inputs.iter().any(|&t| shape_of(ctx, t).len() != rank) {
        return Err(op_error(loc, "rank of concatenated inputs must match result rank"));
    }
    let element = ctx.element_type(result);
    if inputs.iter().any(|&t| ctx.element_type(t) != element) {
        return Err(op_error(loc, "inputs and result element type must match"));
    }
    let dim = dim_of(ctx, body, op);
    if dim as usize >= rank {
        return Err(op_error(loc, "concatenation dim must be less than the tensor rank"));
    }
    let inferred = infer_shape(ctx, &inputs, dim as usize).map_err(|i| {
        op_error(loc, format!("static concatenation size mismatch along non-concatenated dimension {i}"))
    })?;
    let actual = shape_of(ctx, result);
    if inferred.iter().zip(actual).any(|(&a, &b)| a != DYNAMIC && b != DYNAMIC && a != b) {
        let inferred_ty = ctx.ranked_tensor_type(&inferred, ctx.element_type(inputs[0]).unwrap_or(inputs[0]));
        // Upstream prints no space after the result type.
        return Err(op_error(
            loc,
            format!(
                "result type '{}'does not match inferred shape '{}' static sizes",
                type_to_string(ctx, result),
                type_to_string(ctx, inferred_ty)
            ),
        ));
    }
    Ok(())
}

/// `ConcatOp::fold`: one input of the result's own type is the result.
fn fold_concat(_: &Context, body: &mut Body, op: Op, _: &[Option<Attribute>]) -> FoldResult {
    if body.num_operands(op) == 1 && body.value_type(body.operand(op, 0)) == body.value_type(body.result(op, 0)) {
        return FoldResult::value(body.operand(op, 0));
    }
    FoldResult::Failed
}

fn populate(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("tensor.concat"), name: "SingleInputConcatOp", benefit: 1, f: single_input });
    set.add(FnPattern {
        root: Some("tensor.concat"),
        name: "InferConcatOperandTypes",
        benefit: 1,
        f: infer_operand_types,
    });
    set.add(FnPattern { root: Some("tensor.concat"), name: "InferConcatResultType", benefit: 1, f: infer_result_type });
}

fn cast(ctx: &Context, loc: strata_ir::Location, value: Value, ty: Type) -> OpSpec {
    OpSpec::new(ctx, "tensor.cast", loc).operands(&[value]).results(&[ty])
}

/// One input: a cast of it to the result type.
fn single_input(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    if body.num_operands(op) != 1 {
        return false;
    }
    let spec = cast(ctx, body.op_loc(op), body.operand(op, 0), body.value_type(body.result(op, 0)));
    rw.replace_op_with_new(op, spec);
    true
}

/// The inferred type, without the inputs' encoding (upstream builds it
/// from the shape and element type alone).
fn inferred_type(ctx: &Context, body: &Body, op: Op) -> Option<(Vec<i64>, Type)> {
    let inputs: Vec<Type> = body.operands(op).map(|v| body.value_type(v)).collect();
    let shape = infer_shape(ctx, &inputs, dim_of(ctx, body, op) as usize).ok()?;
    Some((shape, ctx.element_type(inputs[0])?))
}

/// Each input less static than the others allow is replaced by a cast of
/// it to the inferred sizes (its own size along `dim`).
fn infer_operand_types(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let Some((mut shape, element)) = inferred_type(ctx, rw.body(), op) else { return false };
    let dim = dim_of(ctx, rw.body(), op) as usize;
    let loc = rw.body().op_loc(op);
    let mut changed = false;
    for i in 0..rw.body().num_operands(op) {
        let operand = rw.body().operand(op, i);
        let operand_ty = rw.body().value_type(operand);
        shape[dim] = shape_of(ctx, operand_ty)[dim];
        let refined = ctx.ranked_tensor_type(&shape, element);
        if preserves_static_info(ctx, refined, operand_ty) {
            continue;
        }
        changed = true;
        rw.set_insertion_point_before(op);
        let c = rw.create(cast(ctx, loc, operand, refined));
        let v = rw.body().result(c, 0);
        rw.modify_in_place(op, |b| b.set_operand(op, i, v));
    }
    changed
}

/// A result type less static than the inputs give: a concat of the
/// inferred type, cast to the written one.
fn infer_result_type(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some((shape, element)) = inferred_type(ctx, body, op) else { return false };
    let inferred = ctx.ranked_tensor_type(&shape, element);
    let result_ty = body.value_type(body.result(op, 0));
    if preserves_static_info(ctx, inferred, result_ty) {
        return false;
    }
    let loc = body.op_loc(op);
    let inputs: Vec<Value> = body.operands(op).collect();
    let dim = body.op_attr(ctx, op, "dim");
    // The builder sets `dim` only: other attributes are dropped.
    let attrs = ctx.dictionary(dim.map(|d| (ctx.intern_str("dim"), d)).into_iter().collect());
    let spec = OpSpec::new(ctx, "tensor.concat", loc).operands(&inputs).results(&[inferred]).attrs(attrs);
    rw.set_insertion_point_before(op);
    let concat = rw.create(spec);
    let v = rw.body().result(concat, 0);
    rw.replace_op_with_new(op, cast(ctx, loc, v, result_ty));
    true
}
