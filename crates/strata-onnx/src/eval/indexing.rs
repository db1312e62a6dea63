//! Indexing kernels: Gather, GatherElements, GatherND, ScatterND,
//! ScatterElements (with their reductions), NonZero, OneHot and Trilu.
//! Indices may be negative (counted from the end); one outside its axis
//! is an error naming it. Gathered and scattered elements move as bytes;
//! scatter reductions compute in f64 (floats) or i64 (integers).

use crate::eval::shape::{norm_axis, product, strides, Walk};
use crate::eval::{invalid, not_evaluable, Args, EvalError};
use crate::tensor::{DType, Tensor};

/// Integer indices of input `i` (INT32 or INT64).
fn indices<'a>(a: &Args<'a>, i: usize) -> Result<&'a Tensor, EvalError> {
    let t = a.input(i)?;
    if !matches!(t.dtype, DType::I32 | DType::I64) {
        return invalid(format!("input {i} ('indices') is {}, not INT32 or INT64", t.dtype.name()));
    }
    Ok(t)
}

/// Index `k` into an axis of `dim`, negative from the end.
fn wrap(k: i64, dim: i64, axis: usize) -> Result<usize, EvalError> {
    let j = if k < 0 { k.saturating_add(dim) } else { k };
    if !(0..dim).contains(&j) {
        return invalid(format!("index {k} is out of range for axis {axis} of size {dim}"));
    }
    Ok(j as usize)
}

pub fn gather(a: &Args) -> Result<Tensor, EvalError> {
    let (data, idx) = (a.input(0)?, indices(a, 1)?);
    if data.shape.is_empty() {
        return invalid("Gather of a scalar");
    }
    let axis = norm_axis(a.int("axis", 0)?, data.shape.len())?;
    let mut shape = data.shape[..axis].to_vec();
    shape.extend_from_slice(&idx.shape);
    shape.extend_from_slice(&data.shape[axis + 1..]);
    a.elements(&shape)?;
    let dim = data.shape[axis];
    let ks = idx.to_i64_vec().into_iter().map(|k| wrap(k, dim, axis)).collect::<Result<Vec<_>, _>>()?;
    let outer = product(&data.shape[..axis]);
    let inner = product(&data.shape[axis + 1..]) * data.dtype.size();
    let mut bytes = Vec::with_capacity(product(&shape) * data.dtype.size());
    for o in 0..outer {
        for &k in &ks {
            let at = (o * dim as usize + k) * inner;
            bytes.extend_from_slice(&data.bytes[at..at + inner]);
        }
    }
    Ok(Tensor { dtype: data.dtype, shape, bytes })
}

/// For each element of an `index_shape` tensor (same rank as `data_shape`,
/// no larger outside `axis`), its position in data with the coordinate on
/// `axis` left out.
fn element_bases(data_shape: &[i64], index_shape: &[i64], axis: usize) -> Result<Walk, EvalError> {
    if data_shape.len() != index_shape.len() {
        return invalid(format!("data {data_shape:?} and indices {index_shape:?} differ in rank"));
    }
    for d in 0..data_shape.len() {
        if d != axis && index_shape[d] > data_shape[d] {
            return invalid(format!("indices {index_shape:?} are larger than data {data_shape:?} in dimension {d}"));
        }
    }
    let mut st: Vec<isize> = strides(data_shape).into_iter().map(|s| s as isize).collect();
    st[axis] = 0;
    Ok(Walk::new(index_shape, st, 0))
}

pub fn gather_elements(a: &Args) -> Result<Tensor, EvalError> {
    let (data, idx) = (a.input(0)?, indices(a, 1)?);
    if data.shape.is_empty() {
        return invalid("GatherElements of a scalar");
    }
    let axis = norm_axis(a.int("axis", 0)?, data.shape.len())?;
    let bases = element_bases(&data.shape, &idx.shape, axis)?;
    a.elements(&idx.shape)?;
    let (dim, step) = (data.shape[axis], strides(&data.shape)[axis]);
    let size = data.dtype.size();
    let mut bytes = Vec::with_capacity(idx.num_elements() * size);
    for (base, k) in bases.zip(idx.to_i64_vec()) {
        let at = (base + wrap(k, dim, axis)? * step) * size;
        bytes.extend_from_slice(&data.bytes[at..at + size]);
    }
    Ok(Tensor { dtype: data.dtype, shape: idx.shape.clone(), bytes })
}

