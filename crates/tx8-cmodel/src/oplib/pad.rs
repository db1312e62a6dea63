//! Constant padding (StableHLO pad, ONNX Pad constant mode, and the
//! zero-inserted input of a transposed convolution): a CT fill of the whole
//! output with the value, then TDMA strided copies of the input elements to
//! their places. Negative low / high padding crops.
//!
//! Input element `i` of dim `d` lands at output position
//! `low[d] + i * (interior[d] + 1)`; elements landing outside the output are
//! dropped. Trailing dims that are neither padded nor cropped are copied as
//! one contiguous run; the innermost padded dim becomes the rows of a
//! strided copy (or the elements of a gather/scatter copy when it has
//! interior padding), one instruction per index of the dims outside it.

use crate::engine::Engine;
use crate::error::SimError;
use crate::isa::cgra::scalar_bits;
use crate::isa::{CgraInstr, Instr, Strided, TdmaInstr};
use crate::oplib::{op_err, strides, Emitter, Tsr};
use crate::tile::TileCtx;

const OP: &str = "pad";

/// Padding of one dim and the input range that survives it.
#[derive(Debug, Clone, Copy)]
struct DimMap {
    /// First surviving input index and how many survive.
    first: u64,
    count: u64,
    /// Output position of `first`.
    at: u64,
    /// Output distance between consecutive input elements.
    step: u64,
}

/// Output size of one padded dim, or None if negative / overflowing.
pub fn padded_dim(len: u64, low: i64, high: i64, interior: u64) -> Option<u64> {
    let inner = if len == 0 { 0 } else { i128::from(len) + i128::from(len - 1) * i128::from(interior) };
    let total = inner + i128::from(low) + i128::from(high);
    u64::try_from(total).ok()
}

fn dim_map(len: u64, low: i64, interior: u64, out_len: u64) -> DimMap {
    let step = interior + 1;
    let pos = |i: u64| i128::from(low) + i128::from(i) * i128::from(step);
    // First i with pos(i) >= 0, last with pos(i) < out_len.
    let first = if low >= 0 { 0 } else { ((-i128::from(low) + i128::from(step) - 1) / i128::from(step)) as u64 };
    let mut count = 0;
    if first < len && pos(first) < i128::from(out_len) {
        let room = i128::from(out_len) - 1 - pos(first);
        count = ((room / i128::from(step)) as u64 + 1).min(len - first);
    }
    DimMap { first, count, at: if count > 0 { pos(first) as u64 } else { 0 }, step }
}

