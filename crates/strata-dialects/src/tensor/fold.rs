//! Fold hooks of the tensor ops (upstream's `fold` methods in
//! `TensorOps.cpp` and `foldReshapeOp`) and the dialect's constant
//! materializer, which builds `arith.constant`s as upstream's does.

use strata_ir::fold::{constant_value, FoldResult};
use strata_ir::types::DYNAMIC;
use strata_ir::{AttrKind, Attribute, Body, Context, Location, Op, Type, TypeKind, Value};

use super::slice::{Mixed, SliceParams};
use super::verify::{product, reassociation};
use crate::arith::fold::{float_elems, int_attr, int_elems, Elems};

fn result_type(body: &Body, op: Op) -> Type {
    body.value_type(body.result(op, 0))
}

fn operand_type(body: &Body, op: Op, i: usize) -> Type {
    body.value_type(body.operand(op, i))
}

fn def_of(ctx: &Context, body: &Body, v: Value, name: &'static str) -> Option<Op> {
    let op = body.defining_op(v)?;
    ctx.op_name_is(body.op_name(op), name).then_some(op)
}

fn static_shape(ctx: &Context, t: Type) -> Option<&[i64]> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } if shape.iter().all(|&d| d >= 0) => Some(shape),
        _ => None,
    }
}

fn ranked_shape(ctx: &Context, t: Type) -> Option<&[i64]> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => Some(shape),
        _ => None,
    }
}

/// An index constant's value.
fn const_index(ctx: &Context, a: Option<Attribute>) -> Option<i64> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { value, .. } => Some(value.to_i64()),
        _ => None,
    }
}

/// The constant integer a value or static entry stands for
/// (`getConstantIntValue`).
pub(crate) fn mixed_const(ctx: &Context, body: &Body, m: Mixed) -> Option<i64> {
    match m {
        Mixed::Static(v) => Some(v),
        Mixed::Dynamic(v) => const_index(ctx, constant_value(ctx, body, v)),
    }
}

/// `TensorDialect::materializeConstant`: an `arith.constant`.
pub(super) fn materialize(ctx: &Context, body: &mut Body, value: Attribute, ty: Type, loc: Location) -> Option<Op> {
    crate::arith::fold::materialize(ctx, body, value, ty, loc)
}

/// A dense attribute's data under another (static) type of as many
/// elements: `DenseElementsAttr::reshape`.
fn reshape_dense(ctx: &Context, a: Attribute, ty: Type) -> Option<Attribute> {
    let AttrKind::DenseElements { ty: from, data } = ctx.attr_kind(a) else { return None };
    let (Some(f), Some(t)) = (static_shape(ctx, *from), static_shape(ctx, ty)) else { return None };
    if product(f) != product(t) || ctx.element_type(*from) != ctx.element_type(ty) {
        return None;
    }
    Some(ctx.intern_attr(AttrKind::DenseElements { ty, data: data.clone() }))
}

/// A splat under another static type (`reshapeConstantSource`).
fn resize_splat(ctx: &Context, a: Option<Attribute>, ty: Type) -> Option<Attribute> {
    let AttrKind::DenseElements { ty: from, data } = ctx.attr_kind(a?) else { return None };
    static_shape(ctx, ty)?;
    if !data.splat || ctx.element_type(*from) != ctx.element_type(ty) {
        return None;
    }
    Some(ctx.intern_attr(AttrKind::DenseElements { ty, data: data.clone() }))
}

/// Element `flat` of a dense int/float constant, as a scalar attribute.
fn dense_element(ctx: &Context, a: Attribute, flat: usize) -> Option<Attribute> {
    let elem = ctx.element_type(ctx.attr_type(a)?)?;
    if let Some((_, e)) = int_elems(ctx, a) {
        let v = match e {
            Elems::Scalar(v) | Elems::Splat(v) => v,
            Elems::List(vs) => vs.get(flat)?.clone(),
        };
        return int_attr(ctx, elem, Elems::Scalar(v));
    }
    let (_, _, e) = float_elems(ctx, a)?;
    let bits = match e {
        Elems::Scalar(v) | Elems::Splat(v) => v,
        Elems::List(vs) => *vs.get(flat)?,
    };
    Some(ctx.float_attr_bits(elem, bits))
}

