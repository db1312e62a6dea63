//! Reductions and scans: Reduce{Sum,Mean,Max,Min,Prod,L1,L2,LogSum,
//! LogSumExp,SumSquare} (axes as an attribute or, from ReduceSum's opset 13
//! and the others' opset 18, an input; `keepdims`; `noop_with_empty_axes`),
//! ArgMax/ArgMin, CumSum (exclusive, reverse) and Softmax/LogSoftmax/
//! Hardmax (one axis from opset 13, the flattened 2-D form before).
//! Floats accumulate in f64 and are rounded once; an empty reduction gives
//! the operation's identity (0 for sums, 1 for the product, -inf/+inf for
//! max/min, NaN for the mean). Max and Min also take BOOL (any / all).

use crate::eval::shape::{norm_axes, norm_axis, product, strides, Walk};
use crate::eval::{invalid, not_evaluable, Args, EvalError};
use crate::tensor::{DType, Tensor};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reduce {
    Sum,
    Mean,
    Max,
    Min,
    Prod,
    L1,
    L2,
    LogSum,
    LogSumExp,
    SumSquare,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Softmax {
    Plain,
    Log,
    Hard,
}

/// The input walked with the kept dimensions first and the reduced ones
/// last, so each output element reads one contiguous run of the walk.
fn kept_then_reduced(shape: &[i64], reduced: &[bool]) -> Walk {
    let st = strides(shape);
    let order: Vec<usize> =
        (0..shape.len()).filter(|&d| !reduced[d]).chain((0..shape.len()).filter(|&d| reduced[d])).collect();
    let dims: Vec<i64> = order.iter().map(|&d| shape[d]).collect();
    Walk::new(&dims, order.iter().map(|&d| st[d] as isize).collect(), 0)
}

fn reduce_floats(op: Reduce, v: &[f64]) -> f64 {
    match op {
        Reduce::Sum => v.iter().sum(),
        Reduce::Mean => v.iter().sum::<f64>() / v.len() as f64,
        Reduce::Max => v.iter().fold(f64::NEG_INFINITY, |m, &x| if x > m || x.is_nan() { x } else { m }),
        Reduce::Min => v.iter().fold(f64::INFINITY, |m, &x| if x < m || x.is_nan() { x } else { m }),
        Reduce::Prod => v.iter().product(),
        Reduce::L1 => v.iter().map(|x| x.abs()).sum(),
        Reduce::L2 => v.iter().map(|x| x * x).sum::<f64>().sqrt(),
        Reduce::LogSum => v.iter().sum::<f64>().ln(),
        Reduce::LogSumExp => {
            let m = v.iter().fold(f64::NEG_INFINITY, |m, &x| m.max(x));
            if m.is_infinite() {
                // All -inf (or empty): -inf; any +inf: +inf.
                return m;
            }
            v.iter().map(|x| (x - m).exp()).sum::<f64>().ln() + m
        }
        Reduce::SumSquare => v.iter().map(|x| x * x).sum(),
    }
}

fn reduce_ints(op: Reduce, v: &[i64], dtype: DType) -> i64 {
    let (lo, hi) = match dtype {
        DType::I8 => (i8::MIN as i64, i8::MAX as i64),
        DType::U8 => (0, u8::MAX as i64),
        DType::Bool => (0, 1),
        DType::I32 => (i32::MIN as i64, i32::MAX as i64),
        _ => (i64::MIN, i64::MAX),
    };
    match op {
        Reduce::Sum => v.iter().fold(0i64, |a, &x| a.wrapping_add(x)),
        Reduce::Max => v.iter().copied().max().unwrap_or(lo),
        Reduce::Min => v.iter().copied().min().unwrap_or(hi),
        Reduce::Prod => v.iter().fold(1i64, |a, &x| a.wrapping_mul(x)),
        Reduce::L1 => v.iter().fold(0i64, |a, &x| a.wrapping_add(x.wrapping_abs())),
        Reduce::SumSquare => v.iter().fold(0i64, |a, &x| a.wrapping_add(x.wrapping_mul(x))),
        Reduce::Mean if !v.is_empty() => v.iter().fold(0i64, |a, &x| a.wrapping_add(x)) / v.len() as i64,
        Reduce::Mean | Reduce::L2 | Reduce::LogSum | Reduce::LogSumExp => {
            let f: Vec<f64> = v.iter().map(|&x| x as f64).collect();
            reduce_floats(op, &f) as i64
        }
    }
}

pub fn reduce(a: &Args, op: Reduce) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    if x.dtype == DType::Bool && !matches!(op, Reduce::Max | Reduce::Min) {
        return not_evaluable(format!("{op:?} of BOOL is not evaluated"));
    }
    let axes_in_input = a.opset >= if op == Reduce::Sum { 13 } else { 18 };
    let (axes, noop) = if axes_in_input {
        (a.ints_input(1, "axes")?, a.flag("noop_with_empty_axes", false)?)
    } else {
        (a.ints("axes")?, false)
    };
    let r = x.shape.len();
    let axes = match axes {
        Some(ax) if !ax.is_empty() => norm_axes(&ax, r)?,
        _ if noop => return Ok(x.clone()),
        _ => (0..r).collect(),
    };
    let keep = a.flag("keepdims", true)?;
    let reduced: Vec<bool> = (0..r).map(|d| axes.contains(&d)).collect();
    let shape: Vec<i64> =
        (0..r).filter_map(|d| if reduced[d] { keep.then_some(1) } else { Some(x.shape[d]) }).collect();
    let n = a.elements(&shape)?;
    let m: usize = (0..r).filter(|&d| reduced[d]).map(|d| x.shape[d].max(0) as usize).product();
    let order: Vec<usize> = kept_then_reduced(&x.shape, &reduced).collect();
    if x.dtype.is_float() {
        let v = x.to_f64_vec();
        let mut run = Vec::with_capacity(m);
        let out: Vec<f64> = (0..n)
            .map(|j| {
                run.clear();
                run.extend(order[j * m..(j + 1) * m].iter().map(|&p| v[p]));
                reduce_floats(op, &run)
            })
            .collect();
        return Ok(Tensor::from_f64(x.dtype, shape, &out));
    }
    let v = x.to_i64_vec();
    let mut run = Vec::with_capacity(m);
    let out: Vec<i64> = (0..n)
        .map(|j| {
            run.clear();
            run.extend(order[j * m..(j + 1) * m].iter().map(|&p| v[p]));
            reduce_ints(op, &run, x.dtype)
        })
        .collect();
    Ok(Tensor::from_i64(x.dtype, shape, &out))
}

