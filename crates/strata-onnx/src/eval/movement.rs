//! Shape and data-movement kernels: Identity-like (Dropout in inference),
//! Shape, Size, Reshape, Flatten, Squeeze, Unsqueeze, Transpose, Concat,
//! Split, Slice (any steps, ONNX clamping), Expand, Tile, Pad (constant,
//! reflect, edge, wrap), DepthToSpace, SpaceToDepth. Elements move as bytes,
//! so every element type is exact; forms that moved from attributes to
//! inputs are read according to the opset.

use crate::eval::shape::{broadcast_shapes, norm_axes, norm_axis, product, strides, take, Walk};
use crate::eval::{invalid, not_evaluable, Args, EvalError};
use crate::tensor::{DType, Tensor};

/// `t`'s bytes under a new shape (same element count).
fn with_shape(t: &Tensor, shape: Vec<i64>) -> Tensor {
    Tensor { dtype: t.dtype, shape, bytes: t.bytes.clone() }
}

/// Dropout in inference (no `training_mode`, or false, or ratio 0): the
/// input, and an all-true mask.
pub fn dropout(a: &Args) -> Result<Vec<Tensor>, EvalError> {
    let x = a.input(0)?;
    let training = match a.opt(2) {
        Some(t) if t.num_elements() == 1 => t.get_i64(0) != 0,
        Some(t) => return invalid(format!("input 2 ('training_mode') must be a scalar, it has shape {:?}", t.shape)),
        None => false,
    };
    let ratio = match a.opt(1) {
        Some(t) if t.num_elements() == 1 && t.dtype.is_float() => t.get_f64(0),
        Some(_) => return invalid("input 1 ('ratio') must be a floating-point scalar"),
        None => a.float("ratio", 0.5)? as f64,
    };
    if training && ratio != 0.0 {
        return not_evaluable("Dropout in training mode is random; it is not evaluated");
    }
    let mask = Tensor { dtype: DType::Bool, shape: x.shape.clone(), bytes: vec![1; x.num_elements()] };
    Ok(vec![x.clone(), mask])
}

/// The dimensions of `shape` from `start` to `end` (Shape's attributes,
/// negative from the end, clamped to [0, rank]).
pub fn shape_slice(shape: &[i64], start: i64, end: i64) -> Vec<i64> {
    let r = shape.len() as i64;
    let clamp = |v: i64| {
        if v < 0 {
            v.saturating_add(r).max(0)
        } else {
            v.min(r)
        }
    };
    let (s, e) = (clamp(start), clamp(end));
    if e > s {
        shape[s as usize..e as usize].to_vec()
    } else {
        vec![]
    }
}

pub fn shape(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    let dims = shape_slice(&x.shape, a.int("start", 0)?, a.int("end", i64::MAX)?);
    Ok(Tensor::from_i64(DType::I64, vec![dims.len() as i64], &dims))
}

pub fn size(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    Ok(Tensor::from_i64(DType::I64, vec![], &[x.num_elements() as i64]))
}

/// The shape Reshape gives `input` for the `spec` of its shape input:
/// 0 copies the input's dimension (unless `allowzero`), -1 is inferred.
pub fn reshape_dims(input: &[i64], spec: &[i64], allowzero: bool) -> Result<Vec<i64>, String> {
    let mut shape = Vec::with_capacity(spec.len());
    let mut infer = None;
    for (i, &d) in spec.iter().enumerate() {
        match d {
            0 if !allowzero => shape.push(
                *input.get(i).ok_or_else(|| format!("shape entry {i} is 0 but the input has rank {}", input.len()))?,
            ),
            -1 => {
                if infer.replace(i).is_some() {
                    return Err("the shape has more than one -1".into());
                }
                shape.push(1);
            }
            d if d < 0 => return Err(format!("invalid shape entry {d}")),
            d => shape.push(d),
        }
    }
    if allowzero && infer.is_some() && spec.contains(&0) {
        return Err("with 'allowzero' the shape may not hold both 0 and -1".into());
    }
    let total = input.iter().try_fold(1i64, |a, &d| a.checked_mul(d)).ok_or("the input shape overflows")?;
    let known = shape.iter().try_fold(1i64, |a, &d| a.checked_mul(d)).ok_or("the shape overflows")?;
    if let Some(i) = infer {
        if known == 0 || total % known != 0 {
            return Err(format!("cannot reshape {input:?} to {spec:?}"));
        }
        shape[i] = total / known;
    } else if known != total {
        return Err(format!("cannot reshape {input:?} ({total} elements) to {shape:?}"));
    }
    Ok(shape)
}