/// Row-major flat index of `indices` in `shape`; `None` out of bounds.
fn flat_index(shape: &[i64], indices: &[i64]) -> Option<usize> {
    if shape.len() != indices.len() {
        return None;
    }
    let mut flat: i64 = 0;
    for (&i, &d) in indices.iter().zip(shape) {
        if i < 0 || i >= d {
            return None;
        }
        flat = flat.checked_mul(d)?.checked_add(i)?;
    }
    usize::try_from(flat).ok()
}

// ---- tensor.dim ----

pub(super) fn fold_dim(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let Some(index) = const_index(ctx, operands.get(1).copied().flatten()) else { return FoldResult::Failed };
    let source = body.operand(op, 0);
    let Some(shape) = ranked_shape(ctx, body.value_type(source)) else { return FoldResult::Failed };
    // Out-of-bounds indices are undefined behaviour, not invalid IR.
    let Some(&d) = usize::try_from(index).ok().and_then(|i| shape.get(i)) else { return FoldResult::Failed };
    let i = index as usize;
    if d != DYNAMIC {
        return FoldResult::attr(ctx.integer_attr(ctx.index_type(), d));
    }
    // The size operand of the producing tensor.empty.
    if let Some(empty) = def_of(ctx, body, source, "tensor.empty") {
        let nth = shape[..i].iter().filter(|&&s| s == DYNAMIC).count();
        if nth < body.num_operands(empty) {
            return FoldResult::value(body.operand(empty, nth));
        }
    }
    // The size operand of a producing extract_slice that keeps the rank.
    if let Some(slice) = def_of(ctx, body, source, "tensor.extract_slice") {
        let same_rank = ranked_shape(ctx, operand_type(body, slice, 0)).is_some_and(|s| s.len() == shape.len());
        if same_rank {
            if let Some(Mixed::Dynamic(v)) = SliceParams::of(ctx, body, slice).and_then(|p| p.sizes.get(i).copied()) {
                return FoldResult::value(v);
            }
        }
    }
    FoldResult::Failed
}

// ---- tensor.extract / tensor.insert / tensor.from_elements ----

pub(super) fn fold_extract(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let tensor = operands.first().copied().flatten();
    if let Some(a) = tensor {
        match ctx.attr_kind(a) {
            AttrKind::DenseElements { data, .. } if data.splat => {
                if let Some(s) = dense_element(ctx, a, 0) {
                    return FoldResult::attr(s);
                }
            }
            AttrKind::DenseResource { .. } => return FoldResult::Failed,
            _ => {}
        }
    }
    let Some(indices) = operands[1..].iter().map(|a| const_index(ctx, *a)).collect::<Option<Vec<i64>>>() else {
        return FoldResult::Failed;
    };
    let src = body.operand(op, 0);
    if let Some(from) = def_of(ctx, body, src, "tensor.from_elements") {
        let shape = ranked_shape(ctx, result_type(body, from)).unwrap_or(&[]);
        return match flat_index(shape, &indices) {
            Some(i) if i < body.num_operands(from) => FoldResult::value(body.operand(from, i)),
            _ => FoldResult::Failed,
        };
    }
    if let Some(a) = tensor {
        let shape = static_shape(ctx, operand_type(body, op, 0)).unwrap_or(&[]);
        if let Some(s) = flat_index(shape, &indices).and_then(|i| dense_element(ctx, a, i)) {
            return FoldResult::attr(s);
        }
    }
    // extract(insert(%s, %t[%i]), [%i]) is %s.
    if let Some(ins) = def_of(ctx, body, src, "tensor.insert") {
        let same = body.num_operands(ins) == body.num_operands(op) + 1
            && body.operands(ins).skip(2).eq(body.operands(op).skip(1))
            && operand_type(body, ins, 0) == result_type(body, op);
        if same {
            return FoldResult::value(body.operand(ins, 0));
        }
    }
    FoldResult::Failed
}

