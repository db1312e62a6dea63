//! Data movement operators inside a tile's SPM: transpose, reshape, concat,
//! slice, gather (rows from a DDR table, or along any axis of an SPM
//! tensor) and channelnorm (dense <-> NCx). They use TDMA strided copies,
//! except 2-D transposes (CT), DDR gather (RDMA) and SPM gather (TDMA gather).

use crate::engine::Engine;
use crate::error::SimError;
use crate::isa::{CgraInstr, Instr, RdmaInstr, Strided, TdmaInstr};
use crate::layout::{MemLayout, Nhwc, Placement};
use crate::oplib::{op_err, strides, Emitter, Tsr};
use crate::tile::TileCtx;

/// `out = x.permute(perm)`.
pub fn transpose(ctx: &mut TileCtx, x: &Tsr, perm: &[usize], out: &Tsr) -> Result<u64, SimError> {
    const OP: &str = "transpose";
    let r = x.dims.len();
    let mut seen = vec![false; r];
    if perm.len() != r || perm.iter().any(|&p| p >= r || std::mem::replace(&mut seen[p], true)) {
        return Err(op_err(OP, "perm must be a permutation of the input's axes"));
    }
    let want: Vec<u64> = perm.iter().map(|&p| x.dims[p]).collect();
    if out.dims != want || out.fmt != x.fmt {
        return Err(op_err(OP, format!("output must have dims {want:?} in the input format")));
    }
    // Axes that move together (consecutive and in order on both sides) are
    // one axis: NCHW -> NHWC is the batched swap [N, C, H*W] -> [N, H*W, C].
    let (in_dims, perm) = collapse_runs(&x.dims, perm);
    let out_dims: Vec<u64> = perm.iter().map(|&p| in_dims[p]).collect();
    let (x, out) = (&Tsr::new(x.fmt, x.addr, &in_dims), &Tsr::new(out.fmt, out.addr, &out_dims));
    let perm = &perm[..];
    let r = in_dims.len();
    let es = x.fmt.size() as u64;
    let mut em = Emitter::new(ctx);
    // Swapping the last two axes (batched 2-D transpose): CT transposes.
    let batched_2d = r >= 2 && perm[r - 2] == r - 1 && perm[r - 1] == r - 2 && (0..r - 2).all(|i| perm[i] == i);
    if batched_2d {
        let (rows, cols) = (x.dims[r - 2], x.dims[r - 1]);
        let batches: u64 = x.dims[..r - 2].iter().product();
        for b in 0..batches {
            let off = b * rows * cols * es;
            em.emit(Instr::Cgra(CgraInstr::Transpose {
                fmt: x.fmt,
                src: x.addr + off,
                dst: out.addr + off,
                rows,
                cols,
            }))?;
        }
        return em.finish();
    }
    // Trailing axes kept in place: they form one contiguous run on both
    // sides, and the rest is a walk over the outer axes. One strided copy
    // per index of the outer axes but the longest, which becomes the
    // copy's rows ([B, S, H, D] -> [B, H, S, D] is B * S copies of H rows
    // of D elements, not B * S * H).
    let kept = (0..r).rev().take_while(|&d| perm[d] == d).count();
    if kept > 0 {
        let outer = r - kept;
        let run_bytes = x.dims[outer..].iter().product::<u64>() * es;
        let xs = strides(&x.dims);
        let os = strides(&out.dims);
        if outer == 0 {
            em.emit(Instr::Tdma(TdmaInstr::Reshape {
                src: x.addr,
                dst: out.addr,
                shape: Strided::contiguous(run_bytes),
            }))?;
            return em.finish();
        }
        let rows_axis = (0..outer).rev().max_by_key(|&a| out.dims[a]).unwrap_or(0);
        let copies: u64 = (0..outer).filter(|&a| a != rows_axis).map(|a| out.dims[a]).product();
        for c in 0..copies {
            let (mut rem, mut src_off, mut dst_off) = (c, 0u64, 0u64);
            for a in (0..outer).rev().filter(|&a| a != rows_axis) {
                let i = rem % out.dims[a];
                rem /= out.dims[a];
                src_off += i * xs[perm[a]];
                dst_off += i * os[a];
            }
            em.emit(Instr::Tdma(TdmaInstr::Reshape {
                src: x.addr + src_off * es,
                dst: out.addr + dst_off * es,
                shape: Strided {
                    rows: out.dims[rows_axis],
                    row_bytes: run_bytes,
                    src_stride: xs[perm[rows_axis]] * es,
                    dst_stride: os[rows_axis] * es,
                },
            }))?;
        }
        return em.finish();
    }
    // General: strided element copies, one per row of whichever side has
    // fewer rows: per output row (contiguous writes, strided reads) or per
    // input row (contiguous reads, strided writes). NCHW -> NHWC of a
    // 3-channel image is 3 * H copies of W elements, not H * W copies of 3.
    let xs = strides(&x.dims);
    let os = strides(&out.dims);
    let out_last = *out.dims.last().unwrap_or(&1);
    let in_last = *x.dims.last().unwrap_or(&1);
    let out_rows = out.elems() / out_last.max(1);
    let in_rows = x.elems() / in_last.max(1);
    if r > 0 && in_rows < out_rows {
        // Output axis q holds the input's last axis.
        let q = perm.iter().position(|&p| p == r - 1).unwrap_or(r - 1);
        for row in 0..in_rows {
            let (mut rem, mut dst_off) = (row, 0u64);
            for d in (0..r - 1).rev() {
                let i = rem % x.dims[d];
                rem /= x.dims[d];
                // Input axis d is output axis perm^-1(d).
                let od = perm.iter().position(|&p| p == d).unwrap_or(d);
                dst_off += i * os[od];
            }
            em.emit(Instr::Tdma(TdmaInstr::GatherScatter {
                src: x.addr + row * in_last * es,
                dst: out.addr + dst_off * es,
                elem_bytes: es,
                count: in_last,
                src_stride: es,
                dst_stride: os[q] * es,
            }))?;
        }
        return em.finish();
    }
    for row in 0..out_rows {
        let (mut rem, mut src_off) = (row, 0u64);
        for d in (0..r.saturating_sub(1)).rev() {
            let i = rem % out.dims[d];
            rem /= out.dims[d];
            src_off += i * xs[perm[d]];
        }
        let src_stride = if r > 0 { xs[perm[r - 1]] * es } else { es };
        em.emit(Instr::Tdma(TdmaInstr::GatherScatter {
            src: x.addr + src_off * es,
            dst: out.addr + row * out_last * es,
            elem_bytes: es,
            count: out_last,
            src_stride,
            dst_stride: es,
        }))?;
    }
    em.finish()
}

