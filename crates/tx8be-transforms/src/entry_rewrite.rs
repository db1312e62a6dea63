//! The drivers of the graph-level tx8be passes: a local rewrite applied to
//! a function's top-level ops in order, once (`rewrite_entry_ops`) or in
//! sweeps until a sweep changes nothing (`rewrite_to_fixpoint`).
//!
//! They are not strata-rewrite's greedy driver: these rewrites edit the
//! `Body` directly (they move ops between groups' surroundings, retarget
//! operands and erase dead views in one step), and their results depend
//! on the sweep order (two overlapping rewrites of a chain fire first at
//! its head), which the tx8be lit tests and every model's `main.c` pin. A
//! worklist would reorder them for no gain in what they can do.

use strata_ir::{Body, Context, Op};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8be::schedule::groups::entry_ops;

/// One sweep of a local rewrite over the entry ops (those not erased by an
/// earlier rewrite of the sweep): the run of a single-sweep graph pass.
pub fn rewrite_entry_ops(
    target: &mut PassTarget<'_>,
    mut rewrite: impl FnMut(&Context, &mut Body, Op) -> bool,
) -> PreservedAnalyses {
    let ctx = target.ctx;
    let body = &mut *target.body;
    let mut changed = false;
    for op in entry_ops(body) {
        if !body.is_erased(op) {
            changed |= rewrite(ctx, body, op);
        }
    }
    PreservedAnalyses::unless_changed(changed)
}

/// At most this many sweeps: each sweep changes the IR or ends the loop,
/// and every rewrite here shortens a chain or moves an op one step, so
/// real graphs settle in a few.
const MAX_SWEEPS: usize = 64;

/// Sweeps of `rewrite` over the entry ops, each followed by `cleanup`
/// (erasing what the sweep left dead), until a sweep changes nothing.
pub fn rewrite_to_fixpoint(
    target: &mut PassTarget<'_>,
    mut rewrite: impl FnMut(&Context, &mut Body, Op) -> bool,
    mut cleanup: impl FnMut(&Context, &mut Body) -> bool,
) -> PreservedAnalyses {
    let ctx = target.ctx;
    let body = &mut *target.body;
    let mut changed = false;
    for _ in 0..MAX_SWEEPS {
        let mut sweep = false;
        for op in entry_ops(body) {
            if !body.is_erased(op) {
                sweep |= rewrite(ctx, body, op);
            }
        }
        sweep |= cleanup(ctx, body);
        changed |= sweep;
        if !sweep {
            break;
        }
    }
    PreservedAnalyses::unless_changed(changed)
}
