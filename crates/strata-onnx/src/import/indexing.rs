//! The element- and slice-indexed operators of real exports on run-time
//! data: GatherElements, GatherND, ScatterND, ScatterElements.
//!
//! All of them become one row gather (`stablehlo.torch_index_select` on a
//! 2-D view of the data, which the card runs as `op_gather`): the data is
//! seen as rows (single elements for the *Elements forms, the trailing
//! slices for the *ND forms), each output row takes the row whose flat
//! index the indices give. With constant indices (exporters' masks and
//! index_put of position tables) the flat indices are computed here; with
//! run-time indices, the gathers compute them with integer element-wise
//! ops (a constant base for the dims the indices do not choose, plus each
//! index times its row stride). A scatter is the same gather over the data
//! rows followed by the update rows: row `r` of the result takes the data
//! row `r` unless an update targets it, then that update (the last one of
//! equal targets: ONNX leaves duplicates undefined). Scatters need constant
//! indices; a reduction other than `none` is refused by name.

use crate::import::builder::{FuncBuilder, Operand};
use crate::import::node::NodeCx;
use crate::tensor::{DType, Tensor};
use strata_stablehlo::attrs::ComparisonDirection;

fn strides(shape: &[i64]) -> Vec<i64> {
    let mut s = vec![1i64; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1] * shape[d + 1];
    }
    s
}

fn product(shape: &[i64]) -> i64 {
    shape.iter().product()
}

/// The multi-index of flat position `i` in `shape`.
fn unflatten(mut i: i64, shape: &[i64]) -> Vec<i64> {
    let mut idx = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        let n = shape[d].max(1);
        idx[d] = i % n;
        i /= n;
    }
    idx
}

fn index_input<'a>(cx: &'a NodeCx, i: usize) -> Result<&'a Operand, String> {
    let t = cx.input(i)?;
    if !matches!(t.dtype, DType::I32 | DType::I64) {
        return Err(format!("indices are {}, not INT32 or INT64", t.dtype.name()));
    }
    Ok(t)
}

/// `k` normalised against a dim of size `n` (negative counts from the end).
fn normalise(k: i64, n: i64, what: &str) -> Result<i64, String> {
    if k < -n || k >= n {
        return Err(format!("{what} index {k} is out of range for a dimension of size {n}"));
    }
    Ok(if k < 0 { k + n } else { k })
}

/// Gathers the rows `flat` (constant i64 values, or a run-time 1-D integer
/// operand) of `data` seen as [rows, row], shaped as `out`.
fn gather_rows(b: &mut FuncBuilder, data: &Operand, row: i64, flat: FlatIndex, out: &[i64]) -> Operand {
    let table = b.reshape(data, &[product(&data.shape) / row.max(1), row]);
    let idx = match flat {
        FlatIndex::Const(v) => Operand::constant(Tensor::from_i64(DType::I64, vec![v.len() as i64], &v)),
        FlatIndex::Runtime(o) => {
            let n = product(&o.shape);
            b.reshape(&o, &[n])
        }
    };
    let rows = b.take_rows(&table, &idx);
    b.reshape(&rows, out)
}

enum FlatIndex {
    Const(Vec<i64>),
    Runtime(Operand),
}

/// `idx` normalised at run time: `select(idx < 0, idx + n, idx)`.
fn wrap_negative(b: &mut FuncBuilder, idx: &Operand, n: i64) -> Result<Operand, String> {
    let zero = b.splat(idx.dtype, &idx.shape, 0.0);
    let negative = b.compare(idx, &zero, ComparisonDirection::Lt)?;
    let d = b.splat(idx.dtype, &idx.shape, n as f64);
    let wrapped = b.binary("stablehlo.add", idx, &d)?;
    b.select(&negative, &wrapped, idx)
}

/// `base + idx * stride` at run time (`base`: constant values of idx's shape).
fn runtime_flat(b: &mut FuncBuilder, base: &[i64], idx: &Operand, stride: i64) -> Result<Operand, String> {
    let s = b.splat(idx.dtype, &idx.shape, stride as f64);
    let scaled = b.binary("stablehlo.multiply", idx, &s)?;
    let base = Operand::constant(Tensor::from_i64(idx.dtype, idx.shape.clone(), base));
    b.binary("stablehlo.add", &scaled, &base)
}

