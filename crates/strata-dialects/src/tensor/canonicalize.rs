//! Canonicalization patterns of the tensor ops other than the slices
//! (`canonicalize_slice.rs`), after upstream's `TensorOps.cpp`: chained
//! casts, casts absorbed by `extract`, `dim` and `insert`, `dim` of ops writing into
//! a destination, `tensor.empty` with constant sizes, and reshapes
//! composed with reshapes (a collapse of an expand too) or reading
//! `from_elements`.

use strata_ir::fold::constant_value;
use strata_ir::types::DYNAMIC;
use strata_ir::{AttrKind, Body, Context, Op, OpSpec, Type, TypeKind, Value};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

use super::verify::reassociation;

fn def_of(ctx: &Context, body: &Body, v: Value, name: &'static str) -> Option<Op> {
    let op = body.defining_op(v)?;
    ctx.op_name_is(body.op_name(op), name).then_some(op)
}

fn result_type(body: &Body, op: Op) -> Type {
    body.value_type(body.result(op, 0))
}

fn ranked(ctx: &Context, t: Type) -> Option<(&[i64], Type, Option<strata_ir::Attribute>)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, encoding } => Some((shape, *element, *encoding)),
        _ => None,
    }
}

/// `joinShapes`: the most static type both casts agree on, `None` when
/// they contradict each other.
fn join_shapes(ctx: &Context, a: Type, b: Type) -> Option<Type> {
    if a == b {
        return Some(a);
    }
    if ctx.element_type(a) != ctx.element_type(b) {
        return None;
    }
    let (Some((sa, elem, enc)), Some((sb, _, _))) = (ranked(ctx, a), ranked(ctx, b)) else {
        return Some(if ranked(ctx, a).is_none() { b } else { a });
    };
    if sa.len() != sb.len() {
        return None;
    }
    let mut shape = Vec::with_capacity(sa.len());
    for (&x, &y) in sa.iter().zip(sb) {
        shape.push(match (x, y) {
            (DYNAMIC, y) => y,
            (x, DYNAMIC) => x,
            (x, y) if x == y => x,
            _ => return None,
        });
    }
    Some(ctx.intern_type(TypeKind::RankedTensor { shape: shape.into(), element: elem, encoding: enc }))
}

/// `tensor::preservesStaticInformation(source, target)`: same ranked kind,
/// and `target` dynamic nowhere `source` is static.
pub(crate) fn preserves_static_info(ctx: &Context, source: Type, target: Type) -> bool {
    let (Some((s, se, senc)), Some((t, te, tenc))) = (ranked(ctx, source), ranked(ctx, target)) else {
        return false;
    };
    se == te && senc == tenc && s.len() == t.len() && s.iter().zip(t).all(|(&a, &b)| a == DYNAMIC || b != DYNAMIC)
}

/// `canFoldIntoConsumerOp`: a cast whose source knows at least as much as
/// its result.
pub(crate) fn foldable_cast(ctx: &Context, body: &Body, cast: Op) -> bool {
    preserves_static_info(ctx, result_type(body, cast), body.value_type(body.operand(cast, 0)))
}

fn cast_spec(ctx: &Context, body: &Body, at: Op, value: Value, ty: Type) -> OpSpec {
    OpSpec::new(ctx, "tensor.cast", body.op_loc(at)).operands(&[value]).results(&[ty])
}

/// Replaces `op` by `v`, through a `tensor.cast` to `ty` when `v` has
/// another type.
fn replace_with_cast_to(rw: &mut PatternRewriter<'_>, op: Op, v: Value, ty: Type) {
    if rw.body().value_type(v) == ty {
        rw.replace_op(op, &[v]);
    } else {
        let spec = cast_spec(rw.ctx, rw.body(), op, v, ty);
        rw.replace_op_with_new(op, spec);
    }
}

// ---- tensor.cast ----

/// cast(cast(x)) -> cast(x) when dropping the middle type loses no check
/// (`ChainedTensorCast`).
fn chained_cast(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    let Some(inner) = def_of(ctx, body, body.operand(op, 0), "tensor.cast") else { return false };
    let source = body.operand(inner, 0);
    let (src_ty, mid_ty, res_ty) = (body.value_type(source), result_type(body, inner), result_type(body, op));
    let Some(first) = join_shapes(ctx, src_ty, mid_ty).and_then(|j| join_shapes(ctx, j, res_ty)) else {
        return false;
    };
    if join_shapes(ctx, src_ty, res_ty) != Some(first) {
        return false;
    }
    let spec = cast_spec(ctx, body, op, source, res_ty);
    rw.replace_op_with_new(op, spec);
    true
}

