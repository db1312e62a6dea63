//! Import-time constant folding of the shape computations exporters emit
//! (`Shape -> Gather -> Unsqueeze -> Concat -> Reshape`, `Cast`, `Slice`,
//! integer arithmetic on shapes, `Equal`/`Where` on shapes, `Range`): when every input
//! of such a node is a constant (or, for `Shape`, has a static shape) the
//! result is computed here, so shape inputs of later nodes are known
//! statically. Reshape-like ops (Reshape, Squeeze, Unsqueeze, Flatten,
//! Cast) keep constants constant in their own importers; this module covers
//! the ones that compute new data. Only results of at most
//! [`FOLD_LIMIT`] elements are folded.

use crate::import::builder::{broadcast_shapes, norm_axis, Operand, FOLD_LIMIT};
use crate::import::node::NodeCx;
use crate::import::Results;
use crate::tensor::{num_elements, DType, Tensor};

/// The node's results when it can be folded, `None` to import it normally.
pub fn try_fold(cx: &NodeCx) -> Result<Option<Results>, String> {
    let op = cx.node.op_type.as_str();
    if op == "Shape" {
        return Ok(None); // Always constant; its importer builds the tensor.
    }
    #[rustfmt::skip]
    let foldable = matches!(
        op,
        "Gather" | "Concat" | "Slice" | "Add" | "Sub" | "Mul" | "Div" | "Equal" | "Less" | "Greater" | "Where" | "Neg"
            | "Max" | "Min" | "Expand" | "Not" | "Abs" | "Range"
    );
    if !foldable {
        return Ok(None);
    }
    let mut consts = Vec::with_capacity(cx.ins.len());
    for i in cx.ins.iter().flatten() {
        match &i.konst {
            Some(t) if t.num_elements() <= FOLD_LIMIT => consts.push(t.as_ref()),
            _ => return Ok(None),
        }
    }
    if consts.is_empty() {
        return Ok(None);
    }
    let result = match op {
        "Gather" => gather(cx, &consts)?,
        "Concat" => concat(cx, &consts)?,
        "Slice" => match slice(cx, consts[0])? {
            Some(t) => t,
            None => return Ok(None),
        },
        "Add" | "Sub" | "Mul" | "Div" | "Max" | "Min" => {
            let mut acc = consts[0].clone();
            for t in &consts[1..] {
                acc = binary(op, &acc, t)?;
            }
            acc
        }
        "Equal" | "Less" | "Greater" => {
            compare(op, consts[0], consts.get(1).ok_or("input 1 is required")?)?
        }
        "Where" => {
            if consts.len() != 3 {
                return Err("Where takes 3 inputs".into());
            }
            where_(consts[0], consts[1], consts[2])?
        }
        "Neg" | "Abs" | "Not" => unary(op, consts[0]),
        "Range" => range(&consts)?,
        "Expand" => match expand(
            consts[0],
            consts.get(1).ok_or("input 1 ('shape') is required")?,
        )? {
            Some(t) => t,
            None => return Ok(None),
        },
        _ => return Ok(None),
    };
    Ok(Some(vec![Some(Operand::constant(result))]))
}

/// Flat index in a (broadcast) input for flat index `i` of `out`.
fn source_index(mut i: usize, out: &[i64], input: &[i64]) -> usize {
    let off = out.len() - input.len();
    let mut idx = 0usize;
    let mut stride = 1usize;
    for d in (0..out.len()).rev() {
        let od = out[d] as usize;
        let coord = i % od.max(1);
        i /= od.max(1);
        if d >= off {
            let id = input[d - off] as usize;
            if id != 1 {
                idx += coord * stride;
            }
            stride *= id;
        }
    }
    idx
}

fn check_limit(shape: &[i64]) -> Result<usize, String> {
    num_elements(shape)
        .filter(|&n| n <= FOLD_LIMIT)
        .ok_or_else(|| format!("folded result {shape:?} is too large"))
}