/// The element offsets in `data` of the index tuples of GatherND /
/// ScatterND (indices `[..., k]`, the first `b` dimensions batch), and the
/// element count of each addressed slice.
fn tuple_offsets(data: &Tensor, idx: &Tensor, b: usize) -> Result<(Vec<usize>, usize), EvalError> {
    let (r, q) = (data.shape.len(), idx.shape.len());
    if r == 0 || q == 0 || b >= r.min(q) {
        return invalid(format!("data {:?} and indices {:?} do not allow batch_dims {b}", data.shape, idx.shape));
    }
    let k = idx.shape[q - 1] as usize;
    if k < 1 || k > r - b {
        return invalid(format!("the index tuples have {k} entries, data {:?} allows 1 to {}", data.shape, r - b));
    }
    if idx.shape[..b] != data.shape[..b] {
        return invalid(format!("the batch dimensions of indices {:?} and data {:?} differ", idx.shape, data.shape));
    }
    let st = strides(&data.shape);
    let tuples = product(&idx.shape[..q - 1]);
    let per_batch = product(&idx.shape[b..q - 1]).max(1);
    let batch_size = product(&data.shape[b..]);
    let v = idx.to_i64_vec();
    let mut offsets = Vec::with_capacity(tuples);
    for t in 0..tuples {
        let mut off = (t / per_batch) * batch_size;
        for j in 0..k {
            off += wrap(v[t * k + j], data.shape[b + j], b + j)? * st[b + j];
        }
        offsets.push(off);
    }
    Ok((offsets, product(&data.shape[b + k..])))
}

