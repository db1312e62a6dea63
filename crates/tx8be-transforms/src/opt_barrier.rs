//! `tx8be-opt-barrier` (the seed's opt_barrier): decides after which groups
//! the tiles synchronise (`barrier` on `tx8be.group`, the seed's
//! `need_barrier`).
//!
//! A group must not read a DDR tensor before every tile of the group that
//! wrote it has finished (another tile may have produced the rows it
//! loads), so between a writer and each of its readers there must be a
//! barrier. Barriers cost every tile `barrier_cycles`, so they are shared:
//! the groups are put in layers of their DAG (a group's layer is one more
//! than the highest layer of the groups it reads; groups reading only
//! inputs and constants are layer 1), reordered by layer (stably, so the
//! order inside a layer is program order), and only the last group of each
//! layer gets a barrier. Every group of layer L+1 then runs after the
//! barrier closing layer L, which follows every group it reads. The last
//! layer needs none: the host reads the outputs after every tile finished.
//!
//! The barrier is then placed greedily in the new order (a barrier right
//! before the first group that reads a group written since the last
//! barrier), which gives exactly "last group of each layer" on a layered
//! order and never a missing barrier on any order.
//!
//! A read needs no barrier when it is tile-local (`reads_tile_local`):
//! every tile of the reader loads only elements the same tile stored (an
//! element-wise group after a group of the same sharding, say). A tile
//! joins its own stores before its next group starts, so its loads see
//! them, and what other tiles are still doing does not touch them. The
//! reader must then exchange nothing between tiles (no shared, streamed
//! or ring loads): a tile that is ahead would write SPM another tile still
//! uses for the group before. The C model's race detector checks every
//! such read at run time.

use std::collections::{HashMap, HashSet};

use strata_ir::{Body, Context, Diagnostic, Op, ValueDef};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8be::{op_kind, OpKind};

use tx8be::schedule::boxes::shard_boxes;
use tx8be::schedule::buffers::{recorded_prologue_ahead, recorded_schedule};
use tx8be::schedule::group_calls::GroupCalls;
use tx8be::schedule::groups::{entry_ops, group_compute_op, groups};
use tx8be::schedule::shares::{recorded_ring, recorded_shares, recorded_streams};
use tx8be::schedule::steps::tile_steps;

strata_pass::option_free_pass! {
    pub struct OptBarrier;
    argument: "tx8be-opt-barrier",
    name: "Tx8beOptBarrier",
    description: "Order the groups by DAG layer and mark the last group of each layer as a barrier",
    anchor: Some("func.func"),
}

/// The entry-level op an operand of an op inside `group` comes from, if it
/// is defined outside the group (a value of the function's entry block).
fn outside_def(body: &Body, group: Op, v: strata_ir::Value) -> Option<Op> {
    let d = body.defining_op(v)?;
    (body.parent_op(d) != Some(group) && d != group).then_some(d)
}

/// The groups whose DDR output `group` reads, found through the ops
/// between groups (reshapes share their operand's bytes), in program order
/// of discovery, without duplicates.
pub fn group_reads(ctx: &Context, body: &Body, group: Op) -> Vec<Op> {
    let mut found = Vec::new();
    let mut seen = HashSet::new();
    let mut work: Vec<Op> = Vec::new();
    let Some(&region) = body.local_regions(group).first() else { return found };
    let Some(block) = body.first_block(region) else { return found };
    for op in body.block_ops(block) {
        for v in body.operands(op) {
            if let Some(d) = outside_def(body, group, v) {
                work.push(d);
            }
        }
    }
    while let Some(d) = work.pop() {
        if !seen.insert(d) {
            continue;
        }
        if op_kind(ctx, body, d) == Some(OpKind::Group) {
            found.push(d);
            continue;
        }
        for v in body.operands(d) {
            if let Some(p) = body.defining_op(v) {
                work.push(p);
            }
        }
    }
    found
}

/// Whether `v` is a block argument (a function input).
fn is_arg(body: &Body, v: strata_ir::Value) -> bool {
    matches!(body.value_def(v), ValueDef::BlockArg(..))
}

/// Each entry op's layer: a group is one above the highest layer of what it
/// reads (constants, inputs and ops reading only them are layer 0); any
/// other op takes the highest layer of its operands.
fn layers(ctx: &Context, body: &Body, ops: &[Op]) -> HashMap<Op, u64> {
    let mut layer: HashMap<Op, u64> = HashMap::new();
    for &op in ops {
        let l = if op_kind(ctx, body, op) == Some(OpKind::Group) {
            1 + group_reads(ctx, body, op).iter().map(|g| layer.get(g).copied().unwrap_or(0)).max().unwrap_or(0)
        } else {
            body.operands(op)
                .filter(|&v| !is_arg(body, v))
                .filter_map(|v| body.defining_op(v))
                .map(|d| layer.get(&d).copied().unwrap_or(0))
                .max()
                .unwrap_or(0)
        };
        layer.insert(op, l);
    }
    layer
}