/// Outer count, axis length and inner count of `shape` around `axis`.
fn around(shape: &[i64], axis: usize) -> (usize, usize, usize) {
    (product(&shape[..axis]), shape[axis].max(0) as usize, product(&shape[axis + 1..]))
}

/// ArgMax (`max`) or ArgMin: the first (or with `select_last_index` the
/// last) position of the extreme value along `axis`, as INT64.
pub fn arg(a: &Args, max: bool) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    if x.shape.is_empty() || x.dtype == DType::Bool {
        return not_evaluable("ArgMax/ArgMin of a scalar or of BOOL is not evaluated");
    }
    let axis = norm_axis(a.int("axis", 0)?, x.shape.len())?;
    let (keep, last) = (a.flag("keepdims", true)?, a.flag("select_last_index", false)?);
    let (outer, dim, inner) = around(&x.shape, axis);
    if dim == 0 {
        return invalid(format!("ArgMax/ArgMin over the empty axis {axis}"));
    }
    let mut shape = x.shape.clone();
    if keep {
        shape[axis] = 1;
    } else {
        shape.remove(axis);
    }
    a.elements(&shape)?;
    let v = x.to_f64_vec();
    let mut out = Vec::with_capacity(outer * inner);
    for o in 0..outer {
        for i in 0..inner {
            let at = |k: usize| v[(o * dim + k) * inner + i];
            let mut best = 0usize;
            for k in 1..dim {
                let (c, b) = (at(k), at(best));
                let better = if max { c > b } else { c < b };
                if better || (last && c == b) {
                    best = k;
                }
            }
            out.push(best as i64);
        }
    }
    Ok(Tensor::from_i64(DType::I64, shape, &out))
}

