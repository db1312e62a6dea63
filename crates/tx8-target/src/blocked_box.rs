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

/// The boundaries of the box's lane segments (from 0 to its lane count):
/// no segment crosses a channel block of either side.
fn lane_segments(whole: &Placement, start: Nhwc, boxp: &Placement) -> Vec<u64> {
    let bb = boxp.blocked.expect("blocked");
    let all_channels = start.c == 0 && boxp.shape.c == whole.shape.c;
    let lanes = if all_channels { bb.cx * bb.block + bb.c0_padded } else { boxp.shape.c };
    let mut edges = vec![0, lanes];
    block_edges(whole, start.c, lanes, &mut edges);
    block_edges(boxp, 0, lanes, &mut edges);
    edges.sort_unstable();
    edges.dedup();
    edges
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
    let edges = lane_segments(whole, start, boxp);
    // Runs in (batch, lane segment, h, w) order: consecutive pixels of one
    // segment are a constant stride apart on both sides, so a row of w is
    // pushed whole (a segment never crosses a channel block, where the
    // offsets of `lane_offset` stop being linear in w).
    let mut copies = Copies::default();
    for n in 0..bs.n {
        let (src_batch, dst_batch) = ((start.n + n) * wb.batch_stride, n * bb.batch_stride);
        for seg in edges.windows(2) {
            let (lo, len) = (seg[0], seg[1] - seg[0]);
            for h in 0..bs.h {
                let src = |w: u64| src_batch + lane_offset(whole, start.h + h, start.w + w, start.c + lo) * es;
                let dst = |w: u64| dst_batch + lane_offset(boxp, h, w, lo) * es;
                let (src_step, dst_step) = if bs.w > 1 { (src(1) - src(0), dst(1) - dst(0)) } else { (0, 0) };
                copies.push_row(src(0), dst(0), len * es, bs.w, src_step, dst_step);
            }
        }
    }
    copies.finish()
}

/// The copies being built: runs merged where both sides continue (the
/// open one may still grow), then runs of equal length a constant distance
/// apart grouped into one descriptor.
#[derive(Default)]
struct Copies {
    open: Option<(u64, u64, u64)>,
    out: Vec<(u64, u64, Strided)>,
}

impl Copies {
    /// Append a run, extending the open one when both sides continue it.
    fn push(&mut self, src: u64, dst: u64, len: u64) {
        if let Some(open) = &mut self.open {
            if open.0 + open.2 == src && open.1 + open.2 == dst {
                open.2 += len;
                return;
            }
        }
        if let Some(done) = self.open.replace((src, dst, len)) {
            self.group(done);
        }
    }

    /// `count` runs of `len` bytes, the i-th at `src + i * src_step`,
    /// `dst + i * dst_step`: the same copies as pushing them one by one,
    /// in O(1).
    fn push_row(&mut self, src: u64, dst: u64, len: u64, count: u64, src_step: u64, dst_step: u64) {
        if count > 1 && src_step == len && dst_step == len {
            return self.push(src, dst, len * count);
        }
        // Pushed one by one, the second run starts a descriptor or joins
        // one, and from the fourth on every run joins the descriptor of
        // the runs before it with strides (src_step, dst_step): runs after
        // the first never merge (they do not continue on both sides).
        let each = count.min(4);
        for i in 0..each {
            self.push(src + i * src_step, dst + i * dst_step, len);
        }
        if count > each && src_step > 0 && dst_step > 0 {
            // The fourth run (open) joins; so do the ones up to the last,
            // which stays open as pushing it would leave it.
            let fourth = self.open.take().expect("four runs were pushed");
            self.group(fourth);
            let (_, _, sh) = self.out.last_mut().expect("a descriptor was grouped");
            debug_assert_eq!((sh.src_stride, sh.dst_stride, sh.row_bytes), (src_step, dst_step, len));
            let last = count - 1;
            sh.rows += last - each;
            self.open = Some((src + last * src_step, dst + last * dst_step, len));
        } else {
            for i in each..count {
                self.push(src + i * src_step, dst + i * dst_step, len);
            }
        }
    }

    /// Add a finished run to the descriptors: it extends the last one when
    /// it has that one's length and continues its strides.
    fn group(&mut self, (src, dst, len): (u64, u64, u64)) {
        if let Some((s0, d0, sh)) = self.out.last_mut() {
            if sh.row_bytes == len {
                let (last_src, last_dst) = (*s0 + (sh.rows - 1) * sh.src_stride, *d0 + (sh.rows - 1) * sh.dst_stride);
                if src > last_src && dst > last_dst {
                    let (ds, dd) = (src - last_src, dst - last_dst);
                    if sh.rows == 1 || (ds == sh.src_stride && dd == sh.dst_stride) {
                        sh.src_stride = ds;
                        sh.dst_stride = dd;
                        sh.rows += 1;
                        return;
                    }
                }
            }
        }
        self.out.push((src, dst, Strided { rows: 1, row_bytes: len, src_stride: len, dst_stride: len }));
    }

    fn finish(mut self) -> Vec<(u64, u64, Strided)> {
        if let Some(done) = self.open.take() {
            self.group(done);
        }
        self.out
    }
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

    /// The copies pushed pixel by pixel: what `Copies::push_row` must
    /// equal, descriptor for descriptor.
    fn per_pixel_copies(whole: &Placement, start: Nhwc, boxp: &Placement) -> Vec<(u64, u64, Strided)> {
        let row_copies = blocked_box_copies(whole, start, boxp);
        let (ws, bs) = (whole.shape, boxp.shape);
        if start.c == 0 && bs.c == ws.c && start.h == 0 && bs.h == ws.h && start.w == 0 && bs.w == ws.w {
            return row_copies; // one run, no rows
        }
        let (wb, bb) = (whole.blocked.unwrap(), boxp.blocked.unwrap());
        let es = whole.fmt.size() as u64;
        let edges = lane_segments(whole, start, boxp);
        let mut copies = Copies::default();
        for n in 0..bs.n {
            for seg in edges.windows(2) {
                for h in 0..bs.h {
                    for w in 0..bs.w {
                        let src = (start.n + n) * wb.batch_stride
                            + lane_offset(whole, start.h + h, start.w + w, start.c + seg[0]) * es;
                        let dst = n * bb.batch_stride + lane_offset(boxp, h, w, seg[0]) * es;
                        copies.push(src, dst, (seg[1] - seg[0]) * es);
                    }
                }
            }
        }
        copies.finish()
    }

    #[test]
    fn random_boxes_move_exactly_their_elements() {
        let mut rng = fastrand::Rng::with_seed(13);
        for _ in 0..200 {
            let fmt = [DataFormat::Fp16, DataFormat::Fp32, DataFormat::Int8][rng.usize(..3)];
            // Rows of more than four pixels take `push_row`'s shortcut.
            let ws = Nhwc { n: rng.u64(1..=3), h: rng.u64(1..=3), w: rng.u64(1..=12), c: rng.u64(1..=300) };
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
            let start = Nhwc { n: n0, h: h0, w: w0, c: c0 };
            let copies = blocked_box_copies(&whole, start, &boxp);
            let key = |v: &[(u64, u64, Strided)]| -> Vec<(u64, u64, u64, u64, u64, u64)> {
                v.iter().map(|(s, d, sh)| (*s, *d, sh.rows, sh.row_bytes, sh.src_stride, sh.dst_stride)).collect()
            };
            assert_eq!(key(&copies), key(&per_pixel_copies(&whole, start, &boxp)), "box {bs:?} at {start:?} of {ws:?}");
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