pub(super) fn populate_cast(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("tensor.cast"), name: "ChainedTensorCast", benefit: 1, f: chained_cast });
}

// ---- tensor.extract / tensor.dim ----

/// extract(cast(x)) -> extract(x) for a ranked `x` (`ExtractFromTensorCast`).
fn extract_from_cast(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    let Some(cast) = def_of(ctx, body, body.operand(op, 0), "tensor.cast") else { return false };
    let source = body.operand(cast, 0);
    if ranked(ctx, body.value_type(source)).is_none() {
        return false;
    }
    let mut operands: Vec<Value> = body.operands(op).collect();
    operands[0] = source;
    let spec =
        OpSpec::new(ctx, "tensor.extract", body.op_loc(op)).operands(&operands).results(&[result_type(body, op)]);
    rw.replace_op_with_new(op, spec);
    true
}

pub(super) fn populate_extract(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern {
        root: Some("tensor.extract"),
        name: "ExtractFromTensorCast",
        benefit: 1,
        f: extract_from_cast,
    });
}

/// dim(cast(x)) -> dim(x) (`DimOfCastOp`).
fn dim_of_cast(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    let Some(cast) = def_of(ctx, body, body.operand(op, 0), "tensor.cast") else { return false };
    let operands = [body.operand(cast, 0), body.operand(op, 1)];
    let spec = OpSpec::new(ctx, "tensor.dim", body.op_loc(op)).operands(&operands).results(&[ctx.index_type()]);
    rw.replace_op_with_new(op, spec);
    true
}

/// dim(insert / insert_slice) -> dim(dest): the result has the
/// destination's shape (`DimOfDestStyleOp`).
fn dim_of_dest_style(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    let src = body.operand(op, 0);
    let Some(producer) = body.defining_op(src) else { return false };
    let name = body.op_name(producer);
    if !(ctx.op_name_is(name, "tensor.insert") || ctx.op_name_is(name, "tensor.insert_slice")) {
        return false;
    }
    let dest = body.operand(producer, 1);
    rw.modify_in_place(op, |b| b.set_operand(op, 0, dest));
    true
}

pub(super) fn populate_dim(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("tensor.dim"), name: "DimOfCastOp", benefit: 1, f: dim_of_cast });
    set.add(FnPattern { root: Some("tensor.dim"), name: "DimOfDestStyleOp", benefit: 1, f: dim_of_dest_style });
}

// ---- tensor.insert ----

/// insert(v, cast(x)) -> cast(insert(v, x)) when the cast only loses static
/// information (`FoldTensorCastProducerOp`, upstream's dialect-wide pattern
/// for destination-style ops; `tensor.insert` is the one such op here
/// that it applies to, as `insert_slice` has its own cast folding).
fn insert_of_cast(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    const DEST: usize = 1;
    let Some(cast) = def_of(ctx, body, body.operand(op, DEST), "tensor.cast") else { return false };
    if !foldable_cast(ctx, body, cast) {
        return false;
    }
    let source = body.operand(cast, 0);
    let old_ty = result_type(body, op);
    let new_ty = body.value_type(source);
    let mut operands: Vec<Value> = body.operands(op).collect();
    operands[DEST] = source;
    let (loc, attrs) = (body.op_loc(op), body.op_attrs(op));
    rw.set_insertion_point_before(op);
    let insert = rw.create(OpSpec::new(ctx, "tensor.insert", loc).operands(&operands).results(&[new_ty]).attrs(attrs));
    let v = rw.body().result(insert, 0);
    replace_with_cast_to(rw, op, v, old_ty);
    true
}

pub(super) fn populate_insert(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("tensor.insert"), name: "FoldTensorCastProducerOp", benefit: 1, f: insert_of_cast });
}

// ---- tensor.empty ----

/// tensor.empty with constant sizes -> a more static tensor.empty and a
/// cast back (`ReplaceEmptyTensorStaticShapeDims`).
fn empty_static_dims(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    let ty = result_type(body, op);
    let Some((shape, element, encoding)) = ranked(ctx, ty) else { return false };
    let operands: Vec<Value> = body.operands(op).collect();
    let mut sizes = operands.into_iter();
    let mut new_shape = Vec::with_capacity(shape.len());
    let mut kept = Vec::new();
    for &d in shape {
        if d != DYNAMIC {
            new_shape.push(d);
            continue;
        }
        let Some(v) = sizes.next() else { return false };
        match constant_value(ctx, body, v).map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::Integer { value, .. }) if value.to_i64() >= 0 => new_shape.push(value.to_i64()),
            _ => {
                new_shape.push(DYNAMIC);
                kept.push(v);
            }
        }
    }
    if new_shape == shape {
        return false;
    }
    let new_ty = ctx.intern_type(TypeKind::RankedTensor { shape: new_shape.into(), element, encoding });
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let empty = rw.create(OpSpec::new(ctx, "tensor.empty", loc).operands(&kept).results(&[new_ty]));
    let v = rw.body().result(empty, 0);
    let spec = cast_spec(ctx, rw.body(), op, v, ty);
    rw.replace_op_with_new(op, spec);
    true
}

