//! Neural-network stablehlo ops -> `tx8be.Conv`, `Gemm`,
//! `BatchNorm_Inference`, `Reduce`, `Pool`, `Softmax`, `LayerNorm`.
//!
//! Convolutions and pools run in NHWC on the card: the input is transposed
//! in, constant kernels are permuted to HWIO at compile time, the result is
//! transposed back to the graph's layout. A bias added right after a conv
//! or a matmul (`add(x, broadcast_in_dim(const [C]))` along the feature
//! dim) becomes the op's bias operand.

use strata_ir::{Op, Value};
use strata_stablehlo::attrs::{i64_array_attr, read_conv_dims, read_dot_dims};

use tx8_target::kinds::PoolKind;
use tx8be::dialect::kinds::{BinaryKind, ReduceKind, UnaryKind};
use tx8be::OpKind;

use super::movement::{emit_pad, emit_reshape, emit_transpose};
use super::Lowering;
use crate::dense::{permute, read_dense, ConstTensor};

fn result_type(lw: &Lowering<'_>, op: Op) -> strata_ir::Type {
    let t = lw.body.value_type(lw.body.result(op, 0));
    lw.convert_type(t)
}

fn i64a(lw: &Lowering<'_>, v: &[i64]) -> strata_ir::Attribute {
    i64_array_attr(lw.ctx, v)
}

/// `[[lo, hi], ...]` of a `padding` attribute.
fn padding(lw: &Lowering<'_>, op: Op, rank: usize) -> Option<Vec<[i64; 2]>> {
    let Some(a) = lw.attr(op, "padding") else { return Some(vec![[0, 0]; rank]) };
    let t = read_dense(lw.ctx, a)?;
    let v = t.expanded();
    if v.len() != rank * 2 {
        return None;
    }
    Some((0..rank).map(|i| [v[2 * i] as i64, v[2 * i + 1] as i64]).collect())
}

/// If the only user of `result` adds a constant vector along dim `axis` of
/// `result`, that vector (as f32 values) and the add's result.
fn bias_add(lw: &Lowering<'_>, result: Value, axis: usize) -> Option<(ConstTensor, Value)> {
    let user = lw.single_user(result)?;
    if lw.ctx.op_name_str(lw.body.op_name(user)) != "stablehlo.add" {
        return None;
    }
    let other = if lw.body.operand(user, 0) == result { lw.body.operand(user, 1) } else { lw.body.operand(user, 0) };
    let (b, name) = lw.def(other)?;
    if name != "stablehlo.broadcast_in_dim" {
        return None;
    }
    let dims = lw.array_attr(b, "broadcast_dimensions")?;
    let c = lw.const_of(lw.body.operand(b, 0))?;
    if dims != [axis as i64] || c.dims.len() != 1 {
        return None;
    }
    Some((c, lw.body.result(user, 0)))
}

