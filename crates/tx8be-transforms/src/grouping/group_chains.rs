//! `tx8be-group-chains`: producer-consumer fusion without patterns. After
//! `tx8be-group-pattern`, the units of the function (each compute op no
//! pattern took, and each pattern's group) are walked in program order;
//! from each one not yet taken, the chain goes on to the unit every use of
//! its result lies in while that unit is free too, up to [`MAX_CHAIN`]
//! ops. Every chain of two or more units becomes one group (the patterns'
//! groups taken apart and their ops regrouped in program order; loads and
//! stores come later), and `tx8be-group-boundaries` then cuts it as it
//! cuts a pattern's match: its interval DP keeps an interval together only
//! where the sharding search finds a schedule that fits and costs less
//! than the pieces apart, and the patterns' own partition is one of those
//! it weighs. So any chain (a squeeze-excitation's pool, FCs and sigmoid
//! and the block's next conv; a scale and the conv after it; element-wise
//! tails) is a fusion candidate for every model, and the cost model
//! decides which pay.
//!
//! The group contract holds by construction: every use of a unit's result
//! is in the next unit, and a pattern's group uses its inner values only
//! inside, so only the last result is used outside, and no path leaves the
//! chain and comes back (see `group_pattern.rs`, "closed"). The ops between
//! two units in program order read none of the chain's values but the
//! last's, so regrouping at the last op keeps every operand defined first.
//!
//! The chain length is bounded because the DP searches every interval of
//! a chain: `MAX_CHAIN` ops are `MAX_CHAIN * (MAX_CHAIN + 1) / 2` sharding
//! searches (fewer where intervals share a template key). A longer run of
//! units is cut into consecutive chains.

use std::collections::HashSet;

use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;

use super::group_boundaries::{chain_of, has_store, ungroup};
use super::{create_group, entry_ops, is_groupable, number_groups};
use tx8be::dialect::ops::{op_kind, OpKind};

/// The longest chain proposed as one group.
pub const MAX_CHAIN: usize = 8;

strata_pass::option_free_pass! {
    pub struct GroupChains;
    argument: "tx8be-group-chains",
    name: "Tx8beGroupChains",
    description: "Group each chain of ungrouped compute ops and pattern groups along sole users (up to 8 ops) for tx8be-group-boundaries to cut",
    anchor: Some("func.func"),
}

impl GroupChains {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let chains = find_chains(ctx, body);
        for (i, chain) in chains.iter().enumerate() {
            let mut ops = Vec::new();
            for unit in chain {
                match *unit {
                    Unit::Op(op) => ops.push(op),
                    Unit::Group(g) => {
                        ops.extend(chain_of(ctx, body, g));
                        ungroup(ctx, body, g);
                    }
                }
            }
            create_group(ctx, body, &ops, i as i64);
        }
        if !chains.is_empty() {
            number_groups(ctx, body);
        }
        Ok(PreservedAnalyses::unless_changed(!chains.is_empty()))
    }
}

/// What a chain links: a compute op no pattern took, or a pattern's group
/// (its ops, taken apart and regrouped with the rest of the chain).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Unit {
    Op(Op),
    Group(Op),
}

/// The chains of two or more units along sole users (every use of a
/// unit's result in the next unit), each starting at the first unit in
/// program order not in an earlier chain, at most [`MAX_CHAIN`] ops.
fn find_chains(ctx: &Context, body: &Body) -> Vec<Vec<Unit>> {
    // A slice is a copy: its group stores straight from its operand's
    // buffer, so it has no in-group result to feed a later op, and codegen
    // runs it only as a group of its own (`tx8c` codegen, `read_ir.rs`).
    let free = |op: Op| {
        is_groupable(ctx, body, op) && body.num_results(op) == 1 && op_kind(ctx, body, op) != Some(OpKind::Slice)
    };
    let top = body.root_regions().first().and_then(|&r| body.first_block(r));
    // The unit a top-level op is, if a chain may take it.
    let unit_of = |op: Op| -> Option<Unit> {
        if body.op_block(op) != top {
            return None;
        }
        if op_kind(ctx, body, op) == Some(OpKind::Group) {
            let ops = chain_of(ctx, body, op);
            let plain = !has_store(ctx, body, op) && ops.iter().all(|&o| op_kind(ctx, body, o) != Some(OpKind::Slice));
            return (plain && !ops.is_empty() && body.num_results(op) == 1).then_some(Unit::Group(op));
        }
        free(op).then_some(Unit::Op(op))
    };
    let size = |u: Unit| match u {
        Unit::Op(_) => 1,
        Unit::Group(g) => chain_of(ctx, body, g).len(),
    };
    // The unit every use of `u`'s result lies in.
    let next = |u: Unit| -> Option<Unit> {
        let (Unit::Op(op) | Unit::Group(op)) = u;
        let mut to = None;
        for (user, _) in body.uses(body.result(op, 0)) {
            let at = if body.op_block(user) == top { user } else { body.parent_op(user)? };
            let unit = unit_of(at)?;
            if to.is_some_and(|t| t != unit) {
                return None;
            }
            to = Some(unit);
        }
        to
    };
    let mut taken: HashSet<Unit> = HashSet::new();
    let mut chains = Vec::new();
    for op in entry_ops(body) {
        let Some(first) = unit_of(op) else { continue };
        if taken.contains(&first) {
            continue;
        }
        let mut chain = vec![first];
        let mut ops = size(first);
        while let Some(u) = next(*chain.last().expect("a chain has units")) {
            if taken.contains(&u) || chain.contains(&u) || ops + size(u) > MAX_CHAIN {
                break;
            }
            ops += size(u);
            chain.push(u);
        }
        taken.extend(chain.iter().copied());
        // A lone pattern group stays as it is; two units or more (two ops
        // at least) are one candidate.
        if chain.len() >= 2 {
            chains.push(chain);
        }
    }
    chains
}