pub(super) fn populate_empty(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern {
        root: Some("tensor.empty"),
        name: "ReplaceEmptyTensorStaticShapeDims",
        benefit: 1,
        f: empty_static_dims,
    });
}

// ---- tensor.expand_shape / tensor.collapse_shape ----

/// `composeReassociationIndices`: the groups of two reshapes of one kind
/// in a row, over the outer dimensions.
fn compose_reassociation(a: &[Vec<i64>], b: &[Vec<i64>]) -> Option<Vec<Vec<i64>>> {
    if a.len() == b.len() {
        return None;
    }
    let (producer, consumer) = if a.len() < b.len() { (b, a) } else { (a, b) };
    if consumer.is_empty() {
        return Some(vec![]);
    }
    if consumer.iter().map(Vec::len).sum::<usize>() != producer.len() {
        return None;
    }
    let mut out = Vec::with_capacity(consumer.len());
    for group in consumer {
        let mut g = Vec::new();
        for &i in group {
            g.extend(producer.get(usize::try_from(i).ok()?)?.iter().copied());
        }
        out.push(g);
    }
    Some(out)
}

fn reassociation_attr(ctx: &Context, groups: &[Vec<i64>]) -> strata_ir::Attribute {
    let groups: Vec<_> = groups
        .iter()
        .map(|g| ctx.array_attr(&g.iter().map(|&d| ctx.integer_attr(ctx.i64(), d)).collect::<Vec<_>>()))
        .collect();
    ctx.array_attr(&groups)
}

/// expand(expand(x)) and collapse(collapse(x)) as one reshape
/// (`ComposeReassociativeReshapeOps`).
fn compose_reshapes(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    let name = body.op_name(op);
    let Some(inner) = body.defining_op(body.operand(op, 0)).filter(|&i| body.op_name(i) == name) else {
        return false;
    };
    let (Some(outer_groups), Some(inner_groups)) = (reassociation(ctx, body, op), reassociation(ctx, body, inner))
    else {
        return false;
    };
    let Some(groups) = compose_reassociation(&inner_groups, &outer_groups) else { return false };
    let mut attrs = vec![(ctx.intern_str("reassociation"), reassociation_attr(ctx, &groups))];
    let mut operands = vec![body.operand(inner, 0)];
    if ctx.op_name_is(name, "tensor.expand_shape") {
        if let Some(s) = body.op_attr(ctx, op, "static_output_shape") {
            attrs.push((ctx.intern_str("static_output_shape"), s));
        }
        operands.extend(body.operands(op).skip(1));
    }
    let spec = OpSpec::with_name(ctx, name, body.op_loc(op))
        .operands(&operands)
        .results(&[result_type(body, op)])
        .attrs(ctx.dictionary(attrs));
    rw.replace_op_with_new(op, spec);
    true
}

/// collapse(expand(x)) -> one collapse, expand or cast of `x` when the two
/// reassociations compose (`ComposeCollapseOfExpandOp`). An expand is
/// only made for a static result: of a dynamic one it would need the
/// output sizes.
fn collapse_of_expand(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    let Some(expand) = def_of(ctx, body, body.operand(op, 0), "tensor.expand_shape") else { return false };
    let source = body.operand(expand, 0);
    let (src_ty, res_ty) = (body.value_type(source), result_type(body, op));
    let (Some((src_shape, _, _)), Some((res_shape, _, _))) = (ranked(ctx, src_ty), ranked(ctx, res_ty)) else {
        return false;
    };
    let (src_rank, res_rank) = (src_shape.len(), res_shape.len());
    if src_ty == res_ty || (src_rank <= res_rank && res_shape.contains(&DYNAMIC)) {
        return false;
    }
    let (Some(expand_groups), Some(collapse_groups)) = (reassociation(ctx, body, expand), reassociation(ctx, body, op))
    else {
        return false;
    };
    let (higher, lower) =
        if src_rank > res_rank { (&expand_groups, &collapse_groups) } else { (&collapse_groups, &expand_groups) };
    // Each group of the lower-rank reassociation takes the next groups of
    // the higher-rank one up to its last dimension.
    let mut next = 0;
    let mut composed = Vec::with_capacity(lower.len());
    for group in lower {
        let Some(&last) = group.last() else { return false };
        let mut indices = Vec::new();
        while let Some(&rightmost) = higher.get(next).and_then(|g| g.last()) {
            if rightmost > last {
                return false;
            }
            indices.push(next as i64);
            next += 1;
            if rightmost == last {
                break;
            }
        }
        composed.push(indices);
    }
    let loc = body.op_loc(op);
    let spec = match src_rank.cmp(&res_rank) {
        std::cmp::Ordering::Equal => cast_spec(ctx, body, op, source, res_ty),
        ordering => {
            let name = if ordering.is_gt() { "tensor.collapse_shape" } else { "tensor.expand_shape" };
            let mut attrs = vec![(ctx.intern_str("reassociation"), reassociation_attr(ctx, &composed))];
            if ordering.is_lt() {
                let shape = ranked(ctx, res_ty).map(|r| r.0.to_vec()).unwrap_or_default();
                attrs.push((ctx.intern_str("static_output_shape"), super::slice::i64_array_attr(ctx, &shape)));
            }
            OpSpec::new(ctx, name, loc).operands(&[source]).results(&[res_ty]).attrs(ctx.dictionary(attrs))
        }
    };
    rw.replace_op_with_new(op, spec);
    true
}