pub fn cum_sum(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    if x.shape.is_empty() || x.dtype == DType::Bool {
        return not_evaluable("CumSum of a scalar or of BOOL is not evaluated");
    }
    let axis = a.int_scalar_input(1, "axis")?.ok_or(EvalError::Invalid("input 1 ('axis') is required".into()))?;
    let axis = norm_axis(axis, x.shape.len())?;
    let (exclusive, reverse) = (a.flag("exclusive", false)?, a.flag("reverse", false)?);
    let (outer, dim, inner) = around(&x.shape, axis);
    let order = |k: usize| if reverse { dim - 1 - k } else { k };
    if x.dtype.is_float() {
        let v = x.to_f64_vec();
        let mut out = vec![0.0; v.len()];
        for o in 0..outer {
            for i in 0..inner {
                let mut acc = 0.0;
                for k in 0..dim {
                    let p = (o * dim + order(k)) * inner + i;
                    if exclusive {
                        out[p] = acc;
                        acc += v[p];
                    } else {
                        acc += v[p];
                        out[p] = acc;
                    }
                }
            }
        }
        return Ok(Tensor::from_f64(x.dtype, x.shape.clone(), &out));
    }
    let v = x.to_i64_vec();
    let mut out = vec![0i64; v.len()];
    for o in 0..outer {
        for i in 0..inner {
            let mut acc = 0i64;
            for k in 0..dim {
                let p = (o * dim + order(k)) * inner + i;
                if exclusive {
                    out[p] = acc;
                    acc = acc.wrapping_add(v[p]);
                } else {
                    acc = acc.wrapping_add(v[p]);
                    out[p] = acc;
                }
            }
        }
    }
    Ok(Tensor::from_i64(x.dtype, x.shape.clone(), &out))
}

pub fn softmax(a: &Args, kind: Softmax) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    if !x.dtype.is_float() {
        return not_evaluable(format!("{kind:?} of {} is not evaluated", x.dtype.name()));
    }
    let r = x.shape.len();
    if r == 0 {
        return invalid("the input must have rank 1 or more");
    }
    // From opset 13 one axis; before, the input is flattened to 2-D at `axis`.
    let (outer, dim, inner) = if a.opset >= 13 {
        around(&x.shape, norm_axis(a.int("axis", -1)?, r)?)
    } else {
        let axis = norm_axis(a.int("axis", 1)?, r)?;
        (product(&x.shape[..axis]), product(&x.shape[axis..]), 1)
    };
    let v = x.to_f64_vec();
    let mut out = vec![0.0; v.len()];
    for o in 0..outer {
        for i in 0..inner {
            let p = |k: usize| (o * dim + k) * inner + i;
            let m = (0..dim).map(|k| v[p(k)]).fold(f64::NEG_INFINITY, f64::max);
            match kind {
                Softmax::Hard => {
                    if let Some(k) = (0..dim).find(|&k| v[p(k)] == m) {
                        out[p(k)] = 1.0;
                    }
                }
                Softmax::Plain | Softmax::Log => {
                    let s: f64 = (0..dim).map(|k| (v[p(k)] - m).exp()).sum();
                    for k in 0..dim {
                        out[p(k)] = if kind == Softmax::Log { v[p(k)] - m - s.ln() } else { (v[p(k)] - m).exp() / s };
                    }
                }
            }
        }
    }
    Ok(Tensor::from_f64(x.dtype, x.shape.clone(), &out))
}

#[cfg(test)]
mod tests {
    use crate::eval::testing::*;