fn binary(op: &str, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    if a.dtype != b.dtype {
        return Err(format!(
            "operand types differ ({} and {})",
            a.dtype.name(),
            b.dtype.name()
        ));
    }
    let shape = broadcast_shapes(&a.shape, &b.shape)?;
    let n = check_limit(&shape)?;
    if a.dtype.is_float() {
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let (x, y) = (
                a.get_f64(source_index(i, &shape, &a.shape)),
                b.get_f64(source_index(i, &shape, &b.shape)),
            );
            out.push(match op {
                "Add" => x + y,
                "Sub" => x - y,
                "Mul" => x * y,
                "Div" => x / y,
                "Max" => x.max(y),
                _ => x.min(y),
            });
        }
        Ok(Tensor::from_f64(a.dtype, shape, &out))
    } else {
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let (x, y) = (
                a.get_i64(source_index(i, &shape, &a.shape)),
                b.get_i64(source_index(i, &shape, &b.shape)),
            );
            out.push(match op {
                "Add" => x.wrapping_add(y),
                "Sub" => x.wrapping_sub(y),
                "Mul" => x.wrapping_mul(y),
                "Div" => {
                    if y == 0 {
                        return Err("integer division by zero in a constant".into());
                    }
                    x.wrapping_div(y)
                }
                "Max" => x.max(y),
                _ => x.min(y),
            });
        }
        Ok(Tensor::from_i64(a.dtype, shape, &out))
    }
}

fn compare(op: &str, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    if a.dtype != b.dtype {
        return Err(format!(
            "operand types differ ({} and {})",
            a.dtype.name(),
            b.dtype.name()
        ));
    }
    let shape = broadcast_shapes(&a.shape, &b.shape)?;
    let n = check_limit(&shape)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let (ia, ib) = (
            source_index(i, &shape, &a.shape),
            source_index(i, &shape, &b.shape),
        );
        let ord = if a.dtype.is_float() {
            a.get_f64(ia).partial_cmp(&b.get_f64(ib))
        } else {
            Some(a.get_i64(ia).cmp(&b.get_i64(ib)))
        };
        let r = match op {
            "Equal" => ord == Some(std::cmp::Ordering::Equal),
            "Less" => ord == Some(std::cmp::Ordering::Less),
            _ => ord == Some(std::cmp::Ordering::Greater),
        };
        out.push(r as i64);
    }
    Ok(Tensor::from_i64(DType::Bool, shape, &out))
}

fn where_(c: &Tensor, x: &Tensor, y: &Tensor) -> Result<Tensor, String> {
    if x.dtype != y.dtype || c.dtype != DType::Bool {
        return Err("Where needs a BOOL condition and operands of one type".into());
    }
    let shape = broadcast_shapes(&broadcast_shapes(&c.shape, &x.shape)?, &y.shape)?;
    let n = check_limit(&shape)?;
    let size = x.dtype.size();
    let mut bytes = Vec::with_capacity(n * size);
    for i in 0..n {
        let pick = c.get_i64(source_index(i, &shape, &c.shape)) != 0;
        let (t, j) = if pick {
            (x, source_index(i, &shape, &x.shape))
        } else {
            (y, source_index(i, &shape, &y.shape))
        };
        bytes.extend_from_slice(&t.bytes[j * size..(j + 1) * size]);
    }
    Ok(Tensor {
        dtype: x.dtype,
        shape,
        bytes,
    })
}

fn unary(op: &str, t: &Tensor) -> Tensor {
    match op {
        "Not" => Tensor::from_i64(
            t.dtype,
            t.shape.clone(),
            &t.to_i64_vec()
                .iter()
                .map(|&v| (v == 0) as i64)
                .collect::<Vec<_>>(),
        ),
        _ if t.dtype.is_float() => {
            let v: Vec<f64> = t
                .to_f64_vec()
                .iter()
                .map(|&x| if op == "Neg" { -x } else { x.abs() })
                .collect();
            Tensor::from_f64(t.dtype, t.shape.clone(), &v)
        }
        _ => {
            let v: Vec<i64> = t
                .to_i64_vec()
                .iter()
                .map(|&x| {
                    if op == "Neg" {
                        x.wrapping_neg()
                    } else {
                        x.wrapping_abs()
                    }
                })
                .collect();
            Tensor::from_i64(t.dtype, t.shape.clone(), &v)
        }
    }
}