pub fn reshape(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    let spec = a.ints_input(1, "shape")?.ok_or(EvalError::Invalid("input 1 ('shape') is required".into()))?;
    let shape = reshape_dims(&x.shape, &spec, a.flag("allowzero", false)?)?;
    Ok(with_shape(x, shape))
}

pub fn flatten(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    let r = x.shape.len() as i64;
    let axis = a.int("axis", 1)?;
    if axis < -r || axis > r {
        return invalid(format!("attribute 'axis' = {axis} is out of range for rank {r}"));
    }
    let axis = if axis < 0 { axis + r } else { axis } as usize;
    let shape = vec![product(&x.shape[..axis]) as i64, product(&x.shape[axis..]) as i64];
    Ok(with_shape(x, shape))
}

/// Axes of Squeeze/Unsqueeze: an attribute before opset 13, input 1 since.
fn axes(a: &Args) -> Result<Option<Vec<i64>>, EvalError> {
    if a.opset < 13 {
        a.ints("axes")
    } else {
        a.ints_input(1, "axes")
    }
}

pub fn squeeze(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    let shape = match axes(a)? {
        Some(ax) => {
            let ax = norm_axes(&ax, x.shape.len())?;
            if let Some(&d) = ax.iter().find(|&&d| x.shape[d] != 1) {
                return invalid(format!("cannot squeeze axis {d} of size {}", x.shape[d]));
            }
            x.shape.iter().enumerate().filter(|(i, _)| !ax.contains(i)).map(|(_, &d)| d).collect()
        }
        None => x.shape.iter().copied().filter(|&d| d != 1).collect(),
    };
    Ok(with_shape(x, shape))
}

pub fn unsqueeze(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    let ax = axes(a)?.ok_or(EvalError::Invalid("'axes' is required".into()))?;
    let out_rank = x.shape.len() + ax.len();
    let ax = norm_axes(&ax, out_rank)?;
    let mut src = x.shape.iter();
    let shape = (0..out_rank).map(|i| if ax.contains(&i) { 1 } else { *src.next().unwrap_or(&1) }).collect();
    Ok(with_shape(x, shape))
}

/// `t` viewed with `view` (same element count) and its dimensions permuted.
fn permuted(t: &Tensor, view: &[i64], perm: &[usize]) -> Tensor {
    let st = strides(view);
    let shape: Vec<i64> = perm.iter().map(|&p| view[p]).collect();
    let walk = Walk::new(&shape, perm.iter().map(|&p| st[p] as isize).collect(), 0);
    take(t, shape, walk)
}

pub fn transpose(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    let r = x.shape.len();
    let perm = a.ints("perm")?.unwrap_or_else(|| (0..r as i64).rev().collect());
    let mut seen = vec![false; r];
    if perm.len() != r
        || perm.iter().any(|&p| p < 0 || p as usize >= r || std::mem::replace(&mut seen[p as usize], true))
    {
        return invalid(format!("attribute 'perm' {perm:?} is not a permutation of rank {r}"));
    }
    let perm: Vec<usize> = perm.iter().map(|&p| p as usize).collect();
    Ok(permuted(x, &x.shape, &perm))
}

