//! The walk pattern driver (MLIR's `walkAndApplyPatterns`): one post-order
//! pass over a body applying the best matching pattern to each op once; no
//! folding, no worklist, no iteration. Ops created by a pattern are not
//! visited; ops erased before their turn are skipped.

use strata_ir::{Body, Context, Op};

use crate::pattern::FrozenPatternSet;
use crate::rewriter::{NoListener, PatternRewriter};

/// Applies `patterns` once to every op of `body`; returns how many
/// rewrites were made.
pub fn walk_and_apply_patterns(ctx: &Context, body: &mut Body, patterns: &FrozenPatternSet) -> usize {
    let mut order: Vec<Op> = Vec::new();
    body.walk_post(&mut |op| order.push(op));
    let mut listener = NoListener;
    let mut rewrites = 0;
    for op in order {
        if body.is_erased(op) || body.op_block(op).is_none() {
            continue;
        }
        let name = body.op_name(op);
        let mut rw = PatternRewriter::new(ctx, body, &mut listener);
        if patterns.for_op(name).any(|p| p.match_and_rewrite(op, &mut rw)) {
            rewrites += 1;
        }
    }
    rewrites
}
