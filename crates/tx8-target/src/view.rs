//! Loads through a view of a dense DDR tensor: a tile's box of a tensor
//! that exists only as a way of reading another one. The view's elements,
//! in row-major order, are those of `dims` with element `strides` from the
//! load's DDR address (a transpose permutes dims and strides, a slice
//! offsets the address and keeps the strides, a reshape splits or merges
//! dims), and the load sees them with dims `whole`. The box is read
//! straight from the tensor by strided RDMA copies, so a transpose or a
//! slice between two groups (a transformer's split into heads and back, a
//! fused projection's q / k / v) never makes a round trip through DDR of
//! its own.
//!
//! The box, given in `whole`'s dims, is cut along the finest dims both
//! `whole` and `dims` are products of (their common refinement, which
//! exists when every suffix product of one divides or is divided by every
//! suffix product of the other), each piece a box of those dims with one
//! DDR stride and one SPM stride per dim, and every piece becomes the
//! fewest 2-D copies: runs along the dims that stay contiguous on both
//! sides, rows along the longest remaining dim.

use crate::error::TargetError;

/// A 2-D strided byte copy: `rows` rows of `row_bytes`, row r read at
/// `src + r*src_stride` and written at `dst + r*dst_stride` (the DMA
/// engines' descriptor).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Strided {
    pub rows: u64,
    pub row_bytes: u64,
    pub src_stride: u64,
    pub dst_stride: u64,
}

impl Strided {
    /// One contiguous block of `bytes`.
    pub fn contiguous(bytes: u64) -> Self {
        Strided { rows: 1, row_bytes: bytes, src_stride: bytes, dst_stride: bytes }
    }

    /// Total bytes moved.
    pub fn bytes(&self) -> u64 {
        self.rows.saturating_mul(self.row_bytes)
    }
}

fn op_err(op: &str, reason: impl Into<String>) -> TargetError {
    TargetError::Operator { op: op.to_string(), reason: reason.into() }
}

/// A view of a dense tensor `t`: the elements of `dims` (row-major) at
/// element `strides` from the view's origin, seen with dims `whole`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StridedView {
    pub dims: Vec<u64>,
    pub strides: Vec<u64>,
    /// The dims the load sees (boxes are given in these).
    pub whole: Vec<u64>,
}

/// One dim of the common refinement: its extent, the `whole` dim it lies
/// in and its radix there (the product of the finer dims of that `whole`
/// dim), and its stride in `t`, in elements.
#[derive(Debug, Clone, Copy)]
struct Fine {
    extent: u64,
    of: usize,
    radix: u64,
    ddr_stride: u64,
}

impl StridedView {
    /// The view, checked: one stride per dim, the same element count on
    /// both sides, and the two factorisations compatible.
    pub fn new(dims: Vec<u64>, strides: Vec<u64>, whole: Vec<u64>) -> Result<StridedView, String> {
        if strides.len() != dims.len() {
            return Err(format!("{} strides for {} dims", strides.len(), dims.len()));
        }
        if dims.iter().product::<u64>() != whole.iter().product::<u64>() {
            return Err(format!("the view's dims {whole:?} do not hold the {dims:?} elements it reads"));
        }
        let view = StridedView { dims, strides, whole };
        view.fine()?;
        Ok(view)
    }

    /// `reshape(transpose(reshape(t, src), perm), whole)` of a dense `t`.
    pub fn transposed(src: &[u64], perm: &[usize], whole: Vec<u64>) -> Result<StridedView, String> {
        let mut seen = vec![false; src.len()];
        if perm.len() != src.len() || perm.iter().any(|&p| p >= src.len() || std::mem::replace(&mut seen[p], true)) {
            return Err(format!("perm {perm:?} is not a permutation of {} dims", src.len()));
        }
        let st = strides(src);
        StridedView::new(perm.iter().map(|&p| src[p]).collect(), perm.iter().map(|&p| st[p]).collect(), whole)
    }

    /// Whether no two elements of the view lie at one place: with the
    /// dims taken by growing stride, each stride at least the extent of
    /// the dims inside it (a transpose or a slice of a dense tensor is).
    /// A store writes through a view only when it is.
    pub fn is_injective(&self) -> bool {
        let mut by_stride: Vec<(u64, u64)> =
            self.strides.iter().copied().zip(self.dims.iter().copied()).filter(|&(_, d)| d > 1).collect();
        by_stride.sort_unstable();
        let mut inner = 1u64;
        for (s, d) in by_stride {
            if s < inner {
                return false;
            }
            inner = s.saturating_mul(d);
        }
        true
    }

    /// The farthest element (from the origin) the view reads, plus one:
    /// the bytes behind the origin it needs, in elements.
    pub fn extent(&self) -> u64 {
        if self.dims.contains(&0) {
            return 0;
        }
        1 + self.dims.iter().zip(&self.strides).map(|(&d, &s)| (d - 1) * s).sum::<u64>()
    }