pub(super) fn fold_insert(ctx: &Context, _: &mut Body, _: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let (Some(scalar), Some(dest)) = (operands[0], operands.get(1).copied().flatten()) else {
        return FoldResult::Failed;
    };
    match ctx.attr_kind(dest) {
        AttrKind::DenseElements { data, .. } if data.splat && dense_element(ctx, dest, 0) == Some(scalar) => {
            FoldResult::attr(dest)
        }
        _ => FoldResult::Failed,
    }
}

pub(super) fn fold_from_elements(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let ty = result_type(body, op);
    let Some(elem) = ctx.element_type(ty) else { return FoldResult::Failed };
    let Some(values) = operands.iter().copied().collect::<Option<Vec<Attribute>>>() else {
        return FoldResult::Failed;
    };
    let dense = if ctx.is_float(elem) {
        let bits: Option<Vec<u128>> = values
            .iter()
            .map(|&a| match ctx.attr_kind(a) {
                AttrKind::Float { bits, ty } if *ty == elem => Some(*bits),
                _ => None,
            })
            .collect();
        bits.and_then(|b| crate::arith::fold::float_attr(ctx, ty, Elems::List(b)))
    } else {
        let ints: Option<Vec<_>> = values
            .iter()
            .map(|&a| match int_elems(ctx, a) {
                Some((t, Elems::Scalar(v))) if t == elem => Some(v),
                _ => None,
            })
            .collect();
        ints.and_then(|v| int_attr(ctx, ty, Elems::List(v)))
    };
    match dense {
        Some(a) => FoldResult::attr(a),
        None => FoldResult::Failed,
    }
}

// ---- tensor.reshape ----

pub(super) fn fold_reshape(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let ty = result_type(body, op);
    if let Some(a) = resize_splat(ctx, operands[0], ty) {
        return FoldResult::attr(a);
    }
    let source = body.operand(op, 0);
    // A reshape of a reshape reads the first one's source.
    if let Some(inner) = def_of(ctx, body, source, "tensor.reshape") {
        let inner_src = body.operand(inner, 0);
        body.set_operand(op, 0, inner_src);
        return FoldResult::InPlace;
    }
    let src_ty = body.value_type(source);
    let Some(shape) = ranked_shape(ctx, src_ty) else { return FoldResult::Failed };
    if src_ty != ty {
        return FoldResult::Failed;
    }
    if shape.len() == 1 {
        return FoldResult::value(source);
    }
    // The shape lists the source's own sizes.
    if let Some(from) = def_of(ctx, body, body.operand(op, 1), "tensor.from_elements") {
        let noop = body.num_operands(from) == shape.len()
            && body.operands(from).enumerate().all(|(i, e)| {
                if let Some(c) = const_index(ctx, constant_value(ctx, body, e)) {
                    return c == shape[i];
                }
                def_of(ctx, body, e, "tensor.dim").is_some_and(|d| {
                    body.operand(d, 0) == source
                        && const_index(ctx, constant_value(ctx, body, body.operand(d, 1))) == Some(i as i64)
                })
            });
        if noop {
            return FoldResult::value(source);
        }
    }
    FoldResult::Failed
}

// ---- tensor.expand_shape / tensor.collapse_shape ----

