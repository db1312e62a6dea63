//! The strided copies that move a box of a channel-blocked (Cx/NCx) tensor
//! between DDR and SPM: the DDR tensor is the whole shape in its
//! placement, the SPM buffer holds the box in the same kind of placement of
//! the box's own dims (a box of a blocked tensor is blocked, its C0 padded
//! for the box's channel count).
//!
//! A box of whole batches moves as one contiguous run (padding and batch
//! alignment included). Otherwise channels are walked as "lanes" of the
//! placement: when the box spans all channels, the box and the whole tensor
//! block them identically, so the padding lanes of the C0 part move too
//! (the transfer is the placed rows, which is what the DMA times); when it
//! does not, only the box's real channels move and its padding lanes are
//! left as they are (no operator reads them). Lanes are split where either side crosses a channel block,
//! and runs that repeat with constant strides become one descriptor.

use crate::layout::{Nhwc, Placement};
use crate::view::Strided;

/// Element offset of lane `lane` of pixel (h, w) within one batch of `p`
/// (`lane` may reach into the C0 padding).
fn lane_offset(p: &Placement, h: u64, w: u64, lane: u64) -> u64 {
    let s = p.shape;
    let b = p.blocked.expect("a blocked placement");
    let full = b.cx * b.block;
    if lane < full {
        (((lane / b.block) * s.h + h) * s.w + w) * b.block + lane % b.block
    } else {
        b.cx * s.h * s.w * b.block + (h * s.w + w) * b.c0_padded + (lane - full)
    }
}

/// Lanes where a channel block starts or the C0 part begins, in `p`,
/// shifted so that `first` is lane 0.
fn block_edges(p: &Placement, first: u64, lanes: u64, edges: &mut Vec<u64>) {
    let b = p.blocked.expect("a blocked placement");
    for j in 0..=b.cx {
        let at = j * b.block;
        if at > first && at < first + lanes {
            edges.push(at - first);
        }
    }
}

/// Copies (DDR byte offset from the whole tensor's start, SPM byte offset
/// from the box's start, shape) moving box `start` (NHWC) of `whole` into
/// the placement `boxp` (both blocked, same format).
pub fn blocked_box_copies(whole: &Placement, start: Nhwc, boxp: &Placement) -> Vec<(u64, u64, Strided)> {
    let (ws, bs) = (whole.shape, boxp.shape);
    let (wb, bb) = (whole.blocked.expect("blocked"), boxp.blocked.expect("blocked"));
    let es = whole.fmt.size() as u64;
    let all_channels = start.c == 0 && bs.c == ws.c;
    if all_channels && start.h == 0 && bs.h == ws.h && start.w == 0 && bs.w == ws.w {
        // Whole batches: the box's batches are the tensor's, bytes for
        // bytes, padding and batch alignment included.
        let bytes = bs.n * wb.batch_stride;
        return vec![(
            start.n * wb.batch_stride,
            0,
            Strided { rows: 1, row_bytes: bytes, src_stride: bytes, dst_stride: bytes },
        )];
    }
    let lanes = if all_channels { bb.cx * bb.block + bb.c0_padded } else { bs.c };
    let mut edges = vec![0, lanes];
    block_edges(whole, start.c, lanes, &mut edges);
    block_edges(boxp, 0, lanes, &mut edges);
    edges.sort_unstable();
    edges.dedup();
    // Runs in (batch, lane segment, h, w) order: consecutive pixels of one
    // segment are a constant stride apart on both sides.
    let mut runs: Vec<(u64, u64, u64)> = Vec::new();
    for n in 0..bs.n {
        let (src_batch, dst_batch) = ((start.n + n) * wb.batch_stride, n * bb.batch_stride);
        for seg in edges.windows(2) {
            let (lo, len) = (seg[0], seg[1] - seg[0]);
            for h in 0..bs.h {
                for w in 0..bs.w {
                    let src = src_batch + lane_offset(whole, start.h + h, start.w + w, start.c + lo) * es;
                    let dst = dst_batch + lane_offset(boxp, h, w, lo) * es;
                    push_run(&mut runs, src, dst, len * es);
                }
            }
        }
    }
    strided(runs)
}

/// Append a run, extending the last one when both sides continue it.
fn push_run(runs: &mut Vec<(u64, u64, u64)>, src: u64, dst: u64, len: u64) {
    if let Some(last) = runs.last_mut() {
        if last.0 + last.2 == src && last.1 + last.2 == dst {
            last.2 += len;
            return;
        }
    }
    runs.push((src, dst, len));
}

