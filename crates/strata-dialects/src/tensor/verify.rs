//! Verifiers of the tensor ops with mlir-opt 22's messages: the
//! `TypesMatchWith` constraints, cast compatibility, reshape rules, the
//! reassociation checks of expand/collapse (`verifyReshapeLikeTypes`), and
//! the slice checks (`OffsetSizeAndStrideOpInterface`, rank reduction,
//! in-bounds static slices).

use strata_ir::printer::type_to_string;
use strata_ir::types::DYNAMIC;
use strata_ir::{Body, Context, Diagnostic, Op, Type, TypeKind};

use super::slice::{i64_array, segment_operands, Part};

fn op_error(ctx: &Context, body: &Body, op: Op, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(body.op_loc(op), format!("'{}' op {msg}", ctx.op_name_str(body.op_name(op))))
}

/// An error without the `'op' op` prefix (C++ `op->emitError`).
fn plain_error(body: &Body, op: Op, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(body.op_loc(op), msg.into())
}

fn show(ctx: &Context, t: Type) -> String {
    type_to_string(ctx, t)
}

fn result_type(body: &Body, op: Op) -> Type {
    body.value_type(body.result(op, 0))
}

fn operand_type(body: &Body, op: Op, i: usize) -> Type {
    body.value_type(body.operand(op, i))
}

fn ranked_shape(ctx: &Context, t: Type) -> Option<&[i64]> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => Some(shape),
        _ => None,
    }
}

/// The element count of a static shape, wrapping as C++'s int64 does.
pub(crate) fn product(shape: &[i64]) -> i64 {
    shape.iter().fold(1i64, |a, &d| a.wrapping_mul(d))
}

fn element(ctx: &Context, t: Type) -> Type {
    ctx.element_type(t).unwrap_or(t)
}

pub(super) fn verify_empty(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let Some(shape) = ranked_shape(ctx, result_type(body, op)) else { return Ok(()) };
    let expected = shape.iter().filter(|&&d| d == DYNAMIC).count();
    let has = body.num_operands(op);
    if has != expected {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("incorrect number of dynamic sizes, has {has}, expected {expected}"),
        ));
    }
    Ok(())
}

/// Whether a value of tensor type `a` may be cast to `b` (`CastOp::areCastCompatible`):
/// same element type, and where both are ranked, equal ranks and no two
/// static sizes that differ.
pub(crate) fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    if ctx.element_type(a) != ctx.element_type(b) {
        return false;
    }
    match (ranked_shape(ctx, a), ranked_shape(ctx, b)) {
        (Some(x), Some(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(&p, &q)| p == DYNAMIC || q == DYNAMIC || p == q)
        }
        _ => true,
    }
}

pub(super) fn verify_cast(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let (from, to) = (operand_type(body, op, 0), result_type(body, op));
    if !cast_compatible(ctx, from, to) {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("operand type '{}' and result type '{}' are cast incompatible", show(ctx, from), show(ctx, to)),
        ));
    }
    Ok(())
}

pub(super) fn verify_extract(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let t = operand_type(body, op, 0);
    if element(ctx, t) != result_type(body, op) {
        return Err(op_error(ctx, body, op, "failed to verify that result type matches element type of tensor"));
    }
    let rank = ranked_shape(ctx, t).map_or(0, |s| s.len());
    if body.num_operands(op) - 1 != rank {
        return Err(op_error(ctx, body, op, "incorrect number of indices for extract_element"));
    }
    Ok(())
}

pub(super) fn verify_insert(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let dest = operand_type(body, op, 1);
    if result_type(body, op) != dest {
        return Err(op_error(ctx, body, op, "failed to verify that result type matches type of dest"));
    }
    if element(ctx, dest) != operand_type(body, op, 0) {
        return Err(op_error(ctx, body, op, "failed to verify that scalar type matches element type of dest"));
    }
    let rank = ranked_shape(ctx, dest).map_or(0, |s| s.len());
    if body.num_operands(op) - 2 != rank {
        return Err(op_error(ctx, body, op, "incorrect number of indices"));
    }
    Ok(())
}

pub(super) fn verify_from_elements(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let t = result_type(body, op);
    let elem = element(ctx, t);
    let n = ranked_shape(ctx, t).map_or(0, product);
    if body.operands(op).any(|v| body.value_type(v) != elem) || n != body.num_operands(op) as i64 {
        return Err(op_error(ctx, body, op, "failed to verify that operand types match result element type"));
    }
    Ok(())
}

