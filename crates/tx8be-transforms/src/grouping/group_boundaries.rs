//! `tx8be-group-boundaries`: where a matched chain of ops should really be
//! cut into groups. `tx8be-group-pattern` groups whatever a pattern
//! matches; whether a chain is faster as one group (its intermediates
//! never leave SPM) or as several (each smaller, so with larger slices or
//! a better sharding), and whether it fits at all, depends on shapes. As
//! TPU-MLIR's layer group search does, an interval dynamic program over
//! the chain decides: for every interval of ops, validity first (the
//! sharding search finds a schedule whose buffers fit the usable SPM),
//! then its estimated cycles (the search's own estimate, for the
//! best-ranked sharding); the cheapest
//! partition of the chain into valid intervals wins. A chain no partition
//! makes valid keeps one op per group (the sharding pass then names the op
//! that does not fit).
//!
//! An interval is evaluated on a copy of the function: the chain's group
//! is taken apart, the interval grouped with its loads and store
//! (`create_group`, `insert_loads_and_stores`), and `sharding::choose`
//! run on its anchor. Intervals with the same template key (the seed's
//! template mechanism, `search::template_cache`) are evaluated once:
//! ResNet's repeated blocks cost one search each. The distinct intervals
//! of all chains are searched in parallel (rayon), then each chain's DP
//! reads their costs.
//!
//! Runs on pattern groups before `tx8be-group-ldst` (groups without
//! stores); groups that already have their loads and stores are kept.

use std::collections::HashMap;

use rayon::prelude::*;

use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8_cmodel::HardwareConfig;
use tx8be::{op_kind, OpKind};

use super::group_ldst::insert_loads_and_stores;
use super::{create_group, number_groups, top_level_groups};
use crate::search::template_cache::{group_block_ops, group_key, GroupKey};

strata_pass::option_free_pass! {
    pub struct GroupBoundaries;
    argument: "tx8be-group-boundaries",
    name: "Tx8beGroupBoundaries",
    description: "Cut each pattern group into the partition of its chain the sharding search estimates fastest (interval DP, validity before cost)",
    anchor: Some("func.func"),
}