pub fn gather_nd(a: &Args) -> Result<Tensor, EvalError> {
    let (data, idx) = (a.input(0)?, indices(a, 1)?);
    let b = a.int("batch_dims", 0)?;
    let b = usize::try_from(b).map_err(|_| EvalError::Invalid(format!("attribute 'batch_dims' = {b} is negative")))?;
    let (offsets, slice) = tuple_offsets(data, idx, b)?;
    let q = idx.shape.len();
    let k = idx.shape[q - 1] as usize;
    let mut shape = idx.shape[..q - 1].to_vec();
    shape.extend_from_slice(&data.shape[b + k..]);
    a.elements(&shape)?;
    let size = data.dtype.size();
    let mut bytes = Vec::with_capacity(offsets.len() * slice * size);
    for off in offsets {
        bytes.extend_from_slice(&data.bytes[off * size..(off + slice) * size]);
    }
    Ok(Tensor { dtype: data.dtype, shape, bytes })
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Reduction {
    None,
    Add,
    Mul,
    Max,
    Min,
}

fn reduction(a: &Args) -> Result<Reduction, EvalError> {
    Ok(match a.string("reduction", "none")?.as_str() {
        "none" => Reduction::None,
        "add" => Reduction::Add,
        "mul" => Reduction::Mul,
        "max" if a.opset >= 18 => Reduction::Max,
        "min" if a.opset >= 18 => Reduction::Min,
        other => return invalid(format!("attribute 'reduction' = '{other}' is not a reduction of opset {}", a.opset)),
    })
}

/// Writes `updates[j]` into `out[targets[j]]`, combined by `red`.
fn scatter(data: &Tensor, updates: &Tensor, targets: &[usize], red: Reduction) -> Result<Tensor, EvalError> {
    if updates.dtype != data.dtype {
        return invalid(format!("updates are {}, data is {}", updates.dtype.name(), data.dtype.name()));
    }
    let mut out = data.clone();
    let size = data.dtype.size();
    if red == Reduction::None {
        for (j, &t) in targets.iter().enumerate() {
            out.bytes[t * size..(t + 1) * size].copy_from_slice(&updates.bytes[j * size..(j + 1) * size]);
        }
        return Ok(out);
    }
    if data.dtype == DType::Bool {
        return not_evaluable("scatter reductions of BOOL are not evaluated");
    }
    if data.dtype.is_float() {
        let (mut v, u) = (data.to_f64_vec(), updates.to_f64_vec());
        for (j, &t) in targets.iter().enumerate() {
            v[t] = match red {
                Reduction::Add => v[t] + u[j],
                Reduction::Mul => v[t] * u[j],
                Reduction::Max => v[t].max(u[j]),
                Reduction::Min => v[t].min(u[j]),
                Reduction::None => u[j],
            };
        }
        return Ok(Tensor::from_f64(data.dtype, data.shape.clone(), &v));
    }
    let (mut v, u) = (data.to_i64_vec(), updates.to_i64_vec());
    for (j, &t) in targets.iter().enumerate() {
        v[t] = match red {
            Reduction::Add => v[t].wrapping_add(u[j]),
            Reduction::Mul => v[t].wrapping_mul(u[j]),
            Reduction::Max => v[t].max(u[j]),
            Reduction::Min => v[t].min(u[j]),
            Reduction::None => u[j],
        };
    }
    Ok(Tensor::from_i64(data.dtype, data.shape.clone(), &v))
}

pub fn scatter_nd(a: &Args) -> Result<Tensor, EvalError> {
    let (data, idx, updates) = (a.input(0)?, indices(a, 1)?, a.input(2)?);
    let red = reduction(a)?;
    let (offsets, slice) = tuple_offsets(data, idx, 0)?;
    let q = idx.shape.len();
    let k = idx.shape[q - 1] as usize;
    let mut want = idx.shape[..q - 1].to_vec();
    want.extend_from_slice(&data.shape[k..]);
    if updates.shape != want {
        return invalid(format!(
            "updates have shape {:?}, indices {:?} and data {:?} need {want:?}",
            updates.shape, idx.shape, data.shape
        ));
    }
    let targets: Vec<usize> = offsets.iter().flat_map(|&o| o..o + slice).collect();
    scatter(data, updates, &targets, red)
}

pub fn scatter_elements(a: &Args) -> Result<Tensor, EvalError> {
    let (data, idx, updates) = (a.input(0)?, indices(a, 1)?, a.input(2)?);
    if data.shape.is_empty() {
        return invalid("ScatterElements of a scalar");
    }
    let red = reduction(a)?;
    let axis = norm_axis(a.int("axis", 0)?, data.shape.len())?;
    if updates.shape != idx.shape {
        return invalid(format!("updates {:?} and indices {:?} differ in shape", updates.shape, idx.shape));
    }
    let bases = element_bases(&data.shape, &idx.shape, axis)?;
    let (dim, step) = (data.shape[axis], strides(&data.shape)[axis]);
    let targets = bases
        .zip(idx.to_i64_vec())
        .map(|(base, k)| Ok(base + wrap(k, dim, axis)? * step))
        .collect::<Result<Vec<_>, EvalError>>()?;
    scatter(data, updates, &targets, red)
}

pub fn non_zero(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    // A scalar is read as a one-element vector.
    let shape = if x.shape.is_empty() { vec![1] } else { x.shape.clone() };
    let nonzero: Vec<usize> = (0..x.num_elements())
        .filter(|&i| if x.dtype.is_float() { x.get_f64(i) != 0.0 } else { x.get_i64(i) != 0 })
        .collect();
    let r = shape.len();
    let n = nonzero.len();
    a.elements(&[r as i64, n as i64])?;
    let st = strides(&shape);
    let mut v = vec![0i64; r * n];
    for (j, &i) in nonzero.iter().enumerate() {
        for d in 0..r {
            v[d * n + j] = ((i / st[d]) % shape[d] as usize) as i64;
        }
    }
    Ok(Tensor::from_i64(DType::I64, vec![r as i64, n as i64], &v))
}

pub fn one_hot(a: &Args) -> Result<Tensor, EvalError> {
    let (idx, depth, values) = (a.input(0)?, a.input(1)?, a.input(2)?);
    if depth.num_elements() != 1 || values.num_elements() != 2 {
        return invalid("'depth' must be a scalar and 'values' hold [off_value, on_value]");
    }
    let depth = if depth.dtype.is_float() { depth.get_f64(0) as i64 } else { depth.get_i64(0) };
    if depth <= 0 {
        return invalid(format!("'depth' = {depth} must be positive"));
    }
    let r = idx.shape.len();
    let axis = a.int("axis", -1)?;
    if axis < -(r as i64) - 1 || axis > r as i64 {
        return invalid(format!("attribute 'axis' = {axis} is out of range for an output of rank {}", r + 1));
    }
    let axis = if axis < 0 { axis + r as i64 + 1 } else { axis } as usize;
    let mut shape = idx.shape.clone();
    shape.insert(axis, depth);
    a.elements(&shape)?;
    let ks: Vec<i64> =
        if idx.dtype.is_float() { idx.to_f64_vec().iter().map(|&v| v as i64).collect() } else { idx.to_i64_vec() };
    let size = values.dtype.size();
    let (off, on) = (&values.bytes[..size], &values.bytes[size..2 * size]);
    let outer = product(&idx.shape[..axis]);
    let inner = product(&idx.shape[axis..]);
    let mut bytes = Vec::with_capacity(product(&shape) * size);
    for o in 0..outer {
        for c in 0..depth {
            for i in 0..inner {
                let k = ks[o * inner + i];
                let k = if k < 0 { k + depth } else { k };
                bytes.extend_from_slice(if k == c { on } else { off });
            }
        }
    }
    Ok(Tensor { dtype: values.dtype, shape, bytes })
}

/// Trilu: keeps `j - i >= k` (upper) or `j - i <= k` (lower) of the last
/// two dimensions, zeros elsewhere.
pub fn trilu(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    let r = x.shape.len();
    if r < 2 {
        return invalid(format!("the input must have rank 2 or more, it has shape {:?}", x.shape));
    }
    let k = a.int_scalar_input(1, "k")?.unwrap_or(0);
    let upper = a.flag("upper", true)?;
    let (rows, cols) = (x.shape[r - 2] as usize, x.shape[r - 1] as usize);
    let size = x.dtype.size();
    let mut out = x.clone();
    for (e, chunk) in out.bytes.chunks_mut(size).enumerate() {
        let (i, j) = ((e / cols.max(1)) % rows.max(1), e % cols.max(1));
        let diff = j as i64 - i as i64;
        let keep = if upper { diff >= k } else { diff <= k };
        if !keep {
            chunk.fill(0);
        }
    }
    Ok(out)
}

#[cfg(test)]
#[path = "indexing_tests.rs"]
mod tests;
