//! `tx8be-store-views`: a transpose view (`tx8be-load-views`) whose
//! operand a single group produces is written by that group's store
//! instead of read by its readers' loads, when that takes fewer DMA
//! copies.
//!
//! A transformer merges its heads back with [b, h, s, d] -> [b, s, h, d]:
//! read as a view, each box of rows of the merged tensor is one strided
//! copy per head (a 2-D copy covers one head's rows), twelve descriptor
//! starts where a dense box takes one; written as a view, each step of
//! the attention group (a head of a batch) is one 2-D copy either way.
//! The view is marked `stored = true`: the bytes at its address (its
//! operand's, `tx8be-ddr-alloc`) are then its result, dense; the group
//! under it stores through the inverse view (`load_views::store_view`,
//! codegen's `op_dma_store_view`) and its readers load plainly.
//!
//! Decided per view on the schedules `tx8be-sharding` recorded: the
//! copies of every step's store of the producer and of every step's load
//! of each reader, as the view is read now and as it would be stored
//! (`pipeline_cost::descriptors`, the descriptor starts the cost model
//! charges). Only Transpose views (a store through a slice would write
//! part of a larger tensor other groups own); the producer's result must
//! have no other reader. Runs after `tx8be-sharding`, before the
//! buffers and addresses are placed.

use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8_cmodel::HardwareConfig;
use tx8be::dialect::ops::{op_kind, OpKind};

use crate::pipeline_cost::descriptors;
use tx8be::schedule::buffers::recorded_schedule;
use tx8be::schedule::groups::group_compute_op;
use tx8be::schedule::groups::groups as top_level_groups;
use tx8be::schedule::steps::tile_steps;
use tx8be::schedule::views::is_stored;
use tx8be::schedule::views::store_view;
use tx8be::schedule::views::stored_through;
use tx8be::schedule::views::view_readers;

strata_pass::option_free_pass! {
    pub struct StoreViews;
    argument: "tx8be-store-views",
    name: "Tx8beStoreViews",
    description: "Store a group's result through the transpose view its readers load through, when that takes fewer DMA copies (stored = true)",
    anchor: Some("func.func"),
}

/// The DMA copies group `group` makes over all its steps: of its store
/// (`store`) or of its loads by `load` (else).
fn group_copies(ctx: &Context, body: &Body, group: Op, load: Option<Op>, hw: &HardwareConfig) -> Option<f64> {
    let op = group_compute_op(ctx, body, group)?;
    let (shard, slice) = recorded_schedule(ctx, body, op).ok()?;
    let steps = tile_steps(ctx, body, op, &shard, &slice, hw.tiles() as usize).ok()?;
    let g = tx8be::schedule::group_calls::GroupCalls::of_anchor(ctx, body, op).ok()?;
    let boxes: Vec<(strata_ir::Value, &tx8be::interfaces::sharding::SliceBox)> = match load {
        None => steps.iter().flatten().map(|s| (body.result(op, 0), s.out())).collect(),
        Some(l) => {
            let k = g.loads.iter().position(|s| s.load == l)?;
            steps.iter().flatten().map(|s| (body.result(l, 0), s.load_box(&g, k))).collect()
        }
    };
    Some(boxes.into_iter().map(|(v, b)| descriptors(ctx, body, v, b)).sum())
}

/// The copies of the producer's stores and its readers' loads, with the
/// view as it is marked now.
fn copies(ctx: &Context, body: &Body, group: Op, view: Op, hw: &HardwareConfig) -> Option<f64> {
    let mut total = group_copies(ctx, body, group, None, hw)?;
    for l in view_readers(ctx, body, view)? {
        let reader = body.parent_op(l).filter(|&p| op_kind(ctx, body, p) == Some(OpKind::Group))?;
        total += group_copies(ctx, body, reader, Some(l), hw)?;
    }
    Some(total)
}

impl StoreViews {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let hw = crate::attach_target::hardware(target)?;
        let ctx = target.ctx;
        let body = &mut *target.body;
        // Decided afresh: a `stored` written before (by hand, or on a
        // schedule since changed) is dropped first.
        let marked: Vec<Op> =
            tx8be::schedule::groups::entry_ops(body).into_iter().filter(|&op| is_stored(ctx, body, op)).collect();
        let mut changed = !marked.is_empty();
        for op in marked {
            body.set_op_attr(ctx, op, "stored", None);
        }
        for group in top_level_groups(ctx, body) {
            let r = body.result(group, 0);
            let Some(view) = stored_through(ctx, body, r, false) else { continue };
            let Some(loaded) = copies(ctx, body, group, view, &hw) else { continue };
            body.set_op_attr(ctx, view, "stored", Some(ctx.bool_attr(true)));
            // The producer's result seen through the view must compose
            // and take no element twice (a transpose never does).
            let stored = store_view(ctx, body, r)
                .filter(|(_, v)| v.is_injective())
                .and_then(|_| copies(ctx, body, group, view, &hw));
            match stored {
                Some(s) if s < loaded => changed = true,
                _ => body.set_op_attr(ctx, view, "stored", None),
            }
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}
