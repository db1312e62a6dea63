//! Boxes of tensors and the arithmetic of sharding (over tiles) and
//! splitting (over time): which box of a tensor each tile owns, which
//! slices it walks through, and the largest slice that fits.

use crate::interfaces::sharding::BoxDims;
pub use crate::interfaces::sharding::SliceBox as TBox;

fn box_is_empty(b: &TBox) -> bool {
    b.size.iter().any(|&s| s <= 0)
}

/// Splits `n` into `parts` nearly equal chunks (the first ones one larger);
/// chunk `i` is `(start, len)`. `parts > n` leaves the last chunks empty.
pub fn chunk(n: i64, parts: i64, i: i64) -> (i64, i64) {
    let base = n / parts;
    let extra = n % parts;
    let start = i * base + i.min(extra);
    let len = base + (i < extra) as i64;
    (start, len)
}

/// The box of `dims` each of `tiles` tiles owns when dim `d` is cut into
/// `shard[d]` parts (tiles numbered row-major over the shard grid); `None`
/// for tiles beyond the grid, which own nothing.
pub fn shard_boxes(dims: &[i64], shard: &[i64], tiles: usize) -> Vec<Option<TBox>> {
    let grid: i64 = shard.iter().product();
    (0..tiles as i64)
        .map(|t| {
            if t >= grid {
                return None;
            }
            let mut rest = t;
            let mut start: BoxDims = smallvec::smallvec![0; dims.len()];
            let mut size: BoxDims = smallvec::smallvec![0; dims.len()];
            for d in (0..dims.len()).rev() {
                let idx = rest % shard[d];
                rest /= shard[d];
                let (s, l) = chunk(dims[d], shard[d], idx);
                start[d] = s;
                size[d] = l;
            }
            let b = TBox { start, size };
            (!box_is_empty(&b)).then_some(b)
        })
        .collect()
}