    /// The common refinement of `whole` and `dims`, outermost first.
    fn fine(&self) -> Result<Vec<Fine>, String> {
        let t = &self.dims;
        // Suffix products (innermost first) of both factorisations, merged.
        let suffixes = |dims: &[u64]| -> Vec<u64> {
            let mut acc = 1u64;
            let mut out = Vec::with_capacity(dims.len());
            for &d in dims.iter().rev().filter(|&&d| d != 1) {
                acc *= d;
                out.push(acc);
            }
            out
        };
        let mut cuts: Vec<u64> = suffixes(&self.whole).into_iter().chain(suffixes(t)).collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut fine = Vec::with_capacity(cuts.len());
        let mut below = 1u64;
        for &c in &cuts {
            if c % below != 0 {
                return Err(format!(
                    "the dims {:?} and the viewed dims {t:?} do not split the elements alike",
                    self.whole
                ));
            }
            // The whole / viewed dim holding [below, c): the one whose
            // suffix range covers it.
            let (of, radix) = locate(&self.whole, below, c);
            let (ti, t_radix) = locate(t, below, c);
            fine.push(Fine { extent: c / below, of, radix, ddr_stride: self.strides[ti] * t_radix });
            below = c;
        }
        fine.reverse();
        Ok(fine)
    }

    /// The copies (DDR offset, SPM offset, shape; bytes) that load box
    /// `[start, start + size)` of the view, elements of `es` bytes, into a
    /// dense row-major SPM image of `size`.
    pub fn transfers(&self, start: &[u64], size: &[u64], es: u64) -> Result<Vec<(u64, u64, Strided)>, TargetError> {
        const OP: &str = "op_dma_load_view";
        let r = self.whole.len();
        if start.len() != r || size.len() != r {
            return Err(op_err(OP, "the box must have the view's rank"));
        }
        if (0..r).any(|d| start[d] + size[d] > self.whole[d]) {
            return Err(op_err(OP, "the box leaves the view"));
        }
        if size.contains(&0) {
            return Ok(Vec::new());
        }
        let fine = self.fine().map_err(|e| op_err(OP, e))?;
        let spm_strides = strides(size);
        // Per whole dim, the boxes of its fine dims its range cuts into.
        let mut per_dim: Vec<Vec<Vec<(u64, u64)>>> = Vec::with_capacity(r);
        for d in 0..r {
            let dims: Vec<u64> = fine.iter().filter(|f| f.of == d).map(|f| f.extent).collect();
            let mut out = Vec::new();
            cut_range(start[d], size[d], &dims, &mut out);
            per_dim.push(out);
        }
        let mut copies = Vec::new();
        let mut pick = vec![0usize; r];
        loop {
            // This piece: per fine dim its (start digit, count), its strides.
            let mut dims: Vec<(u64, u64, u64)> = Vec::with_capacity(fine.len());
            let (mut ddr, mut spm) = (0u64, 0u64);
            let mut next_in = vec![0usize; r];
            for f in &fine {
                let (digit, count) = per_dim[f.of][pick[f.of]][next_in[f.of]];
                next_in[f.of] += 1;
                ddr += digit * f.ddr_stride;
                spm += digit * f.radix * spm_strides[f.of];
                dims.push((count, f.ddr_stride, f.radix * spm_strides[f.of]));
            }
            // The piece's SPM offset is relative to the box start.
            spm -= (0..r).map(|d| start[d] * spm_strides[d]).sum::<u64>();
            piece_copies(ddr, spm, dims, es, &mut copies);
            // Next combination of the whole dims' pieces.
            let mut d = r;
            loop {
                if d == 0 {
                    return Ok(copies);
                }
                d -= 1;
                pick[d] += 1;
                if pick[d] < per_dim[d].len() {
                    break;
                }
                pick[d] = 0;
            }
        }
    }
}

/// Row-major strides of `dims`, in elements.
fn strides(dims: &[u64]) -> Vec<u64> {
    let mut s = vec![1u64; dims.len()];
    for d in (0..dims.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1] * dims[d + 1];
    }
    s
}

/// The dim of `dims` whose suffix range covers elements `[below, c)` of the
/// linear index, and the product of the dims inside it below `below`.
fn locate(dims: &[u64], below: u64, c: u64) -> (usize, u64) {
    let mut inner = 1u64;
    for d in (0..dims.len()).rev() {
        let outer = inner * dims[d];
        if dims[d] != 1 && inner <= below && c <= outer {
            return (d, below / inner);
        }
        inner = outer;
    }
    unreachable!("a cut lies inside the element count")
}