pub(super) fn verify_reshape(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let (src, shape, out) = (operand_type(body, op, 0), operand_type(body, op, 1), result_type(body, op));
    let err = |m: &str| Err(op_error(ctx, body, op, m));
    if ctx.element_type(src) != ctx.element_type(out) {
        return err("element types of source and destination tensor types should be the same");
    }
    let shape_len = ranked_shape(ctx, shape).and_then(|s| s.first().copied()).unwrap_or(DYNAMIC);
    if let (Some(s), Some(o)) = (ranked_shape(ctx, src), ranked_shape(ctx, out)) {
        let count = |d: &[i64]| d.iter().all(|&x| x >= 0).then(|| product(d));
        if let (Some(a), Some(b)) = (count(s), count(o)) {
            if a != b {
                return err("source and destination tensor should have the same number of elements");
            }
        }
    }
    if let Some(o) = ranked_shape(ctx, out) {
        if shape_len == DYNAMIC {
            return err("cannot use shape operand with dynamic length to reshape to statically-ranked tensor type");
        }
        if shape_len != o.len() as i64 {
            return err("length of shape operand differs from the result's tensor rank");
        }
    }
    Ok(())
}

// ---- expand_shape / collapse_shape ----

/// The reassociation groups of an expand/collapse op.
pub(crate) fn reassociation(ctx: &Context, body: &Body, op: Op) -> Option<Vec<Vec<i64>>> {
    let groups = ctx.as_array(body.op_attr(ctx, op, "reassociation")?)?;
    groups.iter().map(|g| ctx.as_array(*g).map(|g| g.iter().filter_map(|&d| ctx.as_i64(d)).collect())).collect()
}

/// `verifyReshapeLikeTypes` and the collapsed-type check of
/// `verifyTensorReshapeOp`, for `expanded` and `collapsed` types.
fn verify_reshape_like(
    ctx: &Context,
    body: &Body,
    op: Op,
    expanded: Type,
    collapsed: Type,
) -> Result<Vec<Vec<i64>>, Diagnostic> {
    let err = |m: String| Err(op_error(ctx, body, op, m));
    let (Some(es), Some(cs)) = (ranked_shape(ctx, expanded), ranked_shape(ctx, collapsed)) else {
        // mlir-opt reads an unranked operand as garbage here; refuse it.
        return err("expects ranked tensor types".into());
    };
    let groups = reassociation(ctx, body, op).unwrap_or_default();
    if es.len() < cs.len() {
        return err(format!(
            "expected the expanded type, '{}' to have a higher (or same) rank than the collapsed type, '{}'.",
            show(ctx, expanded),
            show(ctx, collapsed)
        ));
    }
    if cs.len() != groups.len() {
        return err(format!(
            "expected collapsed rank ({}) to equal the number of reassociation maps ({}).",
            cs.len(),
            groups.len()
        ));
    }
    // Each group becomes an affine map over as many dimensions as the
    // largest index of the whole reassociation calls for.
    let num_dims = groups.iter().flatten().map(|&d| d.saturating_add(1)).max().unwrap_or(0);
    for (i, _) in groups.iter().enumerate() {
        if num_dims != es.len() as i64 {
            return err(format!(
                "expected reassociation map #{i} to have size equal to the expanded rank ({}), but it is  {num_dims}.",
                es.len()
            ));
        }
    }
    let mut next = 0i64;
    for (i, g) in groups.iter().enumerate() {
        let contiguous = !g.is_empty() && g.iter().enumerate().all(|(k, &d)| d == next + k as i64);
        if !contiguous {
            return err(format!("expected reassociation map #{i} to be valid and contiguous."));
        }
        next += g.len() as i64;
    }
    if !groups.is_empty() && next != num_dims {
        return err(format!("expected reassociation map #{} to be valid and contiguous.", groups.len() - 1));
    }
    let mut start = 0usize;
    for (i, g) in groups.iter().enumerate() {
        let dims = &es[start..start + g.len()];
        if dims.contains(&DYNAMIC) {
            if cs[i] != DYNAMIC {
                return err(format!(
                    "expected dimension {i} of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic"
                ));
            }
        } else {
            let total = product(dims);
            if cs[i] != total {
                return err(format!("expected dimension {i} of collapsed type to be static value of {total}"));
            }
        }
        start += g.len();
    }
    if ctx.element_type(expanded) != ctx.element_type(collapsed) {
        let expected = ctx.ranked_tensor_type(cs, element(ctx, expanded));
        return err(format!(
            "expected collapsed type to be '{}', but got '{}'",
            show(ctx, expected),
            show(ctx, collapsed)
        ));
    }
    Ok(groups)
}