impl GroupBoundaries {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let hw = &crate::attach_target::hardware(target)?;
        let ctx = target.ctx;
        let body = &mut *target.body;
        // Every interval of every chain, keyed by its template key; each
        // distinct key is searched once, the searches in parallel (a
        // group's cost depends only on the group, so all are evaluated on
        // the body as it is before any chain is cut).
        let chains: Vec<(Op, Vec<Op>)> = top_level_groups(ctx, body)
            .into_iter()
            .map(|g| (g, chain_of(ctx, body, g)))
            .filter(|(g, chain)| chain.len() >= 2 && !has_store(ctx, body, *g))
            .collect();
        let mut keys: Vec<HashMap<(usize, usize), Option<GroupKey>>> = Vec::with_capacity(chains.len());
        let mut jobs: HashMap<GroupKey, (Op, Vec<Op>)> = HashMap::new();
        for (g, chain) in &chains {
            let mut mine = HashMap::new();
            for j in 1..=chain.len() {
                for i in 0..j {
                    let key = interval_copy(ctx, body, *g, &chain[i..j]).map(|(key, _, _)| key);
                    if let Some(k) = &key {
                        jobs.entry(k.clone()).or_insert_with(|| (*g, chain[i..j].to_vec()));
                    }
                    mine.insert((i, j), key);
                }
            }
            keys.push(mine);
        }
        let shared: &Body = body;
        let cycles: HashMap<GroupKey, Option<f64>> =
            jobs.into_par_iter().map(|(key, (g, seg))| (key, interval_cycles(ctx, shared, g, &seg, hw))).collect();
        let mut changed = false;
        for ((g, chain), keys) in chains.iter().zip(&keys) {
            let g = *g;
            let cuts = best_partition(chain.len(), |i, j| {
                keys[&(i, j)].as_ref().and_then(|k| cycles.get(k).copied().flatten())
            });
            if cuts.len() > 1 {
                ungroup(ctx, body, g);
                for w in cuts.windows(2) {
                    create_group(ctx, body, &chain[w[0]..w[1]], 0);
                }
                changed = true;
            }
        }
        if changed {
            number_groups(ctx, body);
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// The partition of `0..n` into intervals minimising the summed cost
/// (`cost(i, j)` of ops `i..j`, `None` when that interval is not a valid
/// group), as the cut points `[0, .., n]`. When no partition is valid, one
/// op per group.
pub fn best_partition(n: usize, mut cost: impl FnMut(usize, usize) -> Option<f64>) -> Vec<usize> {
    // best[j]: the cheapest valid partition of 0..j, and where its last interval starts.
    let mut best: Vec<Option<(f64, usize)>> = vec![None; n + 1];
    best[0] = Some((0.0, 0));
    for j in 1..=n {
        for i in 0..j {
            let Some((before, _)) = best[i] else { continue };
            let Some(c) = cost(i, j) else { continue };
            if best[j].is_none_or(|(b, _)| before + c < b) {
                best[j] = Some((before + c, i));
            }
        }
    }
    if best[n].is_none() {
        return (0..=n).collect();
    }
    let mut cuts = vec![n];
    let mut j = n;
    while j > 0 {
        j = best[j].expect("reached from a valid partition").1;
        cuts.push(j);
    }
    cuts.reverse();
    cuts
}

/// The compute ops of a group in order (its `load_const`s are not ops of
/// the chain).
/// A group's compute ops in program order (its chain).
pub(super) fn chain_of(ctx: &Context, body: &Body, g: Op) -> Vec<Op> {
    group_block_ops(body, g)
        .into_iter()
        .filter(|&op| {
            !matches!(
                op_kind(ctx, body, op),
                Some(OpKind::LoadConst | OpKind::LoadVar | OpKind::StoreVar | OpKind::Yield)
            )
        })
        .collect()
}

pub(super) fn has_store(ctx: &Context, body: &Body, g: Op) -> bool {
    group_block_ops(body, g).into_iter().any(|op| op_kind(ctx, body, op) == Some(OpKind::StoreVar))
}

/// Takes a group without loads and stores apart: its ops (and the
/// `load_const`s that moved in with them) go back before it, its result's
/// users read the last op's result.
pub(super) fn ungroup(ctx: &Context, body: &mut Body, g: Op) {
    let region = body.local_regions(g)[0];
    let block = body.first_block(region).expect("a group has one block");
    let ops: Vec<Op> = body.block_ops(block).collect();
    let mut yielded = None;
    for op in ops {
        if op_kind(ctx, body, op) == Some(OpKind::Yield) {
            yielded = Some(body.operand(op, 0));
            continue;
        }
        body.remove_op(op);
        body.insert_op_before(g, op);
    }
    if let Some(v) = yielded {
        body.replace_all_uses_with(body.result(g, 0), v);
    }
    body.erase_op(g);
}

/// Ops `seg` of group `g` made one group (with its loads and store) on a
/// copy of the body: the group's template key, the copy and the group;
/// `None` when the interval cannot be a group.
fn interval_copy(ctx: &Context, body: &Body, g: Op, seg: &[Op]) -> Option<(GroupKey, Body, Op)> {
    let mut copy = body.clone();
    ungroup(ctx, &mut copy, g);
    let group = create_group(ctx, &mut copy, seg, 0);
    insert_loads_and_stores(ctx, &mut copy).ok()?;
    Some((group_key(ctx, &copy, group), copy, group))
}

/// Estimated cycles of ops `seg` of group `g` as one group, on a copy of
/// the body; `None` when no schedule of it fits the card.
fn interval_cycles(ctx: &Context, body: &Body, g: Op, seg: &[Op], hw: &HardwareConfig) -> Option<f64> {
    let (_, copy, _) = interval_copy(ctx, body, g, seg)?;
    let anchor = *seg.last()?;
    // The best-ranked sharding only: the sharding pass searches more for the groups kept.
    crate::sharding::choose_among(ctx, &copy, anchor, hw, 1, crate::sharding::DP_STEP_LIMITS).ok().map(|(c, _)| c)
}

#[cfg(test)]
mod tests {
    use super::best_partition;

    #[test]
    fn fusing_wins_when_cheaper() {
        // Two ops: 10 + 10 apart, 12 together.
        let c = |i: usize, j: usize| Some(if j - i == 2 { 12.0 } else { 10.0 });
        assert_eq!(best_partition(2, c), vec![0, 2]);
        let c = |i: usize, j: usize| Some(if j - i == 2 { 25.0 } else { 10.0 });
        assert_eq!(best_partition(2, c), vec![0, 1, 2]);
    }

    #[test]
    fn validity_comes_before_cost() {
        // Three ops; the whole chain does not fit; {0,1} + {2} is cheapest.
        let c = |i: usize, j: usize| match (i, j) {
            (0, 3) => None,
            (0, 2) => Some(5.0),
            (1, 3) => Some(6.0),
            _ => Some(4.0),
        };
        assert_eq!(best_partition(3, c), vec![0, 2, 3]);
    }

    #[test]
    fn nothing_valid_means_one_op_per_group() {
        assert_eq!(best_partition(3, |_, _| None), vec![0, 1, 2, 3]);
    }
}