pub fn concat(a: &Args) -> Result<Tensor, EvalError> {
    let ins: Vec<&Tensor> = (0..a.arity()).filter_map(|i| a.opt(i)).collect();
    let Some(first) = ins.first() else {
        return invalid("Concat needs at least one input");
    };
    if !a.node.has_attr("axis") {
        return invalid("attribute 'axis' is required");
    }
    if first.shape.is_empty() {
        return invalid("Concat of scalars");
    }
    let axis = norm_axis(a.int("axis", 0)?, first.shape.len())?;
    let mut shape = first.shape.clone();
    shape[axis] = 0;
    for t in &ins {
        if t.dtype != first.dtype || t.shape.len() != first.shape.len() {
            return invalid("inputs differ in element type or rank");
        }
        for d in 0..t.shape.len() {
            if d != axis && t.shape[d] != first.shape[d] {
                return invalid(format!("inputs differ in dimension {d} ({:?} and {:?})", t.shape, first.shape));
            }
        }
        shape[axis] = shape[axis].saturating_add(t.shape[axis]);
    }
    a.elements(&shape)?;
    let outer = product(&first.shape[..axis]);
    let size = first.dtype.size();
    let mut bytes = Vec::with_capacity(product(&shape) * size);
    for o in 0..outer {
        for t in &ins {
            let chunk = product(&t.shape[axis..]) * size;
            bytes.extend_from_slice(&t.bytes[o * chunk..(o + 1) * chunk]);
        }
    }
    Ok(Tensor { dtype: first.dtype, shape, bytes })
}

/// Sizes of Split's outputs along a dimension of `dim`.
fn split_sizes(a: &Args, dim: i64, n_out: usize) -> Result<Vec<i64>, EvalError> {
    let given = if a.opset < 13 { a.ints("split")? } else { a.ints_input(1, "split")? };
    if let Some(s) = given {
        if s.len() != n_out || s.iter().any(|&v| v < 0) || s.iter().map(|&v| v as i128).sum::<i128>() != dim as i128 {
            return invalid(format!("split sizes {s:?} do not divide a dimension of {dim} into {n_out} outputs"));
        }
        return Ok(s);
    }
    if a.opset >= 18 && a.node.has_attr("num_outputs") {
        let n = a.int("num_outputs", 0)?;
        if n <= 0 || n != n_out as i64 {
            return invalid(format!("the node has {n_out} outputs, 'num_outputs' says {n}"));
        }
        // Equal parts, the last one smaller when the dimension does not divide.
        let part = (dim + n - 1) / n;
        return Ok((0..n).map(|i| part.min(dim - i * part).max(0)).collect());
    }
    let n = n_out.max(1) as i64;
    if dim % n != 0 {
        return invalid(format!("a dimension of {dim} does not split into {n} equal parts"));
    }
    Ok(vec![dim / n; n_out])
}

pub fn split(a: &Args) -> Result<Vec<Tensor>, EvalError> {
    let x = a.input(0)?;
    if x.shape.is_empty() {
        return invalid("Split of a scalar");
    }
    let axis = norm_axis(a.int("axis", 0)?, x.shape.len())?;
    let n_out = a.node.outputs.len();
    let sizes = split_sizes(a, x.shape[axis], n_out)?;
    let outer = product(&x.shape[..axis]);
    let inner = product(&x.shape[axis + 1..]) * x.dtype.size();
    let row = x.shape[axis] as usize * inner;
    let mut outs = Vec::with_capacity(n_out);
    let mut offset = 0usize;
    for s in sizes {
        let mut shape = x.shape.clone();
        shape[axis] = s;
        let len = s as usize * inner;
        let mut bytes = Vec::with_capacity(outer * len);
        for o in 0..outer {
            bytes.extend_from_slice(&x.bytes[o * row + offset..o * row + offset + len]);
        }
        offset += len;
        outs.push(Tensor { dtype: x.dtype, shape, bytes });
    }
    Ok(outs)
}

