//! CPU reference implementations of the operators (the seed's
//! ComputeInterface), written directly in f64 on dense row-major data,
//! sharing no code with the C model's instruction implementations they
//! check (only [`strides`], the row-major index arithmetic). The tx8be
//! dialect's Compute interface and the C model's operator tests both call
//! them, which is why they live with the target and not in the simulator.

/// Row-major strides of `dims`, in elements.
pub fn strides(dims: &[u64]) -> Vec<u64> {
    let mut s = vec![1u64; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * dims[i + 1];
    }
    s
}

/// Broadcast index map: for each element of `out`, the index into `x` (dims right-aligned).
pub fn broadcast_index(x: &[u64], out: &[u64]) -> Vec<usize> {
    let r = out.len();
    let mut xd = vec![1u64; r - x.len()];
    xd.extend_from_slice(x);
    let xs = strides(&xd);
    let n: u64 = out.iter().product();
    (0..n)
        .map(|mut i| {
            let mut idx = 0u64;
            for d in (0..r).rev() {
                let k = i % out[d];
                i /= out[d];
                if xd[d] != 1 {
                    idx += k * xs[d];
                }
            }
            idx as usize
        })
        .collect()
}

/// Element-wise binary op by name with numpy broadcasting.
pub fn binary(
    op: crate::kinds::BinaryOp,
    a: &[f64],
    ad: &[u64],
    b: &[f64],
    bd: &[u64],
    out: &[u64],
    int: bool,
) -> Vec<f64> {
    use crate::kinds::BinaryOp::*;
    let ia = broadcast_index(ad, out);
    let ib = broadcast_index(bd, out);
    let t = |c: bool| if c { 1.0 } else { 0.0 };
    ia.iter()
        .zip(&ib)
        .map(|(&i, &j)| {
            let (x, y) = (a[i], b[j]);
            match op {
                Add => x + y,
                Sub => x - y,
                Mul => x * y,
                Div if int => (x / y).trunc(),
                Div => x / y,
                Max => x.max(y),
                Min => x.min(y),
                // Integers: 1 / x^|y| truncated for negative exponents.
                Pow if int && y < 0.0 => x.powf(y).trunc(),
                Pow => x.powf(y),
                Eq => t(x == y),
                Ne => t(x != y),
                Lt => t(x < y),
                Le => t(x <= y),
                Gt => t(x > y),
                Ge => t(x >= y),
                And if int => ((x as i64) & (y as i64)) as f64,
                Or if int => ((x as i64) | (y as i64)) as f64,
                Xor if int => ((x as i64) ^ (y as i64)) as f64,
                And => t(x != 0.0 && y != 0.0),
                Or => t(x != 0.0 || y != 0.0),
                Xor => t((x != 0.0) != (y != 0.0)),
                Shl => ((x as i64) << (y as i64).clamp(0, 63)) as f64,
                Shr => ((x as i64) >> (y as i64).clamp(0, 63)) as f64,
                // f64's % truncates toward zero: fmod, and integer % alike.
                Rem => x % y,
            }
        })
        .collect()
}

/// Element-wise unary op.
pub fn unary(op: crate::kinds::UnaryOp, x: &[f64]) -> Vec<f64> {
    use crate::kinds::UnaryOp::*;
    x.iter()
        .map(|&v| match op {
            Abs => v.abs(),
            Neg => -v,
            Relu => v.max(0.0),
            Exp => v.exp(),
            Ln => v.ln(),
            Sqrt => v.sqrt(),
            Rsqrt => 1.0 / v.sqrt(),
            Recip => 1.0 / v,
            Sigmoid => 1.0 / (1.0 + (-v).exp()),
            Tanh => v.tanh(),
            Silu => v / (1.0 + (-v).exp()),
            Gelu => 0.5 * v * (1.0 + ((2.0 / std::f64::consts::PI).sqrt() * (v + 0.044715 * v.powi(3))).tanh()),
            Floor => v.floor(),
            Ceil => v.ceil(),
            Erf => erf(v),
            Sin => v.sin(),
            Cos => v.cos(),
        })
        .collect()
}

/// erf in f64 by the series `2/sqrt(pi) * exp(-x^2) * sum_n (2x^2)^n x /
/// (1*3*...*(2n+1))`, whose terms are all positive (no cancellation); 1 to
/// f64 precision beyond |x| = 6.
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let ax = x.abs();
    if ax > 6.0 {
        return 1.0f64.copysign(x);
    }
    let (mut term, mut sum, mut n) = (ax, ax, 0.0);
    while term > sum * 1e-17 {
        n += 1.0;
        term *= 2.0 * ax * ax / (2.0 * n + 1.0);
        sum += term;
    }
    (2.0 / std::f64::consts::PI.sqrt() * (-ax * ax).exp() * sum).copysign(x)
}