/// A transpose of `dims` by `perm` with the runs of input axes that stay
/// consecutive and in order in the output merged into one axis each:
/// (merged input dims, merged perm). The same transpose of the same bytes;
/// unchanged when no two axes move together. `perm` must be a permutation.
pub fn collapse_runs(dims: &[u64], perm: &[usize]) -> (Vec<u64>, Vec<usize>) {
    // Runs in output order: output axes i and i+1 join when perm[i+1] == perm[i] + 1.
    let mut runs: Vec<(usize, usize)> = Vec::new(); // (first input axis, length)
    for (i, &p) in perm.iter().enumerate() {
        match runs.last_mut() {
            Some(run) if i > 0 && p == perm[i - 1] + 1 => run.1 += 1,
            _ => runs.push((p, 1)),
        }
    }
    // Input order of the runs: by their first input axis.
    let mut by_input: Vec<usize> = (0..runs.len()).collect();
    by_input.sort_by_key(|&k| runs[k].0);
    let in_dims = by_input.iter().map(|&k| dims[runs[k].0..runs[k].0 + runs[k].1].iter().product()).collect();
    // Output axis k of the merged transpose is run k, at input position by_input^-1(k).
    let mut merged = vec![0; runs.len()];
    for (pos, &k) in by_input.iter().enumerate() {
        merged[k] = pos;
    }
    (in_dims, merged)
}

/// `out = x` with new dims (same element count); a TDMA copy when the
/// addresses differ, nothing otherwise.
pub fn reshape(ctx: &mut TileCtx, x: &Tsr, out: &Tsr) -> Result<u64, SimError> {
    if x.elems() != out.elems() || x.fmt != out.fmt {
        return Err(op_err("reshape", "reshape keeps the element count and format"));
    }
    let mut em = Emitter::new(ctx);
    if x.addr != out.addr {
        em.emit(Instr::Tdma(TdmaInstr::Reshape { src: x.addr, dst: out.addr, shape: Strided::contiguous(x.bytes()) }))?;
    }
    em.finish()
}