/// Per-axis (start, step, count) of an ONNX Slice, clamped as the spec says.
pub fn slice_params(
    shape: &[i64],
    starts: &[i64],
    ends: &[i64],
    axes: Option<&[i64]>,
    steps: Option<&[i64]>,
) -> Result<Vec<(i64, i64, i64)>, String> {
    if starts.len() != ends.len() {
        return Err(format!("'starts' has {} entries, 'ends' {}", starts.len(), ends.len()));
    }
    let rank = shape.len();
    let mut params: Vec<(i64, i64, i64)> = shape.iter().map(|&d| (0, 1, d)).collect();
    let mut seen = vec![false; rank];
    for (k, (&s, &e)) in starts.iter().zip(ends).enumerate() {
        let axis = match axes {
            Some(a) => norm_axis(*a.get(k).ok_or("'axes' is shorter than 'starts'")?, rank)?,
            None => {
                if k >= rank {
                    return Err("more 'starts' than dimensions".into());
                }
                k
            }
        };
        if std::mem::replace(&mut seen[axis], true) {
            return Err(format!("axis {axis} is sliced twice"));
        }
        let step = match steps {
            Some(st) => *st.get(k).ok_or("'steps' is shorter than 'starts'")?,
            None => 1,
        };
        if step == 0 {
            return Err("a step is 0".into());
        }
        let dim = shape[axis];
        let norm = |v: i64| if v < 0 { v.saturating_add(dim) } else { v };
        let (start, end) = if step > 0 {
            (norm(s).clamp(0, dim), norm(e).clamp(0, dim))
        } else {
            (norm(s).clamp(-1, dim - 1), norm(e).clamp(-1, dim - 1))
        };
        // start and end are within [-1, dim]; the step may be any i64.
        let (s128, e128, st128) = (start as i128, end as i128, step as i128);
        let count = if step > 0 {
            if e128 > s128 {
                (e128 - s128 + st128 - 1) / st128
            } else {
                0
            }
        } else if s128 > e128 {
            (s128 - e128 - st128 - 1) / (-st128)
        } else {
            0
        } as i64;
        params[axis] = (start, step, count);
    }
    Ok(params)
}

/// Slice: starts/ends/axes/steps as inputs (attributes before opset 10).
pub fn slice(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    let (starts, ends, axes, steps) = if a.opset < 10 {
        (a.ints("starts")?, a.ints("ends")?, a.ints("axes")?, None)
    } else {
        (a.ints_input(1, "starts")?, a.ints_input(2, "ends")?, a.ints_input(3, "axes")?, a.ints_input(4, "steps")?)
    };
    let (Some(starts), Some(ends)) = (starts, ends) else {
        return invalid("'starts' and 'ends' are required");
    };
    let p = slice_params(&x.shape, &starts, &ends, axes.as_deref(), steps.as_deref())?;
    let shape: Vec<i64> = p.iter().map(|&(_, _, c)| c).collect();
    let n = a.elements(&shape)?;
    if n == 0 {
        return Ok(Tensor { dtype: x.dtype, shape, bytes: vec![] });
    }
    // Every count is positive here, so every start lies inside its axis.
    let st = strides(&x.shape);
    let base: isize = p.iter().zip(&st).map(|(&(s, _, _), &k)| s as isize * k as isize).sum();
    // A dimension of one element never steps (its step may be any i64).
    let walk_strides = p
        .iter()
        .zip(&st)
        .map(|(&(_, step, count), &k)| if count > 1 { step as isize * k as isize } else { 0 })
        .collect();
    Ok(take(x, shape.clone(), Walk::new(&shape, walk_strides, base)))
}

pub fn expand(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    let target = a.ints_input(1, "shape")?.ok_or(EvalError::Invalid("input 1 ('shape') is required".into()))?;
    if let Some(d) = target.iter().find(|&&d| d < 0) {
        return invalid(format!("input 1 ('shape') has a negative dimension {d}"));
    }
    let shape = broadcast_shapes(&x.shape, &target)?;
    a.elements(&shape)?;
    let walk = crate::eval::shape::broadcast_walk(&shape, &x.shape);
    Ok(take(x, shape.clone(), walk))
}

