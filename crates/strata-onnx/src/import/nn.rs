//! Convolution and matrix products: Conv and ConvTranspose
//! (`stablehlo.convolution` in ONNX's NCHW / OIHW layouts), Gemm and MatMul
//! (`dot_general`, batch dimensions broadcast explicitly), and
//! BatchNormalization (`batch_norm_inference`). The window arithmetic
//! (strides, dilations, explicit and automatic padding) is shared with the
//! pooling operators.

use strata_stablehlo::attrs::{conv_dims_attr, dot_dims_attr, i64_array_attr, ConvDims, DotDims};

use crate::import::builder::{broadcast_shapes, FuncBuilder, Operand};
use crate::import::node::NodeCx;
use crate::import::Results;
use crate::tensor::Tensor;

/// Strides, dilations and (low, high) padding of each spatial dimension.
pub struct Window {
    pub kernel: Vec<i64>,
    pub strides: Vec<i64>,
    pub dilations: Vec<i64>,
    pub pads: Vec<(i64, i64)>,
}

/// Upper bound of window attribute values (kernel, strides, dilations,
/// pads): far above any real model, low enough that a product with a
/// dimension (at most 2^31) fits in i64.
pub const MAX_WINDOW_ATTR: i64 = 1 << 24;

fn positive_list(cx: &NodeCx, name: &str, n: usize) -> Result<Vec<i64>, String> {
    match cx.ints(name)? {
        None => Ok(vec![1; n]),
        Some(v) if v.len() == n && v.iter().all(|&x| (1..=MAX_WINDOW_ATTR).contains(&x)) => Ok(v),
        Some(v) => Err(format!("attribute '{name}' = {v:?} must have {n} entries in 1..={MAX_WINDOW_ATTR}")),
    }
}

/// A list attribute of `len` entries in `0..=MAX_WINDOW_ATTR` (pads, output_padding).
fn bounded_list(cx: &NodeCx, name: &str, len: usize) -> Result<Option<Vec<i64>>, String> {
    match cx.ints(name)? {
        None => Ok(None),
        Some(v) if v.len() == len && v.iter().all(|&x| (0..=MAX_WINDOW_ATTR).contains(&x)) => Ok(Some(v)),
        Some(v) => Err(format!("attribute '{name}' = {v:?} must have {len} entries in 0..={MAX_WINDOW_ATTR}")),
    }
}

/// Reads kernel_shape (or `kernel` from the weight), strides, dilations,
/// pads and auto_pad for a window over `in_spatial`.
pub fn read_window(cx: &NodeCx, in_spatial: &[i64], kernel: Option<&[i64]>) -> Result<Window, String> {
    let n = in_spatial.len();
    let kernel = match (cx.ints("kernel_shape")?, kernel) {
        (Some(k), Some(w)) if k != w => {
            return Err(format!("attribute 'kernel_shape' = {k:?} does not match the weight's spatial shape {w:?}"))
        }
        (Some(k), _) => k,
        (None, Some(w)) => w.to_vec(),
        (None, None) => return Err("attribute 'kernel_shape' is required".into()),
    };
    if kernel.len() != n || kernel.iter().any(|&k| !(1..=MAX_WINDOW_ATTR).contains(&k)) {
        return Err(format!("attribute 'kernel_shape' = {kernel:?} must have {n} entries in 1..={MAX_WINDOW_ATTR}"));
    }
    let strides = positive_list(cx, "strides", n)?;
    let dilations = positive_list(cx, "dilations", n)?;
    let auto_pad = cx.string("auto_pad", "NOTSET")?;
    let pads = match auto_pad.as_str() {
        "NOTSET" => match bounded_list(cx, "pads", 2 * n)? {
            None => vec![(0, 0); n],
            Some(p) => (0..n).map(|i| (p[i], p[i + n])).collect(),
        },
        "VALID" => vec![(0, 0); n],
        "SAME_UPPER" | "SAME_LOWER" => (0..n)
            .map(|i| {
                let out = (in_spatial[i] + strides[i] - 1) / strides[i];
                let total = ((out - 1) * strides[i] + (kernel[i] - 1) * dilations[i] + 1 - in_spatial[i]).max(0);
                if auto_pad == "SAME_UPPER" {
                    (total / 2, total - total / 2)
                } else {
                    (total - total / 2, total / 2)
                }
            })
            .collect(),
        other => {
            return Err(cx.unsupported_attr(
                "auto_pad",
                format!("'{other}'"),
                "NOTSET, VALID, SAME_UPPER or SAME_LOWER",
            ))
        }
    };
    Ok(Window { kernel, strides, dilations, pads })
}

