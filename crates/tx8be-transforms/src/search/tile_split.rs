//! The seed's DS_TileSplit order as a pure function: the sequence of
//! temporal splits the search tries on one tile's box, each try halving
//! one more thing.
//!
//! The seed first splits the reduction (GEMM's K, `reduceSplit`) until it
//! is finished (`srfinish`), then looks at the output dims from the last
//! to the first (the first to the last with `nFirst`) and halves the first
//! one whose slice is still above its minimum (`sliceShapeMin`),
//! doubling its split (`getNextSplit`: 1, 2, 4, ...). The same dim keeps
//! being halved until it reaches its minimum, then the next one. A split
//! never exceeds the dim's size (the last step takes it to exactly the
//! size: one element per step).

/// One try: the reduction's split and the output's split per dim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitTry {
    pub reduce_split: i64,
    pub split: Vec<i64>,
}

/// What DS_TileSplit needs to know about one tile's work.
#[derive(Clone, Debug)]
pub struct SplitBounds {
    /// The tile's output box (the sharded box) per dim.
    pub tile_box: Vec<i64>,
    /// Per dim: whether the op may split it in time (its Sharding interface).
    pub splittable: Vec<bool>,
    /// Per dim: the smallest slice worth a step.
    pub min_slice: Vec<i64>,
    /// The reduction's extent (GEMM's K) and its smallest slice, if the op
    /// reduces and may split the reduction.
    pub reduce: Option<(i64, i64)>,
    /// Walk the dims first to last instead of last to first.
    pub n_first: bool,
}

fn slice(size: i64, split: i64) -> i64 {
    (size + split - 1) / split
}

/// The next split of a dim of `size` whose slice must stay >= `min`, or
/// `None` when it is at its minimum.
fn next_split(size: i64, split: i64, min: i64) -> Option<i64> {
    if split >= size || slice(size, split) <= min.max(1) {
        return None;
    }
    Some((split * 2).min(size))
}

/// Every try in order, from no split at all to every dim at its minimum.
pub fn split_tries(b: &SplitBounds) -> Vec<SplitTry> {
    let r = b.tile_box.len();
    let mut cur = SplitTry { reduce_split: 1, split: vec![1; r] };
    let mut tries = vec![cur.clone()];
    if let Some((extent, min)) = b.reduce {
        while let Some(n) = next_split(extent, cur.reduce_split, min) {
            cur.reduce_split = n;
            tries.push(cur.clone());
        }
    }
    let order: Vec<usize> = if b.n_first { (0..r).collect() } else { (0..r).rev().collect() };
    for d in order {
        if !b.splittable.get(d).copied().unwrap_or(false) {
            continue;
        }
        let min = b.min_slice.get(d).copied().unwrap_or(1);
        while let Some(n) = next_split(b.tile_box[d], cur.split[d], min) {
            cur.split[d] = n;
            tries.push(cur.clone());
        }
    }
    tries
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(tile_box: &[i64], splittable: &[bool], min: &[i64], reduce: Option<(i64, i64)>) -> SplitBounds {
        SplitBounds {
            tile_box: tile_box.to_vec(),
            splittable: splittable.to_vec(),
            min_slice: min.to_vec(),
            reduce,
            n_first: false,
        }
    }

    /// A GEMM tile of 64 x 32 with K = 256 (K slices >= 64, rows >= 16,
    /// columns >= 8): K halves twice, then the last dim down to its
    /// minimum, then the rows.
    #[test]
    fn reduction_first_then_last_dim_first() {
        let tries = split_tries(&bounds(&[64, 32], &[true, true], &[16, 8], Some((256, 64))));
        let got: Vec<(i64, Vec<i64>)> = tries.into_iter().map(|t| (t.reduce_split, t.split)).collect();
        assert_eq!(
            got,
            vec![
                (1, vec![1, 1]),
                (2, vec![1, 1]),
                (4, vec![1, 1]),
                (4, vec![1, 2]),
                (4, vec![1, 4]),
                (4, vec![2, 4]),
                (4, vec![4, 4]),
            ]
        );
    }

    /// Each try halves exactly one thing: the product of the slices drops
    /// by about half; dims the op cannot split stay whole; `n_first`
    /// reverses the dim order; odd sizes end at one element per step.
    #[test]
    fn each_try_halves_one_dim_and_respects_the_interface() {
        let mut b = bounds(&[3, 5, 4], &[true, false, true], &[1, 1, 1], None);
        let tries = split_tries(&b);
        for w in tries.windows(2) {
            let changed: Vec<usize> = (0..3).filter(|&d| w[0].split[d] != w[1].split[d]).collect();
            assert_eq!(changed.len(), 1, "{w:?}");
            assert!(w[1].split[changed[0]] <= 2 * w[0].split[changed[0]]);
        }
        assert!(tries.iter().all(|t| t.split[1] == 1));
        assert_eq!(tries.last().unwrap().split, vec![3, 1, 4]);
        assert_eq!(tries[1].split, vec![1, 1, 2]);
        b.n_first = true;
        let first = split_tries(&b);
        assert_eq!(first[1].split, vec![2, 1, 1]);
        assert_eq!(first[2].split, vec![3, 1, 1]);
        assert_eq!(first.last().unwrap().split, vec![3, 1, 4]);
    }
}