/// Group runs of equal length a constant distance apart into descriptors.
fn strided(runs: Vec<(u64, u64, u64)>) -> Vec<(u64, u64, Strided)> {
    let mut out: Vec<(u64, u64, Strided)> = Vec::new();
    for (src, dst, len) in runs {
        if let Some((s0, d0, sh)) = out.last_mut() {
            if sh.row_bytes == len {
                let (last_src, last_dst) = (*s0 + (sh.rows - 1) * sh.src_stride, *d0 + (sh.rows - 1) * sh.dst_stride);
                if src > last_src && dst > last_dst {
                    let (ds, dd) = (src - last_src, dst - last_dst);
                    if sh.rows == 1 || (ds == sh.src_stride && dd == sh.dst_stride) {
                        sh.src_stride = ds;
                        sh.dst_stride = dd;
                        sh.rows += 1;
                        continue;
                    }
                }
            }
        }
        out.push((src, dst, Strided { rows: 1, row_bytes: len, src_stride: len, dst_stride: len }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data_format::DataFormat;
    use crate::layout::MemLayout;

    /// Apply the copies byte by byte, as the DMA would.
    fn apply(copies: &[(u64, u64, Strided)], src: &[u8], dst: &mut [u8]) {
        for (s, d, sh) in copies {
            for r in 0..sh.rows {
                let (so, dof) = ((s + r * sh.src_stride) as usize, (d + r * sh.dst_stride) as usize);
                let n = sh.row_bytes as usize;
                dst[dof..dof + n].copy_from_slice(&src[so..so + n]);
            }
        }
    }

    #[test]
    fn random_boxes_move_exactly_their_elements() {
        let mut rng = fastrand::Rng::with_seed(13);
        for _ in 0..80 {
            let fmt = [DataFormat::Fp16, DataFormat::Fp32, DataFormat::Int8][rng.usize(..3)];
            let ws = Nhwc { n: rng.u64(1..=3), h: rng.u64(1..=3), w: rng.u64(1..=4), c: rng.u64(1..=300) };
            let pick = |rng: &mut fastrand::Rng, whole: u64| {
                let start = rng.u64(0..whole);
                (start, rng.u64(1..=whole - start))
            };
            let (n0, nn) = pick(&mut rng, ws.n);
            // One box in four is whole batches (one run), one in four spans
            // all channels, the rest cut channels too.
            let kind = rng.u64(0..=3);
            let (h0, hn) = if kind == 0 { (0, ws.h) } else { pick(&mut rng, ws.h) };
            let (w0, wn) = if kind == 0 { (0, ws.w) } else { pick(&mut rng, ws.w) };
            let (c0, cn) = if kind <= 1 { (0, ws.c) } else { pick(&mut rng, ws.c) };
            let whole = Placement::new(MemLayout::NCx.fitted(ws.n), fmt, ws).unwrap();
            let bs = Nhwc { n: nn, h: hn, w: wn, c: cn };
            let boxp = Placement::new(MemLayout::NCx.fitted(nn), fmt, bs).unwrap();
            let ddr: Vec<u8> = (0..whole.bytes()).map(|_| rng.u8(..)).collect();
            let mut spm = vec![0u8; boxp.bytes() as usize];
            let copies = blocked_box_copies(&whole, Nhwc { n: n0, h: h0, w: w0, c: c0 }, &boxp);
            apply(&copies, &ddr, &mut spm);
            let es = fmt.size();
            for n in 0..nn {
                for h in 0..hn {
                    for w in 0..wn {
                        for c in 0..cn {
                            let s = whole.offset(n0 + n, h0 + h, w0 + w, c0 + c).unwrap() as usize;
                            let d = boxp.offset(n, h, w, c).unwrap() as usize;
                            assert_eq!(spm[d..d + es], ddr[s..s + es], "box {bs:?} at ({n0},{h0},{w0},{c0}) of {ws:?}");
                        }
                    }
                }
            }
            if kind == 0 {
                // Whole batches: one run of the placed bytes, alignment included.
                assert_eq!(copies.len(), 1);
                assert_eq!(copies[0].2.row_bytes, boxp.bytes());
            }
            // A whole-channel box of one pixel row per block is one descriptor per (batch, block) at most.
            if c0 == 0 && cn == ws.c {
                let b = boxp.blocked.unwrap();
                assert!(copies.len() as u64 <= nn * (b.cx + 1) * hn.max(1));
            }
        }
    }
}