impl Window {
    /// Output size of spatial dimension `i` (floor, or ceil for ceil_mode
    /// with PyTorch's rule that a window may not start in the high padding).
    pub fn out_size(&self, i: usize, input: i64, ceil_mode: bool) -> i64 {
        let span = (self.kernel[i] - 1) * self.dilations[i] + 1;
        let padded = input + self.pads[i].0 + self.pads[i].1 - span;
        if padded < 0 {
            return 0;
        }
        let s = self.strides[i];
        let mut out = if ceil_mode { (padded + s - 1) / s + 1 } else { padded / s + 1 };
        if ceil_mode && (out - 1) * s >= input + self.pads[i].0 {
            out -= 1;
        }
        out
    }
}

fn nchw_dims(spatial: usize) -> ConvDims {
    let sp: Vec<i64> = (2..2 + spatial as i64).collect();
    ConvDims {
        input_batch: 0,
        input_feature: 1,
        input_spatial: sp.clone(),
        kernel_input_feature: 1,
        kernel_output_feature: 0,
        kernel_spatial: sp.clone(),
        output_batch: 0,
        output_feature: 1,
        output_spatial: sp,
    }
}

#[allow(clippy::too_many_arguments)]
fn convolution(
    b: &mut FuncBuilder,
    x: &Operand,
    w: &Operand,
    strides: &[i64],
    lhs_dilation: &[i64],
    rhs_dilation: &[i64],
    padding: &[(i64, i64)],
    groups: i64,
    shape: Vec<i64>,
) -> Operand {
    let ctx = b.ctx;
    let attrs = vec![
        ("window_strides", i64_array_attr(ctx, strides)),
        ("padding", b.padding_attr(padding)),
        ("lhs_dilation", i64_array_attr(ctx, lhs_dilation)),
        ("rhs_dilation", i64_array_attr(ctx, rhs_dilation)),
        ("dimension_numbers", conv_dims_attr(ctx, &nchw_dims(strides.len()))),
        ("feature_group_count", ctx.integer_attr(ctx.i64(), groups)),
        ("batch_group_count", ctx.integer_attr(ctx.i64(), 1)),
    ];
    let (vx, vw) = (b.val(x), b.val(w));
    let r = b.emit("stablehlo.convolution", &[vx, vw], x.dtype, &shape, attrs);
    b.value_operand(r, x.dtype, shape)
}

/// Adds a per-channel bias `[C]` along dimension 1.
fn add_bias(b: &mut FuncBuilder, y: Operand, bias: Option<&Operand>) -> Result<Operand, String> {
    let Some(bias) = bias else { return Ok(y) };
    if bias.shape != [y.shape[1]] || bias.dtype != y.dtype {
        return Err(format!("the bias has shape {:?}, expected [{}]", bias.shape, y.shape[1]));
    }
    let bb = b.broadcast_in_dim(bias, &y.shape, &[1]);
    b.binary("stablehlo.add", &y, &bb)
}

fn check_conv_inputs<'a>(cx: &'a NodeCx) -> Result<(&'a Operand, &'a Operand, i64), String> {
    let x = cx.input(0)?;
    let w = cx.input(1)?;
    if x.rank() < 3 || w.rank() != x.rank() {
        return Err(format!("input {:?} and weight {:?} must both have rank 3 or more", x.shape, w.shape));
    }
    if !x.dtype.is_float() || w.dtype != x.dtype {
        return Err(format!(
            "input and weight must be of one floating-point type ({} and {})",
            x.dtype.name(),
            w.dtype.name()
        ));
    }
    let group = cx.int("group", 1)?;
    if group < 1 {
        return Err(format!("attribute 'group' = {group} must be positive"));
    }
    Ok((x, w, group))
}

pub fn conv(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let (x, w, group) = check_conv_inputs(cx)?;
    let (c, m) = (x.shape[1], w.shape[0]);
    if w.shape[1] * group != c || m % group != 0 {
        return Err(format!("weight {:?} does not fit input {:?} with group {group}", w.shape, x.shape));
    }
    let win = read_window(cx, &x.shape[2..], Some(&w.shape[2..]))?;
    let mut shape = vec![x.shape[0], m];
    for (i, &d) in x.shape[2..].iter().enumerate() {
        shape.push(win.out_size(i, d, false));
    }
    let ones = vec![1; win.kernel.len()];
    let y = convolution(b, x, w, &win.strides, &ones, &win.dilations, &win.pads, group, shape);
    add_bias(b, y, cx.opt_input(2))
}