impl OptBarrier {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let hw = crate::attach_target::hardware(target)?;
        let ctx = target.ctx;
        let body = &mut *target.body;
        let ops = entry_ops(body);
        let Some(&terminator) = ops.last() else { return Ok(PreservedAnalyses::none()) };
        // Reorder by layer, stably: (layer, program position); the
        // terminator stays last. Every op's operands are of a lower layer
        // or of the same layer and earlier, so the order stays valid.
        let layer = layers(ctx, body, &ops[..ops.len() - 1]);
        let mut order: Vec<(u64, usize, Op)> =
            ops[..ops.len() - 1].iter().enumerate().map(|(i, &op)| (layer[&op], i, op)).collect();
        order.sort();
        if order.iter().enumerate().any(|(i, &(_, at, _))| i != at) {
            for &(_, _, op) in &order {
                body.move_op_before(op, terminator);
            }
        }
        // Barriers: before the first group that reads a group written since
        // the last barrier, i.e. on the group just before it.
        let gs = groups(ctx, body);
        let mut pending: HashSet<Op> = HashSet::new();
        let mut barrier = vec![false; gs.len()];
        for (i, &g) in gs.iter().enumerate() {
            if i > 0
                && group_reads(ctx, body, g)
                    .iter()
                    .any(|&r| pending.contains(&r) && !reads_tile_local(ctx, body, r, g, hw.tiles() as usize))
            {
                barrier[i - 1] = true;
                pending.clear();
            }
            pending.insert(g);
        }
        for (&g, &b) in gs.iter().zip(&barrier) {
            body.set_op_attr(ctx, g, "barrier", Some(ctx.bool_attr(b)));
        }
        Ok(PreservedAnalyses::none())
    }
}

/// Whether every tile of group `reader` loads, of what group `writer`
/// stores, only elements the same tile stored, and `reader` moves nothing
/// between tiles (see the module doc). Loads through a view or a reshape
/// of the writer's result, and any schedule not read back, count as not
/// tile-local.
pub fn reads_tile_local(ctx: &Context, body: &Body, writer: Op, reader: Op, tiles: usize) -> bool {
    let (Some(w_op), Some(r_op)) = (group_compute_op(ctx, body, writer), group_compute_op(ctx, body, reader)) else {
        return false;
    };
    let Ok(calls) = GroupCalls::of_anchor(ctx, body, r_op) else { return false };
    if recorded_ring(ctx, body, r_op).is_some()
        || recorded_ring(ctx, body, w_op).is_some()
        || recorded_shares(ctx, body, &calls).iter().any(Option::is_some)
        || recorded_streams(ctx, body, &calls).iter().any(Option::is_some)
        || recorded_prologue_ahead(ctx, body, reader)
    {
        return false;
    }
    let (Ok((w_shard, _)), Ok((r_shard, r_slice))) =
        (recorded_schedule(ctx, body, w_op), recorded_schedule(ctx, body, r_op))
    else {
        return false;
    };
    let written = body.result(writer, 0);
    let Some(w_dims) = ctx.shape(body.value_type(written)).map(<[i64]>::to_vec) else { return false };
    let owned = shard_boxes(&w_dims, &w_shard, tiles);
    let Ok(steps) = tile_steps(ctx, body, r_op, &r_shard, &r_slice, tiles) else { return false };
    let mut reads_writer = false;
    for slot in &calls.loads {
        let v = body.operand(slot.load, 0);
        if body.defining_op(v) != Some(writer) {
            // A view or reshape of the writer's result is read in other
            // coordinates than it was stored in.
            if group_reads_value(ctx, body, v, writer) {
                return false;
            }
            continue;
        }
        reads_writer = true;
        for (tile, tile_steps) in steps.iter().enumerate() {
            for step in tile_steps {
                let b = &step.calls[slot.call].operands[slot.operand];
                let inside = owned[tile].as_ref().is_some_and(|o| {
                    (0..b.start.len()).all(|d| {
                        b.size[d] <= 0 || (o.start[d] <= b.start[d] && b.start[d] + b.size[d] <= o.start[d] + o.size[d])
                    })
                });
                if !inside {
                    return false;
                }
            }
        }
    }
    reads_writer
}

/// Whether `v` is `writer`'s result seen through ops between groups
/// (reshapes, views).
fn group_reads_value(ctx: &Context, body: &Body, v: strata_ir::Value, writer: Op) -> bool {
    let mut work = vec![v];
    while let Some(v) = work.pop() {
        let Some(d) = body.defining_op(v) else { continue };
        if d == writer {
            return true;
        }
        if op_kind(ctx, body, d) != Some(OpKind::Group) {
            work.extend(body.operands(d));
        }
    }
    false
}

/// The barrier epoch of every group of a function body whose barriers are
/// decided: the number of barriers the tiles pass before it starts. A
/// DDR buffer read in epoch e may be written again only in an epoch after
/// e (the C model's race detector checks exactly that).
pub fn epochs(ctx: &Context, body: &Body, gs: &[Op]) -> Vec<u64> {
    let mut e = 0;
    gs.iter()
        .map(|&g| {
            let mine = e;
            // Codegen's reading: a group without the attribute syncs.
            if tx8be::dialect::values::attr_bool(ctx, body, g, "barrier").unwrap_or(true) {
                e += 1;
            }
            mine
        })
        .collect()
}