/// Copies `count` outer blocks of `inner` elements picking along an axis.
fn gather(cx: &NodeCx, c: &[&Tensor]) -> Result<Tensor, String> {
    let (data, idx) = (c[0], *c.get(1).ok_or("input 1 ('indices') is required")?);
    if data.shape.is_empty() {
        return Err("Gather of a scalar".into());
    }
    let axis = norm_axis(cx.int("axis", 0)?, data.shape.len())?;
    let dim = data.shape[axis];
    let outer: usize = data.shape[..axis].iter().product::<i64>() as usize;
    let inner: usize = data.shape[axis + 1..].iter().product::<i64>() as usize;
    let mut shape = data.shape[..axis].to_vec();
    shape.extend_from_slice(&idx.shape);
    shape.extend_from_slice(&data.shape[axis + 1..]);
    check_limit(&shape)?;
    let size = data.dtype.size();
    let mut bytes = Vec::new();
    let indices = idx.to_i64_vec();
    for o in 0..outer {
        for &k in &indices {
            let k = if k < 0 { k + dim } else { k };
            if k < 0 || k >= dim {
                return Err(format!(
                    "index {k} is out of range for axis {axis} of size {dim}"
                ));
            }
            let start = (o * dim as usize + k as usize) * inner * size;
            bytes.extend_from_slice(&data.bytes[start..start + inner * size]);
        }
    }
    Ok(Tensor {
        dtype: data.dtype,
        shape,
        bytes,
    })
}

