//! Compute interface: the CPU reference of every tx8be op (the seed's
//! ComputeInterface), in f64 on dense row-major data, results rounded to
//! the result's element type. Operators the C model's reference already
//! has (`tx8_target::reference`) are computed there; the others
//! (pow, erf-based and parameterised unaries, select, strided slice,
//! gather, pad, pool with four pads, resize) are written here.

use strata_ir::{Body, Context, Op};
use tx8_target::kinds::UnaryOp;

use crate::dialect::kinds::{binary_kind, pool_kind, reduce_kind, unary_kind, BinaryKind, PoolKind, UnaryKind};
use tx8_target::reference;

use super::tensor::{strides, ElementType, TensorData};
use super::ComputeInterface;
use crate::dialect::activation::{activation, apply as apply_activation};
use crate::dialect::ops::OpKind;
use crate::dialect::shape_rules::{perm_of, reduce_axes, shape_of};
use crate::dialect::values::{attr_bool, attr_f64, attr_floats, attr_i64, attr_ints, attr_str, dense_elements_f64};
use crate::window::Window2d;

type Out = Result<Vec<TensorData>, String>;

/// The Compute table of an op kind (`None` for group and yield, which the
/// interpreter runs itself).
pub(crate) fn hooks(kind: OpKind) -> ComputeInterface {
    let compute: fn(&Context, &Body, Op, &[TensorData]) -> Out = match kind {
        OpKind::Conv => conv,
        OpKind::Gemm => gemm,
        OpKind::BatchNormInference => batchnorm,
        OpKind::Softmax => softmax,
        OpKind::LayerNorm => layernorm,
        OpKind::Binary => binary,
        OpKind::Unary => unary,
        OpKind::Select => select,
        OpKind::Reduce => reduce,
        OpKind::Pool => pool,
        OpKind::Transpose => transpose,
        OpKind::Concat => concat,
        OpKind::Slice => slice,
        OpKind::Gather => gather,
        OpKind::Pad => pad,
        OpKind::Resize => resize,
        OpKind::Const => constant,
        // Same values, other type, dims or placement.
        OpKind::Cast
        | OpKind::Reshape
        | OpKind::ChannelNorm
        | OpKind::LoadVar
        | OpKind::LoadConst
        | OpKind::StoreVar => same_values,
        OpKind::Group | OpKind::Yield => no_compute,
    };
    ComputeInterface { compute }
}

/// The result's dims and element type.
fn result_of(ctx: &Context, body: &Body, op: Op) -> Result<(Vec<i64>, ElementType), String> {
    let t = body.value_type(body.result(op, 0));
    let elem = ctx
        .element_type(t)
        .and_then(|e| ElementType::from_type(ctx, e))
        .ok_or("has a result element type the reference cannot represent")?;
    Ok((shape_of(ctx, t), elem))
}

/// Wraps computed values as the op's single result.
fn finish(ctx: &Context, body: &Body, op: Op, values: Vec<f64>) -> Out {
    let (dims, elem) = result_of(ctx, body, op)?;
    let n = values.len();
    TensorData::new(dims.clone(), values, elem)
        .map(|t| vec![t])
        .ok_or_else(|| format!("reference produced {n} values for result shape {dims:?}"))
}

/// `finish` after the Conv / Gemm post-processing activation, applied to
/// the exact value as the NE applies it to its accumulator.
fn finish_activated(ctx: &Context, body: &Body, op: Op, mut values: Vec<f64>) -> Out {
    let act = activation(ctx, body, op)?;
    let int = !result_of(ctx, body, op)?.1.is_float();
    for v in &mut values {
        *v = apply_activation(act, *v, int);
    }
    finish(ctx, body, op, values)
}

fn u64s(d: &[i64]) -> Vec<u64> {
    d.iter().map(|&x| x as u64).collect()
}

