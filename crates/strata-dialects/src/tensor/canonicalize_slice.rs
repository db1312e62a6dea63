//! Canonicalization patterns of `extract_slice` and `insert_slice`, after
//! upstream's `TensorOps.cpp`: constant operands become static entries
//! (`OpWithOffsetSizesAndStridesConstantArgumentFolder`, with a cast back
//! to the old type), casts the slice can absorb (`ExtractSliceOpCastFolder`,
//! `InsertSliceOpCastFolder`), and a cast making an inserted source as
//! static as its sizes (`InsertSliceOpSourceCastInserter`).

use strata_ir::fold::constant_value;
use strata_ir::types::DYNAMIC;
use strata_ir::{AttrKind, Body, Context, Op, OpSpec, Type, TypeKind, Value};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

use super::canonicalize::{foldable_cast, preserves_static_info};
use super::slice::{split, Mixed, SliceParams};
use super::verify::{cast_compatible, rank_reduction_mask};

fn ranked_shape(ctx: &Context, t: Type) -> Option<&[i64]> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => Some(shape),
        _ => None,
    }
}

fn def_of(ctx: &Context, body: &Body, v: Value, name: &'static str) -> Option<Op> {
    let op = body.defining_op(v)?;
    ctx.op_name_is(body.op_name(op), name).then_some(op)
}

fn const_int(ctx: &Context, body: &Body, v: Value) -> Option<i64> {
    match ctx.attr_kind(constant_value(ctx, body, v)?) {
        AttrKind::Integer { value, .. } => Some(value.to_i64()),
        _ => None,
    }
}

/// Replaces constant operands of `list` by static entries: offsets and
/// sizes when not negative, strides when not zero; true if any changed.
fn fold_constants(ctx: &Context, body: &Body, list: &mut [Mixed], accept: fn(i64) -> bool) -> bool {
    let mut changed = false;
    for m in list.iter_mut() {
        if let Mixed::Dynamic(v) = *m {
            if let Some(c) = const_int(ctx, body, v).filter(|&c| accept(c)) {
                *m = Mixed::Static(c);
                changed = true;
            }
        }
    }
    changed
}

/// `verifyInBoundsSlice` over the static entries of `p` (operands, which
/// may be anything at run time, are not checked).
fn in_bounds(shape: &[i64], p: &SliceParams) -> bool {
    let (offsets, sizes, strides) = (split(&p.offsets).0, split(&p.sizes).0, split(&p.strides).0);
    for (i, &d) in shape.iter().enumerate() {
        let (Some(&off), Some(&size), Some(&stride)) = (offsets.get(i), sizes.get(i), strides.get(i)) else {
            return false;
        };
        if d == DYNAMIC || off == DYNAMIC {
            continue;
        }
        if off >= d {
            return false;
        }
        if size == DYNAMIC || stride == DYNAMIC {
            continue;
        }
        if off.saturating_add(size.saturating_sub(1).saturating_mul(stride)) >= d {
            return false;
        }
    }
    true
}

/// `ExtractSliceOp::inferCanonicalRankReducedResultType`: the sizes as a
/// type over `source`'s element, with unit dimensions dropped from the
/// front until it has `rank` dimensions.
fn canonical_slice_type(ctx: &Context, rank: usize, source: Type, sizes: &[i64]) -> Option<Type> {
    let TypeKind::RankedTensor { element, encoding, .. } = ctx.type_kind(source) else { return None };
    if sizes.len() <= rank {
        return Some(ctx.intern_type(TypeKind::RankedTensor {
            shape: sizes.into(),
            element: *element,
            encoding: *encoding,
        }));
    }
    let mut drop = sizes.len() - rank;
    let mut shape = Vec::with_capacity(rank);
    for &s in sizes {
        if s == 1 && drop > 0 {
            drop -= 1;
        } else {
            shape.push(s);
        }
    }
    Some(ctx.ranked_tensor_type(&shape, *element))
}

/// The operands and attributes of a slice op over `leading` tensors.
fn slice_spec(
    ctx: &Context,
    name: &str,
    loc: strata_ir::Location,
    leading: &[Value],
    params: &SliceParams,
    ty: Type,
) -> OpSpec {
    let (rest, segs, attrs) = params.operands_and_attrs(ctx);
    let mut operands = leading.to_vec();
    operands.extend(rest);
    let mut all_segs = vec![1i32; leading.len()];
    all_segs.extend(segs);
    let names = ["static_offsets", "static_sizes", "static_strides"];
    let mut entries: Vec<_> = names.iter().zip(attrs).map(|(n, a)| (ctx.intern_str(n), a)).collect();
    entries.push((ctx.intern_str("operandSegmentSizes"), strata_ir::branch::dense_i32_array(ctx, &all_segs)));
    OpSpec::new(ctx, name, loc).operands(&operands).results(&[ty]).attrs(ctx.dictionary(entries))
}

