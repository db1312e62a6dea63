//! Sliding loads, planned: a box that overlaps, along one dim, the box
//! the previous buffer of the same operand holds (a conv's input rows with
//! their halo, step after step) takes the overlap from that buffer by TDMA
//! and only the rest from DDR, so halo rows cross the DDR once instead of
//! at every step.
//!
//! Both copies are planned through the placement of the part they move
//! (`compose`): any layout the box loads support (dense, Cx, NCx) slides.
//! The C model's `op_dma_load_slide` issues this plan and the compiler's
//! cost model counts it (`slide_plan`).

use crate::data_format::DataFormat;
use crate::error::TargetError;
use crate::layout::MemLayout;
use crate::transfers::box_transfers;
use crate::view::Strided;

/// The operator the plan's errors name.
const OP: &str = "op_dma_load_slide";

/// Where box (`start`, `size`) overlaps the previous box (`prev_start`,
/// `prev_size`) so that it slides: equal in every dim but `d`, and along
/// `d` it starts inside the previous box and ends at or past its end.
/// Returns `d` and the overlap's length (the box's first indices along `d`).
pub fn slide_overlap(prev_start: &[u64], prev_size: &[u64], start: &[u64], size: &[u64]) -> Option<(usize, u64)> {
    let r = start.len();
    if prev_start.len() != r || prev_size.len() != r || size.len() != r || (prev_start == start && prev_size == size) {
        return None;
    }
    let differ: Vec<usize> = (0..r).filter(|&d| prev_start[d] != start[d] || prev_size[d] != size[d]).collect();
    let [d] = differ[..] else { return None };
    let prev_end = prev_start[d] + prev_size[d];
    (prev_start[d] <= start[d] && start[d] < prev_end && prev_end <= start[d] + size[d])
        .then(|| (d, prev_end - start[d]))
}

/// The copies of a slide: the overlap from the previous buffer into the
/// new one (TDMA; offsets from each buffer's start) and the rest from the
/// DDR tensor (RDMA; DDR offset from the tensor's start, SPM offset from
/// the new buffer's start).
#[derive(Debug, Clone, PartialEq)]
pub struct SlidePlan {
    pub tdma: Vec<(u64, u64, Strided)>,
    pub rdma: Vec<(u64, u64, Strided)>,
}

/// The slide of box (`start`, `size`) of a tensor of dims `whole` after
/// the box (`prev_start`, `prev_size`), both placed as loaded boxes of
/// `layout`; `None` when it does not slide (`slide_overlap`).
pub fn slide_plan(
    whole: &[u64],
    prev_start: &[u64],
    prev_size: &[u64],
    start: &[u64],
    size: &[u64],
    fmt: DataFormat,
    layout: MemLayout,
) -> Result<Option<SlidePlan>, TargetError> {
    let Some((d, overlap)) = slide_overlap(prev_start, prev_size, start, size) else { return Ok(None) };
    // The overlap: the box's first `overlap` indices along d.
    let mut kept = size.to_vec();
    kept[d] = overlap;
    let at_prev: Vec<u64> = (0..start.len()).map(|k| if k == d { start[d] - prev_start[d] } else { 0 }).collect();
    let zero = vec![0; start.len()];
    let tdma = compose(
        box_transfers(OP, prev_size, &at_prev, &kept, fmt, layout)?,
        box_transfers(OP, size, &zero, &kept, fmt, layout)?,
    );
    // The rest: from the overlap's end to the box's end along d.
    let mut fresh = size.to_vec();
    fresh[d] = size[d] - overlap;
    let mut rdma = Vec::new();
    if fresh[d] > 0 {
        let mut from = start.to_vec();
        from[d] += overlap;
        let mut at = zero.clone();
        at[d] = overlap;
        rdma = compose(
            box_transfers(OP, whole, &from, &fresh, fmt, layout)?,
            box_transfers(OP, size, &at, &fresh, fmt, layout)?,
        );
    }
    Ok(Some(SlidePlan { tdma, rdma }))
}

