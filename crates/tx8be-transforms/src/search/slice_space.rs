//! The seed's DS_SpaceInit (`ShardingLevel::init`, `getShardings`,
//! `getFactor`) as pure functions: every way to cut an op's output over
//! the tiles, grouped into levels by how many tiles get work, best first.
//!
//! - [`get_shardings`]: every factor vector whose product is the tile
//!   count, enumerated dim 0 first, factors ascending (the seed's recursion
//!   with its pruning: stop once the running product passes the tile
//!   count); this project adds that a dim is never cut more than its size
//!   (the extra parts would be empty tiles), and the caller's `legal`
//!   (the op's Sharding interface) filters what the op cannot cut.
//! - [`working_tiles`] / [`factor`]: the seed's `getFactor`: per dim
//!   `min(cut, ceil(size / align))` (only the last dim is aligned, by the
//!   caller's channel block), multiplied; the factor is the power of two
//!   of tiles that get work. The seed's text rounds the log up, but its
//!   own example (`[3, 4, 128, 4096]`: `[16, 1, 1, 1]`, 3 working tiles,
//!   "factor=2", a level below `[1, 16, 1, 1]`'s 4) only holds rounding
//!   down, which is what this file does: 12 working tiles rank with 8,
//!   not with 16.
//! - [`sharding_space`]: the candidates plus "no sharding", grouped by
//!   factor, highest first (the seed's `std::set<ShardingSpace>` ordered by
//!   `factor >`); within a level, enumeration order.

/// One level of the space: every candidate sharding promising `2^factor`
/// working tiles, in enumeration order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardingLevel {
    pub factor: u32,
    pub shardings: Vec<Vec<i64>>,
}

impl ShardingLevel {
    /// The tiles the level promises (`2^factor`).
    pub fn tiles(&self) -> i64 {
        1i64 << self.factor
    }
}

/// Every sharding of `dims` whose factors multiply to `tiles`, no dim cut
/// more than its size, in the seed's enumeration order.
pub fn get_shardings(dims: &[i64], tiles: i64) -> Vec<Vec<i64>> {
    let mut out = vec![];
    let mut cur = vec![1i64; dims.len()];
    recurse(dims, tiles, 0, 1, &mut cur, &mut out);
    out
}

fn recurse(dims: &[i64], tiles: i64, d: usize, product: i64, cur: &mut Vec<i64>, out: &mut Vec<Vec<i64>>) {
    if d == dims.len() {
        if product == tiles {
            out.push(cur.clone());
        }
        return;
    }
    // Only divisors of what is left can end on the exact product.
    let left = tiles / product;
    for f in (1..=left.min(dims[d].max(1))).filter(|f| left % f == 0) {
        cur[d] = f;
        recurse(dims, tiles, d + 1, product * f, cur, out);
    }
    cur[d] = 1;
}

/// The tiles that get work under `sharding` (the seed's `getFactor` before
/// the log): per dim the cut, but no more parts than the dim has elements
/// (the last dim: aligned blocks of `last_align`).
pub fn working_tiles(dims: &[i64], sharding: &[i64], last_align: i64) -> i64 {
    let r = dims.len();
    dims.iter()
        .zip(sharding)
        .enumerate()
        .map(|(i, (&size, &cut))| {
            let align = if i + 1 == r { last_align.max(1) } else { 1 };
            let parts = (size.max(1) + align - 1) / align;
            cut.min(parts).max(1)
        })
        .product()
}

/// The seed's factor: log2 of the working tiles, rounded down (see the
/// module doc for why down).
pub fn factor(dims: &[i64], sharding: &[i64], last_align: i64) -> u32 {
    working_tiles(dims, sharding, last_align).max(1).ilog2()
}