/// Tile: `[d0, d1, ...]` read as `[r0, d0, r1, d1, ...]` with stride 0 on
/// the repeat dimensions.
pub fn tile(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    let reps = a.ints_input(1, "repeats")?.ok_or(EvalError::Invalid("input 1 ('repeats') is required".into()))?;
    if reps.len() != x.shape.len() || reps.iter().any(|&r| r < 0) {
        return invalid(format!("'repeats' {reps:?} must have {} non-negative entries", x.shape.len()));
    }
    let mut shape = Vec::with_capacity(reps.len());
    for (&r, &d) in reps.iter().zip(&x.shape) {
        shape.push(r.checked_mul(d).ok_or(EvalError::TooLarge("Tile overflows".into()))?);
    }
    a.elements(&shape)?;
    let st = strides(&x.shape);
    let mut wide = Vec::with_capacity(2 * reps.len());
    let mut wide_strides = Vec::with_capacity(2 * reps.len());
    for d in 0..reps.len() {
        wide.extend_from_slice(&[reps[d], x.shape[d]]);
        wide_strides.extend_from_slice(&[0, st[d] as isize]);
    }
    Ok(take(x, shape, Walk::new(&wide, wide_strides, 0)))
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum PadMode {
    Constant,
    Reflect,
    Edge,
    Wrap,
}

/// Source index along an axis of `dim` for output index `o` of a pad of
/// `lo` in `mode`; `None` for the constant.
fn pad_source(mode: PadMode, o: i64, lo: i64, dim: i64) -> Option<usize> {
    let s = o.saturating_sub(lo);
    let i = match mode {
        _ if (0..dim).contains(&s) => s,
        PadMode::Constant => return None,
        PadMode::Edge => s.clamp(0, dim - 1),
        PadMode::Wrap => s.rem_euclid(dim),
        PadMode::Reflect if dim == 1 => 0,
        PadMode::Reflect => {
            let period = 2 * (dim - 1);
            let m = s.rem_euclid(period);
            if m >= dim {
                period - m
            } else {
                m
            }
        }
    };
    Some(i as usize)
}

pub fn pad(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    let mode = match a.string("mode", "constant")?.as_str() {
        "constant" => PadMode::Constant,
        "reflect" => PadMode::Reflect,
        "edge" => PadMode::Edge,
        "wrap" if a.opset >= 19 => PadMode::Wrap,
        other => return invalid(format!("attribute 'mode' = '{other}' is not a padding mode of opset {}", a.opset)),
    };
    let r = x.shape.len();
    let (pads, value, axes) = if a.opset < 11 {
        let v = Tensor::from_f64(x.dtype, vec![], &[a.float("value", 0.0)? as f64]);
        (a.ints("pads")?, Some(v), None)
    } else {
        let v = match a.opt(2) {
            Some(t) if t.dtype != x.dtype => {
                return invalid(format!("'constant_value' is {}, the input is {}", t.dtype.name(), x.dtype.name()))
            }
            Some(t) if t.num_elements() != 1 => {
                return invalid(format!("'constant_value' must be a scalar, it has shape {:?}", t.shape))
            }
            t => t.cloned(),
        };
        (a.ints_input(1, "pads")?, v, if a.opset >= 18 { a.ints_input(3, "axes")? } else { None })
    };
    let pads = pads.ok_or(EvalError::Invalid("'pads' is required".into()))?;
    let axes = match axes {
        Some(ax) => norm_axes(&ax, r)?,
        None => (0..r).collect(),
    };
    if pads.len() != 2 * axes.len() {
        return invalid(format!("'pads' has {} entries, expected {}", pads.len(), 2 * axes.len()));
    }
    let (mut lo, mut hi) = (vec![0i64; r], vec![0i64; r]);
    for (k, &ax) in axes.iter().enumerate() {
        lo[ax] = pads[k];
        hi[ax] = pads[k + axes.len()];
    }
    let mut shape = Vec::with_capacity(r);
    for d in 0..r {
        let n = x.shape[d].saturating_add(lo[d]).saturating_add(hi[d]);
        if n < 0 {
            return invalid(format!("padding {pads:?} makes dimension {d} negative"));
        }
        if mode != PadMode::Constant && x.shape[d] == 0 && n > 0 {
            return invalid(format!("{mode:?} padding of an empty dimension {d}"));
        }
        shape.push(n);
    }
    a.elements(&shape)?;
    // Per axis, the source index of every output index.
    let maps: Vec<Vec<Option<usize>>> =
        (0..r).map(|d| (0..shape[d]).map(|o| pad_source(mode, o, lo[d], x.shape[d])).collect()).collect();
    let size = x.dtype.size();
    let fill = value.map_or(vec![0u8; size], |t| t.bytes);
    let st = strides(&x.shape);
    let mut bytes = Vec::with_capacity(product(&shape) * size);
    let mut coord = vec![0usize; r];
    for _ in 0..product(&shape) {
        let mut src = Some(0usize);
        for d in 0..r {
            src = match (src, maps[d][coord[d]]) {
                (Some(s), Some(i)) => Some(s + i * st[d]),
                _ => None,
            };
        }
        match src {
            Some(s) => bytes.extend_from_slice(&x.bytes[s * size..(s + 1) * size]),
            None => bytes.extend_from_slice(&fill),
        }
        for d in (0..r).rev() {
            coord[d] += 1;
            if (coord[d] as i64) < shape[d] {
                break;
            }
            coord[d] = 0;
        }
    }
    Ok(Tensor { dtype: x.dtype, shape, bytes })
}

/// `[N, C, H, W]` input and the block size of DepthToSpace/SpaceToDepth.
fn blocks<'a>(a: &Args<'a>) -> Result<(&'a Tensor, i64), EvalError> {
    let x = a.input(0)?;
    if x.shape.len() != 4 {
        return invalid(format!("the input must have rank 4, it has shape {:?}", x.shape));
    }
    let b = a.int("blocksize", 0)?;
    if b <= 0 {
        return invalid(format!("attribute 'blocksize' = {b} must be positive"));
    }
    Ok((x, b))
}