pub fn convolution(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let ctx = lw.ctx;
    let (lhs, rhs) = (lw.body.operand(op, 0), lw.body.operand(op, 1));
    let Some(mut dn) = lw.attr(op, "dimension_numbers").and_then(|a| read_conv_dims(ctx, a)) else {
        lw.error(op, "convolution without dimension_numbers");
        return None;
    };
    // A 1-D convolution runs as a 2-D one over a unit trailing dim.
    let one_d = dn.input_spatial.len() == 1 && dn.kernel_spatial.len() == 1 && dn.output_spatial.len() == 1;
    if dn.input_spatial.len() != 2 && !one_d {
        lw.error(
            op,
            format!(
                "only 1-D and 2-D convolutions run on tx8be (this one has {} spatial dims)",
                dn.input_spatial.len()
            ),
        );
        return None;
    }
    if lw.i64_attr(op, "batch_group_count").unwrap_or(1) != 1 {
        lw.error(op, "convolution with batch_group_count != 1 is not supported on tx8be");
        return None;
    }
    let group = lw.i64_attr(op, "feature_group_count").unwrap_or(1);
    let spatial = dn.input_spatial.len();
    let mut strides = lw.array_attr(op, "window_strides").unwrap_or(vec![1; spatial]);
    let mut lhs_dil = lw.array_attr(op, "lhs_dilation").unwrap_or(vec![1; spatial]);
    let mut rhs_dil = lw.array_attr(op, "rhs_dilation").unwrap_or(vec![1; spatial]);
    let Some(mut pad) = padding(lw, op, spatial) else {
        lw.error(op, "convolution padding must be a constant of one [low, high] pair per spatial dim");
        return None;
    };
    if one_d {
        strides.push(1);
        lhs_dil.push(1);
        rhs_dil.push(1);
        pad.push([0, 0]);
    }
    if pad.iter().flatten().any(|&p| p < 0) {
        lw.error(op, "negative convolution padding is not supported on tx8be");
        return None;
    }
    // Input to NHWC (with zeros inserted for lhs_dilation: a transposed conv).
    let mut x = lw.get(lhs, op)?;
    let mut kernel_const = lw.const_of(rhs);
    let mut kernel_value = None;
    let out = lw.body.result(op, 0);
    let mut odims = lw.dims(out);
    if one_d {
        let mut d = lw.dims(x);
        d.push(1);
        x = emit_reshape(lw, op, x, &d);
        match &mut kernel_const {
            Some(k) => k.dims.push(1),
            None => {
                let kv = lw.get(rhs, op)?;
                let mut kd = lw.dims(kv);
                kd.push(1);
                kernel_value = Some(emit_reshape(lw, op, kv, &kd));
            }
        }
        dn.input_spatial.push(3);
        dn.kernel_spatial.push(3);
        dn.output_spatial.push(3);
        odims.push(1);
    }
    let to_nhwc = [dn.input_batch, dn.input_spatial[0], dn.input_spatial[1], dn.input_feature];
    let mut xn = emit_transpose(lw, op, x, &to_nhwc);
    if lhs_dil.iter().any(|&d| d > 1) {
        let d = lw.dims(xn);
        let dims = [d[0], (d[1] - 1) * lhs_dil[0] + 1, (d[2] - 1) * lhs_dil[1] + 1, d[3]];
        let ty = ctx.ranked_tensor_type(&dims, lw.elem_of(xn));
        xn = emit_pad(lw, op, xn, &[0; 4], &[0; 4], &[0, lhs_dil[0] - 1, lhs_dil[1] - 1, 0], 0.0, ty);
    }
    // Kernel to HWIO.
    let to_hwio = [dn.kernel_spatial[0], dn.kernel_spatial[1], dn.kernel_input_feature, dn.kernel_output_feature];
    let w = match kernel_const {
        Some(k) => {
            let perm: Vec<usize> = to_hwio.iter().map(|&d| d as usize).collect();
            let p = permute(&k, &perm);
            lw.emit_const(op, &p, lw.dtype)
        }
        None => {
            let wv = match kernel_value {
                Some(v) => v,
                None => lw.get(rhs, op)?,
            };
            emit_transpose(lw, op, wv, &to_hwio)
        }
    };
    let nhwc_out = [
        odims[dn.output_batch as usize],
        odims[dn.output_spatial[0] as usize],
        odims[dn.output_spatial[1] as usize],
        odims[dn.output_feature as usize],
    ];
    let mut operands = vec![xn, w];
    let bias = bias_add(lw, out, dn.output_feature as usize);
    if let Some((b, _)) = &bias {
        let f32 = ctx.f32();
        operands.push(lw.emit_const(op, b, f32));
    }
    let ty = ctx.ranked_tensor_type(&nhwc_out, lw.dtype);
    let attrs = vec![
        ("strides", i64a(lw, &strides)),
        ("pads", i64a(lw, &[pad[0][0], pad[1][0], pad[0][1], pad[1][1]])),
        ("dilations", i64a(lw, &rhs_dil)),
        ("group", ctx.integer_attr(ctx.i64(), group)),
        ("layout_str", ctx.string_attr("NHWC")),
    ];
    let y = lw.emit(op, OpKind::Conv, &operands, ty, attrs);
    // Back to the graph's layout: result dim i is NHWC dim back[i].
    let mut back = vec![0i64; 4];
    back[dn.output_batch as usize] = 0;
    back[dn.output_spatial[0] as usize] = 1;
    back[dn.output_spatial[1] as usize] = 2;
    back[dn.output_feature as usize] = 3;
    let mut r = emit_transpose(lw, op, y, &back);
    if one_d {
        odims.pop();
        r = emit_reshape(lw, op, r, &odims);
    }
    if let Some((_, add)) = bias {
        lw.fused.insert(add, r);
    }
    Some(r)
}