/// Cuts range `[a, a + n)` of a dim made of `dims` (outermost first) into
/// boxes of those dims: per box, (start digit, count) per dim.
fn cut_range(a: u64, n: u64, dims: &[u64], out: &mut Vec<Vec<(u64, u64)>>) {
    if dims.is_empty() {
        out.push(Vec::new());
        return;
    }
    if dims.len() == 1 {
        out.push(vec![(a, n)]);
        return;
    }
    let inner: u64 = dims[1..].iter().product();
    let whole_inner = |out: &mut Vec<Vec<(u64, u64)>>, a: u64, n: u64| {
        let mut b = vec![(a / inner, n / inner)];
        b.extend(dims[1..].iter().map(|&d| (0, d)));
        out.push(b);
    };
    if a % inner == 0 && n % inner == 0 {
        whole_inner(out, a, n);
    } else if a / inner == (a + n - 1) / inner {
        let mut rest = Vec::new();
        cut_range(a % inner, n, &dims[1..], &mut rest);
        out.extend(rest.into_iter().map(|mut b| {
            b.insert(0, (a / inner, 1));
            b
        }));
    } else {
        // A partial head, whole middle digits, a partial tail.
        let head_end = a.div_ceil(inner) * inner;
        let tail_start = (a + n) / inner * inner;
        cut_range(a, head_end - a, dims, out);
        if tail_start > head_end {
            whole_inner(out, head_end, tail_start - head_end);
        }
        if a + n > tail_start {
            cut_range(tail_start, a + n - tail_start, dims, out);
        }
    }
}