pub fn depth_to_space(a: &Args) -> Result<Tensor, EvalError> {
    let (x, b) = blocks(a)?;
    let [n, c, h, w] = [x.shape[0], x.shape[1], x.shape[2], x.shape[3]];
    let too_large = || EvalError::TooLarge(format!("blocks of {b} overflow"));
    let bb = b.checked_mul(b).ok_or_else(too_large)?;
    if c % bb != 0 {
        return invalid(format!("{c} channels do not divide into blocks of {b}x{b}"));
    }
    let cb = c / bb;
    let (view, perm) = match a.string("mode", "DCR")?.as_str() {
        "DCR" => (vec![n, b, b, cb, h, w], [0, 3, 4, 1, 5, 2]),
        "CRD" => (vec![n, cb, b, b, h, w], [0, 1, 4, 2, 5, 3]),
        other => return invalid(format!("attribute 'mode' = '{other}' must be 'DCR' or 'CRD'")),
    };
    let shape = vec![n, cb, h.checked_mul(b).ok_or_else(too_large)?, w.checked_mul(b).ok_or_else(too_large)?];
    let t = permuted(x, &view, &perm);
    Ok(with_shape(&t, shape))
}

pub fn space_to_depth(a: &Args) -> Result<Tensor, EvalError> {
    let (x, b) = blocks(a)?;
    let [n, c, h, w] = [x.shape[0], x.shape[1], x.shape[2], x.shape[3]];
    if h % b != 0 || w % b != 0 {
        return invalid(format!("spatial dimensions {h}x{w} do not divide into blocks of {b}"));
    }
    let perm = match a.string("mode", "DCR")?.as_str() {
        "DCR" => [0, 3, 5, 1, 2, 4],
        "CRD" => [0, 1, 3, 5, 2, 4],
        other => return invalid(format!("attribute 'mode' = '{other}' must be 'DCR' or 'CRD'")),
    };
    let depth = b.checked_mul(b).and_then(|bb| bb.checked_mul(c));
    let depth = depth.ok_or_else(|| EvalError::TooLarge(format!("blocks of {b} overflow")))?;
    let t = permuted(x, &[n, c, h / b, b, w / b, b], &perm);
    Ok(with_shape(&t, vec![n, depth, h / b, w / b]))
}

#[cfg(test)]
#[path = "movement_tests.rs"]
mod tests;
