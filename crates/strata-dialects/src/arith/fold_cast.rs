//! Fold hooks of the `arith` casts (MLIR's `ArithOps.cpp` folders):
//! extension chains collapse in place, truncations of extensions simplify,
//! `index_cast` round trips cancel, and constants convert exactly (float
//! conversions only when no information is lost; float-to-integer only in
//! range).

use strata_ir::apfloat;
use strata_ir::apfloat_ops as fp;
use strata_ir::apint::ApInt;
use strata_ir::fold::FoldResult;
use strata_ir::{AttrKind, Attribute, Body, Context, Op, Type};

use crate::arith::fold::*;

/// Result element width (integers; `index` is 64 bits).
fn result_int_width(ctx: &Context, body: &Body, op: Op) -> u32 {
    ctx.int_attr_width(ctx.element_type_or_self(result_type(body, op)))
}

/// `constFoldCastOp` from integers to integers.
fn cast_int_to_int(
    ctx: &Context,
    body: &Body,
    op: Op,
    ops: &[Option<Attribute>],
    f: impl Fn(&ApInt) -> ApInt,
) -> FoldResult {
    let Some((_, e)) = ops[0].and_then(|a| int_elems(ctx, a)) else { return FoldResult::Failed };
    attr_result(e.map(|v| Some(f(v))).and_then(|e| int_attr(ctx, result_type(body, op), e)))
}

/// Sets the op's single operand in place (`getInMutable().assign(...)`).
fn reroute(body: &mut Body, op: Op, v: strata_ir::Value) -> FoldResult {
    body.set_operand(op, 0, v);
    FoldResult::InPlace
}

fn fold_int_ext(
    ctx: &Context,
    body: &mut Body,
    op: Op,
    ops: &[Option<Attribute>],
    name: &'static str,
    signed: bool,
) -> FoldResult {
    if let Some(inner) = def_of(ctx, body, body.operand(op, 0), name) {
        let src = body.operand(inner, 0);
        return reroute(body, op, src);
    }
    let w = result_int_width(ctx, body, op);
    cast_int_to_int(ctx, body, op, ops, |a| if signed { a.resize_sext(w) } else { a.resize_zext(w) })
}

pub(crate) fn fold_extui(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_int_ext(ctx, body, op, ops, "arith.extui", false)
}

pub(crate) fn fold_extsi(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_int_ext(ctx, body, op, ops, "arith.extsi", true)
}

pub(crate) fn fold_trunci(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let input = body.operand(op, 0);
    let ext = def_of(ctx, body, input, "arith.extui").or_else(|| def_of(ctx, body, input, "arith.extsi"));
    if let Some(ext) = ext {
        let src = body.operand(ext, 0);
        let src_elem = ctx.element_type_or_self(body.value_type(src));
        let dst_elem = ctx.element_type_or_self(result_type(body, op));
        // trunci(ext(a)) -> trunci(a) when `a` is wider than the result.
        if ctx.int_or_float_width(src_elem) > ctx.int_or_float_width(dst_elem) {
            return reroute(body, op, src);
        }
        if src_elem == dst_elem {
            return FoldResult::value(src);
        }
    }
    if let Some(inner) = def_of(ctx, body, input, "arith.trunci") {
        let src = body.operand(inner, 0);
        return reroute(body, op, src);
    }
    let w = result_int_width(ctx, body, op);
    cast_int_to_int(ctx, body, op, ops, |a| a.trunc(w))
}

fn result_float_kind(ctx: &Context, body: &Body, op: Op) -> Option<strata_ir::types::FloatKind> {
    ctx.float_kind(ctx.element_type_or_self(result_type(body, op)))
}

/// Float-to-float constant conversion without information loss.
fn cast_float_exact(ctx: &Context, body: &Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let Some(to) = result_float_kind(ctx, body, op) else { return FoldResult::Failed };
    let Some((_, from, e)) = ops[0].and_then(|a| float_elems(ctx, a)) else { return FoldResult::Failed };
    attr_result(e.map(|&b| fp::convert_exact(from, to, b)).and_then(|e| float_attr(ctx, result_type(body, op), e)))
}

pub(crate) fn fold_extf(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    // extf(truncf(x)) -> x when both carry `contract`.
    if let Some(trunc) = def_of(ctx, body, body.operand(op, 0), "arith.truncf") {
        let src = body.operand(trunc, 0);
        if body.value_type(src) == result_type(body, op)
            && fastmath_flags(ctx, body, trunc) & FM_CONTRACT != 0
            && fastmath_flags(ctx, body, op) & FM_CONTRACT != 0
        {
            return FoldResult::value(src);
        }
    }
    cast_float_exact(ctx, body, op, ops)
}