/// The ConvTranspose weight `[C, M/g, k...]` as a forward-convolution
/// kernel `[M, C/g, k...]` with every spatial dimension reversed.
fn transpose_flip_kernel(w: &Tensor, group: i64) -> Tensor {
    let (c, mg) = (w.shape[0] as usize, w.shape[1] as usize);
    let g = group as usize;
    let cg = c / g;
    let k: usize = w.shape[2..].iter().product::<i64>() as usize;
    let size = w.dtype.size();
    let mut bytes = vec![0u8; w.bytes.len()];
    for gi in 0..g {
        for mi in 0..mg {
            for ci in 0..cg {
                for s in 0..k {
                    let src = (((gi * cg + ci) * mg + mi) * k + (k - 1 - s)) * size;
                    let dst = (((gi * mg + mi) * cg + ci) * k + s) * size;
                    bytes[dst..dst + size].copy_from_slice(&w.bytes[src..src + size]);
                }
            }
        }
    }
    let mut shape = vec![(g * mg) as i64, cg as i64];
    shape.extend_from_slice(&w.shape[2..]);
    Tensor { dtype: w.dtype, shape, bytes }
}

/// ConvTranspose as the gradient of a convolution: input dilated by the
/// strides, kernel transposed and flipped (at import time: the weight
/// must be a constant), padding `d * (k - 1) - pad` on each side.
pub fn conv_transpose(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let (x, w, group) = check_conv_inputs(cx)?;
    let c = x.shape[1];
    if w.shape[0] != c || c % group != 0 {
        return Err(format!("weight {:?} does not fit input {:?} with group {group}", w.shape, x.shape));
    }
    let Some(wt) = &w.konst else {
        return Err("input 1 (the weight) must be a constant".into());
    };
    let m = w.shape[1] * group;
    let in_sp = &x.shape[2..];
    let n = in_sp.len();
    // ONNX's output size formula assumes a non-empty input; StableHLO's
    // dilated size of an empty dimension differs, so refuse it.
    if in_sp.contains(&0) {
        return Err(format!("input {:?} has an empty spatial dimension", x.shape));
    }
    let kernel = w.shape[2..].to_vec();
    if let Some(k) = cx.ints("kernel_shape")? {
        if k != kernel {
            return Err(format!(
                "attribute 'kernel_shape' = {k:?} does not match the weight's spatial shape {kernel:?}"
            ));
        }
    }
    let strides = positive_list(cx, "strides", n)?;
    let dilations = positive_list(cx, "dilations", n)?;
    let out_pad = bounded_list(cx, "output_padding", n)?.unwrap_or_else(|| vec![0; n]);
    let auto_pad = cx.string("auto_pad", "NOTSET")?;
    if !matches!(auto_pad.as_str(), "NOTSET" | "VALID" | "SAME_UPPER" | "SAME_LOWER") {
        return Err(cx.unsupported_attr(
            "auto_pad",
            format!("'{auto_pad}'"),
            "NOTSET, VALID, SAME_UPPER or SAME_LOWER",
        ));
    }
    let span = |i: usize| (kernel[i] - 1) * dilations[i] + 1;
    let full = |i: usize| strides[i] * (in_sp[i] - 1) + out_pad[i] + span(i);
    let split = |total: i64| {
        if auto_pad == "SAME_UPPER" {
            (total / 2, total - total / 2)
        } else {
            (total - total / 2, total / 2)
        }
    };
    let pads: Vec<(i64, i64)> = if let Some(os) = cx.ints("output_shape")? {
        let os = if os.len() == n + 2 { os[2..].to_vec() } else { os };
        if os.len() != n || os.iter().any(|&d| !(0..=crate::import::MAX_DIM).contains(&d)) {
            return Err(format!("attribute 'output_shape' = {os:?} must have {n} dimensions"));
        }
        (0..n).map(|i| split(full(i) - os[i])).collect()
    } else {
        match auto_pad.as_str() {
            "SAME_UPPER" | "SAME_LOWER" => (0..n).map(|i| split(full(i) - in_sp[i] * strides[i])).collect(),
            "VALID" => vec![(0, 0); n],
            _ => match bounded_list(cx, "pads", 2 * n)? {
                None => vec![(0, 0); n],
                Some(p) => (0..n).map(|i| (p[i], p[i + n])).collect(),
            },
        }
    };
    let mut shape = vec![x.shape[0], m];
    let mut padding = Vec::with_capacity(n);
    for i in 0..n {
        let out = full(i) - pads[i].0 - pads[i].1;
        if out < 0 {
            return Err(format!("the padding {:?} makes spatial dimension {i} negative", pads[i]));
        }
        shape.push(out);
        let edge = dilations[i] * (kernel[i] - 1);
        padding.push((edge - pads[i].0, edge - pads[i].1 + out_pad[i]));
    }
    let kernel_op = Operand::constant(transpose_flip_kernel(wt, group));
    let ones = vec![1; n];
    let y = convolution(b, x, &kernel_op, &ones, &strides, &dilations, &padding, group, shape);
    add_bias(b, y, cx.opt_input(2))
}

