//! `tx8be-group-chains`: producer-consumer fusion without patterns. After
//! `tx8be-group-pattern`, the compute ops no pattern took are walked in
//! program order; from each one not yet taken, the chain goes on to the
//! op's sole user while that user is free too, up to [`MAX_CHAIN`] ops.
//! Every chain of two or more ops becomes one group (loads and stores come
//! later), and `tx8be-group-boundaries` then cuts it as it cuts a pattern's
//! match: its interval DP keeps an interval together only where the
//! sharding search finds a schedule that fits and costs less than the
//! pieces apart. So any chain (a squeeze-excitation's pool, FCs and
//! sigmoid; a scale and the conv after it; element-wise tails) is a fusion
//! candidate for every model, and the cost model decides which pay.
//!
//! The group contract holds by construction: each op but the last has
//! exactly one user, the next op of the chain, so only the last result is
//! used outside, and no path leaves the chain and comes back (see
//! `group_pattern.rs`, "closed").
//!
//! The chain length is bounded because the DP searches every interval of
//! a chain: `MAX_CHAIN` ops are `MAX_CHAIN * (MAX_CHAIN + 1) / 2` sharding
//! searches (fewer where intervals share a template key). A longer run of
//! sole users is cut into consecutive chains.

use std::collections::HashSet;

use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;

use super::group_pattern::sole_user;
use super::{create_group, entry_ops, is_groupable, number_groups};
use tx8be::dialect::ops::{op_kind, OpKind};

/// The longest chain proposed as one group.
pub const MAX_CHAIN: usize = 8;

strata_pass::option_free_pass! {
    pub struct GroupChains;
    argument: "tx8be-group-chains",
    name: "Tx8beGroupChains",
    description: "Group each chain of ungrouped compute ops along sole users (up to 8 ops) for tx8be-group-boundaries to cut",
    anchor: Some("func.func"),
}

impl GroupChains {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let chains = find_chains(ctx, body);
        for (i, chain) in chains.iter().enumerate() {
            create_group(ctx, body, chain, i as i64);
        }
        if !chains.is_empty() {
            number_groups(ctx, body);
        }
        Ok(PreservedAnalyses::unless_changed(!chains.is_empty()))
    }
}

/// The chains of two or more free ops along sole users, each starting at
/// the first free op in program order not in an earlier chain.
fn find_chains(ctx: &Context, body: &Body) -> Vec<Vec<Op>> {
    // A slice is a copy: its group stores straight from its operand's
    // buffer, so it has no in-group result to feed a later op, and codegen
    // runs it only as a group of its own (`tx8c` codegen, `read_ir.rs`).
    let free = |op: Op| {
        is_groupable(ctx, body, op) && body.num_results(op) == 1 && op_kind(ctx, body, op) != Some(OpKind::Slice)
    };
    let mut taken: HashSet<Op> = HashSet::new();
    let mut chains = Vec::new();
    // Top-level ops only: the ops of pattern groups sit inside them.
    for op in entry_ops(body) {
        if taken.contains(&op) || !free(op) {
            continue;
        }
        let mut chain = vec![op];
        while chain.len() < MAX_CHAIN {
            let last = *chain.last().expect("a chain has ops");
            match sole_user(body, last) {
                Some(user) if free(user) && !taken.contains(&user) && body.op_block(user) == body.op_block(op) => {
                    chain.push(user)
                }
                _ => break,
            }
        }
        taken.extend(chain.iter().copied());
        if chain.len() >= 2 {
            chains.push(chain);
        }
    }
    chains
}
