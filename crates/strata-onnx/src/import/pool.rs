//! Pooling: MaxPool and AveragePool as `stablehlo.reduce_window` (max with
//! a -inf init; add with a 0 init then a divide by the window's element
//! count, a constant tensor when padding makes counts differ), and the
//! global pools as `stablehlo.reduce` over the spatial dimensions.

use crate::import::builder::{Combiner, FuncBuilder, Operand};
use crate::import::nn::{read_window, Window};
use crate::import::node::NodeCx;
use crate::import::Results;
use crate::tensor::{num_elements, Tensor};

/// Largest spatial output (elements) of an AveragePool, whose per-position
/// window counts are computed here (and become a constant of that size).
const MAX_COUNT_TENSOR: i64 = 1 << 20;

fn pool_input<'a>(cx: &'a NodeCx) -> Result<&'a Operand, String> {
    let x = cx.input(0)?;
    if x.rank() < 3 || !x.dtype.is_float() {
        return Err(format!("input must be floating point of rank 3 or more, it is {} {:?}", x.dtype.name(), x.shape));
    }
    Ok(x)
}

/// A pooling window over the full rank (batch and channel dimensions of
/// size 1), with the padding including the extra high padding ceil_mode
/// needs, and the output shape.
struct FullWindow {
    window: Vec<i64>,
    strides: Vec<i64>,
    dilations: Vec<i64>,
    pads: Vec<(i64, i64)>,
    shape: Vec<i64>,
}

fn full_window(x: &Operand, w: &Window, ceil_mode: bool) -> FullWindow {
    let mut f = FullWindow {
        window: vec![1, 1],
        strides: vec![1, 1],
        dilations: vec![1, 1],
        pads: vec![(0, 0), (0, 0)],
        shape: vec![x.shape[0], x.shape[1]],
    };
    for (i, &d) in x.shape[2..].iter().enumerate() {
        let out = w.out_size(i, d, ceil_mode);
        let span = (w.kernel[i] - 1) * w.dilations[i] + 1;
        // ceil_mode's last window may run past the declared high padding.
        let needed_hi = ((out - 1) * w.strides[i] + span - d - w.pads[i].0).max(w.pads[i].1);
        f.window.push(w.kernel[i]);
        f.strides.push(w.strides[i]);
        f.dilations.push(w.dilations[i]);
        f.pads.push((w.pads[i].0, needed_hi));
        f.shape.push(out);
    }
    f
}

fn pool(b: &mut FuncBuilder, x: &Operand, c: Combiner, f: &FullWindow) -> Operand {
    b.reduce_window(x, c, &f.window, &f.strides, &f.dilations, &f.pads, &f.shape)
}

