//! Data-movement operators: Reshape, Flatten, Squeeze, Unsqueeze (all
//! `stablehlo.reshape`), Transpose, Concat, Split and Slice (`slice`),
//! Gather (`torch_index_select`), Expand (`broadcast_in_dim`), Tile
//! (`broadcast_in_dim` + `reshape`), Pad (`pad`),
//! and the constant producers Constant, ConstantOfShape (a splat: smaller
//! ones fold), Shape and Size (of static shapes). Shape inputs (Reshape's
//! shape, Slice's starts, ...) must be constants, which the import-time
//! folding of exporters' shape chains provides.

use strata_stablehlo::attrs::i64_array_attr;

use crate::eval::{reshape_dims, shape_slice, slice_params};
use crate::import::builder::{broadcast_shapes, norm_axis, FuncBuilder, Operand};
use crate::import::node::NodeCx;
use crate::import::Results;
use crate::model::AttrValue;
use crate::tensor::{num_elements, DType, Tensor};

fn product(d: &[i64]) -> i64 {
    d.iter().product()
}

pub fn flatten(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let r = x.rank();
    let axis = cx.int("axis", 1)?;
    let axis = if axis == r as i64 { r } else { norm_axis(axis, r.max(1))? };
    let shape = [product(&x.shape[..axis]), product(&x.shape[axis..])];
    Ok(b.reshape(x, &shape))
}

/// Reshape with ONNX's `0` (copy the input dimension, unless `allowzero`)
/// and `-1` (inferred).
pub fn reshape(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let spec = cx.const_ints(1, "shape")?.ok_or("input 1 ('shape') is required")?;
    let shape = reshape_dims(&x.shape, &spec, cx.int("allowzero", 0)? != 0)?;
    Ok(b.reshape(x, &shape))
}

pub fn transpose(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let r = x.rank();
    let perm = cx.ints("perm")?.unwrap_or_else(|| (0..r as i64).rev().collect());
    let mut seen = vec![false; r];
    if perm.len() != r
        || perm.iter().any(|&p| p < 0 || p as usize >= r || std::mem::replace(&mut seen[p as usize], true))
    {
        return Err(format!("attribute 'perm' {perm:?} is not a permutation of rank {r}"));
    }
    Ok(b.transpose(x, &perm))
}

pub fn concat(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let inputs: Vec<&Operand> = cx.ins.iter().flatten().collect();
    let first = *inputs.first().ok_or("Concat needs at least one input")?;
    if !cx.has_attr("axis") {
        return Err("attribute 'axis' is required".into());
    }
    let axis = norm_axis(cx.int("axis", 0)?, first.rank())?;
    let mut shape = first.shape.clone();
    shape[axis] = 0;
    for x in &inputs {
        if x.dtype != first.dtype || x.rank() != first.rank() {
            return Err("inputs differ in element type or rank".into());
        }
        for d in 0..x.rank() {
            if d != axis && x.shape[d] != first.shape[d] {
                return Err(format!("inputs differ in dimension {d} ({:?} and {:?})", x.shape, first.shape));
            }
        }
        shape[axis] += x.shape[axis];
    }
    let values: Vec<_> = inputs.iter().map(|x| b.val(x)).collect();
    let ctx = b.ctx;
    let r = b.emit(
        "stablehlo.concatenate",
        &values,
        first.dtype,
        &shape,
        vec![("dimension", ctx.integer_attr(ctx.i64(), axis as i64))],
    );
    Ok(b.value_operand(r, first.dtype, shape))
}