/// A reshape of from_elements is from_elements of the reshaped type
/// (`FoldReshapeWithFromElements`).
fn reshape_of_from_elements(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    let Some(from) = def_of(ctx, body, body.operand(op, 0), "tensor.from_elements") else { return false };
    let ty = result_type(body, op);
    if !ranked(ctx, ty).is_some_and(|(s, _, _)| s.iter().all(|&d| d >= 0)) {
        return false;
    }
    let elements: Vec<Value> = body.operands(from).collect();
    let spec = OpSpec::new(ctx, "tensor.from_elements", body.op_loc(op)).operands(&elements).results(&[ty]);
    rw.replace_op_with_new(op, spec);
    true
}

/// collapse(cast(x)) -> cast(collapse(x)) when the cast only loses static
/// sizes (`FoldCollapseOfCastOp`).
fn collapse_of_cast(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let (ctx, body) = (rw.ctx, rw.body());
    let Some(cast) = def_of(ctx, body, body.operand(op, 0), "tensor.cast") else { return false };
    if !foldable_cast(ctx, body, cast) {
        return false;
    }
    let source = body.operand(cast, 0);
    let (Some((src_shape, element, _)), Some(groups)) =
        (ranked(ctx, body.value_type(source)), reassociation(ctx, body, op))
    else {
        return false;
    };
    // The collapsed sizes the more static source gives.
    let mut shape = Vec::with_capacity(groups.len());
    let mut start = 0usize;
    for g in &groups {
        let Some(dims) = src_shape.get(start..start + g.len()) else { return false };
        shape.push(if dims.contains(&DYNAMIC) { DYNAMIC } else { super::verify::product(dims) });
        start += g.len();
    }
    let ty = result_type(body, op);
    let encoding = ranked(ctx, ty).and_then(|r| r.2);
    let new_ty = ctx.intern_type(TypeKind::RankedTensor { shape: shape.into(), element, encoding });
    let attrs = body.op_attrs(op);
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let collapse =
        rw.create(OpSpec::new(ctx, "tensor.collapse_shape", loc).operands(&[source]).results(&[new_ty]).attrs(attrs));
    let v = rw.body().result(collapse, 0);
    replace_with_cast_to(rw, op, v, ty);
    true
}

pub(super) fn populate_expand_shape(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern {
        root: Some("tensor.expand_shape"),
        name: "ComposeReassociativeReshapeOps",
        benefit: 1,
        f: compose_reshapes,
    });
    set.add(FnPattern {
        root: Some("tensor.expand_shape"),
        name: "FoldReshapeWithFromElements",
        benefit: 1,
        f: reshape_of_from_elements,
    });
}

pub(super) fn populate_collapse_shape(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern {
        root: Some("tensor.collapse_shape"),
        name: "ComposeReassociativeReshapeOps",
        benefit: 1,
        f: compose_reshapes,
    });
    set.add(FnPattern {
        root: Some("tensor.collapse_shape"),
        name: "ComposeCollapseOfExpandOp",
        benefit: 1,
        f: collapse_of_expand,
    });
    set.add(FnPattern {
        root: Some("tensor.collapse_shape"),
        name: "FoldReshapeWithFromElements",
        benefit: 1,
        f: reshape_of_from_elements,
    });
    set.add(FnPattern {
        root: Some("tensor.collapse_shape"),
        name: "FoldCollapseOfCastOp",
        benefit: 1,
        f: collapse_of_cast,
    });
}