pub(super) fn verify_collapse_shape(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    verify_reshape_like(ctx, body, op, operand_type(body, op, 0), result_type(body, op)).map(|_| ())
}

pub(super) fn verify_expand_shape(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let out = result_type(body, op);
    verify_reshape_like(ctx, body, op, out, operand_type(body, op, 0))?;
    let rank = ranked_shape(ctx, out).map_or(0, |s| s.len());
    let statics = i64_array(ctx, body.op_attr(ctx, op, "static_output_shape")).unwrap_or_default();
    if statics.len() != rank {
        return Err(op_error(
            ctx,
            body,
            op,
            format!(
                "expected number of static shape dims to be equal to the output rank ({rank}) but found {} inputs instead",
                statics.len()
            ),
        ));
    }
    let dynamic = statics.iter().filter(|&&d| d == DYNAMIC).count();
    if dynamic != body.num_operands(op) - 1 {
        return Err(op_error(
            ctx,
            body,
            op,
            format!(
                "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {} values",
                body.num_operands(op) - 1
            ),
        ));
    }
    Ok(())
}

// ---- extract_slice / insert_slice ----

/// `verifyOffsetSizeAndStrideOp`: each list's operands match its dynamic
/// entries, the three lists have one entry per dimension of `rank`, and
/// static offsets and sizes are not negative.
fn verify_slice_lists(ctx: &Context, body: &Body, op: Op, leading: usize, rank: usize) -> Result<(), Diagnostic> {
    let mut lists = Vec::new();
    for part in Part::ALL {
        let statics = i64_array(ctx, body.op_attr(ctx, op, part.attr_name())).unwrap_or_default();
        let operands = segment_operands(ctx, body, op, part.segment(leading)).len();
        let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
        if operands != dynamic {
            return Err(plain_error(
                body,
                op,
                format!(
                    "expected the number of '{}' to match the number of dynamic entries in '{}' ({operands} vs {dynamic})",
                    part.operand_name(),
                    part.attr_name()
                ),
            ));
        }
        lists.push(statics);
    }
    let well_formed = "so the rank of the result type is well-formed.";
    if lists[1].len() != lists[2].len() {
        let msg = format!(
            "expected mixed sizes rank to match mixed strides rank ({} vs {}) {well_formed}",
            lists[1].len(),
            lists[2].len()
        );
        return Err(plain_error(body, op, msg));
    }
    if lists[0].len() != lists[1].len() {
        let msg = format!(
            "expected mixed offsets rank to match mixed sizes rank ({} vs {}) {well_formed}",
            lists[0].len(),
            lists[1].len()
        );
        return Err(plain_error(body, op, msg));
    }
    for (list, what) in lists.iter().zip(["offset", "size", "stride"]) {
        if list.len() != rank {
            return Err(plain_error(body, op, format!("expected {rank} {what} values, got {}", list.len())));
        }
    }
    for (list, what) in lists.iter().zip(["offsets", "sizes"]) {
        if let Some(v) = list.iter().find(|&&v| v < 0 && v != DYNAMIC) {
            return Err(plain_error(body, op, format!("expected {what} to be non-negative, but got {v}")));
        }
    }
    Ok(())
}

enum SliceCheck {
    RankTooLarge,
    SizeMismatch,
    ElemTypeMismatch,
}

/// MLIR's `isRankReducedType(original, candidate)` (encodings are ignored).
fn rank_reduced(ctx: &Context, original: Type, candidate: Type) -> Result<(), SliceCheck> {
    if original == candidate {
        return Ok(());
    }
    let (Some(o), Some(c)) = (ranked_shape(ctx, original), ranked_shape(ctx, candidate)) else { return Ok(()) };
    if c.len() > o.len() {
        return Err(SliceCheck::RankTooLarge);
    }
    if rank_reduction_mask(o, c).is_none() {
        return Err(SliceCheck::SizeMismatch);
    }
    if ctx.element_type(original) != ctx.element_type(candidate) {
        return Err(SliceCheck::ElemTypeMismatch);
    }
    Ok(())
}

