//! Data-movement stablehlo ops -> `tx8be.Reshape`, `Transpose`, `Concat`,
//! `Slice`, `Pad`, `Gather`, and materialised broadcasts.

use strata_ir::{Op, Value};
use strata_stablehlo::attrs::i64_array_attr;

use tx8be::dialect::kinds::BinaryKind;
use tx8be::OpKind;

use super::Lowering;
use crate::dense::ConstTensor;

fn result_type(lw: &Lowering<'_>, op: Op) -> strata_ir::Type {
    let t = lw.body.value_type(lw.body.result(op, 0));
    lw.convert_type(t)
}

/// A `tx8be.Transpose` of `x` by `perm` (nothing when `perm` is the identity).
pub(super) fn emit_transpose(lw: &mut Lowering<'_>, before: Op, x: Value, perm: &[i64]) -> Value {
    if perm.iter().enumerate().all(|(i, &p)| p == i as i64) {
        return x;
    }
    let dims = lw.dims(x);
    let out: Vec<i64> = perm.iter().map(|&p| dims[p as usize]).collect();
    let ty = lw.ctx.ranked_tensor_type(&out, lw.elem_of(x));
    let pa = i64_array_attr(lw.ctx, perm);
    lw.emit(before, OpKind::Transpose, &[x], ty, vec![("perm", pa)])
}

/// A `tx8be.Reshape` of `x` to `dims` (nothing when they are its dims).
pub(super) fn emit_reshape(lw: &mut Lowering<'_>, before: Op, x: Value, dims: &[i64]) -> Value {
    if lw.dims(x) == dims {
        return x;
    }
    let ty = lw.ctx.ranked_tensor_type(dims, lw.elem_of(x));
    lw.emit(before, OpKind::Reshape, &[x], ty, vec![])
}

pub fn reshape(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let x = lw.get(lw.body.operand(op, 0), op)?;
    let dims = lw.dims(lw.body.result(op, 0));
    Some(emit_reshape(lw, op, x, &dims))
}

pub fn transpose(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let x = lw.get(lw.body.operand(op, 0), op)?;
    let Some(perm) = lw.array_attr(op, "permutation") else {
        lw.error(op, "transpose without a permutation");
        return None;
    };
    Some(emit_transpose(lw, op, x, &perm))
}

pub fn concatenate(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let operands: Vec<Value> = lw.body.operands(op).collect();
    let mut xs = Vec::with_capacity(operands.len());
    for v in operands {
        xs.push(lw.get(v, op)?);
    }
    let axis = lw.i64_attr(op, "dimension")?;
    let ty = result_type(lw, op);
    let a = lw.ctx.integer_attr(lw.ctx.i64(), axis);
    Some(lw.emit(op, OpKind::Concat, &xs, ty, vec![("axis", a)]))
}

pub fn slice(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let x = lw.get(lw.body.operand(op, 0), op)?;
    let (Some(s), Some(l), Some(st)) =
        (lw.array_attr(op, "start_indices"), lw.array_attr(op, "limit_indices"), lw.array_attr(op, "strides"))
    else {
        lw.error(op, "slice without start_indices/limit_indices/strides");
        return None;
    };
    if st.iter().any(|&k| k < 1) {
        lw.error(op, "slice strides must be positive");
        return None;
    }
    // A strided dim becomes a contiguous slice of n * stride elements
    // (padded at the end when the last stride runs past the tensor),
    // reshaped to [n, stride] and sliced to its first column: only
    // contiguous slices, pads and free reshapes reach the card.
    let mut cur = x;
    let mut starts = s.clone();
    let mut limits = l.clone();
    for d in 0..st.len() {
        if st[d] == 1 {
            continue;
        }
        let k = st[d];
        let n = (l[d] - s[d] + k - 1) / k;
        let dims = lw.dims(cur);
        // 1. the contiguous run [s, min(s + n*k, dim)) of this dim.
        let end = (s[d] + n * k).min(dims[d]);
        let mut a = vec![0; dims.len()];
        let mut b = dims.clone();
        a[d] = s[d];
        b[d] = end;
        cur = emit_contiguous_slice(lw, op, cur, &a, &b);
        // 2. pad it to n*k.
        let short = s[d] + n * k - end;
        if short > 0 {
            let mut hi = vec![0; dims.len()];
            hi[d] = short;
            let mut pd = lw.dims(cur);
            pd[d] += short;
            let ty = lw.ctx.ranked_tensor_type(&pd, lw.elem_of(cur));
            cur = emit_pad(lw, op, cur, &vec![0; dims.len()], &hi, &vec![0; dims.len()], 0.0, ty);
        }
        // 3. [.., n, k, ..] and its first column.
        let mut split = lw.dims(cur);
        split[d] = n;
        split.insert(d + 1, k);
        cur = emit_reshape(lw, op, cur, &split);
        let mut b = split.clone();
        b[d + 1] = 1;
        cur = emit_contiguous_slice(lw, op, cur, &vec![0; split.len()], &b);
        let mut merged = lw.dims(cur);
        merged.remove(d + 1);
        cur = emit_reshape(lw, op, cur, &merged);
        starts[d] = 0;
        limits[d] = n;
    }
    if cur != x {
        // What is left are the contiguous dims of the original slice.
        return Some(emit_contiguous_slice(lw, op, cur, &starts, &limits));
    }
    Some(emit_contiguous_slice(lw, op, x, &s, &l))
}