/// The 2-D copies of one piece: `dims` are (count, DDR stride, SPM stride)
/// per fine dim, outermost first, in elements; the piece starts at `ddr` /
/// `spm`. Dims of one element go; neighbours contiguous on both sides
/// merge; the innermost dim is the run when its strides are 1 (else a run
/// is one element), the longest other dim the rows, the rest one copy each.
fn piece_copies(ddr: u64, spm: u64, dims: Vec<(u64, u64, u64)>, es: u64, out: &mut Vec<(u64, u64, Strided)>) {
    let mut merged: Vec<(u64, u64, u64)> = Vec::with_capacity(dims.len() + 1);
    for d in dims.into_iter().filter(|d| d.0 != 1) {
        if let Some(last) = merged.last_mut() {
            if last.1 == d.1 * d.0 && last.2 == d.2 * d.0 {
                *last = (last.0 * d.0, d.1, d.2);
                continue;
            }
        }
        merged.push(d);
    }
    let run = match merged.last() {
        Some(&(n, 1, 1)) => {
            merged.pop();
            n
        }
        _ => 1,
    };
    let rows_at = (0..merged.len()).max_by_key(|&i| (merged[i].0, i));
    let (rows, src_stride, dst_stride) = match rows_at {
        Some(i) => {
            let d = merged.remove(i);
            (d.0, d.1 * es, d.2 * es)
        }
        None => (1, run * es, run * es),
    };
    let copies: u64 = merged.iter().map(|d| d.0).product();
    for c in 0..copies {
        let (mut rem, mut src, mut dst) = (c, ddr, spm);
        for &(n, ds, ss) in merged.iter().rev() {
            src += rem % n * ds;
            dst += rem % n * ss;
            rem /= n;
        }
        out.push((src * es, dst * es, Strided { rows, row_bytes: run * es, src_stride, dst_stride }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Element `i` of the box, read through the view from `t` (the
    /// definition the copies must reproduce): the box element's linear
    /// index in `whole`, as digits of `dims`, weighted by the strides.
    fn by_definition(v: &StridedView, t: &[u64], start: &[u64], size: &[u64]) -> Vec<u64> {
        let n: u64 = size.iter().product();
        let ws = strides(&v.whole);
        let ds = strides(&v.dims);
        (0..n)
            .map(|i| {
                let (mut rem, mut lin) = (i, 0);
                for d in (0..size.len()).rev() {
                    lin += (start[d] + rem % size[d]) * ws[d];
                    rem /= size[d];
                }
                let off: u64 = (0..v.dims.len()).map(|k| lin / ds[k] % v.dims[k] * v.strides[k]).sum();
                t[off as usize]
            })
            .collect()
    }

    /// What the copies move, element by element (2-byte elements).
    fn by_copies(v: &StridedView, t: &[u64], start: &[u64], size: &[u64]) -> (Vec<u64>, usize) {
        let copies = v.transfers(start, size, 2).unwrap();
        let mut out = vec![u64::MAX; size.iter().product::<u64>() as usize];
        for (src, dst, s) in &copies {
            for r in 0..s.rows {
                for b in (0..s.row_bytes).step_by(2) {
                    let (from, to) = ((src + r * s.src_stride + b) / 2, (dst + r * s.dst_stride + b) / 2);
                    assert_eq!(out[to as usize], u64::MAX, "written twice");
                    out[to as usize] = t[from as usize];
                }
            }
        }
        (out, copies.len())
    }

    #[test]
    fn heads_split_and_merged_read_as_the_definition_says() {
        // BERT's split into heads: [b, s, h, d] -> [b, h, s, d] seen as [b*h, s, d].
        let v = StridedView::transposed(&[2, 8, 6, 4], &[0, 2, 1, 3], vec![12, 8, 4]).unwrap();
        let t: Vec<u64> = (0..2 * 8 * 6 * 4).collect();
        for (start, size) in
            [([0, 0, 0], [12, 8, 4]), ([3, 0, 0], [3, 8, 4]), ([4, 2, 0], [5, 3, 4]), ([5, 0, 1], [2, 8, 2])]
        {
            let (got, _) = by_copies(&v, &t, &start, &size);
            assert_eq!(got, by_definition(&v, &t, &start, &size), "box {start:?} {size:?}");
        }
        // Three heads of one batch: one copy per head, rows along s.
        assert_eq!(by_copies(&v, &t, &[0, 0, 0], &[3, 8, 4]).1, 3);
        // And back: [b, h, s, d] -> [b, s, h, d] seen as [b*s, h*d].
        let v = StridedView::transposed(&[2, 6, 8, 4], &[0, 2, 1, 3], vec![16, 24]).unwrap();
        for (start, size) in [([0, 0], [16, 24]), ([4, 0], [4, 24]), ([6, 4], [5, 12]), ([0, 3], [16, 5])] {
            let (got, _) = by_copies(&v, &t, &start, &size);
            assert_eq!(got, by_definition(&v, &t, &start, &size), "box {start:?} {size:?}");
        }
        // Four positions of one batch, all heads: rows along the six heads,
        // one copy per position (fewer than one per head).
        assert_eq!(by_copies(&v, &t, &[4, 0], &[4, 24]).1, 4);
    }

    #[test]
    fn a_slice_of_a_fused_projection_reads_its_columns() {
        // k of a fused [16, 3*24] q/k/v projection: columns 24..48 (offset
        // 24, rows 72 apart), split into heads [2, 8, 6, 4] -> [2, 6, 8, 4].
        let t: Vec<u64> = (0..16 * 72).collect();
        let (dims, strides) = (vec![2, 6, 8, 4], vec![8 * 72, 4, 72, 1]);
        let v = StridedView::new(dims, strides, vec![12, 8, 4]).unwrap();
        let k = &t[24..];
        for (start, size) in [([0, 0, 0], [12, 8, 4]), ([6, 0, 0], [6, 8, 4]), ([1, 3, 0], [7, 5, 4])] {
            let (got, _) = by_copies(&v, k, &start, &size);
            assert_eq!(got, by_definition(&v, k, &start, &size), "box {start:?} {size:?}");
        }
        // The last element: batch 1, head 5, position 7, column 3.
        assert_eq!(v.extent(), 1 + 8 * 72 + 5 * 4 + 7 * 72 + 3);
    }

    #[test]
    fn a_transpose_of_the_innermost_dim_moves_single_elements() {
        let v = StridedView::transposed(&[4, 6], &[1, 0], vec![6, 4]).unwrap();
        let t: Vec<u64> = (0..24).collect();
        let (got, _) = by_copies(&v, &t, &[1, 1], &[3, 2]);
        assert_eq!(got, by_definition(&v, &t, &[1, 1], &[3, 2]));
    }

    #[test]
    fn transposes_and_slices_are_injective_and_overlapping_views_are_not() {
        assert!(StridedView::transposed(&[2, 6, 8, 4], &[0, 2, 1, 3], vec![16, 24]).unwrap().is_injective());
        assert!(StridedView::new(vec![2, 6, 8, 4], vec![8 * 72, 4, 72, 1], vec![12, 8, 4]).unwrap().is_injective());
        // Every row at one place (stride 0), and rows closer than they are long.
        assert!(!StridedView::new(vec![3, 4], vec![0, 1], vec![12]).unwrap().is_injective());
        assert!(!StridedView::new(vec![3, 4], vec![2, 1], vec![12]).unwrap().is_injective());
    }

    #[test]
    fn incompatible_views_are_refused() {
        assert!(StridedView::transposed(&[2, 3], &[0, 0], vec![6]).is_err());
        assert!(StridedView::transposed(&[2, 3], &[1, 0], vec![5]).is_err());
        assert!(StridedView::new(vec![2, 3], vec![1], vec![6]).is_err());
        // [6, 4] against transposed [4, 6]: 4 does not divide 6.
        assert!(StridedView::transposed(&[6, 4], &[1, 0], vec![6, 4]).is_err());
        let v = StridedView::transposed(&[2, 3], &[1, 0], vec![3, 2]).unwrap();
        assert!(v.transfers(&[2, 0], &[2, 2], 2).is_err());
    }
}