/// Concatenate `inputs` along `axis` into `out`.
pub fn concat(ctx: &mut TileCtx, inputs: &[&Tsr], axis: usize, out: &Tsr) -> Result<u64, SimError> {
    const OP: &str = "concat";
    let first = inputs.first().ok_or_else(|| op_err(OP, "no inputs"))?;
    let r = first.dims.len();
    if axis >= r {
        return Err(op_err(OP, "axis out of range"));
    }
    let mut total = 0;
    for t in inputs {
        let same = t.dims.len() == r && (0..r).all(|d| d == axis || t.dims[d] == first.dims[d]);
        if !same || t.fmt != out.fmt {
            return Err(op_err(OP, "inputs must agree on every dim but the axis, and on format"));
        }
        total += t.dims[axis];
    }
    let mut want = first.dims.clone();
    want[axis] = total;
    if out.dims != want {
        return Err(op_err(OP, format!("output must have dims {want:?}")));
    }
    let es = out.fmt.size() as u64;
    let outer: u64 = first.dims[..axis].iter().product();
    let inner_out: u64 = out.dims[axis..].iter().product::<u64>() * es;
    let mut em = Emitter::new(ctx);
    let mut offset = 0;
    for t in inputs {
        let inner = t.dims[axis..].iter().product::<u64>() * es;
        if inner > 0 && outer > 0 {
            em.emit(Instr::Tdma(TdmaInstr::Reshape {
                src: t.addr,
                dst: out.addr + offset,
                shape: Strided { rows: outer, row_bytes: inner, src_stride: inner, dst_stride: inner_out },
            }))?;
        }
        offset += inner;
    }
    em.finish()
}

/// `out = x[starts .. starts + out.dims]` (a box of x).
pub fn slice(ctx: &mut TileCtx, x: &Tsr, starts: &[u64], out: &Tsr) -> Result<u64, SimError> {
    const OP: &str = "slice";
    let r = x.dims.len();
    if starts.len() != r || out.dims.len() != r || out.fmt != x.fmt {
        return Err(op_err(OP, "starts and output must match the input's rank and format"));
    }
    if (0..r).any(|d| starts[d] + out.dims[d] > x.dims[d]) {
        return Err(op_err(OP, "slice leaves the input"));
    }
    tdma_copies(
        ctx,
        x.addr,
        out.addr,
        tx8_target::transfers::box_copies(&x.dims, starts, &out.dims, x.fmt.size() as u64),
    )
}

/// Runs `copies` (source offset, destination offset, shape) from SPM at
/// `src` to SPM at `dst` by TDMA and joins it.
pub(crate) fn tdma_copies(
    ctx: &mut TileCtx,
    src: u64,
    dst: u64,
    copies: Vec<(u64, u64, Strided)>,
) -> Result<u64, SimError> {
    let mut em = Emitter::new(ctx);
    for (src_off, dst_off, shape) in copies {
        em.emit(Instr::Tdma(TdmaInstr::Reshape { src: src + src_off, dst: dst + dst_off, shape }))?;
    }
    em.finish()
}

/// `out[i] = table[indices[i]]`: rows of a dense DDR table (`row_elems`
/// elements of `out.fmt` each) chosen by int32 `indices` in SPM, via RDMA gather.
pub fn gather(
    ctx: &mut TileCtx,
    table_ddr: u64,
    table_rows: u64,
    row_elems: u64,
    indices: &Tsr,
    out: &Tsr,
) -> Result<u64, SimError> {
    if indices.fmt != crate::dtype::DataFormat::Int32 || out.elems() != indices.elems() * row_elems {
        return Err(op_err("gather", "indices must be int32 and out must hold one row per index"));
    }
    let mut em = Emitter::new(ctx);
    em.emit(Instr::Rdma(RdmaInstr::Gather {
        ddr: table_ddr,
        rows: table_rows,
        index: indices.addr,
        count: indices.elems(),
        row_bytes: row_elems * out.fmt.size() as u64,
        spm: out.addr,
    }))?;
    em.finish()
}

