//! `tx8be-layout-align-opt` (the seed's LayoutAlignOptPass): a greedy set
//! of rewrite patterns removing the `tx8be.ChannelNorm`s
//! `tx8be-layout-align-to-npu` put in that the program does not need.
//!
//! - `ConstChannelNormErase` (the seed's): a rank-1 `tx8be.const` whose
//!   only user is a ChannelNorm to blocked is blocked at compile time
//!   instead: the ChannelNorm's users read the constant, whose `dev_info`
//!   `mem_layout` becomes blocked (`weights.bin` holds it in that
//!   placement). Larger constants are folded later, per load, by
//!   `tx8be-const-norm`.
//! - `RedundantChannelNormErase` (the seed's): two ChannelNorms of the
//!   same value in the same direction in one block compute the same bytes;
//!   the first serves the users of both.
//! - `ChannelNormRoundTripErase`: `x -> ChannelNorm -> ChannelNorm` in
//!   opposite directions gives back `x`'s own placement, so the second
//!   one's users read `x`.
//! - `DeadChannelNormErase`: a ChannelNorm nothing reads.
//!
//! Each pattern keeps every edge's placement agreement: a user reads bytes
//! in exactly the placement it read before.

use strata_ir::{Body, Context, Diagnostic, Op, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use strata_rewrite::{
    apply_patterns_greedily, FrozenPatternSet, GreedyConfig, PatternRewriter, PatternSet, RegionSimplify,
};
use tx8be::dialect::values::{attr_bool, attr_str};
use tx8be::layout::{blocked_mode, set_mem_layout};
use tx8be::{op_kind, OpKind};

strata_pass::option_free_pass! {
    pub struct LayoutAlignOpt;
    argument: "tx8be-layout-align-opt",
    name: "Tx8beLayoutAlignOpt",
    description: "Erase redundant tx8be.ChannelNorm ops (constant vectors blocked at compile time, duplicates, round trips, dead ones)",
    anchor: Some("func.func"),
}

const CHANNEL_NORM: &str = OpKind::ChannelNorm.name();

impl LayoutAlignOpt {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let mut set = PatternSet::new();
        set.add_fn(CHANNEL_NORM, "ConstChannelNormErase", const_channel_norm_erase);
        set.add_fn(CHANNEL_NORM, "RedundantChannelNormErase", redundant_channel_norm_erase);
        set.add_fn(CHANNEL_NORM, "ChannelNormRoundTripErase", round_trip_erase);
        set.add_fn(CHANNEL_NORM, "DeadChannelNormErase", dead_channel_norm_erase);
        let patterns = FrozenPatternSet::new(ctx, set, &[], &[]);
        // No folding and no constant uniquing: only these patterns change
        // the IR (merging equal `tx8be.const`s would merge weights).
        let config = GreedyConfig {
            fold: false,
            cse_constants: false,
            region_simplify: RegionSimplify::Disabled,
            max_iterations: -1,
            ..GreedyConfig::default()
        };
        let result = apply_patterns_greedily(ctx, body, &patterns, &config);
        Ok(PreservedAnalyses::unless_changed(result.changed))
    }
}

fn is_kind(ctx: &Context, body: &Body, op: Op, kind: OpKind) -> bool {
    op_kind(ctx, body, op) == Some(kind)
}

fn to_blocked(ctx: &Context, body: &Body, cn: Op) -> Option<bool> {
    attr_bool(ctx, body, cn, "to_blocked")
}

/// The rank-1 constant feeding only this ChannelNorm to blocked is placed
/// blocked itself.
fn const_channel_norm_erase(cn: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let input = body.operand(cn, 0);
    let Some(c) = body.defining_op(input) else { return false };
    let ty = body.value_type(input);
    let rank = ctx.shape(ty).map_or(usize::MAX, |s| s.len());
    if !is_kind(ctx, body, c, OpKind::Const)
        || rank > 1
        || !body.has_one_use(input)
        || to_blocked(ctx, body, cn) != Some(true)
    {
        return false;
    }
    let mode = blocked_mode(ctx, ty);
    rw.modify_in_place(c, |b| set_mem_layout(ctx, b, c, mode));
    rw.replace_op(cn, &[input]);
    true
}

/// An earlier ChannelNorm of the same value in the same direction and
/// block, if any.
fn earlier_twin(ctx: &Context, body: &Body, cn: Op) -> Option<Op> {
    let input = body.operand(cn, 0);
    let dir = to_blocked(ctx, body, cn);
    let blocked = attr_str(ctx, body, cn, "blocked");
    let block = body.op_block(cn);
    body.uses(input).map(|(u, _)| u).find(|&u| {
        u != cn
            && is_kind(ctx, body, u, OpKind::ChannelNorm)
            && body.op_block(u) == block
            && body.is_before_in_block_slow(u, cn)
            && to_blocked(ctx, body, u) == dir
            && attr_str(ctx, body, u, "blocked") == blocked
    })
}

fn redundant_channel_norm_erase(cn: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(twin) = earlier_twin(rw.ctx, rw.body(), cn) else { return false };
    let r = rw.body().result(twin, 0);
    rw.replace_op(cn, &[r]);
    true
}

/// `ChannelNorm(ChannelNorm(x))` in opposite directions: `x`.
fn round_trip_erase(cn: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(first) = body.defining_op(body.operand(cn, 0)) else { return false };
    if !is_kind(ctx, body, first, OpKind::ChannelNorm) {
        return false;
    }
    let (Some(a), Some(b)) = (to_blocked(ctx, body, first), to_blocked(ctx, body, cn)) else { return false };
    if a == b {
        return false;
    }
    let x: Value = body.operand(first, 0);
    rw.replace_op(cn, &[x]);
    true
}

fn dead_channel_norm_erase(cn: Op, rw: &mut PatternRewriter<'_>) -> bool {
    if !rw.body().op_results_unused(cn) {
        return false;
    }
    rw.erase_op(cn);
    true
}