/// `foldReshapeOp`: identity reshapes, constants, and a reshape undoing
/// its inverse producer.
fn fold_reshape_like(
    ctx: &Context,
    body: &Body,
    op: Op,
    operands: &[Option<Attribute>],
    inverse: &'static str,
) -> FoldResult {
    let (src, ty) = (body.operand(op, 0), result_type(body, op));
    if body.value_type(src) == ty {
        return FoldResult::value(src);
    }
    if let Some(a) = operands.first().copied().flatten().and_then(|a| reshape_dense(ctx, a, ty)) {
        return FoldResult::attr(a);
    }
    let Some(producer) = def_of(ctx, body, src, inverse) else { return FoldResult::Failed };
    let original = body.operand(producer, 0);
    let original_ty = body.value_type(original);
    if original_ty != ty {
        return FoldResult::Failed;
    }
    let shape = ranked_shape(ctx, original_ty).unwrap_or(&[]);
    if shape.iter().filter(|&&d| d == DYNAMIC).count() < 2 {
        return FoldResult::value(original);
    }
    let groups = reassociation(ctx, body, op);
    if groups.is_none() || groups != reassociation(ctx, body, producer) {
        return FoldResult::Failed;
    }
    // collapse(expand(x)) with one reassociation is always x; expand of a
    // collapse only when no group splits into two unknown sizes.
    if inverse == "tensor.expand_shape" {
        return FoldResult::value(original);
    }
    let mut start = 0;
    for g in groups.unwrap_or_default() {
        let dims = shape.get(start..start + g.len()).unwrap_or(&[]);
        if dims.iter().filter(|&&d| d == DYNAMIC).count() > 1 {
            return FoldResult::Failed;
        }
        start += g.len();
    }
    FoldResult::value(original)
}

pub(super) fn fold_expand_shape(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    fold_reshape_like(ctx, body, op, operands, "tensor.collapse_shape")
}

pub(super) fn fold_collapse_shape(
    ctx: &Context,
    body: &mut Body,
    op: Op,
    operands: &[Option<Attribute>],
) -> FoldResult {
    fold_reshape_like(ctx, body, op, operands, "tensor.expand_shape")
}

// ---- tensor.extract_slice / tensor.insert_slice ----

/// Whether two slice ops take the same offsets, sizes and strides (as
/// written: an operand and a static entry differ).
fn same_params(a: &SliceParams, b: &SliceParams) -> bool {
    a.offsets == b.offsets && a.sizes == b.sizes && a.strides == b.strides
}

pub(super) fn fold_extract_slice(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let ty = result_type(body, op);
    if let Some(a) = resize_splat(ctx, operands[0], ty) {
        return FoldResult::attr(a);
    }
    let Some(params) = SliceParams::of(ctx, body, op) else { return FoldResult::Failed };
    let source = body.operand(op, 0);
    let src_ty = body.value_type(source);
    if src_ty == ty && ranked_shape(ctx, ty).is_some_and(|s| params.is_whole(s)) {
        return FoldResult::value(source);
    }
    // Extracting what an insert_slice just inserted.
    if let Some(ins) = def_of(ctx, body, source, "tensor.insert_slice") {
        if operand_type(body, ins, 0) == ty && SliceParams::of(ctx, body, ins).is_some_and(|p| same_params(&p, &params))
        {
            return FoldResult::value(body.operand(ins, 0));
        }
    }
    FoldResult::Failed
}

pub(super) fn fold_insert_slice(ctx: &Context, body: &mut Body, op: Op, _: &[Option<Attribute>]) -> FoldResult {
    let Some(params) = SliceParams::of(ctx, body, op) else { return FoldResult::Failed };
    let (source, dest) = (body.operand(op, 0), body.operand(op, 1));
    let (src_ty, ty) = (body.value_type(source), result_type(body, op));
    if src_ty == ty && static_shape(ctx, ty).is_some_and(|s| params.is_whole(s)) {
        return FoldResult::value(source);
    }
    // Overwriting what the producing insert_slice wrote: insert into its dest.
    if let Some(prev) = def_of(ctx, body, dest, "tensor.insert_slice") {
        if operand_type(body, prev, 0) == src_ty
            && SliceParams::of(ctx, body, prev).is_some_and(|p| same_params(&p, &params))
        {
            let prev_dest = body.operand(prev, 1);
            body.set_operand(op, 1, prev_dest);
            return FoldResult::InPlace;
        }
    }
    // Putting back a slice extracted from the dest at the same place.
    if let Some(ext) = def_of(ctx, body, source, "tensor.extract_slice") {
        if body.operand(ext, 0) == dest && SliceParams::of(ctx, body, ext).is_some_and(|p| same_params(&p, &params)) {
            return FoldResult::value(dest);
        }
    }
    if params.sizes.iter().any(|&m| mixed_const(ctx, body, m) == Some(0)) {
        return FoldResult::value(dest);
    }
    FoldResult::Failed
}