/// `out = take(table, indices, axis)` on an SPM table (ONNX Gather): out
/// dims are `table.dims[..axis] ++ indices.dims ++ table.dims[axis+1..]`,
/// any format; int32 indices in `[0, table.dims[axis])` (negative indices
/// are an error: normalise them first). One TDMA gather per index of the
/// dims before `axis`, each moving rows of the dims after it.
pub fn gather_spm(ctx: &mut TileCtx, table: &Tsr, indices: &Tsr, axis: usize, out: &Tsr) -> Result<u64, SimError> {
    const OP: &str = "gather_spm";
    if indices.fmt != crate::dtype::DataFormat::Int32 {
        return Err(op_err(OP, "indices must be int32"));
    }
    if axis >= table.dims.len() {
        return Err(op_err(OP, format!("axis {axis} out of range for rank {}", table.dims.len())));
    }
    if out.fmt != table.fmt {
        return Err(op_err(OP, "table and output must share one format"));
    }
    let mut want = table.dims[..axis].to_vec();
    want.extend_from_slice(&indices.dims);
    want.extend_from_slice(&table.dims[axis + 1..]);
    if out.dims != want {
        return Err(op_err(OP, format!("output dims {:?} must be {want:?}", out.dims)));
    }
    let es = table.fmt.size() as u64;
    let len = table.dims[axis];
    let outer: u64 = table.dims[..axis].iter().product();
    let row_bytes = table.dims[axis + 1..].iter().product::<u64>() * es;
    let count = indices.elems();
    let mut em = Emitter::new(ctx);
    if row_bytes > 0 && count > 0 {
        for o in 0..outer {
            em.emit(Instr::Tdma(TdmaInstr::Gather {
                table: table.addr + o * len * row_bytes,
                rows: len,
                row_bytes,
                index: indices.addr,
                count,
                dst: out.addr + o * count * row_bytes,
            }))?;
        }
    }
    em.finish()
}

/// ChannelNorm between dense NHWC (NTensor/Tensor) and channel-blocked
/// (NCx/Cx) placements of the same tensor: `to_blocked` picks the direction.
/// `x.dims` are the logical dims; padding in a blocked output is zero.
pub fn channel_norm(
    ctx: &mut TileCtx,
    x: &Tsr,
    out: &Tsr,
    blocked: MemLayout,
    to_blocked: bool,
) -> Result<u64, SimError> {
    const OP: &str = "channelnorm";
    if x.dims != out.dims || x.fmt != out.fmt || !matches!(blocked, MemLayout::Cx | MemLayout::NCx) {
        return Err(op_err(OP, "same dims and format on both sides, and a Cx/NCx blocked layout"));
    }
    let shape = Nhwc::from_dims(&x.dims)?;
    let p = Placement::new(blocked, x.fmt, shape)?;
    let mut em = Emitter::new(ctx);
    if to_blocked && p.bytes() != shape.elems() * x.fmt.size() as u64 {
        // Zero the padding first (whole placed region, then overwrite the data).
        em.emit(Instr::Cgra(CgraInstr::Fill {
            fmt: crate::dtype::DataFormat::Int8,
            dst: out.addr,
            n: p.bytes(),
            scalar_bits: 0,
        }))?;
        em.join(&[Engine::Ct])?;
    }
    for (dense, placed, shape) in channel_norm_copies(&p).map_err(|e| op_err(OP, e.to_string()))? {
        let (src, dst, shape) = if to_blocked {
            (x.addr + dense, out.addr + placed, shape)
        } else {
            let Strided { rows, row_bytes, src_stride, dst_stride } = shape;
            (
                x.addr + placed,
                out.addr + dense,
                Strided { rows, row_bytes, src_stride: dst_stride, dst_stride: src_stride },
            )
        };
        em.emit(Instr::Tdma(TdmaInstr::Reshape { src, dst, shape }))?;
    }
    em.finish()
}