fn no_compute(_: &Context, _: &Body, _: Op, _: &[TensorData]) -> Out {
    Err("has no single-op reference (the interpreter runs its region)".into())
}

fn same_values(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    finish(ctx, body, op, inputs[0].values.clone())
}

fn constant(ctx: &Context, body: &Body, op: Op, _: &[TensorData]) -> Out {
    let v = body.op_attr(ctx, op, "value").ok_or("requires attribute 'value'")?;
    let (_, values) = dense_elements_f64(ctx, v).ok_or("value is not an int or float dense elements attribute")?;
    finish(ctx, body, op, values)
}

fn conv(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let (x, w) = (&inputs[0], &inputs[1]);
    let win = Window2d::of_op(ctx, body, op).ok_or("malformed window attributes")?;
    let groups = attr_i64(ctx, body, op, "group").ok_or("requires attribute 'group'")? as usize;
    let d = |i: usize| x.dims[i] as usize;
    let u = |v: i64| v as usize;
    let (out, _, _) = reference::conv2d(
        &x.values,
        [d(0), d(1), d(2), d(3)],
        &w.values,
        [u(w.dims[0]), u(w.dims[1])],
        u(w.dims[3]),
        inputs.get(2).map(|b| &b.values[..]),
        [u(win.strides[0]), u(win.strides[1])],
        [u(win.pads[0]), u(win.pads[1]), u(win.pads[2]), u(win.pads[3])],
        [u(win.dilations[0]), u(win.dilations[1])],
        groups,
    );
    // The psum is added to the accumulator as the NE does: in fp32 for
    // floats (the product is an fp32 value), exactly for integers.
    let float = result_of(ctx, body, op)?.1.is_float();
    let out = match inputs.get(3) {
        Some(p) if float => out.iter().zip(&p.values).map(|(&v, &s)| f64::from(v as f32 + s as f32)).collect(),
        Some(p) => out.iter().zip(&p.values).map(|(v, s)| v + s).collect(),
        None => out,
    };
    finish_activated(ctx, body, op, out)
}

fn gemm(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let (a, b) = (&inputs[0], &inputs[1]);
    let ta = attr_bool(ctx, body, op, "trans_a").unwrap_or(false);
    let tb = attr_bool(ctx, body, op, "trans_b").unwrap_or(false);
    let (ra, rb) = (a.dims.len(), b.dims.len());
    let (m, k) = if ta { (a.dims[ra - 1], a.dims[ra - 2]) } else { (a.dims[ra - 2], a.dims[ra - 1]) };
    let n = if tb { b.dims[rb - 2] } else { b.dims[rb - 1] };
    let batch = if ra == 3 { a.dims[0] } else { 1 };
    let out = reference::matmul(
        &a.values,
        &b.values,
        inputs.get(2).map(|t| &t.values[..]),
        None,
        batch as usize,
        m as usize,
        k as usize,
        n as usize,
        ta,
        tb,
        rb == 2,
    );
    finish_activated(ctx, body, op, out)
}

fn epsilon(ctx: &Context, body: &Body, op: Op) -> Result<f64, String> {
    attr_f64(ctx, body, op, "epsilon").ok_or_else(|| "requires attribute 'epsilon'".into())
}

fn batchnorm(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let c = *inputs[0].dims.last().ok_or("input has rank 0")? as usize;
    let v = |i: usize| &inputs[i].values[..];
    let out = reference::batchnorm(v(0), c, v(1), v(2), v(3), v(4), epsilon(ctx, body, op)?);
    finish(ctx, body, op, out)
}

/// The normalized axis length; rows of zero elements have nothing to normalize.
fn last_dim(t: &TensorData) -> Result<usize, String> {
    match t.dims.last() {
        Some(&d) => Ok((d as usize).max(1)),
        None => Err("input has rank 0".into()),
    }
}

fn softmax(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    finish(ctx, body, op, reference::softmax(&inputs[0].values, last_dim(&inputs[0])?))
}