pub fn dot_general(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let ctx = lw.ctx;
    let (lhs, rhs) = (lw.body.operand(op, 0), lw.body.operand(op, 1));
    let Some(dd) = lw.attr(op, "dot_dimension_numbers").and_then(|a| read_dot_dims(ctx, a)) else {
        lw.error(op, "dot_general without dot_dimension_numbers");
        return None;
    };
    if dd.lhs_contracting.len() != 1 || dd.rhs_contracting.len() != 1 {
        lw.error(op, "dot_general must contract exactly one dim on tx8be");
        return None;
    }
    let ld = lw.dims(lhs);
    let rd = lw.dims(rhs);
    let (lc, rc) = (dd.lhs_contracting[0], dd.rhs_contracting[0]);
    let lfree: Vec<i64> = (0..ld.len() as i64).filter(|d| !dd.lhs_batch.contains(d) && *d != lc).collect();
    let rfree: Vec<i64> = (0..rd.len() as i64).filter(|d| !dd.rhs_batch.contains(d) && *d != rc).collect();
    let bsz: i64 = dd.lhs_batch.iter().map(|&d| ld[d as usize]).product();
    let m: i64 = lfree.iter().map(|&d| ld[d as usize]).product();
    let n: i64 = rfree.iter().map(|&d| rd[rd.len().min(d as usize)]).product();
    let k = ld[lc as usize];
    // lhs -> [batch..., free..., k] -> [B, M, K] (or [M, K]).
    let mut lperm = dd.lhs_batch.clone();
    lperm.extend(&lfree);
    lperm.push(lc);
    let a = lw.get(lhs, op)?;
    let a = emit_transpose(lw, op, a, &lperm);
    let a_dims: Vec<i64> = if dd.lhs_batch.is_empty() { vec![m, k] } else { vec![bsz, m, k] };
    let a = emit_reshape(lw, op, a, &a_dims);
    // rhs -> [batch..., k, free...] -> [B, K, N]; a constant is rearranged
    // at compile time.
    let mut rperm = dd.rhs_batch.clone();
    rperm.push(rc);
    rperm.extend(&rfree);
    let b_dims: Vec<i64> = if dd.rhs_batch.is_empty() { vec![k, n] } else { vec![bsz, k, n] };
    let b = match lw.const_of(rhs) {
        Some(c) => {
            let perm: Vec<usize> = rperm.iter().map(|&d| d as usize).collect();
            let mut p = permute(&c, &perm);
            p.dims = b_dims.clone();
            lw.emit_const(op, &p, lw.dtype)
        }
        None => {
            let bv = lw.get(rhs, op)?;
            let bt = emit_transpose(lw, op, bv, &rperm);
            emit_reshape(lw, op, bt, &b_dims)
        }
    };
    let out = lw.body.result(op, 0);
    let odims = lw.dims(out);
    let mut operands = vec![a, b];
    let bias = if rfree.len() == 1 { bias_add(lw, out, odims.len() - 1) } else { None };
    if let Some((c, _)) = &bias {
        let f32 = ctx.f32();
        operands.push(lw.emit_const(op, c, f32));
    }
    let g_dims: Vec<i64> = if dd.lhs_batch.is_empty() { vec![m, n] } else { vec![bsz, m, n] };
    let ty = ctx.ranked_tensor_type(&g_dims, lw.convert_elem(lw.elem_of_graph(out)));
    let attrs = vec![("trans_a", ctx.bool_attr(false)), ("trans_b", ctx.bool_attr(false))];
    let y = lw.emit(op, OpKind::Gemm, &operands, ty, attrs);
    let r = emit_reshape(lw, op, y, &odims);
    if let Some((_, add)) = bias {
        lw.fused.insert(add, r);
    }
    Some(r)
}

