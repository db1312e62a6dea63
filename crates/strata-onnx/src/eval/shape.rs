//! Shape arithmetic shared by the evaluator's kernels (and the importer):
//! numpy broadcasting, axis normalisation, row-major strides, and the index
//! walks every data-movement kernel is built from (a row-major walk over an
//! output whose source position is an affine function of the coordinates:
//! broadcasts, transposes, slices with any steps).

use crate::tensor::Tensor;

/// Numpy broadcasting of two shapes.
pub fn broadcast_shapes(a: &[i64], b: &[i64]) -> Result<Vec<i64>, String> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for (i, o) in out.iter_mut().enumerate() {
        let da = if i + a.len() >= n { a[i + a.len() - n] } else { 1 };
        let db = if i + b.len() >= n { b[i + b.len() - n] } else { 1 };
        *o = match (da, db) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            _ => return Err(format!("shapes {a:?} and {b:?} do not broadcast")),
        };
    }
    Ok(out)
}

/// Numpy broadcasting of any number of shapes.
pub fn broadcast_all<'a>(shapes: impl IntoIterator<Item = &'a [i64]>) -> Result<Vec<i64>, String> {
    let mut out: Vec<i64> = Vec::new();
    for s in shapes {
        out = broadcast_shapes(&out, s)?;
    }
    Ok(out)
}

/// An axis in `[-rank, rank)` normalised to `[0, rank)`.
pub fn norm_axis(axis: i64, rank: usize) -> Result<usize, String> {
    let r = rank as i64;
    if axis < -r || axis >= r {
        return Err(format!("axis {axis} is out of range for rank {rank}"));
    }
    Ok(if axis < 0 { (axis + r) as usize } else { axis as usize })
}

/// Axes normalised against `rank`, each at most once.
pub fn norm_axes(axes: &[i64], rank: usize) -> Result<Vec<usize>, String> {
    let mut out = Vec::with_capacity(axes.len());
    for &a in axes {
        let a = norm_axis(a, rank)?;
        if out.contains(&a) {
            return Err(format!("axis {a} is given twice in {axes:?}"));
        }
        out.push(a);
    }
    Ok(out)
}

/// Row-major strides, in elements. Shapes the kernels see are checked
/// (their dimensions multiply to within the limits even with zeros read as
/// ones), so these fit; saturating keeps a stray one from overflowing.
pub fn strides(shape: &[i64]) -> Vec<usize> {
    let mut s = vec![1usize; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1].saturating_mul(shape[d + 1].max(0) as usize);
    }
    s
}

/// The product of dimensions: 0 when one is 0, saturating otherwise.
pub fn product(dims: &[i64]) -> usize {
    if dims.iter().any(|&d| d <= 0) {
        return 0;
    }
    dims.iter().fold(1usize, |n, &d| n.saturating_mul(d as usize))
}

/// A row-major walk over `shape` yielding `base + Σ coord[d] * strides[d]`.
pub struct Walk {
    shape: Vec<usize>,
    strides: Vec<isize>,
    coord: Vec<usize>,
    cur: isize,
    left: usize,
}

impl Walk {
    /// `strides` may be negative (a slice walking backwards) or 0 (a
    /// broadcast dimension); every position visited must be >= 0.
    pub fn new(shape: &[i64], strides: Vec<isize>, base: isize) -> Walk {
        let left = product(shape);
        let shape: Vec<usize> = shape.iter().map(|&d| d.max(0) as usize).collect();
        Walk { coord: vec![0; shape.len()], shape, strides, cur: base, left }
    }
}

impl Iterator for Walk {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let at = self.cur as usize;
        // Wrapping: after the last element the position is never read.
        for d in (0..self.shape.len()).rev() {
            self.coord[d] += 1;
            self.cur = self.cur.wrapping_add(self.strides[d]);
            if self.coord[d] < self.shape[d] {
                break;
            }
            self.cur = self.cur.wrapping_sub(self.strides[d].wrapping_mul(self.shape[d] as isize));
            self.coord[d] = 0;
        }
        Some(at)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

/// The flat position in `input` of each element of `out` when `input` is
/// numpy-broadcast to `out` (trailing dimensions aligned, `input` of rank
/// at most `out`'s and broadcastable to it).
pub fn broadcast_walk(out: &[i64], input: &[i64]) -> Walk {
    let off = out.len() - input.len();
    let in_strides = strides(input);
    let st =
        (0..out.len()).map(|d| if d < off || input[d - off] == 1 { 0 } else { in_strides[d - off] as isize }).collect();
    Walk::new(out, st, 0)
}

/// The elements of `t` at `positions`, as a tensor of `shape` (which must
/// have as many elements as `positions` yields). Bytes are copied, so any
/// element type moves exactly.
pub fn take(t: &Tensor, shape: Vec<i64>, positions: impl Iterator<Item = usize>) -> Tensor {
    let size = t.dtype.size();
    let mut bytes = Vec::with_capacity(product(&shape) * size);
    for p in positions {
        bytes.extend_from_slice(&t.bytes[p * size..(p + 1) * size]);
    }
    Tensor { dtype: t.dtype, shape, bytes }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broadcasting_aligns_trailing_dimensions() {
        assert_eq!(broadcast_shapes(&[2, 1, 3], &[4, 1]).unwrap(), vec![2, 4, 3]);
        assert_eq!(broadcast_shapes(&[], &[5]).unwrap(), vec![5]);
        assert_eq!(broadcast_shapes(&[0], &[1]).unwrap(), vec![0]);
        assert!(broadcast_shapes(&[2], &[3]).is_err());
        let idx: Vec<usize> = broadcast_walk(&[2, 3], &[3]).collect();
        assert_eq!(idx, vec![0, 1, 2, 0, 1, 2]);
        let idx: Vec<usize> = broadcast_walk(&[2, 3], &[2, 1]).collect();
        assert_eq!(idx, vec![0, 0, 0, 1, 1, 1]);
        assert_eq!(broadcast_walk(&[2, 0], &[1]).count(), 0);
    }

    #[test]
    fn walks_take_negative_and_zero_strides() {
        // x[::-1] of 4 elements, then a [2, 2] transpose.
        let idx: Vec<usize> = Walk::new(&[4], vec![-1], 3).collect();
        assert_eq!(idx, vec![3, 2, 1, 0]);
        let idx: Vec<usize> = Walk::new(&[2, 2], vec![1, 2], 0).collect();
        assert_eq!(idx, vec![0, 2, 1, 3]);
        assert_eq!(Walk::new(&[], vec![], 7).collect::<Vec<_>>(), vec![7]);
        assert_eq!(strides(&[2, 3, 4]), vec![12, 4, 1]);
        assert_eq!(norm_axis(-1, 3).unwrap(), 2);
        assert!(norm_axis(3, 3).is_err());
        assert!(norm_axes(&[0, -2], 2).is_err());
    }
}