/// DS_SpaceInit for an output of `dims` over `tiles` tiles: the shardings
/// `legal` accepts plus "no sharding", by level, best level first.
pub fn sharding_space(dims: &[i64], tiles: i64, last_align: i64, legal: impl Fn(&[i64]) -> bool) -> Vec<ShardingLevel> {
    let mut candidates: Vec<Vec<i64>> = get_shardings(dims, tiles).into_iter().filter(|s| legal(s)).collect();
    let none = vec![1i64; dims.len()];
    if !candidates.contains(&none) {
        candidates.push(none);
    }
    let mut levels: Vec<ShardingLevel> = vec![];
    for s in candidates {
        let f = factor(dims, &s, last_align);
        match levels.iter_mut().find(|l| l.factor == f) {
            Some(l) => l.shardings.push(s),
            None => levels.push(ShardingLevel { factor: f, shardings: vec![s] }),
        }
    }
    // Stable: each level keeps its enumeration order.
    levels.sort_by_key(|l| std::cmp::Reverse(l.factor));
    levels
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's example, `[3, 4, 128, 4096]` over 16 tiles: level 0 starts
    /// with its three, all with factor 4 (16 tiles); dim 0 is never cut
    /// into more than 3 parts, so there is no `[16, 1, 1, 1]`.
    #[test]
    fn seed_example_level_zero() {
        let dims = [3, 4, 128, 4096];
        let levels = sharding_space(&dims, 16, 64, |_| true);
        assert_eq!(levels[0].factor, 4);
        assert_eq!(levels[0].tiles(), 16);
        assert_eq!(&levels[0].shardings[..3], &[vec![1, 1, 1, 16], vec![1, 1, 2, 8], vec![1, 1, 4, 4]]);
        for l in &levels {
            for s in &l.shardings {
                assert!(s.iter().zip(&dims).all(|(c, d)| c <= d), "{s:?} cuts a dim beyond its size");
                assert_eq!(factor(&dims, s, 64), l.factor);
            }
        }
        // Every product-16 cut fits here, so level 0 holds them all, and
        // "no sharding" is the last level.
        assert_eq!(levels[0].shardings.len(), get_shardings(&dims, 16).len());
        assert_eq!(levels.last().unwrap().shardings, vec![vec![1, 1, 1, 1]]);
        assert_eq!(levels.last().unwrap().factor, 0);
    }

    /// getFactor on the seed's other example cuts: 3 rows over 16 tiles keep
    /// 3 tiles busy (factor 1, "2"), 4 over 16 keep 4 (factor 2), and
    /// `[1, 8, 1, 2]` 8.
    #[test]
    fn factor_counts_tiles_that_get_work_rounding_down() {
        let dims = [3, 4, 128, 4096];
        assert_eq!(working_tiles(&dims, &[16, 1, 1, 1], 64), 3);
        assert_eq!(factor(&dims, &[16, 1, 1, 1], 64), 1);
        assert_eq!(factor(&dims, &[1, 16, 1, 1], 64), 2);
        assert_eq!(factor(&dims, &[1, 8, 1, 2], 64), 3);
        assert_eq!(factor(&dims, &[4, 1, 1, 4], 64), 3);
        assert_eq!(factor(&dims, &[1, 1, 1, 1], 64), 0);
    }

    /// The last dim counts in aligned blocks: 128 channels in blocks of 64
    /// give two working tiles however finely they are cut.
    #[test]
    fn alignment_lowers_the_level_of_fine_channel_cuts() {
        let dims = [16, 128];
        let levels = sharding_space(&dims, 16, 64, |_| true);
        assert_eq!(levels[0].shardings, vec![vec![8, 2], vec![16, 1]]);
        let l2 = levels.iter().find(|l| l.factor == 1).unwrap();
        assert_eq!(l2.shardings, vec![vec![1, 16]]);
        assert_eq!(levels.iter().map(|l| l.factor).collect::<Vec<_>>(), vec![4, 3, 2, 1, 0]);
    }

    /// Pruning: factors multiply to the tile count exactly and no dim is
    /// cut past its size; a tensor too small for every tile only has "no
    /// sharding"; `legal` removes what the op cannot cut.
    #[test]
    fn enumeration_is_exact_pruned_and_filtered() {
        let all = get_shardings(&[8, 8, 8], 16);
        assert!(all.iter().all(|s| s.iter().product::<i64>() == 16 && s.iter().all(|&c| c <= 8)));
        // 1x16 is out (16 > 8); 2x8, 4x4, 8x2 per pair of dims, plus 2x2x4 etc.
        assert_eq!(all.first(), Some(&vec![1, 2, 8]));
        assert!(!all.contains(&vec![1, 1, 16]));
        let mut sorted = all.clone();
        sorted.sort();
        assert_eq!(sorted, all, "enumeration is dim 0 first, ascending");
        assert_eq!(get_shardings(&[3, 5], 16), Vec::<Vec<i64>>::new());
        assert_eq!(
            sharding_space(&[3, 5], 16, 1, |_| true),
            vec![ShardingLevel { factor: 0, shardings: vec![vec![1, 1]] }]
        );
        let only_last = sharding_space(&[32, 32], 16, 1, |s| s[0] == 1);
        assert_eq!(only_last[0].shardings, vec![vec![1, 16]]);
    }
}