/// LayerNorm, or RMSNorm with `rms = true`; beta optional.
fn layernorm(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let centre = !crate::dialect::values::attr_bool(ctx, body, op, "rms").unwrap_or(false);
    let beta = inputs.get(2).map(|b| &b.values[..]);
    let out = reference::norm_rows(
        &inputs[0].values,
        last_dim(&inputs[0])?,
        centre,
        &inputs[1].values,
        beta,
        epsilon(ctx, body, op)?,
    );
    finish(ctx, body, op, out)
}

/// For each element of `out` dims, the index into a tensor of `dims`
/// broadcast to it (numpy rules).
pub fn broadcast_index(dims: &[i64], out: &[i64]) -> Vec<usize> {
    let as_u64 = |d: &[i64]| d.iter().map(|&x| x.max(0) as u64).collect::<Vec<_>>();
    tx8_target::reference::broadcast_index(&as_u64(dims), &as_u64(out))
}

fn binary(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let kind = binary_kind(ctx, body, op).ok_or("requires a known attribute 'kind'")?;
    let (a, b) = (&inputs[0], &inputs[1]);
    let (out_dims, _) = result_of(ctx, body, op)?;
    if kind == BinaryKind::Pow {
        let (ia, ib) = (broadcast_index(&a.dims, &out_dims), broadcast_index(&b.dims, &out_dims));
        let out = ia.iter().zip(&ib).map(|(&i, &j)| a.values[i].powf(b.values[j])).collect();
        return finish(ctx, body, op, out);
    }
    let out = reference::binary(
        kind.isa(),
        &a.values,
        &u64s(&a.dims),
        &b.values,
        &u64s(&b.dims),
        &u64s(&out_dims),
        !a.elem.is_float(),
    );
    finish(ctx, body, op, out)
}