/// BatchNormalization in inference mode: `batch_norm_inference`,
/// feature_index 1. The training-mode outputs are not produced.
pub fn batch_norm(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Results, String> {
    if cx.int("training_mode", 0)? != 0 {
        return Err(cx.unsupported_attr("training_mode", 1, "only inference (0)"));
    }
    let x = cx.input(0)?;
    if x.rank() < 2 || !x.dtype.is_float() {
        return Err(format!("input must be floating point of rank 2 or more, it is {} {:?}", x.dtype.name(), x.shape));
    }
    let c = x.shape[1];
    let mut params = Vec::new();
    for (i, name) in [(1, "scale"), (2, "B"), (3, "input_mean"), (4, "input_var")] {
        let p = cx.input(i)?;
        if p.shape != [c] {
            return Err(format!("'{name}' has shape {:?}, expected [{c}]", p.shape));
        }
        // Mixed precision (opset 15 allows float statistics on half input).
        let p = b.convert(p, x.dtype);
        params.push(b.val(&p));
    }
    let eps = cx.float("epsilon", 1e-5)?;
    let vx = b.val(x);
    let ctx = b.ctx;
    let attrs =
        vec![("epsilon", ctx.f64_attr(ctx.f32(), eps as f64)), ("feature_index", ctx.integer_attr(ctx.i64(), 1))];
    let r = b.emit(
        "stablehlo.batch_norm_inference",
        &[vx, params[0], params[1], params[2], params[3]],
        x.dtype,
        &x.shape,
        attrs,
    );
    Ok(vec![Some(b.value_operand(r, x.dtype, x.shape.clone()))])
}

/// `stablehlo.dot_general` of `lhs` and `rhs` with result `shape`.
pub(crate) fn dot_general(
    b: &mut FuncBuilder,
    lhs: &Operand,
    rhs: &Operand,
    dims: DotDims,
    shape: Vec<i64>,
) -> Operand {
    let (vl, vr) = (b.val(lhs), b.val(rhs));
    let a = dot_dims_attr(b.ctx, &dims);
    let r = b.emit("stablehlo.dot_general", &[vl, vr], lhs.dtype, &shape, vec![("dot_dimension_numbers", a)]);
    b.value_operand(r, lhs.dtype, shape)
}

/// Gemm: `alpha * A' B' + beta * C`, transposes folded into the
/// contracting dimensions.
pub fn gemm(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let (a, bm) = (cx.input(0)?, cx.input(1)?);
    if a.rank() != 2 || bm.rank() != 2 || a.dtype != bm.dtype {
        return Err(format!("A {:?} and B {:?} must be matrices of one type", a.shape, bm.shape));
    }
    let ta = cx.int("transA", 0)? != 0;
    let tb = cx.int("transB", 0)? != 0;
    let (m, ka) = if ta { (a.shape[1], a.shape[0]) } else { (a.shape[0], a.shape[1]) };
    let (kb, n) = if tb { (bm.shape[1], bm.shape[0]) } else { (bm.shape[0], bm.shape[1]) };
    if ka != kb {
        return Err(format!("inner dimensions differ: A' is [{m}, {ka}], B' is [{kb}, {n}]"));
    }
    let dims = DotDims {
        lhs_contracting: vec![if ta { 0 } else { 1 }],
        rhs_contracting: vec![if tb { 1 } else { 0 }],
        ..Default::default()
    };
    let mut y = dot_general(b, a, bm, dims, vec![m, n]);
    let alpha = cx.float("alpha", 1.0)? as f64;
    let beta = cx.float("beta", 1.0)? as f64;
    if alpha != 1.0 {
        let k = b.splat(y.dtype, &y.shape, alpha);
        y = b.binary("stablehlo.multiply", &k, &y)?;
    }
    if let Some(c) = cx.opt_input(2) {
        if beta != 0.0 {
            let mut c = b.broadcast_to(c, &[m, n])?;
            if beta != 1.0 {
                let k = b.splat(c.dtype, &c.shape, beta);
                c = b.binary("stablehlo.multiply", &k, &c)?;
            }
            y = b.binary("stablehlo.add", &y, &c)?;
        }
    }
    Ok(y)
}

/// MatMul with numpy semantics: vectors promoted and demoted, a matrix
/// right operand contracted directly, otherwise batch dimensions broadcast
/// and mapped to dot_general batching dimensions.
pub fn matmul(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let (a0, b0) = (cx.input(0)?, cx.input(1)?);
    if a0.dtype != b0.dtype || a0.rank() == 0 || b0.rank() == 0 {
        return Err(format!(
            "operands {} {:?} and {} {:?} must be tensors of one type",
            a0.dtype.name(),
            a0.shape,
            b0.dtype.name(),
            b0.shape
        ));
    }
    let a = if a0.rank() == 1 { b.reshape(a0, &[1, a0.shape[0]]) } else { a0.clone() };
    let bm = if b0.rank() == 1 { b.reshape(b0, &[b0.shape[0], 1]) } else { b0.clone() };
    let (ra, rb) = (a.rank(), bm.rank());
    let k = a.shape[ra - 1];
    if bm.shape[rb - 2] != k {
        return Err(format!("inner dimensions differ: {:?} x {:?}", a0.shape, b0.shape));
    }
    let n = bm.shape[rb - 1];
    let mut y = if rb == 2 {
        let mut shape = a.shape[..ra - 1].to_vec();
        shape.push(n);
        let dims = DotDims { lhs_contracting: vec![ra as i64 - 1], rhs_contracting: vec![0], ..Default::default() };
        dot_general(b, &a, &bm, dims, shape)
    } else {
        let batch = broadcast_shapes(&a.shape[..ra - 2], &bm.shape[..rb - 2])?;
        let nb = batch.len();
        let m = a.shape[ra - 2];
        let mut sa = batch.clone();
        sa.extend_from_slice(&[m, k]);
        let mut sb = batch.clone();
        sb.extend_from_slice(&[k, n]);
        let a = b.broadcast_to(&a, &sa)?;
        let bm = b.broadcast_to(&bm, &sb)?;
        let bd: Vec<i64> = (0..nb as i64).collect();
        let dims = DotDims {
            lhs_batch: bd.clone(),
            rhs_batch: bd,
            lhs_contracting: vec![nb as i64 + 1],
            rhs_contracting: vec![nb as i64],
        };
        let mut shape = batch;
        shape.extend_from_slice(&[m, n]);
        dot_general(b, &a, &bm, dims, shape)
    };
    // Drop the dimensions the vector promotion added.
    let mut shape = y.shape.clone();
    if b0.rank() == 1 {
        shape.pop();
    }
    if a0.rank() == 1 {
        let l = shape.len();
        shape.remove(l - if b0.rank() == 1 { 1 } else { 2 });
    }
    if shape != y.shape {
        y = b.reshape(&y, &shape);
    }
    Ok(y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tensor::DType;

    #[test]
    fn conv_transpose_kernel_is_transposed_per_group_and_flipped() {
        // C = 2, M/g = 1, group 2, kernel [3]: w[c][0][s] = 10 c + s.
        let w = Tensor::from_i64(DType::I32, vec![2, 1, 3], &[0, 1, 2, 10, 11, 12]);
        let k = transpose_flip_kernel(&w, 2);
        assert_eq!(k.shape, vec![2, 1, 3]);
        assert_eq!(k.to_i64_vec(), vec![2, 1, 0, 12, 11, 10]);
        // C = 1, M = 2, group 1: [1, 2, 2] -> [2, 1, 2].
        let w = Tensor::from_i64(DType::I32, vec![1, 2, 2], &[1, 2, 3, 4]);
        let k = transpose_flip_kernel(&w, 1);
        assert_eq!(k.shape, vec![2, 1, 2]);
        assert_eq!(k.to_i64_vec(), vec![2, 1, 4, 3]);
    }
}