/// A `tx8be.Slice` with unit strides (nothing when it takes everything).
fn emit_contiguous_slice(lw: &mut Lowering<'_>, before: Op, x: Value, starts: &[i64], limits: &[i64]) -> Value {
    let dims = lw.dims(x);
    if starts.iter().all(|&s| s == 0) && limits == dims.as_slice() {
        return x;
    }
    let out: Vec<i64> = starts.iter().zip(limits).map(|(s, l)| l - s).collect();
    let ty = lw.ctx.ranked_tensor_type(&out, lw.elem_of(x));
    let ctx = lw.ctx;
    let attrs = vec![
        ("starts", i64_array_attr(ctx, starts)),
        ("limits", i64_array_attr(ctx, limits)),
        ("strides", i64_array_attr(ctx, &vec![1; starts.len()])),
    ];
    lw.emit(before, OpKind::Slice, &[x], ty, attrs)
}

pub fn pad(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let x = lw.get(lw.body.operand(op, 0), op)?;
    let Some(value) = lw.const_of(lw.body.operand(op, 1)).map(|c| c.get(0)) else {
        lw.error(op, "pad with a padding value that is not a constant");
        return None;
    };
    let (Some(lo), Some(hi), Some(inner)) = (
        lw.array_attr(op, "edge_padding_low"),
        lw.array_attr(op, "edge_padding_high"),
        lw.array_attr(op, "interior_padding"),
    ) else {
        lw.error(op, "pad without edge_padding_low/high or interior_padding");
        return None;
    };
    let ty = result_type(lw, op);
    Some(emit_pad(lw, op, x, &lo, &hi, &inner, value, ty))
}

#[allow(clippy::too_many_arguments)]
pub(super) fn emit_pad(
    lw: &mut Lowering<'_>,
    before: Op,
    x: Value,
    lo: &[i64],
    hi: &[i64],
    inner: &[i64],
    value: f64,
    ty: strata_ir::Type,
) -> Value {
    let ctx = lw.ctx;
    let attrs = vec![
        ("pads_low", i64_array_attr(ctx, lo)),
        ("pads_high", i64_array_attr(ctx, hi)),
        ("value", ctx.f64_attr(ctx.f32(), value)),
    ];
    let mut attrs = attrs;
    if inner.iter().any(|&i| i != 0) {
        attrs.push(("interior", i64_array_attr(ctx, inner)));
    }
    lw.emit(before, OpKind::Pad, &[x], ty, attrs)
}

/// `torch_index_select(operand, index) {dim}`: rows of `operand` along `dim`
/// picked by `index`; the table is moved so `dim` comes first, gathered
/// along axis 0 and moved back.
pub fn index_select(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let (operand, index) = (lw.body.operand(op, 0), lw.body.operand(op, 1));
    let dim = lw.i64_attr(op, "dim").unwrap_or(0);
    if lw.i64_attr(op, "batch_dims").unwrap_or(0) != 0 {
        lw.error(op, "torch_index_select with batch_dims is not supported on tx8be");
        return None;
    }
    let t = lw.get(operand, op)?;
    let idx = lw.get(index, op)?;
    let tdims = lw.dims(t);
    let rank = tdims.len() as i64;
    let mut perm: Vec<i64> = vec![dim];
    perm.extend((0..rank).filter(|&d| d != dim));
    let moved = emit_transpose(lw, op, t, &perm);
    let idims = lw.dims(idx);
    let mut gdims = idims.clone();
    gdims.extend(perm[1..].iter().map(|&d| tdims[d as usize]));
    let ty = lw.ctx.ranked_tensor_type(&gdims, lw.elem_of(t));
    let a = lw.ctx.integer_attr(lw.ctx.i64(), 0);
    let g = lw.emit(op, OpKind::Gather, &[moved, idx], ty, vec![("axis", a)]);
    // g dims: index dims, then the table's dims other than `dim` in order;
    // the result wants table[:dim], index dims, table[dim+1:].
    let ni = idims.len() as i64;
    let mut back: Vec<i64> = (ni..ni + dim).collect();
    back.extend(0..ni);
    back.extend(ni + dim..ni + rank - 1);
    Some(emit_transpose(lw, op, g, &back))
}

/// A broadcast whose consumer does not broadcast by itself: `src` (already
/// reshaped to the result's rank) plus a zero constant of the result's
/// shape, which the operator library broadcasts.
pub(super) fn materialize_broadcast(lw: &mut Lowering<'_>, def: Op, src: Value, user: Op) -> Option<Value> {
    let out = lw.body.result(def, 0);
    let dims = lw.dims(out);
    if lw.dims(src) == dims {
        return Some(src);
    }
    let elem = lw.elem_of(src);
    let zero = ConstTensor { dims: dims.clone(), elem, values: vec![0.0], splat: true };
    let z = lw.emit_const(user, &zero, elem);
    let ty = lw.ctx.ranked_tensor_type(&dims, elem);
    let k = lw.ctx.string_attr(BinaryKind::Add.name());
    let r = lw.emit(user, OpKind::Binary, &[src, z], ty, vec![("kind", k)]);
    // The broadcast's own location (its ONNX node), not its user's.
    let loc = lw.body.op_loc(def);
    for v in [z, r] {
        if let Some(o) = lw.body.defining_op(v) {
            lw.body.set_op_loc(o, loc);
        }
    }
    Some(r)
}
