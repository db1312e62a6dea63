//! The CT's 2-D pooling semantics: output size of a window with 4-sided
//! padding, the kernel taps that fall inside the input, and NHWC max /
//! average pooling (padding ignored by max; averages over the taps inside
//! the input, or over the whole window with `count_include_pad`). Shared
//! by the pooling instruction, its footprint and the NE conv's tap loops.

use crate::isa::cgra::PoolKind;

/// Output height and width of a pooling window (pad: top, left, bottom,
/// right), or None if it does not fit.
pub fn pool_out(dims: &[u64; 4], kernel: &[u64; 2], stride: &[u64; 2], pad: &[u64; 4]) -> Option<(u64, u64)> {
    if kernel.contains(&0) || stride.contains(&0) {
        return None;
    }
    let padded = |d: u64, lo: u64, hi: u64| d.checked_add(lo)?.checked_add(hi);
    let oh = padded(dims[1], pad[0], pad[2])?.checked_sub(kernel[0])? / stride[0] + 1;
    let ow = padded(dims[2], pad[1], pad[3])?.checked_sub(kernel[1])? / stride[1] + 1;
    Some((oh, ow))
}

/// A pooling window: kernel, stride, pads (top, left, bottom, right) and
/// whether averages count padding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolWindow {
    pub kernel: [u64; 2],
    pub stride: [u64; 2],
    pub pad: [u64; 4],
    pub count_include_pad: bool,
}

/// Kernel taps `k` in `[0, kernel)` whose input index
/// `o*stride + k*dilation - pad` falls inside `[0, len)`, as a range (so
/// loops never visit padding, however large the kernel or padding).
pub fn taps(o: u64, stride: u64, dilation: u64, pad: u64, len: u64, kernel: u64) -> std::ops::Range<u64> {
    let base = o as i128 * stride as i128 - pad as i128;
    let d = dilation.max(1) as i128;
    let lo = if base >= 0 { 0 } else { (-base + d - 1) / d };
    let room = len as i128 - base;
    let hi = if room <= 0 { 0 } else { (room + d - 1) / d };
    let (lo, hi) = (lo.min(kernel as i128), hi.min(kernel as i128));
    lo as u64..hi.max(lo) as u64
}

/// Input index of tap `k` (valid only for `k` in `taps(..)`).
pub fn tap_index(o: u64, stride: u64, dilation: u64, pad: u64, k: u64) -> usize {
    (o as i128 * stride as i128 + k as i128 * dilation.max(1) as i128 - pad as i128) as usize
}

/// NHWC pooling (the CT semantics; an average divides by the taps inside
/// the input, or by kh*kw when the window counts padding).
pub fn pool_f32(kind: PoolKind, x: &[f32], dims: [u64; 4], window: &PoolWindow, oh: u64, ow: u64) -> Vec<f32> {
    let PoolWindow { kernel, stride, pad, count_include_pad } = *window;
    let [n, h, w, c] = dims.map(|d| d as usize);
    let mut y = Vec::with_capacity(n * (oh * ow) as usize * c);
    for b in 0..n {
        for oy in 0..oh {
            for ox in 0..ow {
                let ys = taps(oy, stride[0], 1, pad[0], h as u64, kernel[0]);
                let xs = taps(ox, stride[1], 1, pad[1], w as u64, kernel[1]);
                for ch in 0..c {
                    let mut acc = if kind == PoolKind::Max { f32::NEG_INFINITY } else { 0.0 };
                    let mut count = 0u64;
                    for ky in ys.clone() {
                        let iy = tap_index(oy, stride[0], 1, pad[0], ky);
                        for kx in xs.clone() {
                            let ix = tap_index(ox, stride[1], 1, pad[1], kx);
                            let v = x[((b * h + iy) * w + ix) * c + ch];
                            acc = if kind == PoolKind::Max { acc.max(v) } else { acc + v };
                            count += 1;
                        }
                    }
                    if count_include_pad {
                        count = kernel[0].saturating_mul(kernel[1]);
                    }
                    y.push(if kind == PoolKind::Avg { acc / count.max(1) as f32 } else { acc });
                }
            }
        }
    }
    y
}