/// The TDMA copies of a ChannelNorm of a tensor placed as `p` (blocked),
/// dense to blocked: (dense byte offset, placed byte offset, shape with the
/// dense side as source). One strided copy per batch and channel block
/// (its H x W rows), and one for the channels after the last full block;
/// when H x W is 1 each batch's blocks are one run on both sides, so all
/// batches' full blocks go in one copy and their tails in another.
pub fn channel_norm_copies(p: &Placement) -> Result<Vec<(u64, u64, Strided)>, SimError> {
    let b = p.blocked.ok_or_else(|| SimError::Layout("not a blocked layout".into()))?;
    let shape = p.shape;
    let es = p.fmt.size() as u64;
    let hw = shape.h * shape.w;
    let dense_batch = hw * shape.c * es;
    let mut copies = Vec::new();
    if hw == 1 {
        for (off, ch) in [(0, b.cx * b.block), (b.cx * b.block, b.c0)] {
            if ch > 0 {
                copies.push((
                    off * es,
                    off * es,
                    Strided { rows: shape.n, row_bytes: ch * es, src_stride: dense_batch, dst_stride: b.batch_stride },
                ));
            }
        }
        return Ok(copies);
    }
    for n in 0..shape.n {
        let (dense, placed) = (n * dense_batch, n * b.batch_stride);
        // (dense offset, placed offset, channels, placed row pitch)
        let mut parts: Vec<(u64, u64, u64, u64)> =
            (0..b.cx).map(|j| (j * b.block * es, j * hw * b.block * es, b.block, b.block)).collect();
        if b.c0 > 0 {
            parts.push((b.cx * b.block * es, b.cx * hw * b.block * es, b.c0, b.c0_padded));
        }
        for (d_off, p_off, ch, pitch) in parts {
            copies.push((
                dense + d_off,
                placed + p_off,
                Strided { rows: hw, row_bytes: ch * es, src_stride: shape.c * es, dst_stride: pitch * es },
            ));
        }
    }
    Ok(copies)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The copies place every element where `Placement::from_dense` does;
    /// a tensor of 1x1 images takes two copies whatever its batch.
    #[test]
    fn channel_norm_copies_place_the_dense_bytes() {
        let bf = crate::dtype::DataFormat::Bf16;
        for (dims, want) in [
            (vec![3u64, 1, 1, 100], Some(2)),
            (vec![16, 1000], Some(2)),
            (vec![2, 1, 1, 20], Some(1)),
            (vec![2, 2, 3, 130], Some(6)),
            (vec![1, 4, 4, 64], Some(1)),
        ] {
            let p = Placement::of_dims(MemLayout::NCx, bf, &dims).unwrap();
            let copies = channel_norm_copies(&p).unwrap();
            if let Some(n) = want {
                assert_eq!(copies.len(), n, "{dims:?}");
            }
            let dense: Vec<u8> = (0..p.shape.elems() * 2).map(|b| (b % 253) as u8 + 1).collect();
            let mut placed = vec![0u8; p.bytes() as usize];
            for (d, q, s) in copies {
                for r in 0..s.rows {
                    let (a, b, n) =
                        ((d + r * s.src_stride) as usize, (q + r * s.dst_stride) as usize, s.row_bytes as usize);
                    placed[b..b + n].copy_from_slice(&dense[a..a + n]);
                }
            }
            assert_eq!(placed, p.from_dense(&dense).unwrap(), "{dims:?}");
        }
    }

    #[test]
    fn collapse_runs_merges_axes_moving_together() {
        // NCHW -> NHWC is the batched swap [N, C, H*W] -> [N, H*W, C].
        assert_eq!(collapse_runs(&[2, 3, 5, 7], &[0, 2, 3, 1]), (vec![2, 3, 35], vec![0, 2, 1]));
        // [a b c d] -> [c d b a]: c and d move together.
        assert_eq!(collapse_runs(&[2, 3, 4, 5], &[2, 3, 1, 0]), (vec![2, 3, 20], vec![2, 1, 0]));
        // Nothing moves together: unchanged.
        assert_eq!(collapse_runs(&[2, 3, 4, 5], &[0, 2, 1, 3]), (vec![2, 3, 4, 5], vec![0, 2, 1, 3]));
        assert_eq!(collapse_runs(&[6], &[0]), (vec![6], vec![0]));
    }

    /// A 4-D NCHW -> NHWC transpose runs as its collapsed 3-D form: the
    /// same cycles, the same numbers.
    #[test]
    fn nchw_to_nhwc_runs_as_the_batched_swap() {
        let bf = crate::dtype::DataFormat::Bf16;
        let run = |dims: &[u64], perm: &[usize]| {
            let mut b = crate::optest::Bench::new().unwrap();
            let n: u64 = dims.iter().product();
            let values: Vec<f64> = (0..n).map(|i| (i % 97) as f64).collect();
            let (x, _) = b.input("x", bf, dims, &values).unwrap();
            let od: Vec<u64> = perm.iter().map(|&p| dims[p]).collect();
            let out = b.output(bf, &od).unwrap();
            let cycles = b.run(|ctx| transpose(ctx, &x, perm, &out)).unwrap();
            (cycles, b.read(&out).unwrap())
        };
        let (c4, v4) = run(&[1, 3, 20, 224], &[0, 2, 3, 1]);
        let (c3, v3) = run(&[1, 3, 4480], &[0, 2, 1]);
        assert_eq!((c4, &v4), (c3, &v3));
        assert_eq!(v4[..4], [0.0, 4480.0 % 97.0, 8960.0 % 97.0, 1.0]);
    }
}