pub(crate) fn fold_truncf(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    if let Some(ext) = def_of(ctx, body, body.operand(op, 0), "arith.extf") {
        let src = body.operand(ext, 0);
        let kind = |t: Type| ctx.float_kind(ctx.element_type_or_self(t));
        if let (Some(s), Some(mid), Some(res)) =
            (kind(body.value_type(src)), kind(result_type(body, ext)), result_float_kind(ctx, body, op))
        {
            if apfloat::is_representable_by(s, mid) {
                if s.width() > res.width() {
                    return reroute(body, op, src);
                }
                if s == res {
                    return FoldResult::value(src);
                }
            }
        }
    }
    cast_float_exact(ctx, body, op, ops)
}

fn fold_int_to_float(ctx: &Context, body: &Body, op: Op, ops: &[Option<Attribute>], signed: bool) -> FoldResult {
    let Some(to) = result_float_kind(ctx, body, op) else { return FoldResult::Failed };
    let Some((_, e)) = ops[0].and_then(|a| int_elems(ctx, a)) else { return FoldResult::Failed };
    attr_result(e.map(|v| Some(fp::from_apint(to, v, signed))).and_then(|e| float_attr(ctx, result_type(body, op), e)))
}

pub(crate) fn fold_sitofp(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_int_to_float(ctx, body, op, ops, true)
}
pub(crate) fn fold_uitofp(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_int_to_float(ctx, body, op, ops, false)
}

fn fold_float_to_int(ctx: &Context, body: &Body, op: Op, ops: &[Option<Attribute>], signed: bool) -> FoldResult {
    let w = result_int_width(ctx, body, op);
    let Some((_, from, e)) = ops[0].and_then(|a| float_elems(ctx, a)) else { return FoldResult::Failed };
    attr_result(e.map(|&b| fp::to_apint(from, b, w, signed)).and_then(|e| int_attr(ctx, result_type(body, op), e)))
}

pub(crate) fn fold_fptosi(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_float_to_int(ctx, body, op, ops, true)
}
pub(crate) fn fold_fptoui(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_float_to_int(ctx, body, op, ops, false)
}

/// `index_cast`/`index_castui`: constants extend or truncate; a cast back
/// to the original type cancels (LLVM 22 does so whatever the middle width).
fn fold_index_cast_kind(
    ctx: &Context,
    body: &Body,
    op: Op,
    ops: &[Option<Attribute>],
    name: &'static str,
    signed: bool,
) -> FoldResult {
    let w = result_int_width(ctx, body, op);
    let r = cast_int_to_int(ctx, body, op, ops, |a| if signed { a.sext_or_trunc(w) } else { a.zext_or_trunc(w) });
    if r.succeeded() {
        return r;
    }
    if let Some(inner) = def_of(ctx, body, body.operand(op, 0), name) {
        let x = body.operand(inner, 0);
        if body.value_type(x) == result_type(body, op) {
            return FoldResult::value(x);
        }
    }
    FoldResult::Failed
}

pub(crate) fn fold_index_cast(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_index_cast_kind(ctx, body, op, ops, "arith.index_cast", true)
}
pub(crate) fn fold_index_castui(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    fold_index_cast_kind(ctx, body, op, ops, "arith.index_castui", false)
}

/// Bitcasts reinterpret the bits: dense payloads are kept as they are.
pub(crate) fn fold_bitcast(ctx: &Context, body: &mut Body, op: Op, ops: &[Option<Attribute>]) -> FoldResult {
    let Some(a) = ops[0] else { return FoldResult::Failed };
    let res = result_type(body, op);
    match ctx.attr_kind(a) {
        AttrKind::DenseElements { data, .. } => {
            FoldResult::attr(ctx.intern_attr(AttrKind::DenseElements { ty: res, data: data.clone() }))
        }
        _ if ctx.is_shaped(res) => FoldResult::Failed,
        AttrKind::Float { bits, .. } => match ctx.float_kind(res) {
            Some(_) => FoldResult::attr(ctx.float_attr_bits(res, *bits)),
            None => FoldResult::attr(ctx.integer_attr_ap(
                res,
                ApInt::from_words(ctx.int_attr_width(res), &[*bits as u64, (*bits >> 64) as u64]),
            )),
        },
        _ => {
            let Some(v) = int_single(ctx, Some(a)) else { return FoldResult::Failed };
            match ctx.float_kind(res) {
                Some(_) => {
                    let w = v.words();
                    let bits = w[0] as u128 | (w.get(1).copied().unwrap_or(0) as u128) << 64;
                    FoldResult::attr(ctx.float_attr_bits(res, bits))
                }
                None => FoldResult::attr(ctx.integer_attr_ap(res, v)),
            }
        }
    }
}