/// `out = pad(x, low, high, interior, value)` (dense, any format; `value`
/// rounded to it). `low`, `high` and `interior` have one entry per dim;
/// `interior` must be >= 0; `out.dims[d] = low + high + len + (len-1)*interior`.
pub fn pad(
    ctx: &mut TileCtx,
    x: &Tsr,
    out: &Tsr,
    low: &[i64],
    high: &[i64],
    interior: &[i64],
    value: f32,
) -> Result<u64, SimError> {
    let r = x.dims.len();
    if low.len() != r || high.len() != r || interior.len() != r || out.dims.len() != r {
        return Err(op_err(OP, "low, high, interior and the output must have the input's rank"));
    }
    if out.fmt != x.fmt {
        return Err(op_err(OP, "input and output must share one format"));
    }
    let interior: Vec<u64> = interior
        .iter()
        .map(|&i| u64::try_from(i).map_err(|_| op_err(OP, "interior padding must be >= 0")))
        .collect::<Result<_, _>>()?;
    let want: Option<Vec<u64>> = (0..r).map(|d| padded_dim(x.dims[d], low[d], high[d], interior[d])).collect();
    if want.as_ref() != Some(&out.dims) {
        return Err(op_err(
            OP,
            format!("output dims {:?} must be {:?} (low + high + len + (len-1)*interior per dim)", out.dims, want),
        ));
    }
    let maps: Vec<DimMap> = (0..r).map(|d| dim_map(x.dims[d], low[d], interior[d], out.dims[d])).collect();
    let es = x.fmt.size() as u64;
    let mut em = Emitter::new(ctx);
    let copied: u64 = maps.iter().map(|m| m.count).product();
    if copied < out.elems() {
        em.emit(Instr::Cgra(CgraInstr::Fill {
            fmt: out.fmt,
            dst: out.addr,
            n: out.elems(),
            scalar_bits: scalar_bits(out.fmt, value.into()),
        }))?;
        // The copies below overwrite parts of the fill.
        em.join(&[Engine::Ct])?;
    }
    if copied == 0 {
        return em.finish();
    }
    let xs = strides(&x.dims);
    let os = strides(&out.dims);
    // Trailing dims copied whole and unpadded merge into one run.
    let untouched = |d: usize| {
        maps[d].first == 0
            && maps[d].count == x.dims[d]
            && maps[d].at == 0
            && maps[d].step == 1
            && x.dims[d] == out.dims[d]
    };
    let mut k = r;
    while k > 0 && untouched(k - 1) {
        k -= 1;
    }
    if k == 0 {
        // Nothing padded: a plain copy.
        em.emit(Instr::Tdma(TdmaInstr::Reshape { src: x.addr, dst: out.addr, shape: Strided::contiguous(x.bytes()) }))?;
        return em.finish();
    }
    let k = k - 1; // innermost padded dim
    let run = xs[k] * es; // bytes of one element of dim k with the merged tail
    let mk = maps[k];
    // Without interior padding in dim k, one strided copy also covers dim
    // k-1 (its rows); with it, a gather/scatter copy spreads dim k's elements.
    let rows_too = mk.step == 1 && k > 0;
    let outer_dims = if rows_too { k - 1 } else { k };
    let outer: u64 = maps[..outer_dims].iter().map(|m| m.count).product();
    for o in 0..outer {
        let (mut rem, mut src, mut dst) = (o, 0u64, 0u64);
        for d in (0..outer_dims).rev() {
            let i = rem % maps[d].count;
            rem /= maps[d].count;
            src += (maps[d].first + i) * xs[d];
            dst += (maps[d].at + i * maps[d].step) * os[d];
        }
        let (src, dst) = (x.addr + (src + mk.first * xs[k]) * es, out.addr + (dst + mk.at * os[k]) * es);
        let instr = if rows_too {
            let mr = maps[k - 1];
            TdmaInstr::Reshape {
                src: src + mr.first * xs[k - 1] * es,
                dst: dst + mr.at * os[k - 1] * es,
                shape: Strided {
                    rows: mr.count,
                    row_bytes: mk.count * run,
                    src_stride: xs[k - 1] * es,
                    dst_stride: mr.step * os[k - 1] * es,
                },
            }
        } else {
            TdmaInstr::GatherScatter {
                src,
                dst,
                elem_bytes: run,
                count: mk.count,
                src_stride: run,
                dst_stride: mk.step * os[k] * es,
            }
        };
        em.emit(Instr::Tdma(instr))?;
    }
    em.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dim_maps_crop_and_step() {
        // len 5, low -3, interior 1: positions -3,-1,1,3,5 -> i = 2,3,4 at 1,3,5 (out len 6).
        let m = dim_map(5, -3, 1, 6);
        assert_eq!((m.first, m.count, m.at, m.step), (2, 3, 1, 2));
        // Cropped at the end: out len 4 keeps positions 1 and 3 only.
        let m = dim_map(5, -3, 1, 4);
        assert_eq!((m.first, m.count, m.at), (2, 2, 1));
        assert_eq!(padded_dim(5, -3, 2, 1), Some(8));
        assert_eq!(padded_dim(2, -5, 0, 0), None);
        assert_eq!(padded_dim(0, 1, 2, 3), Some(3));
    }
}