fn cast_spec(ctx: &Context, loc: strata_ir::Location, value: Value, ty: Type) -> OpSpec {
    OpSpec::new(ctx, "tensor.cast", loc).operands(&[value]).results(&[ty])
}

/// The lists with their foldable constants made static, if any was.
fn folded_params(ctx: &Context, body: &Body, op: Op) -> Option<SliceParams> {
    let mut p = SliceParams::of(ctx, body, op)?;
    let a = fold_constants(ctx, body, &mut p.offsets, |c| c >= 0);
    let b = fold_constants(ctx, body, &mut p.sizes, |c| c >= 0);
    let c = fold_constants(ctx, body, &mut p.strides, |c| c != 0);
    (a || b || c).then_some(p)
}

// ---- tensor.extract_slice ----

fn extract_slice_constant_args(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    let Some(params) = folded_params(ctx, body, op) else { return false };
    let source = body.operand(op, 0);
    let src_ty = body.value_type(source);
    let Some(shape) = ranked_shape(ctx, src_ty) else { return false };
    if !in_bounds(shape, &params) {
        return false;
    }
    let ty = body.value_type(body.result(op, 0));
    let rank = ranked_shape(ctx, ty).map_or(0, |s| s.len());
    let Some(new_ty) = canonical_slice_type(ctx, rank, src_ty, &params.static_sizes()) else { return false };
    let loc = body.op_loc(op);
    let spec = slice_spec(ctx, "tensor.extract_slice", loc, &[source], &params, new_ty);
    rw.set_insertion_point_before(op);
    let new_op = rw.create(spec);
    let v = rw.body().result(new_op, 0);
    if new_ty == ty {
        rw.replace_op(op, &[v]);
    } else {
        rw.replace_op_with_new(op, cast_spec(ctx, loc, v, ty));
    }
    true
}

/// Whether any operand is a constant index (then the constant folder
/// goes first).
fn has_constant_index(ctx: &Context, body: &Body, op: Op) -> bool {
    body.operands(op).any(|v| ctx.is_index(body.value_type(v)) && const_int(ctx, body, v).is_some())
}

fn extract_slice_of_cast(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    if has_constant_index(ctx, body, op) {
        return false;
    }
    let Some(cast) = def_of(ctx, body, body.operand(op, 0), "tensor.cast") else { return false };
    if !foldable_cast(ctx, body, cast) {
        return false;
    }
    let source = body.operand(cast, 0);
    let Some(params) = SliceParams::of(ctx, body, op) else { return false };
    if !ranked_shape(ctx, body.value_type(source)).is_some_and(|s| in_bounds(s, &params)) {
        return false;
    }
    let ty = body.value_type(body.result(op, 0));
    let spec = slice_spec(ctx, "tensor.extract_slice", body.op_loc(op), &[source], &params, ty);
    rw.replace_op_with_new(op, spec);
    true
}

pub(super) fn populate_extract_slice(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern {
        root: Some("tensor.extract_slice"),
        name: "OpWithOffsetSizesAndStridesConstantArgumentFolder",
        benefit: 1,
        f: extract_slice_constant_args,
    });
    set.add(FnPattern {
        root: Some("tensor.extract_slice"),
        name: "ExtractSliceOpCastFolder",
        benefit: 1,
        f: extract_slice_of_cast,
    });
}

// ---- tensor.insert_slice ----

fn insert_slice_constant_args(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    let Some(params) = folded_params(ctx, body, op) else { return false };
    let (source, dest) = (body.operand(op, 0), body.operand(op, 1));
    let (src_ty, dest_ty) = (body.value_type(source), body.value_type(dest));
    let Some(shape) = ranked_shape(ctx, dest_ty) else { return false };
    if !in_bounds(shape, &params) {
        return false;
    }
    let rank = ranked_shape(ctx, src_ty).map_or(0, |s| s.len());
    let Some(new_src_ty) = canonical_slice_type(ctx, rank, dest_ty, &params.static_sizes()) else { return false };
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let to_insert = if new_src_ty != src_ty {
        let c = rw.create(cast_spec(ctx, loc, source, new_src_ty));
        rw.body().result(c, 0)
    } else {
        source
    };
    rw.replace_op_with_new(op, slice_spec(ctx, "tensor.insert_slice", loc, &[to_insert, dest], &params, dest_ty));
    true
}