/// The dimensions of `original` dropped to get `reduced` (each of size 1),
/// matched greedily as `computeRankReductionMask` does.
pub(crate) fn rank_reduction_mask(original: &[i64], reduced: &[i64]) -> Option<Vec<usize>> {
    let mut dropped = Vec::new();
    let mut r = 0;
    for (i, &d) in original.iter().enumerate() {
        if r < reduced.len() && d == reduced[r] {
            r += 1;
            continue;
        }
        dropped.push(i);
        if d != 1 {
            return None;
        }
    }
    (r == reduced.len()).then_some(dropped)
}

/// `produceSliceErrorMsg`.
fn slice_error(ctx: &Context, body: &Body, op: Op, check: SliceCheck, expected: Type) -> Diagnostic {
    let msg = match check {
        SliceCheck::RankTooLarge => "expected rank to be smaller or equal to the other rank. ".to_string(),
        SliceCheck::SizeMismatch => {
            format!("expected type to be '{}' or a rank-reduced version. (size mismatch) ", show(ctx, expected))
        }
        SliceCheck::ElemTypeMismatch => {
            format!("expected element type to be '{}'", show(ctx, element(ctx, expected)))
        }
    };
    plain_error(body, op, msg)
}

/// `verifyInBoundsSlice` against the sliced tensor's static `shape`.
fn verify_in_bounds(body: &Body, op: Op, shape: &[i64], lists: &[Vec<i64>; 3]) -> Result<(), Diagnostic> {
    let [offsets, sizes, strides] = lists;
    for (i, &d) in shape.iter().enumerate() {
        if d == DYNAMIC || offsets[i] == DYNAMIC {
            continue;
        }
        if offsets[i] >= d {
            return Err(plain_error(body, op, format!("offset {i} is out-of-bounds: {} >= {d}", offsets[i])));
        }
        if sizes[i] == DYNAMIC || strides[i] == DYNAMIC {
            continue;
        }
        let last = offsets[i].saturating_add((sizes[i].saturating_sub(1)).saturating_mul(strides[i]));
        if last >= d {
            return Err(plain_error(body, op, format!("slice along dimension {i} runs out-of-bounds: {last} >= {d}")));
        }
    }
    Ok(())
}

fn static_lists(ctx: &Context, body: &Body, op: Op) -> [Vec<i64>; 3] {
    Part::ALL.map(|part| i64_array(ctx, body.op_attr(ctx, op, part.attr_name())).unwrap_or_default())
}

/// `ExtractSliceOp::inferResultType`: the static sizes over the source's
/// element type and encoding.
fn inferred_slice_type(ctx: &Context, source: Type, sizes: &[i64]) -> Type {
    let encoding = match ctx.type_kind(source) {
        TypeKind::RankedTensor { encoding, .. } => *encoding,
        _ => None,
    };
    ctx.intern_type(TypeKind::RankedTensor { shape: sizes.into(), element: element(ctx, source), encoding })
}

pub(super) fn verify_extract_slice(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let source = operand_type(body, op, 0);
    let Some(shape) = ranked_shape(ctx, source) else { return Ok(()) };
    verify_slice_lists(ctx, body, op, 1, shape.len())?;
    let lists = static_lists(ctx, body, op);
    let expected = inferred_slice_type(ctx, source, &lists[1]);
    if let Err(check) = rank_reduced(ctx, expected, result_type(body, op)) {
        return Err(slice_error(ctx, body, op, check, expected));
    }
    verify_in_bounds(body, op, shape, &lists)
}

pub(super) fn verify_insert_slice(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let (source, dest) = (operand_type(body, op, 0), operand_type(body, op, 1));
    if result_type(body, op) != dest {
        return Err(op_error(ctx, body, op, "failed to verify that expected result type to match dest type"));
    }
    let Some(shape) = ranked_shape(ctx, dest) else { return Ok(()) };
    verify_slice_lists(ctx, body, op, 2, shape.len())?;
    let lists = static_lists(ctx, body, op);
    let expected = inferred_slice_type(ctx, dest, &lists[1]);
    if let Err(check) = rank_reduced(ctx, expected, source) {
        return Err(slice_error(ctx, body, op, check, expected));
    }
    verify_in_bounds(body, op, shape, &lists)
}