/// erf(x) to about 1e-7 relative accuracy (Numerical Recipes' erfc
/// Chebyshev fit), enough for references compared at cosine 0.9999.
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.26551223
        + t * (1.00002368
            + t * (0.37409196
                + t * (0.09678418
                    + t * (-0.18628806
                        + t * (0.27886807
                            + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - erfc
    } else {
        erfc - 1.0
    }
}

fn unary(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let kind = unary_kind(ctx, body, op).ok_or("requires a known attribute 'kind'")?;
    let (alpha_default, beta_default) = kind.default_params();
    let alpha = attr_f64(ctx, body, op, "alpha").unwrap_or(alpha_default);
    let beta = attr_f64(ctx, body, op, "beta").unwrap_or(beta_default);
    let x = &inputs[0].values;
    // The reference's own erf (the library's is a CT approximation).
    if let Some(u) = kind.isa().filter(|&u| u != UnaryOp::Erf) {
        return finish(ctx, body, op, reference::unary(u, x));
    }
    let f: Box<dyn Fn(f64) -> f64> = match kind {
        UnaryKind::Erf => Box::new(erf),
        UnaryKind::GeluErf => Box::new(|v| 0.5 * v * (1.0 + erf(v / std::f64::consts::SQRT_2))),
        UnaryKind::LeakyRelu => Box::new(move |v| if v >= 0.0 { v } else { alpha * v }),
        UnaryKind::HardSigmoid => Box::new(move |v| (alpha * v + beta).clamp(0.0, 1.0)),
        UnaryKind::HardSwish => Box::new(|v| v * (v / 6.0 + 0.5).clamp(0.0, 1.0)),
        UnaryKind::Swish => Box::new(move |v: f64| v / (1.0 + (-alpha * v).exp())),
        UnaryKind::Clip => Box::new(move |v| v.max(alpha).min(beta)),
        UnaryKind::Elu => Box::new(move |v: f64| if v >= 0.0 { v } else { alpha * v.exp_m1() }),
        UnaryKind::Softplus => Box::new(tx8_target::reference::softplus),
        // One CT instruction each, computed above.
        UnaryKind::Relu
        | UnaryKind::Exp
        | UnaryKind::Sigmoid
        | UnaryKind::Tanh
        | UnaryKind::Gelu
        | UnaryKind::Silu
        | UnaryKind::Abs
        | UnaryKind::Rsqrt
        | UnaryKind::Sqrt
        | UnaryKind::Log
        | UnaryKind::Neg
        | UnaryKind::Recip
        | UnaryKind::Floor
        | UnaryKind::Ceil
        | UnaryKind::Sin
        | UnaryKind::Cos => return Err(format!("unary kind \"{}\" is one CT instruction", kind.name())),
    };
    finish(ctx, body, op, x.iter().map(|&v| f(v)).collect())
}

fn select(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let (out_dims, _) = result_of(ctx, body, op)?;
    let idx: Vec<Vec<usize>> = inputs.iter().map(|t| broadcast_index(&t.dims, &out_dims)).collect();
    let out =
        (0..idx[0].len())
            .map(|e| {
                if inputs[0].values[idx[0][e]] != 0.0 {
                    inputs[1].values[idx[1][e]]
                } else {
                    inputs[2].values[idx[2][e]]
                }
            })
            .collect();
    finish(ctx, body, op, out)
}

fn reduce(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let kind = reduce_kind(ctx, body, op).ok_or("'kind' must be one of sum, mean, max, min")?;
    let axes = reduce_axes(ctx, body, op)?;
    let mut dims = u64s(&inputs[0].dims);
    let mut values = inputs[0].values.clone();
    // One axis per call, as the operator library does; from the last axis
    // so earlier axis numbers stay valid (the reduced axis keeps size 1).
    for &a in axes.iter().rev() {
        values = reference::reduce(&values, &dims, a, kind);
        dims[a] = 1;
    }
    finish(ctx, body, op, values)
}

fn pool(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let x = &inputs[0];
    let win = Window2d::of_op(ctx, body, op).ok_or("malformed window attributes")?;
    let max = pool_kind(ctx, body, op).ok_or("'kind' must be one of max, avg")? == PoolKind::Max;
    let include_pad = attr_bool(ctx, body, op, "count_include_pad").unwrap_or(false);
    let (out_dims, _) = result_of(ctx, body, op)?;
    let [n, h, w, c] = [x.dims[0], x.dims[1], x.dims[2], x.dims[3]];
    let (oh, ow) = (out_dims[1], out_dims[2]);
    let mut out = Vec::with_capacity((n * oh * ow * c) as usize);
    for b in 0..n {
        for oy in 0..oh {
            for ox in 0..ow {
                for ch in 0..c {
                    let (mut acc, mut count) = (if max { f64::NEG_INFINITY } else { 0.0 }, 0i64);
                    for ky in 0..win.kernel[0] {
                        for kx in 0..win.kernel[1] {
                            let iy = oy * win.strides[0] + ky - win.pads[0];
                            let ix = ox * win.strides[1] + kx - win.pads[1];
                            // Window positions on the padding (inside the padded extent).
                            let in_padded = iy < h + win.pads[2] && ix < w + win.pads[3];
                            if iy < 0 || ix < 0 || iy >= h || ix >= w {
                                if include_pad && in_padded {
                                    count += 1;
                                }
                                continue;
                            }
                            let v = x.values[(((b * h + iy) * w + ix) * c + ch) as usize];
                            acc = if max { acc.max(v) } else { acc + v };
                            count += 1;
                        }
                    }
                    out.push(if max { acc } else { acc / count.max(1) as f64 });
                }
            }
        }
    }
    finish(ctx, body, op, out)
}

fn transpose(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let perm = perm_of(ctx, body, op)?;
    finish(ctx, body, op, reference::transpose(&inputs[0].values, &u64s(&inputs[0].dims), &perm))
}

fn concat(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let rank = inputs[0].dims.len();
    let axis = crate::dialect::shape_rules::normalize_axis(
        attr_i64(ctx, body, op, "axis").ok_or("requires attribute 'axis'")?,
        rank,
        "axis",
    )?;
    let dims: Vec<Vec<u64>> = inputs.iter().map(|t| u64s(&t.dims)).collect();
    let parts: Vec<(&[f64], &[u64])> = inputs.iter().zip(&dims).map(|(t, d)| (&t.values[..], &d[..])).collect();
    finish(ctx, body, op, reference::concat(&parts, axis))
}

/// Visits every index of `dims` in row-major order.
fn for_each_index(dims: &[i64], mut f: impl FnMut(&[i64])) {
    let n: i64 = dims.iter().product();
    let mut idx = vec![0i64; dims.len()];
    for _ in 0..n {
        f(&idx);
        for d in (0..dims.len()).rev() {
            idx[d] += 1;
            if idx[d] < dims[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

fn slice(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let x = &inputs[0];
    let starts = attr_ints(ctx, body, op, "starts").ok_or("requires attribute 'starts'")?;
    let steps = attr_ints(ctx, body, op, "strides").ok_or("requires attribute 'strides'")?;
    let (out_dims, _) = result_of(ctx, body, op)?;
    let xs = strides(&x.dims);
    let mut out = Vec::with_capacity(out_dims.iter().product::<i64>() as usize);
    for_each_index(&out_dims, |i| {
        let src: i64 = i.iter().enumerate().map(|(d, &k)| (starts[d] + k * steps[d]) * xs[d]).sum();
        out.push(x.values[src as usize]);
    });
    finish(ctx, body, op, out)
}

fn gather(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let (table, indices) = (&inputs[0], &inputs[1]);
    let axis = crate::dialect::shape_rules::normalize_axis(
        attr_i64(ctx, body, op, "axis").ok_or("requires attribute 'axis'")?,
        table.dims.len(),
        "axis",
    )?;
    let outer: i64 = table.dims[..axis].iter().product();
    let len = table.dims[axis];
    let inner: i64 = table.dims[axis + 1..].iter().product();
    let mut out = Vec::with_capacity((outer * indices.values.len() as i64 * inner) as usize);
    for o in 0..outer {
        for &iv in &indices.values {
            // Negative indices count from the end (ONNX Gather).
            let i = if iv < 0.0 { iv as i64 + len } else { iv as i64 };
            if i < 0 || i >= len {
                return Err(format!("index {iv} is out of range for axis {axis} of size {len}"));
            }
            let at = ((o * len + i) * inner) as usize;
            out.extend_from_slice(&table.values[at..at + inner as usize]);
        }
    }
    finish(ctx, body, op, out)
}

fn pad(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let x = &inputs[0];
    let low = attr_ints(ctx, body, op, "pads_low").ok_or("requires attribute 'pads_low'")?;
    let interior = attr_ints(ctx, body, op, "interior").unwrap_or_else(|| vec![0; x.dims.len()]);
    let value = attr_f64(ctx, body, op, "value").ok_or("requires attribute 'value'")?;
    let (out_dims, _) = result_of(ctx, body, op)?;
    let xs = strides(&x.dims);
    let mut out = Vec::with_capacity(out_dims.iter().product::<i64>() as usize);
    // Input element k of dim d sits at low[d] + k * (interior[d] + 1).
    for_each_index(&out_dims, |i| {
        let mut src = 0i64;
        for d in 0..i.len() {
            let step = interior[d] + 1;
            let off = i[d] - low[d];
            if off < 0 || off % step != 0 || off / step >= x.dims[d] {
                out.push(value);
                return;
            }
            src += off / step * xs[d];
        }
        out.push(x.values[src as usize]);
    });
    finish(ctx, body, op, out)
}

/// ONNX Resize's source coordinate of output index `o` along an axis
/// scaled from `input` to `output` by `scale`.
pub fn resize_source(mode: &str, o: i64, scale: f64, input: i64, output: i64) -> f64 {
    let o = o as f64;
    match mode {
        "half_pixel" => (o + 0.5) / scale - 0.5,
        "pytorch_half_pixel" => {
            if output > 1 {
                (o + 0.5) / scale - 0.5
            } else {
                0.0
            }
        }
        "align_corners" => {
            if output > 1 {
                o * (input - 1) as f64 / (output - 1) as f64
            } else {
                0.0
            }
        }
        _ => o / scale,
    }
}

fn nearest(mode: &str, s: f64) -> f64 {
    match mode {
        "floor" => s.floor(),
        "ceil" => s.ceil(),
        "round_prefer_ceil" => (s + 0.5).floor(),
        _ => {
            if s.fract() == 0.5 {
                s.floor()
            } else {
                s.round()
            }
        }
    }
}

fn resize(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Out {
    let x = &inputs[0];
    let mode = attr_str(ctx, body, op, "mode").unwrap_or_default();
    let coord = attr_str(ctx, body, op, "coordinate_mode").unwrap_or_default();
    let nmode = attr_str(ctx, body, op, "nearest_mode").unwrap_or_else(|| "round_prefer_floor".into());
    let scales = attr_floats(ctx, body, op, "scales").ok_or("requires attribute 'scales'")?;
    let (out_dims, _) = result_of(ctx, body, op)?;
    let [n, h, w, c] = [x.dims[0], x.dims[1], x.dims[2], x.dims[3]];
    let at = |b: i64, y: i64, xx: i64, ch: i64| {
        x.values[(((b * h + y.clamp(0, h - 1)) * w + xx.clamp(0, w - 1)) * c + ch) as usize]
    };
    let mut out = Vec::with_capacity(out_dims.iter().product::<i64>() as usize);
    for b in 0..n {
        for oy in 0..out_dims[1] {
            let sy = resize_source(&coord, oy, scales[0], h, out_dims[1]);
            for ox in 0..out_dims[2] {
                let sx = resize_source(&coord, ox, scales[1], w, out_dims[2]);
                for ch in 0..c {
                    out.push(if mode == "nearest" {
                        at(b, nearest(&nmode, sy) as i64, nearest(&nmode, sx) as i64, ch)
                    } else {
                        let (sy, sx) = (sy.clamp(0.0, (h - 1) as f64), sx.clamp(0.0, (w - 1) as f64));
                        let (y0, x0) = (sy.floor() as i64, sx.floor() as i64);
                        let (fy, fx) = (sy - y0 as f64, sx - x0 as f64);
                        let top = at(b, y0, x0, ch) * (1.0 - fx) + at(b, y0, x0 + 1, ch) * fx;
                        let bottom = at(b, y0 + 1, x0, ch) * (1.0 - fx) + at(b, y0 + 1, x0 + 1, ch) * fx;
                        top * (1.0 - fy) + bottom * fy
                    });
                }
            }
        }
    }
    finish(ctx, body, op, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erf_matches_known_values() {
        for (x, want) in
            [(0.0, 0.0), (0.5, 0.5204998778), (1.0, 0.8427007929), (-2.0, -0.9953222650), (3.0, 0.9999779095)]
        {
            assert!((erf(x) - want).abs() < 2e-7, "erf({x}) = {} want {want}", erf(x));
        }
    }

    #[test]
    fn resize_coordinates() {
        assert_eq!(resize_source("asymmetric", 3, 2.0, 4, 8), 1.5);
        assert_eq!(resize_source("half_pixel", 0, 2.0, 4, 8), -0.25);
        assert_eq!(resize_source("align_corners", 7, 2.0, 4, 8), 3.0);
        assert_eq!(nearest("round_prefer_floor", 1.5), 1.0);
        assert_eq!(nearest("round_prefer_ceil", 1.5), 2.0);
    }
}