pub fn max_pool(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Results, String> {
    let x = pool_input(cx)?;
    if cx.node.outputs.get(1).is_some_and(|o| !o.is_empty()) {
        return Err("output 1 (Indices) is not supported".into());
    }
    if cx.int("storage_order", 0)? != 0 {
        return Err(cx.unsupported_attr("storage_order", 1, "only 0"));
    }
    let w = read_window(cx, &x.shape[2..], None)?;
    let ceil = cx.int("ceil_mode", 0)? != 0;
    let f = full_window(x, &w, ceil);
    Ok(vec![Some(pool(b, x, Combiner::Max, &f))])
}

/// Number of input (or padding, with count_include_pad) elements each
/// output position's window covers along one dimension: the taps `k` in
/// `0..kernel` with `lo <= start + k * dilation < hi`, counted in O(1) per
/// position (kernels may be large).
fn counts_1d(
    input: i64,
    out: i64,
    kernel: i64,
    stride: i64,
    dilation: i64,
    pads: (i64, i64),
    include_pad: bool,
) -> Vec<i64> {
    let (lo, hi) = if include_pad { (-pads.0, input + pads.1) } else { (0, input) };
    // Smallest k with start + k * dilation >= bound.
    let first_at_or_after = |start: i64, bound: i64| {
        let num = bound - start;
        if num <= 0 {
            0
        } else {
            (num + dilation - 1) / dilation
        }
    };
    (0..out)
        .map(|o| {
            let start = o * stride - pads.0;
            let k_lo = first_at_or_after(start, lo).min(kernel);
            let k_hi = first_at_or_after(start, hi).min(kernel);
            (k_hi - k_lo).max(0)
        })
        .collect()
}

pub fn average_pool(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = pool_input(cx)?;
    let w = read_window(cx, &x.shape[2..], None)?;
    let ceil = cx.int("ceil_mode", 0)? != 0;
    let include_pad = cx.int("count_include_pad", 0)? != 0;
    let f = full_window(x, &w, ceil);
    let shape = f.shape.clone();
    let spatial_elems: i64 = shape[2..].iter().product();
    if spatial_elems > MAX_COUNT_TENSOR || shape[2..].iter().any(|&d| d > MAX_COUNT_TENSOR) {
        return Err(format!("the output's spatial size {:?} is too large for the window count tensor", &shape[2..]));
    }
    let sum = pool(b, x, Combiner::Add, &f);
    if spatial_elems == 0 {
        return Ok(sum);
    }
    let per_dim: Vec<Vec<i64>> = (0..x.rank() - 2)
        .map(|i| {
            counts_1d(x.shape[2 + i], shape[2 + i], w.kernel[i], w.strides[i], w.dilations[i], w.pads[i], include_pad)
        })
        .collect();
    let spatial = &shape[2..];
    let n = num_elements(spatial).ok_or("output too large")?;
    let first: i64 = per_dim.iter().map(|c| c.first().copied().unwrap_or(1)).product();
    let uniform = per_dim.iter().all(|c| c.iter().all(|&v| v == c[0]));
    let divisor = if uniform || n == 0 {
        b.splat(x.dtype, &shape, first.max(1) as f64)
    } else {
        let mut counts = Vec::with_capacity(n);
        for flat in 0..n {
            let mut rem = flat;
            let mut c = 1i64;
            for d in (0..spatial.len()).rev() {
                let i = rem % spatial[d] as usize;
                rem /= spatial[d] as usize;
                c *= per_dim[d][i];
            }
            counts.push(c.max(1) as f64);
        }
        let t = Operand::constant(Tensor::from_f64(x.dtype, spatial.to_vec(), &counts));
        let dims: Vec<i64> = (2..shape.len() as i64).collect();
        b.broadcast_in_dim(&t, &shape, &dims)
    };
    b.binary("stablehlo.divide", &sum, &divisor)
}

/// GlobalAveragePool / GlobalMaxPool: reduce over the spatial dimensions,
/// reshaped to keep them as 1.
pub fn global_pool(b: &mut FuncBuilder, cx: &NodeCx, max: bool) -> Result<Operand, String> {
    let x = pool_input(cx)?;
    let dims: Vec<i64> = (2..x.rank() as i64).collect();
    let r = b.reduce(x, &dims, if max { Combiner::Max } else { Combiner::Add });
    let r = if max {
        r
    } else {
        let count: i64 = x.shape[2..].iter().product();
        let c = b.splat(x.dtype, &r.shape, count as f64);
        b.binary("stablehlo.divide", &r, &c)?
    };
    let mut shape = x.shape[..2].to_vec();
    shape.extend(std::iter::repeat_n(1, x.rank() - 2));
    Ok(b.reshape(&r, &shape))
}

#[cfg(test)]
mod tests {
    use super::counts_1d;

    #[test]
    fn window_counts_exclude_or_include_padding() {
        // input 4, kernel 3, stride 1, pads (1, 1): out 4.
        assert_eq!(counts_1d(4, 4, 3, 1, 1, (1, 1), false), vec![2, 3, 3, 2]);
        assert_eq!(counts_1d(4, 4, 3, 1, 1, (1, 1), true), vec![3, 3, 3, 3]);
        // ceil_mode extra window: input 5, kernel 2, stride 2, no pads, out 3.
        assert_eq!(counts_1d(5, 3, 2, 2, 1, (0, 0), true), vec![2, 2, 1]);
    }

    #[test]
    fn window_counts_match_counting_every_tap() {
        for input in 1..7 {
            for kernel in 1..5 {
                for stride in 1..4 {
                    for dilation in 1..4 {
                        for pads in [(0, 0), (1, 0), (0, 2), (2, 1)] {
                            for include_pad in [false, true] {
                                let out = 6;
                                let (lo, hi) = if include_pad { (-pads.0, input + pads.1) } else { (0, input) };
                                let brute: Vec<i64> = (0..out)
                                    .map(|o| {
                                        (0..kernel)
                                            .filter(|k| (lo..hi).contains(&(o * stride - pads.0 + k * dilation)))
                                            .count() as i64
                                    })
                                    .collect();
                                assert_eq!(counts_1d(input, out, kernel, stride, dilation, pads, include_pad), brute);
                            }
                        }
                    }
                }
            }
        }
    }
}