impl Lowering<'_> {
    /// The element type of a graph-level value (before conversion).
    pub(super) fn elem_of_graph(&self, v: Value) -> strata_ir::Type {
        self.ctx.element_type(self.body.value_type(v)).unwrap_or(self.dtype)
    }
}

/// A constant operand converted to an f32 `tx8be.const`, or the lowered
/// value cast to f32 (the operator library wants fp32 parameters).
fn f32_param(lw: &mut Lowering<'_>, v: Value, op: Op) -> Option<Value> {
    let f32 = lw.ctx.f32();
    if let Some(c) = lw.const_of(v) {
        return Some(lw.emit_const(op, &c, f32));
    }
    let x = lw.get(v, op)?;
    if lw.elem_of(x) == f32 {
        return Some(x);
    }
    let ty = lw.ctx.ranked_tensor_type(&lw.dims(x), f32);
    Some(lw.emit(op, OpKind::Cast, &[x], ty, vec![]))
}

pub fn batch_norm(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let ctx = lw.ctx;
    let x = lw.get(lw.body.operand(op, 0), op)?;
    let rank = lw.dims(x).len() as i64;
    let feature = lw.i64_attr(op, "feature_index").unwrap_or(1);
    let eps = lw.attr(op, "epsilon").and_then(|a| float_value(lw, a)).unwrap_or(1e-5);
    let mut params = Vec::new();
    for i in 1..5 {
        let v = lw.body.operand(op, i);
        params.push(f32_param(lw, v, op)?);
    }
    // Feature dim last.
    let mut perm: Vec<i64> = (0..rank).filter(|&d| d != feature).collect();
    perm.push(feature);
    let xt = emit_transpose(lw, op, x, &perm);
    let ty = ctx.ranked_tensor_type(&lw.dims(xt), lw.elem_of(xt));
    let mut operands = vec![xt];
    operands.extend(params);
    let y = lw.emit(op, OpKind::BatchNormInference, &operands, ty, vec![("epsilon", ctx.f64_attr(ctx.f32(), eps))]);
    let mut back = vec![0i64; rank as usize];
    for (i, &p) in perm.iter().enumerate() {
        back[p as usize] = i as i64;
    }
    Some(emit_transpose(lw, op, y, &back))
}

fn float_value(lw: &Lowering<'_>, a: strata_ir::Attribute) -> Option<f64> {
    match lw.ctx.attr_kind(a) {
        strata_ir::AttrKind::Float { bits, ty } => {
            let k = match lw.ctx.type_kind(*ty) {
                strata_ir::types::TypeKind::Float(k) => *k,
                _ => return None,
            };
            Some(strata_ir::apfloat::to_f64(k, *bits))
        }
        strata_ir::AttrKind::Integer { .. } => lw.ctx.as_i64(a).map(|v| v as f64),
        _ => None,
    }
}

/// A per-channel parameter (layer-norm scale or bias) as an f32 vector of
/// `channels`: looks through a `broadcast_in_dim` along the last dim (the
/// decomposition broadcasts it to the input's shape), constants folded at
/// compile time.
fn channel_param(lw: &mut Lowering<'_>, v: Value, op: Op, channels: i64) -> Option<Value> {
    let mut src = v;
    if let Some((b, "stablehlo.broadcast_in_dim")) = lw.def(v) {
        src = lw.body.operand(b, 0);
    }
    let f32 = lw.ctx.f32();
    if let Some(c) = lw.const_of(src) {
        // A folded broadcast: the same row of `channels` values repeated.
        let all = c.expanded();
        let n = channels.max(1) as usize;
        let row: Vec<f64> = all.iter().take(n).copied().collect();
        if row.len() == n && all.chunks(n).all(|r| r == &row[..]) {
            let v = ConstTensor { dims: vec![channels], elem: c.elem, values: row, splat: false };
            return Some(lw.emit_const(op, &v, f32));
        }
    }
    if lw.dims(src).iter().product::<i64>() != channels {
        lw.error(op, format!("layer-norm parameters must hold one value per channel ({channels})"));
        return None;
    }
    let x = lw.get(src, op)?;
    let x = emit_reshape(lw, op, x, &[channels]);
    if lw.elem_of(x) == f32 {
        return Some(x);
    }
    let ty = lw.ctx.ranked_tensor_type(&[channels], f32);
    Some(lw.emit(op, OpKind::Cast, &[x], ty, vec![]))
}