/// Split (opset 13: sizes as input 1; opset 18: or `num_outputs`).
pub fn split(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Results, String> {
    let x = cx.input(0)?;
    let axis = norm_axis(cx.int("axis", 0)?, x.rank())?;
    let dim = x.shape[axis];
    let n_out = cx.node.outputs.len();
    let sizes = match cx.const_ints(1, "split")? {
        Some(s) => s,
        None => {
            let n = if cx.opset >= 18 && cx.has_attr("num_outputs") { cx.int("num_outputs", 0)? } else { n_out as i64 };
            if n <= 0 || n != n_out as i64 {
                return Err(format!("the node has {n_out} outputs, 'num_outputs' says {n}"));
            }
            // Equal parts, the last one smaller when the dimension does not divide.
            let part = (dim + n - 1) / n;
            (0..n).map(|i| part.min(dim - i * part).max(0)).collect()
        }
    };
    if sizes.len() != n_out
        || sizes.iter().any(|&s| s < 0)
        || sizes.iter().map(|&s| s as i128).sum::<i128>() != dim as i128
    {
        return Err(format!("split sizes {sizes:?} do not divide dimension {axis} of size {dim} into {n_out} outputs"));
    }
    let mut results = Vec::with_capacity(n_out);
    let mut offset = 0;
    for s in sizes {
        let mut start = vec![0; x.rank()];
        let mut limit = x.shape.clone();
        start[axis] = offset;
        limit[axis] = offset + s;
        results.push(Some(b.slice(x, &start, &limit, &vec![1; x.rank()])));
        offset += s;
    }
    Ok(results)
}

/// Slice with constant starts/ends/axes/steps: `stablehlo.slice` for
/// positive steps; an axis walked backwards (negative step) is selected
/// with `torch_index_select` and the constant index list
/// `start, start + step, ...` (the contract has no `reverse`).
pub fn slice(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let starts = cx.const_ints(1, "starts")?.ok_or("input 1 ('starts') is required")?;
    let ends = cx.const_ints(2, "ends")?.ok_or("input 2 ('ends') is required")?;
    let axes = cx.const_ints(3, "axes")?;
    let steps = cx.const_ints(4, "steps")?;
    let p = slice_params(&x.shape, &starts, &ends, axes.as_deref(), steps.as_deref())?;
    let backwards = |&(_, step, count): &(i64, i64, i64)| step < 0 && count > 1;
    let mut start = Vec::with_capacity(p.len());
    let mut limit = Vec::with_capacity(p.len());
    let mut strides = Vec::with_capacity(p.len());
    for (d, q) in p.iter().enumerate() {
        let (s, step, count) = *q;
        if backwards(q) {
            // Whole axis here; the index select below picks and orders it.
            start.push(0);
            limit.push(x.shape[d]);
            strides.push(1);
        } else if count == 0 {
            start.push(0);
            limit.push(0);
            strides.push(1);
        } else {
            let st = step.max(1);
            start.push(s);
            limit.push(s + (count - 1) * st + 1);
            strides.push(st);
        }
    }
    let mut y = b.slice(x, &start, &limit, &strides);
    for (d, q) in p.iter().enumerate() {
        if !backwards(q) {
            continue;
        }
        let (s, step, count) = *q;
        let idx: Vec<i64> = (0..count).map(|k| s + k * step).collect();
        let index = Operand::constant(Tensor::from_i64(DType::I64, vec![count], &idx));
        let mut shape = y.shape.clone();
        shape[d] = count;
        let (vy, vi) = (b.val(&y), b.val(&index));
        let ctx = b.ctx;
        let attrs =
            vec![("dim", ctx.integer_attr(ctx.i64(), d as i64)), ("batch_dims", ctx.integer_attr(ctx.i64(), 0))];
        let r = b.emit("stablehlo.torch_index_select", &[vy, vi], y.dtype, &shape, attrs);
        y = b.value_operand(r, y.dtype, shape);
    }
    Ok(y)
}

/// Gather along `axis`: `torch_index_select`; a scalar index selects one
/// slice and drops the axis. Negative indices count from the end: constant
/// ones are normalised here, runtime ones with a `select`.
pub fn gather(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    if x.rank() == 0 {
        return Err("Gather of a scalar".into());
    }
    let axis = norm_axis(cx.int("axis", 0)?, x.rank())?;
    let idx = cx.input(1)?;
    if !matches!(idx.dtype, DType::I32 | DType::I64) {
        return Err(format!("indices are {}, not INT32 or INT64", idx.dtype.name()));
    }
    let dim = x.shape[axis];
    let idx = match &idx.konst {
        Some(t) => {
            let mut v = t.to_i64_vec();
            for k in v.iter_mut() {
                if *k < -dim || *k >= dim {
                    return Err(format!("index {k} is out of range for axis {axis} of size {dim}"));
                }
                if *k < 0 {
                    *k += dim;
                }
            }
            Operand::constant(Tensor::from_i64(t.dtype, t.shape.clone(), &v))
        }
        // Runtime indices may be negative too: `select(i < 0, i + dim, i)`.
        None => {
            let zero = b.splat(idx.dtype, &idx.shape, 0.0);
            let negative = b.compare(idx, &zero, strata_stablehlo::attrs::ComparisonDirection::Lt)?;
            let d = b.splat(idx.dtype, &idx.shape, dim as f64);
            let wrapped = b.binary("stablehlo.add", idx, &d)?;
            b.select(&negative, &wrapped, idx)?
        }
    };
    let scalar = idx.rank() == 0;
    let idx = if scalar { b.reshape(&idx, &[1]) } else { idx };
    let mut shape = x.shape[..axis].to_vec();
    shape.extend_from_slice(&idx.shape);
    shape.extend_from_slice(&x.shape[axis + 1..]);
    let (vx, vi) = (b.val(x), b.val(&idx));
    let ctx = b.ctx;
    let attrs = vec![("dim", ctx.integer_attr(ctx.i64(), axis as i64)), ("batch_dims", ctx.integer_attr(ctx.i64(), 0))];
    let r = b.emit("stablehlo.torch_index_select", &[vx, vi], x.dtype, &shape, attrs);
    let out = b.value_operand(r, x.dtype, shape.clone());
    if scalar {
        shape.remove(axis);
        return Ok(b.reshape(&out, &shape));
    }
    Ok(out)
}

pub fn squeeze(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let axes = cx.axes(13, 1)?;
    let shape: Vec<i64> = match axes {
        Some(axes) => {
            let axes: Vec<usize> = axes.iter().map(|&a| norm_axis(a, x.rank())).collect::<Result<_, _>>()?;
            for &a in &axes {
                if x.shape[a] != 1 {
                    return Err(format!("cannot squeeze axis {a} of size {}", x.shape[a]));
                }
            }
            x.shape.iter().enumerate().filter(|(i, _)| !axes.contains(i)).map(|(_, &d)| d).collect()
        }
        None => x.shape.iter().copied().filter(|&d| d != 1).collect(),
    };
    Ok(b.reshape(x, &shape))
}

pub fn unsqueeze(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let axes = cx.axes(13, 1)?.ok_or("'axes' is required")?;
    let out_rank = x.rank() + axes.len();
    let mut axes: Vec<usize> = axes.iter().map(|&a| norm_axis(a, out_rank)).collect::<Result<_, _>>()?;
    axes.sort_unstable();
    if axes.windows(2).any(|w| w[0] == w[1]) {
        return Err("'axes' has a repeated axis".into());
    }
    let mut shape = Vec::with_capacity(out_rank);
    let mut src = x.shape.iter();
    for i in 0..out_rank {
        if axes.contains(&i) {
            shape.push(1);
        } else {
            shape.push(*src.next().ok_or("inconsistent axes")?);
        }
    }
    Ok(b.reshape(x, &shape))
}

/// Expand: numpy broadcasting of the input with the constant `shape`.
pub fn expand(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let target = cx.const_ints(1, "shape")?.ok_or("input 1 ('shape') is required")?;
    if target.iter().any(|&d| d < 0) {
        return Err(format!("invalid shape {target:?}"));
    }
    let shape = broadcast_shapes(&x.shape, &target)?;
    b.broadcast_to(x, &shape)
}

/// Tile with constant repeats: `broadcast_in_dim` of `[d0, d1, ...]` to
/// `[r0, d0, r1, d1, ...]`, then a reshape to `[r0 * d0, r1 * d1, ...]`.
pub fn tile(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let repeats = cx.const_ints(1, "repeats")?.ok_or("input 1 ('repeats') is required")?;
    if repeats.len() != x.rank() || repeats.iter().any(|&r| !(0..=crate::import::MAX_DIM).contains(&r)) {
        return Err(format!("'repeats' {repeats:?} must have {} entries in 0..={}", x.rank(), crate::import::MAX_DIM));
    }
    if repeats.iter().all(|&r| r == 1) {
        return Ok(x.clone());
    }
    let mut wide = Vec::with_capacity(2 * x.rank());
    for (&r, &d) in repeats.iter().zip(&x.shape) {
        wide.extend_from_slice(&[r, d]);
    }
    let dims: Vec<i64> = (0..x.rank() as i64).map(|i| 2 * i + 1).collect();
    let shape: Vec<i64> = repeats.iter().zip(&x.shape).map(|(&r, &d)| r * d).collect();
    crate::import::check_shape(&shape)?;
    let w = b.broadcast_in_dim(x, &wide, &dims);
    Ok(b.reshape(&w, &shape))
}

/// Pad (constant mode): `stablehlo.pad`; opset 18's `axes` input selects
/// the padded axes.
pub fn pad(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let mode = cx.string("mode", "constant")?;
    if mode != "constant" {
        return Err(cx.unsupported_attr("mode", format!("'{mode}'"), "only 'constant'"));
    }
    let pads = cx.const_ints(1, "pads")?.ok_or("input 1 ('pads') is required")?;
    let r = x.rank();
    let axes: Vec<usize> = match cx.const_ints(3, "axes")? {
        Some(a) => a.iter().map(|&a| norm_axis(a, r)).collect::<Result<_, _>>()?,
        None => (0..r).collect(),
    };
    if pads.len() != 2 * axes.len() {
        return Err(format!("'pads' has {} entries, expected {}", pads.len(), 2 * axes.len()));
    }
    let mut low = vec![0; r];
    let mut high = vec![0; r];
    for (k, &a) in axes.iter().enumerate() {
        low[a] = pads[k];
        high[a] = pads[k + axes.len()];
    }
    let shape: Vec<i64> = (0..r).map(|d| x.shape[d].saturating_add(low[d]).saturating_add(high[d])).collect();
    if shape.iter().any(|&d| !(0..=crate::import::MAX_DIM).contains(&d)) {
        return Err(format!("padding {pads:?} makes a dimension negative or too large"));
    }
    let value = match cx.opt_input(2) {
        Some(v) if v.dtype != x.dtype => {
            return Err(format!("'constant_value' is {}, the input is {}", v.dtype.name(), x.dtype.name()))
        }
        Some(v) if product(&v.shape) == 1 => b.reshape(v, &[]),
        Some(v) => return Err(format!("'constant_value' must be a scalar, it has shape {:?}", v.shape)),
        None => b.scalar(x.dtype, 0.0),
    };
    let (vx, vv) = (b.val(x), b.val(&value));
    let ctx = b.ctx;
    let attrs = vec![
        ("edge_padding_low", i64_array_attr(ctx, &low)),
        ("edge_padding_high", i64_array_attr(ctx, &high)),
        ("interior_padding", i64_array_attr(ctx, &vec![0; r])),
    ];
    let res = b.emit("stablehlo.pad", &[vx, vv], x.dtype, &shape, attrs);
    Ok(b.value_operand(res, x.dtype, shape))
}

/// Constant: `value` (a tensor) or one of the `value_*` scalar/list forms.
pub fn constant(cx: &NodeCx) -> Result<Operand, String> {
    let n = cx.node;
    if n.attrs.len() != 1 {
        return Err("a Constant must have exactly one value attribute".into());
    }
    let (name, v) = &n.attrs[0];
    let t = match (name.as_str(), v) {
        ("value", AttrValue::Tensor(t)) => t.clone(),
        ("value", AttrValue::BadTensor(e)) => return Err(format!("attribute 'value': {e}")),
        ("value_float", AttrValue::Float(f)) => Tensor::from_f64(DType::F32, vec![], &[*f as f64]),
        ("value_floats", AttrValue::Floats(f)) => {
            Tensor::from_f64(DType::F32, vec![f.len() as i64], &f.iter().map(|&x| x as f64).collect::<Vec<_>>())
        }
        ("value_int", AttrValue::Int(i)) => Tensor::from_i64(DType::I64, vec![], &[*i]),
        ("value_ints", AttrValue::Ints(v)) => Tensor::from_i64(DType::I64, vec![v.len() as i64], v),
        (other, _) => {
            return Err(format!("attribute '{other}' is not supported (value, value_float(s), value_int(s))"))
        }
    };
    Ok(Operand::constant(t))
}

/// ConstantOfShape: a splat of `value` (default float 0) over the constant
/// shape input.
pub fn constant_of_shape(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let shape = cx.const_ints(0, "input")?.ok_or("input 0 is required")?;
    if shape.iter().any(|&d| d < 0) {
        return Err(format!("invalid shape {shape:?}"));
    }
    let (dtype, v) = match cx.node.attr("value") {
        None => (DType::F32, 0.0),
        Some(AttrValue::Tensor(t)) if t.num_elements() == 1 => (t.dtype, t.get_f64(0)),
        Some(_) => return Err("attribute 'value' must be a one-element tensor".into()),
    };
    num_elements(&shape).ok_or("the shape overflows")?;
    Ok(b.splat(dtype, &shape, v))
}

/// Dropout in inference: the input itself. Training mode (a constant true
/// `training_mode` input) and the mask output are not supported.
pub fn dropout(cx: &NodeCx) -> Result<Operand, String> {
    if let Some(t) = cx.const_ints(2, "training_mode")? {
        if t.iter().any(|&v| v != 0) {
            return Err("input 2 ('training_mode') is true; only inference is supported".into());
        }
    }
    if cx.node.outputs.get(1).is_some_and(|o| !o.is_empty()) {
        return Err("output 1 (mask) is not supported".into());
    }
    Ok(cx.input(0)?.clone())
}

/// Shape: the input's static shape as an INT64 constant (`start`/`end` from opset 15).
pub fn shape(cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let dims = shape_slice(&x.shape, cx.int("start", 0)?, cx.int("end", i64::MAX)?);
    Ok(Operand::constant(Tensor::from_i64(DType::I64, vec![dims.len() as i64], &dims)))
}

/// Size: the input's static element count as an INT64 scalar.
pub fn size(cx: &NodeCx) -> Result<Operand, String> {
    let n = product(&cx.input(0)?.shape);
    Ok(Operand::constant(Tensor::from_i64(DType::I64, vec![], &[n])))
}