/// `ln(1 + exp(x))` without overflow (large x) or loss of the small
/// term (very negative x).
pub fn softplus(x: f64) -> f64 {
    x.max(0.0) + (-x.abs()).exp().ln_1p()
}

/// A parameterised activation (see `oplib::activation::Activation`).
pub fn activation(act: crate::kinds::Activation, x: &[f64]) -> Vec<f64> {
    use crate::kinds::Activation::*;
    match act {
        Plain(op) => unary(op, x),
        LeakyRelu { alpha } => x.iter().map(|&v| if v >= 0.0 { v } else { f64::from(alpha) * v }).collect(),
        HardSigmoid { alpha, beta } => {
            x.iter().map(|&v| (f64::from(alpha) * v + f64::from(beta)).clamp(0.0, 1.0)).collect()
        }
        HardSwish => x.iter().map(|&v| v * (v / 6.0 + 0.5).clamp(0.0, 1.0)).collect(),
        Clip { lo, hi } => x.iter().map(|&v| v.max(f64::from(lo)).min(f64::from(hi))).collect(),
        GeluErf => x.iter().map(|&v| 0.5 * v * (1.0 + erf(v / std::f64::consts::SQRT_2))).collect(),
        Elu { alpha } => x.iter().map(|&v| if v > 0.0 { v } else { f64::from(alpha) * (v.exp() - 1.0) }).collect(),
        Swish { beta } => x.iter().map(|&v| v / (1.0 + (-f64::from(beta) * v).exp())).collect(),
        Softplus => x.iter().map(|&v| softplus(v)).collect(),
    }
}

/// `cond != 0 ? a : b` with numpy broadcasting of the three.
#[allow(clippy::too_many_arguments)]
pub fn select(cond: &[f64], cd: &[u64], a: &[f64], ad: &[u64], b: &[f64], bd: &[u64], out: &[u64]) -> Vec<f64> {
    let (ic, ia, ib) = (broadcast_index(cd, out), broadcast_index(ad, out), broadcast_index(bd, out));
    (0..ic.len()).map(|i| if cond[ic[i]] != 0.0 { a[ia[i]] } else { b[ib[i]] }).collect()
}

/// Cast to an integer format: round half to even, NaN to 0 (saturation to
/// the format's range is the comparison's job); to floats the value itself.
pub fn cast(x: &[f64], to_int: bool) -> Vec<f64> {
    x.iter()
        .map(|&v| match (to_int, v.is_nan()) {
            (true, true) => 0.0,
            (true, false) => v.round_ties_even(),
            (false, _) => v,
        })
        .collect()
}

/// Constant padding: input element i of dim d goes to `low + i*(interior+1)`
/// of an output of `out` dims filled with `value`; positions outside are dropped.
pub fn pad(x: &[f64], dims: &[u64], low: &[i64], interior: &[i64], out: &[u64], value: f64) -> Vec<f64> {
    let n: u64 = out.iter().product();
    let os = strides(out);
    let mut y = vec![value; n as usize];
    for (flat, &v) in x.iter().enumerate() {
        let (mut rem, mut at, mut inside) = (flat as u64, 0i64, true);
        for d in (0..dims.len()).rev() {
            let i = (rem % dims[d]) as i64;
            rem /= dims[d];
            let p = low[d] + i * (interior[d] + 1);
            inside &= p >= 0 && p < out[d] as i64;
            at += p * os[d] as i64;
        }
        if inside {
            y[at as usize] = v;
        }
    }
    y
}

/// numpy `take(table, indices, axis)` for non-negative indices.
pub fn gather(table: &[f64], dims: &[u64], indices: &[f64], axis: usize) -> Vec<f64> {
    let outer: u64 = dims[..axis].iter().product();
    let inner: u64 = dims[axis + 1..].iter().product();
    let len = dims[axis];
    let mut y = Vec::new();
    for o in 0..outer {
        for &i in indices {
            let start = ((o * len + i as u64) * inner) as usize;
            y.extend_from_slice(&table[start..start + inner as usize]);
        }
    }
    y
}