/// `computeRankReductionMask(..., matchDynamic = true)`.
fn rank_reduction_mask_dynamic(original: &[i64], reduced: &[i64]) -> Option<Vec<usize>> {
    let mut dropped = Vec::new();
    let mut r = 0;
    for (i, &d) in original.iter().enumerate() {
        if r < reduced.len() && d != 1 && (reduced[r] == DYNAMIC || d == DYNAMIC) {
            r += 1;
            continue;
        }
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

fn insert_slice_of_cast(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    if has_constant_index(ctx, body, op) {
        return false;
    }
    let cast_source = |v: Value| {
        def_of(ctx, body, v, "tensor.cast").filter(|&c| foldable_cast(ctx, body, c)).map(|c| body.operand(c, 0))
    };
    let (source, dest) = (body.operand(op, 0), body.operand(op, 1));
    let (src_cast, dest_cast) = (cast_source(source), cast_source(dest));
    if src_cast.is_none() && dest_cast.is_none() {
        return false;
    }
    let (src, dst) = (src_cast.unwrap_or(source), dest_cast.unwrap_or(dest));
    let (src_ty, dst_ty) = (body.value_type(src), body.value_type(dst));
    let (Some(src_shape), Some(dst_shape)) = (ranked_shape(ctx, src_ty), ranked_shape(ctx, dst_ty)) else {
        return false;
    };
    let Some(mut params) = SliceParams::of(ctx, body, op) else { return false };
    let mut sizes = params.static_sizes();
    let Some(mask) = rank_reduction_mask_dynamic(&sizes, src_shape) else { return false };
    // The cast source's static sizes replace the slice's.
    let mut k = 0;
    for (i, size) in sizes.iter_mut().enumerate() {
        if mask.contains(&i) {
            continue;
        }
        if let Some(&d) = src_shape.get(k).filter(|&&d| d != DYNAMIC) {
            params.sizes[i] = Mixed::Static(d);
            *size = d;
        }
        k += 1;
    }
    // The new op must verify: the source a rank-reduced slice of the dest.
    let TypeKind::RankedTensor { element, encoding, .. } = ctx.type_kind(dst_ty) else { return false };
    let expected =
        ctx.intern_type(TypeKind::RankedTensor { shape: sizes.clone().into(), element: *element, encoding: *encoding });
    let expected_shape = ranked_shape(ctx, expected).unwrap_or(&[]);
    let reduced_ok = expected == src_ty
        || (src_shape.len() <= expected_shape.len()
            && rank_reduction_mask(expected_shape, src_shape).is_some()
            && ctx.element_type(expected) == ctx.element_type(src_ty));
    if !reduced_ok || !in_bounds(dst_shape, &params) {
        return false;
    }
    let loc = body.op_loc(op);
    let old_ty = body.value_type(body.result(op, 0));
    rw.set_insertion_point_before(op);
    let new_op = rw.create(slice_spec(ctx, "tensor.insert_slice", loc, &[src, dst], &params, dst_ty));
    let v = rw.body().result(new_op, 0);
    if dst_ty != old_ty {
        rw.replace_op_with_new(op, cast_spec(ctx, loc, v, old_ty));
    } else {
        rw.replace_op(op, &[v]);
    }
    true
}

/// A source less static than the sizes it is inserted with gets a cast to
/// those sizes first (`InsertSliceOpSourceCastInserter`).
fn insert_slice_source_cast(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    let (source, dest) = (body.operand(op, 0), body.operand(op, 1));
    let src_ty = body.value_type(source);
    let (Some(src_shape), Some(dst_shape)) = (ranked_shape(ctx, src_ty), ranked_shape(ctx, body.value_type(dest)))
    else {
        return false;
    };
    if src_shape.len() != dst_shape.len() {
        return false;
    }
    let Some(params) = SliceParams::of(ctx, body, op) else { return false };
    let mut shape = src_shape.to_vec();
    for (i, m) in params.sizes.iter().enumerate() {
        let c = match *m {
            Mixed::Static(v) => Some(v),
            Mixed::Dynamic(v) => const_int(ctx, body, v),
        };
        if let Some(c) = c {
            if c < 0 {
                return false;
            }
            if let Some(s) = shape.get_mut(i) {
                *s = c;
            }
        }
    }
    let TypeKind::RankedTensor { element, encoding, .. } = ctx.type_kind(src_ty) else { return false };
    let new_ty =
        ctx.intern_type(TypeKind::RankedTensor { shape: shape.into(), element: *element, encoding: *encoding });
    if new_ty == src_ty || !preserves_static_info(ctx, src_ty, new_ty) || !cast_compatible(ctx, src_ty, new_ty) {
        return false;
    }
    let loc = body.op_loc(op);
    let ty = body.value_type(body.result(op, 0));
    rw.set_insertion_point_before(op);
    let c = rw.create(cast_spec(ctx, loc, source, new_ty));
    let cv = rw.body().result(c, 0);
    rw.replace_op_with_new(op, slice_spec(ctx, "tensor.insert_slice", loc, &[cv, dest], &params, ty));
    true
}

pub(super) fn populate_insert_slice(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern {
        root: Some("tensor.insert_slice"),
        name: "InsertSliceOpConstantArgumentFolder",
        benefit: 1,
        f: insert_slice_constant_args,
    });
    set.add(FnPattern {
        root: Some("tensor.insert_slice"),
        name: "InsertSliceOpCastFolder",
        benefit: 1,
        f: insert_slice_of_cast,
    });
    set.add(FnPattern {
        root: Some("tensor.insert_slice"),
        name: "InsertSliceOpSourceCastInserter",
        benefit: 1,
        f: insert_slice_source_cast,
    });
}