/// The combiner of a reduce/reduce_window body: `add` (a sum), `max` or
/// `min`.
fn combiner(lw: &Lowering<'_>, op: Op) -> Option<ReduceKind> {
    let (rb, regions) = lw.body.regions_of(op);
    let block = rb.first_block(*regions.first()?)?;
    let ops: Vec<Op> = rb.block_ops(block).collect();
    if ops.len() != 2 {
        return None;
    }
    let args = rb.block_args(block);
    let first = ops[0];
    let uses_args = rb.num_operands(first) == 2 && rb.operands(first).all(|v| args.contains(&v));
    if !uses_args {
        return None;
    }
    Some(match lw.ctx.op_name_str(rb.op_name(first)) {
        "stablehlo.add" => ReduceKind::Sum,
        "stablehlo.maximum" => ReduceKind::Max,
        "stablehlo.minimum" => ReduceKind::Min,
        _ => return None,
    })
}

/// The combiner's stablehlo spelling, for diagnostics.
fn combiner_name(kind: ReduceKind) -> &'static str {
    match kind {
        ReduceKind::Sum => "add",
        ReduceKind::Max => "max",
        ReduceKind::Min => "min",
        ReduceKind::Mean => "mean",
    }
}

/// The scalar an init value holds.
fn init_value(lw: &Lowering<'_>, v: Value) -> Option<f64> {
    let c = lw.const_of(v)?;
    (c.splat || c.elems() == 1).then(|| c.get(0))
}

pub fn reduce(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let ctx = lw.ctx;
    if lw.body.num_operands(op) != 2 {
        lw.error(op, "only single-input reduce runs on tx8be");
        return None;
    }
    let Some(kind) = combiner(lw, op) else {
        lw.error(op, "reduce body must be one add, maximum or minimum");
        return None;
    };
    let init = init_value(lw, lw.body.operand(op, 1));
    let identity = match kind {
        ReduceKind::Sum => init == Some(0.0),
        ReduceKind::Max => init.is_some_and(|v| v == f64::NEG_INFINITY || v <= -3.0e38),
        ReduceKind::Min | ReduceKind::Mean => init.is_some_and(|v| v == f64::INFINITY || v >= 3.0e38),
    };
    if !identity {
        lw.error(op, format!("reduce {} needs its identity as init value on tx8be", combiner_name(kind)));
        return None;
    }
    let mut dims = lw.array_attr(op, "dimensions").unwrap_or_default();
    dims.sort_unstable_by(|a, b| b.cmp(a));
    let mut x = lw.get(lw.body.operand(op, 0), op)?;
    for d in dims {
        let mut nd = lw.dims(x);
        nd.remove(d as usize);
        let ty = ctx.ranked_tensor_type(&nd, lw.elem_of(x));
        let attrs =
            vec![("kind", ctx.string_attr(kind.name())), ("axes", i64a(lw, &[d])), ("keepdims", ctx.bool_attr(false))];
        x = lw.emit(op, OpKind::Reduce, &[x], ty, attrs);
    }
    Some(x)
}

/// Window counts of an average pool that does not count padding.
fn exclusive_counts(in_hw: [i64; 2], out_hw: [i64; 2], k: [i64; 2], s: [i64; 2], pad_lo: [i64; 2]) -> Vec<f64> {
    let mut v = Vec::with_capacity((out_hw[0] * out_hw[1]) as usize);
    for oh in 0..out_hw[0] {
        for ow in 0..out_hw[1] {
            let h0 = oh * s[0] - pad_lo[0];
            let w0 = ow * s[1] - pad_lo[1];
            let hs = (h0 + k[0]).min(in_hw[0]) - h0.max(0);
            let ws = (w0 + k[1]).min(in_hw[1]) - w0.max(0);
            v.push((hs.max(0) * ws.max(0)) as f64);
        }
    }
    v
}