/// GatherElements(data, indices, axis): out[p] = data[p with p[axis] = indices[p]].
pub fn gather_elements(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let data = cx.input(0)?;
    let idx = index_input(cx, 1)?;
    let r = data.rank();
    if idx.rank() != r || r == 0 {
        return Err(format!("indices have rank {}, the data rank {r} (they must be equal and non-zero)", idx.rank()));
    }
    let axis = crate::import::builder::norm_axis(cx.int("axis", 0)?, r)?;
    for d in 0..r {
        if d != axis && idx.shape[d] > data.shape[d] {
            return Err(format!(
                "indices shape {:?} exceeds the data shape {:?} on dimension {d}",
                idx.shape, data.shape
            ));
        }
    }
    let st = strides(&data.shape);
    let n = product(&idx.shape);
    let (dim, stride) = (data.shape[axis], st[axis]);
    let base: Vec<i64> = (0..n)
        .map(|i| {
            let p = unflatten(i, &idx.shape);
            (0..r).filter(|&d| d != axis).map(|d| p[d] * st[d]).sum()
        })
        .collect();
    let flat = match &idx.konst {
        Some(t) => {
            let v = t.to_i64_vec();
            let mut f = Vec::with_capacity(v.len());
            for (i, &k) in v.iter().enumerate() {
                f.push(base[i] + normalise(k, dim, "an")? * stride);
            }
            FlatIndex::Const(f)
        }
        None => {
            let w = wrap_negative(b, idx, dim)?;
            FlatIndex::Runtime(runtime_flat(b, &base, &w, stride)?)
        }
    };
    Ok(gather_rows(b, data, 1, flat, &idx.shape))
}

/// GatherND(data, indices, batch_dims): each index tuple (the last dim of
/// `indices`) picks a slice of the data's remaining dims.
pub fn gather_nd(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let data = cx.input(0)?;
    let idx = index_input(cx, 1)?;
    let nb = cx.int("batch_dims", 0)?;
    let (r, q) = (data.rank(), idx.rank());
    if q == 0 || nb < 0 || nb as usize >= q.min(r.max(1)) {
        return Err(format!("batch_dims {nb} is out of range for indices of rank {q} and data of rank {r}"));
    }
    let nb = nb as usize;
    let k = idx.shape[q - 1];
    if k < 1 || nb + k as usize > r {
        return Err(format!("index tuples of length {k} with batch_dims {nb} do not fit data of rank {r}"));
    }
    let k = k as usize;
    if idx.shape[..nb] != data.shape[..nb] {
        return Err(format!("the batch dims of indices {:?} and data {:?} differ", idx.shape, data.shape));
    }
    let lead = &data.shape[..nb + k];
    let row = product(&data.shape[nb + k..]);
    let st = strides(lead);
    let tuples_shape = &idx.shape[..q - 1];
    let tuples = product(tuples_shape);
    let base: Vec<i64> = (0..tuples)
        .map(|t| {
            let p = unflatten(t, tuples_shape);
            (0..nb).map(|d| p[d] * st[d]).sum()
        })
        .collect();
    let mut out = tuples_shape.to_vec();
    out.extend_from_slice(&data.shape[nb + k..]);
    let flat = match &idx.konst {
        Some(t) => {
            let v = t.to_i64_vec();
            let mut f = base.clone();
            for (tuple, fv) in f.iter_mut().enumerate() {
                for j in 0..k {
                    *fv += normalise(v[tuple * k + j], lead[nb + j], "a")? * st[nb + j];
                }
            }
            FlatIndex::Const(f)
        }
        None => {
            let mut acc = Operand::constant(Tensor::from_i64(idx.dtype, tuples_shape.to_vec(), &base));
            for j in 0..k {
                let mut start = vec![0; q];
                let mut limit = idx.shape.clone();
                start[q - 1] = j as i64;
                limit[q - 1] = j as i64 + 1;
                let col = b.slice(idx, &start, &limit, &vec![1; q]);
                let col = b.reshape(&col, tuples_shape);
                let col = wrap_negative(b, &col, lead[nb + j])?;
                let s = b.splat(idx.dtype, tuples_shape, st[nb + j] as f64);
                let term = b.binary("stablehlo.multiply", &col, &s)?;
                acc = b.binary("stablehlo.add", &acc, &term)?;
            }
            FlatIndex::Runtime(acc)
        }
    };
    Ok(gather_rows(b, data, row, flat, &out))
}