/// Batched matmul: a [B,M,K] (or [B,K,M] if ta), b [B,K,N] or shared [K,N]
/// (or transposed), + bias[N] + psum.
#[allow(clippy::too_many_arguments)]
pub fn matmul(
    a: &[f64],
    b: &[f64],
    bias: Option<&[f64]>,
    psum: Option<&[f64]>,
    batch: usize,
    m: usize,
    k: usize,
    n: usize,
    ta: bool,
    tb: bool,
    shared_b: bool,
) -> Vec<f64> {
    let mut out = vec![0.0; batch * m * n];
    for bt in 0..batch {
        let ao = bt * m * k;
        let bo = if shared_b { 0 } else { bt * k * n };
        for i in 0..m {
            for j in 0..n {
                let mut s = 0.0;
                for p in 0..k {
                    let av = if ta { a[ao + p * m + i] } else { a[ao + i * k + p] };
                    let bv = if tb { b[bo + j * k + p] } else { b[bo + p * n + j] };
                    s += av * bv;
                }
                let o = bt * m * n + i * n + j;
                out[o] = s + bias.map_or(0.0, |v| v[j]) + psum.map_or(0.0, |v| v[o]);
            }
        }
    }
    out
}

/// NHWC x HWIO convolution with zero padding (pad = top, left, bottom, right).
#[allow(clippy::too_many_arguments)]
pub fn conv2d(
    x: &[f64],
    dims: [usize; 4],
    w: &[f64],
    kernel: [usize; 2],
    o: usize,
    bias: Option<&[f64]>,
    stride: [usize; 2],
    pad: [usize; 4],
    dil: [usize; 2],
    groups: usize,
) -> (Vec<f64>, usize, usize) {
    let [n, h, wd, c] = dims;
    let oh = (h + pad[0] + pad[2] - dil[0] * (kernel[0] - 1) - 1) / stride[0] + 1;
    let ow = (wd + pad[1] + pad[3] - dil[1] * (kernel[1] - 1) - 1) / stride[1] + 1;
    let (cg, og) = (c / groups, o / groups);
    let mut out = Vec::with_capacity(n * oh * ow * o);
    for b in 0..n {
        for oy in 0..oh {
            for ox in 0..ow {
                for oc in 0..o {
                    let g = oc / og;
                    let mut s = bias.map_or(0.0, |v| v[oc]);
                    for ky in 0..kernel[0] {
                        for kx in 0..kernel[1] {
                            let iy = (oy * stride[0] + ky * dil[0]) as isize - pad[0] as isize;
                            let ix = (ox * stride[1] + kx * dil[1]) as isize - pad[1] as isize;
                            if iy < 0 || ix < 0 || iy >= h as isize || ix >= wd as isize {
                                continue;
                            }
                            for ci in 0..cg {
                                let xv = x[((b * h + iy as usize) * wd + ix as usize) * c + g * cg + ci];
                                s += xv * w[((ky * kernel[1] + kx) * cg + ci) * o + oc];
                            }
                        }
                    }
                    out.push(s);
                }
            }
        }
    }
    (out, oh, ow)
}

/// Softmax over rows of `cols`.
pub fn softmax(x: &[f64], cols: usize) -> Vec<f64> {
    x.chunks(cols)
        .flat_map(|row| {
            let m = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let e: Vec<f64> = row.iter().map(|v| (v - m).exp()).collect();
            let s: f64 = e.iter().sum();
            e.into_iter().map(move |v| v / s)
        })
        .collect()
}

/// LayerNorm over rows of `cols` (population variance).
pub fn layernorm(x: &[f64], cols: usize, gamma: &[f64], beta: &[f64], eps: f64) -> Vec<f64> {
    norm_rows(x, cols, true, gamma, Some(beta), eps)
}

/// RMSNorm over rows of `cols`: `x / sqrt(mean(x^2) + eps) * gamma (+ beta)`.
pub fn rmsnorm(x: &[f64], cols: usize, gamma: &[f64], beta: Option<&[f64]>, eps: f64) -> Vec<f64> {
    norm_rows(x, cols, false, gamma, beta, eps)
}