/// The slices of `b` of at most `slice` elements per dim, outer dims
/// slowest (row-major order of the slice grid).
pub fn split_box(b: &TBox, slice: &[i64]) -> Vec<TBox> {
    if box_is_empty(b) {
        return Vec::new();
    }
    let counts: Vec<i64> = b.size.iter().zip(slice).map(|(&n, &s)| (n + s.max(1) - 1) / s.max(1)).collect();
    let total: i64 = counts.iter().product();
    let mut out = Vec::with_capacity(total as usize);
    let mut idx = vec![0i64; b.size.len()];
    for _ in 0..total {
        let mut start = BoxDims::with_capacity(idx.len());
        let mut size = BoxDims::with_capacity(idx.len());
        for d in 0..idx.len() {
            let s = slice[d].max(1);
            let off = idx[d] * s;
            start.push(b.start[d] + off);
            size.push(s.min(b.size[d] - off));
        }
        out.push(TBox { start, size });
        for d in (0..idx.len()).rev() {
            idx[d] += 1;
            if idx[d] < counts[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    out
}

/// The largest slice that `fits`, found by cutting the outermost dim
/// still above its smallest size to its next size (`sizes[d]`: the sizes
/// dim `d` may take, largest first: `slice_sizes`), then the next dim.
/// `None` when even the smallest allowed slice does not fit.
pub fn choose_slice(sizes: &[Vec<i64>], fits: impl Fn(&[i64]) -> bool) -> Option<Vec<i64>> {
    let mut slice: Vec<i64> = sizes.iter().map(|s| s[0]).collect();
    loop {
        if fits(&slice) {
            return Some(slice);
        }
        let (d, n) = (0..slice.len()).find_map(|d| next_size(&sizes[d], slice[d]).map(|n| (d, n)))?;
        slice[d] = n;
    }
}

/// The next size after `cur` in `sizes` (largest first), if any.
pub fn next_size(sizes: &[i64], cur: i64) -> Option<i64> {
    sizes.iter().copied().find(|&s| s < cur)
}

/// Steps a tile with box `tile_box` takes at slice `slice`.
pub fn step_count(tile_box: &TBox, slice: &[i64]) -> i64 {
    tile_box.size.iter().zip(slice).map(|(&n, &s)| (n.max(1) + s.max(1) - 1) / s.max(1)).product()
}

/// The sizes a dim of `n` takes when halved (rounding up) again and again:
/// n, ceil(n/2), ..., 1.
fn halvings(n: i64) -> Vec<i64> {
    let mut v = vec![n.max(1)];
    while *v.last().unwrap() > 1 {
        let l = *v.last().unwrap();
        v.push((l + 1) / 2);
    }
    v
}

/// The slice sizes the search tries along a dim of `n` elements of a
/// tile's box, largest first: `n` alone when the dim is not `split`, else
/// `n` and its halvings (rounding up) down to 1. `widths` are the group
/// widths of grouped convs whose output channels follow this dim
/// (`schedule::group_widths`): a step's box of such a conv must hold
/// whole groups or lie inside one (`crate::interfaces::sharding::
/// conv_box_groups`, which says why), so when `n` is whole groups of a
/// width the sizes are whole groups (the groups halved) or divisors of
/// the width, and the plain halvings that are neither are left out.
pub fn slice_sizes(n: i64, split: bool, widths: &[i64]) -> Vec<i64> {
    let n = n.max(1);
    if !split {
        return vec![n];
    }
    let aligned: Vec<i64> = widths.iter().copied().filter(|&q| q > 1 && n % q == 0).collect();
    let mut v = halvings(n);
    for &q in &aligned {
        v.extend(halvings(n / q).into_iter().map(|k| k * q));
        v.extend(halvings(q).into_iter().filter(|&s| q % s == 0));
    }
    v.retain(|&s| aligned.iter().all(|&q| s % q == 0 || q % s == 0));
    v.sort_unstable_by(|a, b| b.cmp(a));
    v.dedup();
    v
}

/// The candidate time splits of the search: for every dim with more than
/// one size (`sizes[d]`, largest first, the first the tile box's extent:
/// `slice_sizes`), and every pair of them, the largest slices that `fits`
/// and take at most `max_steps` steps; the whole box alone when it fits.
pub fn maximal_slices(
    tile_box: &TBox,
    sizes: &[Vec<i64>],
    max_steps: i64,
    fits: impl Fn(&[i64]) -> bool,
) -> Vec<Vec<i64>> {
    let whole: Vec<i64> = sizes.iter().map(|s| s[0]).collect();
    if fits(&whole) {
        return vec![whole];
    }
    let dims: Vec<usize> = (0..whole.len()).filter(|&d| sizes[d].len() > 1).collect();
    let mut out: Vec<Vec<i64>> = Vec::new();
    let push = |s: Vec<i64>, out: &mut Vec<Vec<i64>>| {
        if !out.contains(&s) {
            out.push(s);
        }
    };
    for &d in &dims {
        for &n in &sizes[d][1..] {
            let mut s = whole.clone();
            s[d] = n;
            if step_count(tile_box, &s) > max_steps {
                break;
            }
            if fits(&s) {
                push(s, &mut out);
                break;
            }
        }
    }
    for (i, &d1) in dims.iter().enumerate() {
        for &d2 in &dims[i + 1..] {
            for &n1 in &sizes[d1][1..] {
                let mut s = whole.clone();
                s[d1] = n1;
                if fits(&s) {
                    // Splitting d2 too only makes a smaller slice than this one.
                    break;
                }
                for &n2 in &sizes[d2][1..] {
                    s[d2] = n2;
                    if step_count(tile_box, &s) > max_steps {
                        break;
                    }
                    if fits(&s) {
                        push(s.clone(), &mut out);
                        break;
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_exactly() {
        for n in [1, 7, 16, 17, 112, 1000] {
            for parts in [1, 3, 16] {
                let mut next = 0;
                for i in 0..parts {
                    let (s, l) = chunk(n, parts, i);
                    assert_eq!(s, next);
                    next += l;
                }
                assert_eq!(next, n);
            }
        }
    }

    #[test]
    fn shard_boxes_partition_the_tensor() {
        let dims = [2, 10, 6];
        let boxes = shard_boxes(&dims, &[1, 4, 2], 16);
        let covered: i64 = boxes.iter().flatten().map(|b| b.size.iter().product::<i64>()).sum();
        assert_eq!(covered, 120);
        assert!(boxes[8..].iter().all(Option::is_none));
        // Tile 3 = row-major (0, 1, 1): rows 3..6, cols 3..6.
        assert_eq!(boxes[3], Some(TBox::new(&[0, 3, 3], &[2, 3, 3])));
        // A scalar belongs to tile 0 alone.
        let scalar = shard_boxes(&[], &[], 16);
        assert!(scalar[0].is_some() && scalar[1..].iter().all(Option::is_none));
    }

    #[test]
    fn split_box_walks_row_major_and_clips() {
        let b = TBox::new(&[0, 4], &[3, 5]);
        let s = split_box(&b, &[2, 5]);
        assert_eq!(s, vec![TBox::new(&[0, 4], &[2, 5]), TBox::new(&[2, 4], &[1, 5])]);
    }

    #[test]
    fn maximal_slices_split_one_or_two_dims() {
        let b = TBox::whole(&[64, 64]);
        let fits = |s: &[i64]| s.iter().product::<i64>() <= 1024;
        let sizes = [slice_sizes(64, true, &[]), slice_sizes(64, true, &[])];
        let c = maximal_slices(&b, &sizes, 1 << 20, fits);
        // One dim: 16 x 64 and 64 x 16; both: 32 x 32, 16 x 64 (already), 8 x 128 -> clipped, ...
        assert!(c.contains(&vec![16, 64]) && c.contains(&vec![64, 16]) && c.contains(&vec![32, 32]));
        assert!(c.iter().all(|s| fits(s)));
        // The whole box alone when it fits; nothing over the step limit.
        assert_eq!(maximal_slices(&b, &sizes, 1, |_| true), vec![vec![64, 64]]);
        assert!(maximal_slices(&b, &sizes, 2, fits).is_empty());
    }

    #[test]
    fn choose_slice_halves_outer_dims_first() {
        let b = [1, 56, 56, 64];
        let sizes: Vec<Vec<i64>> =
            b.iter().zip([true, true, true, false]).map(|(&n, split)| slice_sizes(n, split, &[])).collect();
        let s = choose_slice(&sizes, |s| s.iter().product::<i64>() <= 56 * 64 * 8).unwrap();
        assert_eq!(s, vec![1, 7, 56, 64]);
        let whole: Vec<Vec<i64>> = b.iter().map(|&n| slice_sizes(n, false, &[])).collect();
        assert!(choose_slice(&whole, |_| false).is_none());
    }

    #[test]
    fn slice_sizes_keep_whole_groups_or_parts_of_one() {
        assert_eq!(slice_sizes(48, true, &[]), vec![48, 24, 12, 6, 3, 2, 1]);
        // 3 groups of 128: 2 groups, 1 group, then divisors of 128 (not 192 or 96).
        assert_eq!(slice_sizes(384, true, &[128]), vec![384, 256, 128, 64, 32, 16, 8, 4, 2, 1]);
        // Groups of 24: 5 groups -> 3 -> 2 -> 1, then the divisors of 24
        // among both halvings (not 60, 30 or 15).
        assert_eq!(slice_sizes(120, true, &[24]), vec![120, 72, 48, 24, 12, 8, 6, 4, 3, 2, 1]);
        // A tile box inside one group: any size.
        assert_eq!(slice_sizes(6, true, &[16]), vec![6, 3, 2, 1]);
        assert_eq!(slice_sizes(384, false, &[128]), vec![384]);
    }
}