fn concat(cx: &NodeCx, c: &[&Tensor]) -> Result<Tensor, String> {
    let first = c[0];
    if first.shape.is_empty() {
        return Err("Concat of scalars".into());
    }
    let axis = norm_axis(
        cx.int("axis", i64::MIN).and_then(|a| {
            if a == i64::MIN {
                Err("attribute 'axis' is required".into())
            } else {
                Ok(a)
            }
        })?,
        first.shape.len(),
    )?;
    let mut shape = first.shape.clone();
    shape[axis] = 0;
    for t in c {
        if t.dtype != first.dtype || t.shape.len() != first.shape.len() {
            return Err("Concat inputs differ in type or rank".into());
        }
        for (d, (&a, &b)) in t.shape.iter().zip(&first.shape).enumerate() {
            if d != axis && a != b {
                return Err(format!(
                    "Concat inputs differ in dimension {d} ({:?} and {:?})",
                    t.shape, first.shape
                ));
            }
        }
        shape[axis] += t.shape[axis];
    }
    check_limit(&shape)?;
    let outer: usize = first.shape[..axis].iter().product::<i64>() as usize;
    let size = first.dtype.size();
    let mut bytes = Vec::new();
    for o in 0..outer {
        for t in c {
            let chunk = t.shape[axis..].iter().product::<i64>() as usize * size;
            bytes.extend_from_slice(&t.bytes[o * chunk..(o + 1) * chunk]);
        }
    }
    Ok(Tensor {
        dtype: first.dtype,
        shape,
        bytes,
    })
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
        return Err(format!(
            "'starts' has {} entries, 'ends' {}",
            starts.len(),
            ends.len()
        ));
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

/// Slice of a constant (any steps, including negative ones).
fn slice(cx: &NodeCx, data: &Tensor) -> Result<Option<Tensor>, String> {
    let (Some(starts), Some(ends)) = (cx.const_ints(1, "starts")?, cx.const_ints(2, "ends")?)
    else {
        return Err("inputs 'starts' and 'ends' are required".into());
    };
    let axes = cx.const_ints(3, "axes")?;
    let steps = cx.const_ints(4, "steps")?;
    let p = slice_params(
        &data.shape,
        &starts,
        &ends,
        axes.as_deref(),
        steps.as_deref(),
    )?;
    let shape: Vec<i64> = p.iter().map(|&(_, _, c)| c).collect();
    let n = check_limit(&shape)?;
    let size = data.dtype.size();
    let mut bytes = Vec::with_capacity(n * size);
    for i in 0..n {
        let mut rem = i;
        let mut src = 0i64;
        let mut stride = 1i64;
        for d in (0..shape.len()).rev() {
            let c = rem as i64 % shape[d].max(1);
            rem /= shape[d].max(1) as usize;
            let (start, step, _) = p[d];
            src += (start + c * step) * stride;
            stride *= data.shape[d];
        }
        let s = src as usize * size;
        bytes.extend_from_slice(&data.bytes[s..s + size]);
    }
    Ok(Some(Tensor {
        dtype: data.dtype,
        shape,
        bytes,
    }))
}

/// Range(start, limit, delta): `max(ceil((limit - start) / delta), 0)`
/// elements `start + i * delta`.
fn range(c: &[&Tensor]) -> Result<Tensor, String> {
    if c.len() != 3
        || c.iter()
            .any(|t| t.num_elements() != 1 || t.dtype != c[0].dtype)
    {
        return Err("Range takes three scalars of one type".into());
    }
    let dtype = c[0].dtype;
    let (start, limit, delta) = (c[0].get_f64(0), c[1].get_f64(0), c[2].get_f64(0));
    if delta == 0.0 || !(start.is_finite() && limit.is_finite() && delta.is_finite()) {
        return Err("'delta' is 0 or a bound is not finite".into());
    }
    let n = ((limit - start) / delta).ceil().max(0.0);
    if n > FOLD_LIMIT as f64 {
        return Err(format!("Range of {n} elements is too large"));
    }
    let n = n as usize;
    if dtype.is_float() {
        let v: Vec<f64> = (0..n).map(|i| start + i as f64 * delta).collect();
        Ok(Tensor::from_f64(dtype, vec![n as i64], &v))
    } else {
        let (s, d) = (c[0].get_i64(0), c[2].get_i64(0));
        let v: Vec<i64> = (0..n as i64)
            .map(|i| s.wrapping_add(i.wrapping_mul(d)))
            .collect();
        Ok(Tensor::from_i64(dtype, vec![n as i64], &v))
    }
}

fn expand(x: &Tensor, shape: &Tensor) -> Result<Option<Tensor>, String> {
    let target = shape.to_i64_vec();
    let out = broadcast_shapes(&x.shape, &target)?;
    if num_elements(&out).is_none_or(|n| n > FOLD_LIMIT) {
        return Ok(None);
    }
    let n = num_elements(&out).unwrap_or(0);
    let size = x.dtype.size();
    let mut bytes = Vec::with_capacity(n * size);
    for i in 0..n {
        let j = source_index(i, &out, &x.shape);
        bytes.extend_from_slice(&x.bytes[j * size..(j + 1) * size]);
    }
    Ok(Some(Tensor {
        dtype: x.dtype,
        shape: out,
        bytes,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slice_params_follow_the_onnx_clamping_rules() {
        // x[1:100] on a dim of 5, x[::-1], x[-2:], x[3:1].
        assert_eq!(
            slice_params(&[5], &[1], &[100], None, None).unwrap(),
            vec![(1, 1, 4)]
        );
        assert_eq!(
            slice_params(&[5], &[-1], &[i64::MIN], None, Some(&[-1])).unwrap(),
            vec![(4, -1, 5)]
        );
        assert_eq!(
            slice_params(&[5], &[-2], &[i64::MAX], None, None).unwrap(),
            vec![(3, 1, 2)]
        );
        assert_eq!(
            slice_params(&[5], &[3], &[1], None, None).unwrap(),
            vec![(3, 1, 0)]
        );
        assert_eq!(
            slice_params(&[4, 6], &[0], &[6], Some(&[-1]), Some(&[2])).unwrap(),
            vec![(0, 1, 4), (0, 2, 3)]
        );
        assert!(slice_params(&[4], &[0], &[1], None, Some(&[0])).is_err());
    }

    #[test]
    fn broadcast_source_index_repeats_size_one_dims() {
        // out [2, 3] from in [3]: column index; from in [2, 1]: row index.
        let idx: Vec<usize> = (0..6).map(|i| source_index(i, &[2, 3], &[3])).collect();
        assert_eq!(idx, vec![0, 1, 2, 0, 1, 2]);
        let idx: Vec<usize> = (0..6).map(|i| source_index(i, &[2, 3], &[2, 1])).collect();
        assert_eq!(idx, vec![0, 0, 0, 1, 1, 1]);
    }
}