/// A row normalisation: centred on the row mean (layer norm) or not
/// (RMSNorm), scaled by the inverse root of the mean square (of the
/// centred values) plus eps, then by gamma, plus beta when given.
pub fn norm_rows(x: &[f64], cols: usize, centre: bool, gamma: &[f64], beta: Option<&[f64]>, eps: f64) -> Vec<f64> {
    x.chunks(cols)
        .flat_map(|row| {
            let mean = if centre { row.iter().sum::<f64>() / cols as f64 } else { 0.0 };
            let var = row.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / cols as f64;
            let rstd = 1.0 / (var + eps).sqrt();
            row.iter()
                .enumerate()
                .map(move |(i, v)| (v - mean) * rstd * gamma[i] + beta.map_or(0.0, |b| b[i]))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// BatchNorm inference over the last (channel) axis of dense data.
pub fn batchnorm(x: &[f64], c: usize, scale: &[f64], shift: &[f64], mean: &[f64], var: &[f64], eps: f64) -> Vec<f64> {
    x.iter()
        .enumerate()
        .map(|(i, v)| {
            let ch = i % c;
            (v - mean[ch]) / (var[ch] + eps).sqrt() * scale[ch] + shift[ch]
        })
        .collect()
}

/// Reduce over `axis`.
pub fn reduce(x: &[f64], dims: &[u64], axis: usize, kind: crate::kinds::ReduceKind) -> Vec<f64> {
    use crate::kinds::ReduceKind;
    let len = dims[axis] as usize;
    let outer: u64 = dims[..axis].iter().product();
    let inner: u64 = dims[axis + 1..].iter().product();
    let (outer, inner) = (outer as usize, inner as usize);
    let mut out = Vec::with_capacity(outer * inner);
    for o in 0..outer {
        for i in 0..inner {
            let vals = (0..len).map(|l| x[(o * len + l) * inner + i]);
            out.push(match kind {
                ReduceKind::Sum => vals.sum(),
                ReduceKind::Mean => vals.sum::<f64>() / len as f64,
                ReduceKind::Max => vals.fold(f64::NEG_INFINITY, f64::max),
                ReduceKind::Min => vals.fold(f64::INFINITY, f64::min),
            });
        }
    }
    out
}

/// NHWC pooling, `max` or average; pads `p` = (top, left, bottom, right);
/// averages divide by the taps inside the input, or by kh*kw with
/// `count_include_pad`.
pub fn pool(
    x: &[f64],
    dims: [usize; 4],
    k: [usize; 2],
    s: [usize; 2],
    p: [usize; 4],
    max: bool,
    count_include_pad: bool,
) -> Vec<f64> {
    let [n, h, w, c] = dims;
    let oh = (h + p[0] + p[2] - k[0]) / s[0] + 1;
    let ow = (w + p[1] + p[3] - k[1]) / s[1] + 1;
    let mut out = Vec::new();
    for b in 0..n {
        for oy in 0..oh {
            for ox in 0..ow {
                for ch in 0..c {
                    let mut vals = Vec::new();
                    for ky in 0..k[0] {
                        for kx in 0..k[1] {
                            let iy = (oy * s[0] + ky) as isize - p[0] as isize;
                            let ix = (ox * s[1] + kx) as isize - p[1] as isize;
                            if iy >= 0 && ix >= 0 && (iy as usize) < h && (ix as usize) < w {
                                vals.push(x[((b * h + iy as usize) * w + ix as usize) * c + ch]);
                            }
                        }
                    }
                    let divisor = if count_include_pad { k[0] * k[1] } else { vals.len() };
                    out.push(if max {
                        vals.iter().copied().fold(f64::NEG_INFINITY, f64::max)
                    } else {
                        vals.iter().sum::<f64>() / divisor as f64
                    });
                }
            }
        }
    }
    out
}

/// Permute axes.
pub fn transpose(x: &[f64], dims: &[u64], perm: &[usize]) -> Vec<f64> {
    let out_dims: Vec<u64> = perm.iter().map(|&p| dims[p]).collect();
    let xs = strides(dims);
    let n: u64 = dims.iter().product();
    (0..n)
        .map(|mut i| {
            let mut src = 0;
            for d in (0..out_dims.len()).rev() {
                let k = i % out_dims[d];
                i /= out_dims[d];
                src += k * xs[perm[d]];
            }
            x[src as usize]
        })
        .collect()
}

/// Concatenate along `axis`.
pub fn concat(parts: &[(&[f64], &[u64])], axis: usize) -> Vec<f64> {
    let outer: u64 = parts[0].1[..axis].iter().product();
    let mut out = Vec::new();
    for o in 0..outer as usize {
        for (x, d) in parts {
            let inner: u64 = d[axis..].iter().product();
            out.extend_from_slice(&x[o * inner as usize..(o + 1) * inner as usize]);
        }
    }
    out
}

/// A box of a dense tensor.
pub fn slice(x: &[f64], dims: &[u64], start: &[u64], size: &[u64]) -> Vec<f64> {
    let xs = strides(dims);
    let n: u64 = size.iter().product();
    (0..n)
        .map(|mut i| {
            let mut src = 0;
            for d in (0..size.len()).rev() {
                let k = i % size[d];
                i /= size[d];
                src += (start[d] + k) * xs[d];
            }
            x[src as usize]
        })
        .collect()
}