pub fn reduce_window(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let ctx = lw.ctx;
    if lw.body.num_operands(op) != 2 {
        lw.error(op, "only single-input reduce_window runs on tx8be");
        return None;
    }
    let Some(kind) = combiner(lw, op) else {
        lw.error(op, "reduce_window body must be one add or maximum");
        return None;
    };
    let x0 = lw.body.operand(op, 0);
    let xd = lw.dims(x0);
    if xd.len() != 4 {
        lw.error(op, "only 4-D pooling windows run on tx8be");
        return None;
    }
    let win = lw.array_attr(op, "window_dimensions").unwrap_or_default();
    let strides = lw.array_attr(op, "window_strides").unwrap_or(vec![1; 4]);
    let dil_ok = ["base_dilations", "window_dilations"]
        .iter()
        .all(|n| lw.array_attr(op, n).is_none_or(|d| d.iter().all(|&x| x == 1)));
    let Some(pad) = padding(lw, op, 4) else {
        lw.error(op, "reduce_window padding must be a 4x2 constant");
        return None;
    };
    // The two windowed dims: the ones with a window or stride above 1, or
    // else NCHW's spatial dims.
    let mut spatial: Vec<usize> = (0..4).filter(|&d| win[d] > 1 || strides[d] > 1 || pad[d] != [0, 0]).collect();
    if spatial.is_empty() {
        spatial = vec![2, 3];
    }
    if !dil_ok || spatial.len() > 2 || win.len() != 4 {
        lw.error(op, "reduce_window must be a 2-D pooling window without dilation on tx8be");
        return None;
    }
    if spatial.len() == 1 {
        // Pool over one dim: pair it with a unit dim.
        let other = (0..4).rev().find(|&d| d != spatial[0] && d != 0 && xd[d] >= 1).unwrap_or(3);
        spatial.push(other);
        spatial.sort_unstable();
    }
    let feature = (1..4).find(|d| !spatial.contains(d)).unwrap_or(1);
    let (h, w) = (spatial[0], spatial[1]);
    let to_nhwc = [0i64, h as i64, w as i64, feature as i64];
    let init = init_value(lw, lw.body.operand(op, 1));
    let x = lw.get(x0, op)?;
    let xn = emit_transpose(lw, op, x, &to_nhwc);
    let out = lw.body.result(op, 0);
    let od = lw.dims(out);
    let nhwc_out = [od[0], od[h], od[w], od[feature]];
    let ty = ctx.ranked_tensor_type(&nhwc_out, lw.elem_of(xn));
    let k = [win[h], win[w]];
    let s = [strides[h], strides[w]];
    let pads = [pad[h][0], pad[w][0], pad[h][1], pad[w][1]];
    let base = |lw: &Lowering<'_>, pool: PoolKind, include: bool| {
        vec![
            ("kind", ctx.string_attr(pool.name())),
            ("kernel", i64a(lw, &k)),
            ("strides", i64a(lw, &s)),
            ("pads", i64a(lw, &pads)),
            ("count_include_pad", ctx.bool_attr(include)),
            ("layout_str", ctx.string_attr("NHWC")),
        ]
    };
    let mut back = vec![0i64; 4];
    back[h] = 1;
    back[w] = 2;
    back[feature] = 3;
    match kind {
        ReduceKind::Max if init.is_some_and(|v| v == f64::NEG_INFINITY || v <= -3.0e38) => {
            let attrs = base(lw, PoolKind::Max, false);
            let y = lw.emit(op, OpKind::Pool, &[xn], ty, attrs);
            Some(emit_transpose(lw, op, y, &back))
        }
        ReduceKind::Sum if init == Some(0.0) => {
            // divide(reduce_window_add(x), counts) is an average pool; the
            // counts say whether padding is counted.
            let window = (k[0] * k[1]) as f64;
            let divide = lw.single_user(out).filter(|&u| {
                lw.ctx.op_name_str(lw.body.op_name(u)) == "stablehlo.divide" && lw.body.operand(u, 0) == out
            });
            let counts = divide.and_then(|d| {
                let c = lw.body.operand(d, 1);
                match lw.const_of(c) {
                    Some(t) => Some(t),
                    None => {
                        let (b, name) = lw.def(c)?;
                        (name == "stablehlo.broadcast_in_dim").then(|| lw.const_of(lw.body.operand(b, 0)))?
                    }
                }
            });
            let include = counts.as_ref().and_then(|c| {
                let all = c.expanded();
                if all.iter().all(|&v| v == window) {
                    return Some(true);
                }
                let ex = exclusive_counts([xd[h], xd[w]], [od[h], od[w]], k, s, [pad[h][0], pad[w][0]]);
                // Counts broadcast over N and C: compare the H x W plane.
                (all.len() == ex.len() && all == ex).then_some(false)
            });
            match (divide, include) {
                (Some(d), Some(inc)) => {
                    let attrs = base(lw, PoolKind::Avg, inc);
                    let y = lw.emit(op, OpKind::Pool, &[xn], ty, attrs);
                    let r = emit_transpose(lw, op, y, &back);
                    lw.fused.insert(lw.body.result(d, 0), r);
                    Some(r)
                }
                _ => {
                    // A plain windowed sum: average counting padding, times
                    // the window size.
                    let attrs = base(lw, PoolKind::Avg, true);
                    let y = lw.emit(op, OpKind::Pool, &[xn], ty, attrs);
                    let kc = ConstTensor { dims: vec![1], elem: ctx.f32(), values: vec![window], splat: false };
                    let kv = lw.emit_const(op, &kc, lw.dtype);
                    let kk = lw.ctx.string_attr(BinaryKind::Mul.name());
                    let sum = lw.emit(op, OpKind::Binary, &[y, kv], ty, vec![("kind", kk)]);
                    Some(emit_transpose(lw, op, sum, &back))
                }
            }
        }
        _ => {
            let kind = combiner_name(kind);
            lw.error(op, format!("reduce_window {kind} with this init value is not a pooling tx8be runs"));
            None
        }
    }
}

