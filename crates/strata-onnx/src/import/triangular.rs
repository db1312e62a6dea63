//! The two operators defined by a triangle, on run-time data (on constants
//! the evaluator folds them first):
//!
//! * CumSum(x, axis): x times a triangle of ones along `axis`, computed as
//!   ceil(log2 n) shifted adds (after step s every element holds the sum of
//!   the 2^s elements ending at it: `y += shift(y, 2^s)`, a shift being a
//!   slice and a zero pad), so it is exact for integers, needs no NE matmul
//!   and costs n log n adds; `exclusive` shifts the result by one more,
//!   `reverse` shifts the other way. RoBERTa computes its position ids so
//!   from the run-time `input_ids`.
//! * Trilu(x, k, upper): `select` of x and zeros with a constant mask over
//!   the last two dims.

use crate::import::builder::{norm_axis, FuncBuilder, Operand};
use crate::import::node::NodeCx;
use crate::tensor::{DType, Tensor};

/// `x` moved by `by` along `axis` (towards higher indices, or lower when
/// `back`), zeros shifted in.
fn shift(b: &mut FuncBuilder, x: &Operand, axis: usize, by: i64, back: bool) -> Operand {
    let r = x.rank();
    let n = x.shape[axis];
    let mut start = vec![0; r];
    let mut limit = x.shape.clone();
    let (mut low, mut high) = (vec![0; r], vec![0; r]);
    if back {
        start[axis] = by;
        high[axis] = by;
    } else {
        limit[axis] = n - by;
        low[axis] = by;
    }
    let kept = b.slice(x, &start, &limit, &vec![1; r]);
    b.pad(&kept, &low, &high, 0.0)
}

pub fn cumsum(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    if x.rank() == 0 || x.dtype == DType::Bool {
        return Err(format!("CumSum of a {} {:?} tensor is not defined", x.dtype.name(), x.shape));
    }
    let axis = match cx.const_ints(1, "axis")?.as_deref() {
        Some([a]) => norm_axis(*a, x.rank())?,
        Some(other) => return Err(format!("input 1 ('axis') must hold one value, not {other:?}")),
        None => return Err("input 1 ('axis') is required".into()),
    };
    let (exclusive, reverse) = (cx.int("exclusive", 0)? != 0, cx.int("reverse", 0)? != 0);
    let n = x.shape[axis];
    let mut y = x.clone();
    let mut by = 1;
    while by < n {
        let s = shift(b, &y, axis, by, reverse);
        y = b.binary("stablehlo.add", &y, &s)?;
        by *= 2;
    }
    if exclusive && n > 0 {
        y = shift(b, &y, axis, 1, reverse);
    }
    Ok(y)
}

pub fn trilu(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    if x.rank() < 2 {
        return Err(format!("input must have rank 2 or more, not {}", x.rank()));
    }
    let k = match cx.const_ints(1, "k")?.as_deref() {
        None => 0,
        Some([k]) => *k,
        Some(other) => return Err(format!("input 1 ('k') must hold one value, not {other:?}")),
    };
    let upper = cx.int("upper", 1)? != 0;
    let (rows, cols) = (x.shape[x.rank() - 2], x.shape[x.rank() - 1]);
    let keep: Vec<i64> = (0..rows * cols)
        .map(|p| {
            let (i, j) = (p / cols.max(1), p % cols.max(1));
            i64::from(if upper { j - i >= k } else { j - i <= k })
        })
        .collect();
    let mask = Operand::constant(Tensor::from_i64(DType::Bool, vec![rows, cols], &keep));
    let zero = b.splat(x.dtype, &x.shape, 0.0);
    b.select(&mask, x, &zero)
}