fn constant_indices<'a>(cx: &'a NodeCx, op: &str) -> Result<(&'a Operand, Vec<i64>), String> {
    let idx = index_input(cx, 1)?;
    let Some(t) = &idx.konst else {
        return Err(format!("{op} with indices computed at run time is not supported on the card (only constant indices, which become one row gather)"));
    };
    let reduction = cx.string("reduction", "none")?;
    if reduction != "none" {
        return Err(cx.unsupported_attr("reduction", format!("\"{reduction}\""), "only \"none\""));
    }
    Ok((idx, t.to_i64_vec()))
}

/// The scatter as a gather: data rows then update rows, `targets[u]` the
/// data row update `u` replaces.
fn scatter_rows(
    b: &mut FuncBuilder,
    data: &Operand,
    updates: &Operand,
    row: i64,
    targets: &[i64],
) -> Result<Operand, String> {
    if updates.dtype != data.dtype {
        return Err(format!("updates are {}, the data {}", updates.dtype.name(), data.dtype.name()));
    }
    let rows = product(&data.shape) / row.max(1);
    let mut table: Vec<i64> = (0..rows).collect();
    for (u, &t) in targets.iter().enumerate() {
        table[t as usize] = rows + u as i64;
    }
    let data_rows = b.reshape(data, &[rows, row]);
    let update_rows = b.reshape(updates, &[targets.len() as i64, row]);
    let both = b.concat(&[data_rows, update_rows], 0);
    Ok(gather_rows(b, &both, row, FlatIndex::Const(table), &data.shape))
}

/// ScatterND(data, indices, updates) with constant indices.
pub fn scatter_nd(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let data = cx.input(0)?;
    let updates = cx.input(2)?;
    let (idx, v) = constant_indices(cx, "ScatterND")?;
    let (r, q) = (data.rank(), idx.rank());
    let k = *idx.shape.last().ok_or("indices must have rank 1 or more")?;
    if k < 1 || k as usize > r {
        return Err(format!("index tuples of length {k} do not fit data of rank {r}"));
    }
    let k = k as usize;
    let mut want = idx.shape[..q - 1].to_vec();
    want.extend_from_slice(&data.shape[k..]);
    if updates.shape != want {
        return Err(format!("updates have shape {:?}, expected {want:?}", updates.shape));
    }
    let st = strides(&data.shape[..k]);
    let mut targets = Vec::with_capacity(v.len() / k);
    for tuple in v.chunks(k) {
        let mut t = 0;
        for j in 0..k {
            t += normalise(tuple[j], data.shape[j], "a")? * st[j];
        }
        targets.push(t);
    }
    scatter_rows(b, data, updates, product(&data.shape[k..]), &targets)
}

/// ScatterElements(data, indices, updates, axis) with constant indices.
pub fn scatter_elements(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let data = cx.input(0)?;
    let updates = cx.input(2)?;
    let (idx, v) = constant_indices(cx, "ScatterElements")?;
    let r = data.rank();
    if idx.rank() != r || updates.shape != idx.shape || r == 0 {
        return Err(format!(
            "indices {:?} and updates {:?} must have one shape of the data's rank {r}",
            idx.shape, updates.shape
        ));
    }
    let axis = crate::import::builder::norm_axis(cx.int("axis", 0)?, r)?;
    let st = strides(&data.shape);
    let mut targets = Vec::with_capacity(v.len());
    for (i, &k) in v.iter().enumerate() {
        let mut p = unflatten(i as i64, &idx.shape);
        if (0..r).any(|d| d != axis && p[d] >= data.shape[d]) {
            return Err(format!("indices shape {:?} exceeds the data shape {:?}", idx.shape, data.shape));
        }
        p[axis] = normalise(k, data.shape[axis], "an")?;
        targets.push((0..r).map(|d| p[d] * st[d]).sum());
    }
    scatter_rows(b, data, updates, 1, &targets)
}