/// Copies X -> Y from copies X -> P and Y -> P into the same part P
/// (offsets into P from each list's second field): every byte of P is
/// matched with its source in X and its place in Y, and runs whose
/// offsets advance by fixed strides become one strided copy.
fn compose(x_to_p: Vec<(u64, u64, Strided)>, y_to_p: Vec<(u64, u64, Strided)>) -> Vec<(u64, u64, Strided)> {
    // Each list as contiguous runs (P offset, X or Y offset, bytes), by P offset.
    let runs = |copies: Vec<(u64, u64, Strided)>| {
        let mut v: Vec<(u64, u64, u64)> = copies
            .into_iter()
            .flat_map(|(src, p, s)| {
                (0..s.rows).map(move |r| (p + r * s.dst_stride, src + r * s.src_stride, s.row_bytes))
            })
            .collect();
        v.sort_unstable();
        v
    };
    let (xs, ys) = (runs(x_to_p), runs(y_to_p));
    // Pieces (X offset, Y offset, bytes) where runs of both lists overlap in P.
    let mut pieces: Vec<(u64, u64, u64)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < xs.len() && j < ys.len() {
        let (xp, xo, xn) = xs[i];
        let (yp, yo, yn) = ys[j];
        let (lo, hi) = (xp.max(yp), (xp + xn).min(yp + yn));
        if lo < hi {
            let (a, b) = (xo + (lo - xp), yo + (lo - yp));
            match pieces.last_mut() {
                // Contiguous on both sides: one piece.
                Some(last) if last.0 + last.2 == a && last.1 + last.2 == b => last.2 += hi - lo,
                _ => pieces.push((a, b, hi - lo)),
            }
        }
        if xp + xn <= yp + yn {
            i += 1;
        } else {
            j += 1;
        }
    }
    // Equal pieces at fixed strides: one strided copy.
    let mut out: Vec<(u64, u64, Strided)> = Vec::new();
    for (a, b, n) in pieces {
        if let Some((a0, b0, s)) = out.last_mut() {
            let (last_a, last_b) = (*a0 + (s.rows - 1) * s.src_stride, *b0 + (s.rows - 1) * s.dst_stride);
            let fits = s.row_bytes == n
                && a > last_a
                && b > last_b
                && if s.rows == 1 { true } else { a - last_a == s.src_stride && b - last_b == s.dst_stride };
            if fits {
                if s.rows == 1 {
                    s.src_stride = a - last_a;
                    s.dst_stride = b - last_b;
                }
                s.rows += 1;
                continue;
            }
        }
        out.push((a, b, Strided { rows: 1, row_bytes: n, src_stride: n, dst_stride: n }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Placement;

    #[test]
    fn overlap_is_along_one_dim_and_a_prefix() {
        // Rows 2..6 after rows 0..4 (halo of two): two rows overlap.
        assert_eq!(slide_overlap(&[0, 0, 0, 0], &[1, 4, 8, 64], &[0, 2, 0, 0], &[1, 4, 8, 64]), Some((1, 2)));
        // A clipped first box (rows 0..3), then rows 1..5.
        assert_eq!(slide_overlap(&[0, 0, 0, 0], &[1, 3, 8, 64], &[0, 1, 0, 0], &[1, 4, 8, 64]), Some((1, 2)));
        // The next image, the same box, two dims moving, backwards, disjoint: no slide.
        assert_eq!(slide_overlap(&[0, 4, 0, 0], &[1, 4, 8, 64], &[1, 0, 0, 0], &[1, 4, 8, 64]), None);
        assert_eq!(slide_overlap(&[0, 0, 0, 0], &[1, 4, 8, 64], &[0, 0, 0, 0], &[1, 4, 8, 64]), None);
        assert_eq!(slide_overlap(&[0, 0, 0, 0], &[1, 4, 8, 64], &[0, 2, 2, 0], &[1, 4, 6, 64]), None);
        assert_eq!(slide_overlap(&[0, 2, 0, 0], &[1, 4, 8, 64], &[0, 0, 0, 0], &[1, 4, 8, 64]), None);
        assert_eq!(slide_overlap(&[0, 0, 0, 0], &[1, 4, 8, 64], &[0, 4, 0, 0], &[1, 4, 8, 64]), None);
        // Shrinking at the far end (the last box, clipped) does not slide.
        assert_eq!(slide_overlap(&[0, 4, 0, 0], &[1, 4, 8, 64], &[0, 6, 0, 0], &[1, 1, 8, 64]), None);
    }

    /// The slide's copies put every byte where a whole load of the box
    /// puts it, in every placement, with few descriptors.
    #[test]
    fn a_slide_places_what_a_whole_load_places() {
        let bf = DataFormat::Bf16;
        for (layout, whole, prev, box_) in [
            (
                MemLayout::NCx,
                vec![2u64, 9, 5, 130],
                (vec![1u64, 1, 0, 0], vec![1u64, 4, 5, 130]),
                (vec![1u64, 3, 0, 0], vec![1u64, 5, 5, 130]),
            ),
            (
                MemLayout::NCx,
                vec![1, 14, 14, 1024],
                (vec![0, 0, 0, 0], vec![1, 3, 14, 1024]),
                (vec![0, 1, 0, 0], vec![1, 4, 14, 1024]),
            ),
            (
                MemLayout::NCx,
                vec![1, 8, 8, 20],
                (vec![0, 0, 0, 0], vec![1, 4, 8, 20]),
                (vec![0, 2, 0, 0], vec![1, 4, 8, 20]),
            ),
            (MemLayout::Tensor, vec![3, 10, 6], (vec![1, 2, 0], vec![1, 5, 6]), (vec![1, 4, 0], vec![1, 6, 6])),
            (
                MemLayout::NTensor,
                vec![2, 12, 4, 3],
                (vec![0, 3, 1, 0], vec![2, 4, 2, 3]),
                (vec![0, 5, 1, 0], vec![2, 4, 2, 3]),
            ),
        ] {
            let place = |dims: &[u64]| Placement::of_dims(layout, bf, dims).unwrap();
            let (wp, pp, bp) = (place(&whole), place(&prev.1), place(&box_.1));
            // DDR holds the whole tensor's element indices as bytes (mod 251, +1).
            let dense: Vec<u8> = (0..wp.shape.elems() * 2).map(|b| (b / 2 % 251) as u8 + 1).collect();
            let ddr = wp.from_dense(&dense).unwrap();
            let load_of = |start: &[u64], size: &[u64], p: &Placement| {
                let mut spm = vec![0u8; p.bytes() as usize];
                for (src, dst, s) in box_transfers(OP, &whole, start, size, bf, layout).unwrap() {
                    for r in 0..s.rows {
                        let (a, b, n) = (
                            (src + r * s.src_stride) as usize,
                            (dst + r * s.dst_stride) as usize,
                            s.row_bytes as usize,
                        );
                        spm[b..b + n].copy_from_slice(&ddr[a..a + n]);
                    }
                }
                spm
            };
            let held = load_of(&prev.0, &prev.1, &pp);
            let want = load_of(&box_.0, &box_.1, &bp);
            let plan = slide_plan(&whole, &prev.0, &prev.1, &box_.0, &box_.1, bf, layout).unwrap().expect("slides");
            let mut got = vec![0u8; bp.bytes() as usize];
            let mut apply = |from: &[u8], copies: &[(u64, u64, Strided)]| {
                for (src, dst, s) in copies {
                    for r in 0..s.rows {
                        let (a, b, n) = (
                            (src + r * s.src_stride) as usize,
                            (dst + r * s.dst_stride) as usize,
                            s.row_bytes as usize,
                        );
                        got[b..b + n].copy_from_slice(&from[a..a + n]);
                    }
                }
            };
            apply(&held, &plan.tdma);
            apply(&ddr, &plan.rdma);
            assert_eq!(got, want, "{layout:?} {whole:?}");
            // Per channel block at most one strided copy each way.
            let blocks = if layout.is_blocked() { box_.1[3].div_ceil(64) * box_.1[0] } else { box_.1[0] };
            assert!(plan.tdma.len() as u64 <= blocks && plan.rdma.len() as u64 <= blocks, "{layout:?}: {plan:?}");
        }
    }
}