/// `stablehlo.composite "tx8.*"` (the names `stablehlo-fuse-composites`
/// writes): softmax, layer norm and RMSNorm each one op, the activations
/// one `tx8be.Unary`.
pub fn composite(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let ctx = lw.ctx;
    let name = lw
        .attr(op, "name")
        .and_then(|a| ctx.as_string(a))
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .unwrap_or_default();
    let cattrs = lw.attr(op, "composite_attributes");
    let cget = |n: &str| cattrs.and_then(|d| ctx.dict_get(d, n));
    let x0 = lw.body.operand(op, 0);
    let rank = lw.dims(x0).len() as i64;
    let axis = cget("axis").and_then(|a| ctx.as_i64(a)).map(|a| if a < 0 { a + rank } else { a }).unwrap_or(rank - 1);
    let mut perm: Vec<i64> = (0..rank).filter(|&d| d != axis).collect();
    perm.push(axis);
    let mut back = vec![0i64; rank as usize];
    for (i, &p) in perm.iter().enumerate() {
        back[p as usize] = i as i64;
    }
    match name.as_str() {
        "tx8.softmax" => {
            let x = lw.get(x0, op)?;
            let xt = emit_transpose(lw, op, x, &perm);
            let ty = ctx.ranked_tensor_type(&lw.dims(xt), lw.elem_of(xt));
            let last = ctx.integer_attr(ctx.i64(), rank - 1);
            let y = lw.emit(op, OpKind::Softmax, &[xt], ty, vec![("axis", last)]);
            Some(emit_transpose(lw, op, y, &back))
        }
        "tx8.layernorm" | "tx8.rmsnorm" => {
            // ONNX normalizes over the trailing dims from `axis` on: they
            // are flattened into one channel dim for the library's op.
            let n = lw.body.num_operands(op);
            if !(1..=3).contains(&n) {
                lw.error(op, format!("{name} composite takes input, an optional scale and an optional bias"));
                return None;
            }
            let eps = cget("epsilon").and_then(|a| float_value(lw, a)).unwrap_or(1e-5);
            let dims = lw.dims(x0);
            let channels: i64 = dims[axis as usize..].iter().product();
            let mut flat: Vec<i64> = dims[..axis as usize].to_vec();
            flat.push(channels);
            let x = lw.get(x0, op)?;
            let xf = emit_reshape(lw, op, x, &flat);
            // A unit gamma the canonicalizer folded away is the library's
            // ones; a missing beta is no operand (no add on the card).
            let g = if n >= 2 {
                channel_param(lw, lw.body.operand(op, 1), op, channels)?
            } else {
                let ones = ConstTensor { dims: vec![channels], elem: ctx.f32(), values: vec![1.0], splat: true };
                lw.emit_const(op, &ones, ctx.f32())
            };
            let mut operands = vec![xf, g];
            if n == 3 {
                operands.push(channel_param(lw, lw.body.operand(op, 2), op, channels)?);
            }
            let ty = ctx.ranked_tensor_type(&flat, lw.elem_of(xf));
            let mut attrs = vec![
                ("epsilon", ctx.f64_attr(ctx.f32(), eps)),
                ("axis", ctx.integer_attr(ctx.i64(), flat.len() as i64 - 1)),
            ];
            if name == "tx8.rmsnorm" {
                attrs.push(("rms", ctx.bool_attr(true)));
            }
            let y = lw.emit(op, OpKind::LayerNorm, &operands, ty, attrs);
            Some(emit_reshape(lw, op, y, &dims))
        }
        "tx8.gelu" | "tx8.silu" | "tx8.swish" | "tx8.hard_sigmoid" | "tx8.hard_swish" | "tx8.leaky_relu"
        | "tx8.softplus" | "tx8.elu" => {
            let x = lw.get(x0, op)?;
            let ty = result_type(lw, op);
            let f32a = |v: f64| ctx.f64_attr(ctx.f32(), v);
            let param = |n: &str| cget(n).and_then(|a| float_value(lw, a));
            let approximate =
                cget("approximate").and_then(|a| ctx.as_string(a)).map(|s| String::from_utf8_lossy(s).into_owned());
            let (kind, params): (UnaryKind, Vec<(&str, f64)>) = match (name.as_str(), approximate.as_deref()) {
                ("tx8.gelu", Some("tanh")) => (UnaryKind::Gelu, vec![]),
                // x * sigmoid(1.702 x) is a Swish of that beta.
                ("tx8.gelu", Some("sigmoid")) => (UnaryKind::Swish, vec![("alpha", 1.702)]),
                ("tx8.gelu", _) => (UnaryKind::GeluErf, vec![]),
                ("tx8.silu", _) => (UnaryKind::Silu, vec![]),
                ("tx8.swish", _) => (UnaryKind::Swish, vec![("alpha", param("beta").unwrap_or(1.0))]),
                ("tx8.hard_sigmoid", _) => (
                    UnaryKind::HardSigmoid,
                    vec![("alpha", param("alpha").unwrap_or(0.2)), ("beta", param("beta").unwrap_or(0.5))],
                ),
                ("tx8.leaky_relu", _) => (UnaryKind::LeakyRelu, vec![("alpha", param("alpha").unwrap_or(0.01))]),
                ("tx8.softplus", _) => (UnaryKind::Softplus, vec![]),
                ("tx8.elu", _) => (UnaryKind::Elu, vec![("alpha", param("alpha").unwrap_or(1.0))]),
                _ => (UnaryKind::HardSwish, vec![]),
            };
            let mut attrs = vec![("kind", ctx.string_attr(kind.name()))];
            attrs.extend(params.into_iter().map(|(n, v)| (n, f32a(v))));
            Some(lw.emit(op, OpKind::Unary, &[x], ty, attrs))
        }
        _ => {
            lw.error(op, format!("composite '{name}' has no tx8be lowering"));
            None
        }
    }
}