    #[test]
    fn reductions_with_axes_inputs_attributes_and_keepdims() {
        let x = ft(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let y = ok("ReduceSum", vec![], &[&x, &it(&[1], &[1])]);
        assert_eq!((y.shape.clone(), y.to_f64_vec()), (vec![2, 1], vec![6.0, 15.0]));
        let y = ok("ReduceMean", vec![("keepdims", i(0))], &[&x, &it(&[1], &[0])]);
        assert_eq!((y.shape.clone(), y.to_f64_vec()), (vec![3], vec![2.5, 3.5, 4.5]));
        let y = run_at("ReduceMax", 13, vec![("axes", ints(&[-1])), ("keepdims", i(0))], &[Some(&x)], 1).unwrap();
        assert_eq!(y[0].to_f64_vec(), vec![3.0, 6.0]);
        let y = ok("ReduceProd", vec![("keepdims", i(0))], &[&x]);
        assert_eq!((y.shape.clone(), y.to_f64_vec()), (vec![], vec![720.0]));
        let y = ok("ReduceSum", vec![("noop_with_empty_axes", i(1))], &[&x, &it(&[0], &[])]);
        assert_eq!(y.shape, vec![2, 3]);
        let y = ok("ReduceL2", vec![], &[&ft(&[2], &[3.0, 4.0])]);
        assert_eq!(y.to_f64_vec(), vec![5.0]);
        let y = ok("ReduceLogSumExp", vec![], &[&ft(&[2], &[1000.0, 1000.0])]);
        assert_eq!(y.to_f64_vec(), vec![(1000.0f64 + 2f64.ln()) as f32 as f64]);
        // Empty reductions give the identity.
        let e = ft(&[0, 2], &[]);
        let y = ok("ReduceMax", vec![], &[&e, &it(&[1], &[0])]);
        assert_eq!(y.to_f64_vec(), vec![f64::NEG_INFINITY; 2]);
        let y = ok("ReduceSum", vec![], &[&e, &it(&[1], &[0])]);
        assert_eq!(y.to_f64_vec(), vec![0.0; 2]);
        let xi = it(&[3], &[5, -7, 2]);
        assert_eq!(ok("ReduceMin", vec![], &[&xi]).to_i64_vec(), vec![-7]);
        assert_eq!(ok("ReduceSumSquare", vec![], &[&xi]).to_i64_vec(), vec![78]);
    }

    #[test]
    fn arg_max_min_and_cum_sum() {
        let x = ft(&[2, 3], &[1.0, 9.0, 9.0, 4.0, 0.0, 4.0]);
        assert_eq!(ok("ArgMax", vec![("axis", i(1))], &[&x]).to_i64_vec(), vec![1, 0]);
        let last = ok("ArgMax", vec![("axis", i(1)), ("select_last_index", i(1)), ("keepdims", i(0))], &[&x]);
        assert_eq!((last.shape.clone(), last.to_i64_vec()), (vec![2], vec![2, 2]));
        assert_eq!(ok("ArgMin", vec![], &[&x]).to_i64_vec(), vec![0, 1, 1]);
        let v = ft(&[3], &[1.0, 2.0, 3.0]);
        let ax = it(&[], &[0]);
        assert_eq!(ok("CumSum", vec![], &[&v, &ax]).to_f64_vec(), vec![1.0, 3.0, 6.0]);
        assert_eq!(ok("CumSum", vec![("exclusive", i(1))], &[&v, &ax]).to_f64_vec(), vec![0.0, 1.0, 3.0]);
        assert_eq!(ok("CumSum", vec![("reverse", i(1))], &[&v, &ax]).to_f64_vec(), vec![6.0, 5.0, 3.0]);
        let both = ok("CumSum", vec![("reverse", i(1)), ("exclusive", i(1))], &[&v, &ax]);
        assert_eq!(both.to_f64_vec(), vec![5.0, 3.0, 0.0]);
        let m = it(&[2, 2], &[1, 2, 3, 4]);
        assert_eq!(ok("CumSum", vec![], &[&m, &it(&[1], &[-1])]).to_i64_vec(), vec![1, 3, 3, 7]);
    }

    #[test]
    fn softmax_forms() {
        let x = ft(&[2, 2], &[0.0, 0.0, 1.0, 1.0]);
        assert_eq!(ok("Softmax", vec![], &[&x]).to_f64_vec(), vec![0.5; 4]);
        let h = ok("Hardmax", vec![("axis", i(0))], &[&x]);
        assert_eq!(h.to_f64_vec(), vec![0.0, 0.0, 1.0, 1.0]);
        let l = ok("LogSoftmax", vec![], &[&x]).to_f64_vec();
        assert!(l.iter().all(|&v| (v + 2f64.ln()).abs() < 1e-6));
        // Opset 11: flattened at axis 0, one softmax over all four.
        let y = run_at("Softmax", 11, vec![("axis", i(0))], &[Some(&x)], 1).unwrap();
        let s = y[0].to_f64_vec();
        assert!((s.iter().sum::<f64>() - 1.0).abs() < 1e-6 && s[0] < s[2]);
    }
}
