//! Reading a group's prologue chunks during the group before it.
//!
//! A group's prologue (`broadcast::Prologue`: the whole-tensor broadcast
//! and the line shares) starts with every tile reading its chunks from DDR
//! into its own SPM, then gathers them by DTE. The reads touch only the
//! tile's own SPM, so they can be issued at the end of the previous group,
//! while its last store drains and its tiles wait at its barrier, when
//! nothing the previous group still uses lies where they land: its compute
//! is done by then (the operator library's calls return when done), so
//! only its output buffers, which the last store reads, matter. Weights
//! only (`load_const`): an activation may be what the previous group is
//! still storing.
//!
//! `tx8be::schedule::prefetch` decides it from the IR after
//! `tx8be-spm-alloc` (codegen and the estimate ask the same question); `hidden_cycles` is what the
//! estimate takes the reads to gain. Measured on ResNet-50 at batch 16:
//! the reads mostly run beside the previous group's last stores, which
//! already fill the DDR, so they gain about its barrier (2.6k cycles a
//! group); after a group whose last store is mostly descriptor starts
//! they gain more.

use strata_ir::{Body, Context, Op};
use tx8_cmodel::HardwareConfig;

use tx8be::schedule::group_calls::GroupCalls;
use tx8be::schedule::groups::group_compute_op;
use tx8be::schedule::prefetch::schedule_steps;
use tx8be::schedule::shares::recorded_shares;
use tx8be::schedule::shares::Share;
use tx8be::schedule::steps::slice_bytes;

/// Cycles a group running the next group's prologue (`ahead_next`) spends
/// on it beyond its own, at least: its chunk reads through the tile's DDR
/// share (beside its own loads) and, when its steps are shorter, the sends
/// of the chunk to every other tile and their join.
pub fn ahead_cycles(ctx: &Context, body: &Body, next: Op, own: f64, hw: &HardwareConfig) -> f64 {
    let Some(op) = group_compute_op(ctx, body, next) else { return own };
    let Ok(g) = GroupCalls::of_anchor(ctx, body, op) else { return own };
    let slots: Vec<bool> = recorded_shares(ctx, body, &g).iter().map(|s| *s == Some(Share::All)).collect();
    let tiles = hw.tiles().max(1) as f64;
    let chunk = (crate::broadcast::broadcast_bytes(ctx, body, &g, &slots) as f64 / tiles).ceil();
    let rate = (hw.ddr_bytes_per_cycle / tiles).min(hw.ddr_transfer_cap_bytes_per_cycle);
    let read = hw.dma_start_cycles as f64 + chunk / rate;
    let sends: f64 = (1..hw.tiles())
        .map(|u| {
            hw.dte_message_cycles as f64 + chunk * all_to_all_link_load(hw, u) as f64 / hw.noc_link_bytes_per_cycle
        })
        .sum::<f64>()
        + hw.join_cycles as f64;
    (own + read).max(read + sends)
}

/// The most routes of turn `u` of the one-phase all-to-all (every tile t
/// sending to tile (t + u) mod T at once, XY-routed) crossing one link:
/// the C model shares a link's bandwidth between the transfers crossing it.
fn all_to_all_link_load(hw: &HardwareConfig, u: u32) -> u32 {
    let tiles = hw.tiles();
    let mut load: std::collections::HashMap<tx8_cmodel::timing::noc::Link, u32> = std::collections::HashMap::new();
    for t in 0..tiles {
        for l in tx8_cmodel::timing::noc::xy_route(hw, t, (t + u) % tiles) {
            *load.entry(l).or_insert(0) += 1;
        }
    }
    load.values().copied().max().unwrap_or(1).max(1)
}

/// Cycles of `prev`'s end that a prefetched prologue's chunk reads gain:
/// its closing barrier and the join before it, and on a pipelined group
/// (which issues the reads before joining its last store) the part of its
/// last store the shared DDR is idle for: the store's time less its bytes
/// from every tile at the DDR's bandwidth (a store of many short rows is
/// mostly descriptor starts; a layer's full-width stores fill the DDR).
pub fn hidden_cycles(ctx: &Context, body: &Body, prev: Op, hw: &HardwareConfig) -> f64 {
    hidden_cycles_from(ctx, body, prev, false, hw)
}

/// `hidden_cycles`, and with `early` (`prefetched_early`) the last
/// step's calls besides, which the reads run beside.
pub fn hidden_cycles_from(ctx: &Context, body: &Body, prev: Op, early: bool, hw: &HardwareConfig) -> f64 {
    let calls = if early { last_step_calls(ctx, body, prev, hw) } else { 0.0 };
    calls + store_hidden(ctx, body, prev, hw)
}

/// Cycles of the calls of the last step of `group`'s first tile with steps.
fn last_step_calls(ctx: &Context, body: &Body, group: Op, hw: &HardwareConfig) -> f64 {
    let Some(op) = group_compute_op(ctx, body, group) else { return 0.0 };
    let (Some(steps), Ok(g)) = (schedule_steps(ctx, body, op, hw), GroupCalls::of_anchor(ctx, body, op)) else {
        return 0.0;
    };
    steps.iter().find_map(|t| t.last()).map_or(0.0, |s| {
        s.calls
            .iter()
            .zip(&g.calls)
            .map(|(c, &call)| crate::cost::call_cycles(ctx, body, call, hw, &c.out, &c.operands))
            .sum()
    })
}

fn store_hidden(ctx: &Context, body: &Body, prev: Op, hw: &HardwareConfig) -> f64 {
    let sync = end_sync(ctx, body, prev, hw);
    let Some(op) = group_compute_op(ctx, body, prev) else { return sync };
    if tx8be::schedule::buffers::recorded_buffers(ctx, body, op) < 2 {
        return sync;
    }
    sync + store_idle(ctx, body, op, hw)
}

/// The join before a group's end and its closing barrier, if any.
fn end_sync(ctx: &Context, body: &Body, group: Op, hw: &HardwareConfig) -> f64 {
    let ends_with_barrier = tx8be::dialect::values::attr_bool(ctx, body, group, "barrier").unwrap_or(true);
    hw.join_cycles as f64 + if ends_with_barrier { hw.barrier_cycles as f64 } else { 0.0 }
}

/// The part of the last store of the group anchored at `op` the shared
/// DDR is idle for: the store's time less its bytes from every tile at
/// the DDR's bandwidth.
fn store_idle(ctx: &Context, body: &Body, op: Op, hw: &HardwareConfig) -> f64 {
    let Some(steps) = schedule_steps(ctx, body, op, hw) else { return 0.0 };
    let result = body.result(op, 0);
    let rate = crate::pipeline_cost::tile_ddr_rate(&steps, hw);
    let storing = steps.iter().filter(|t| !t.is_empty()).count() as f64;
    // The first tile with steps (tiles run alike).
    steps.iter().find_map(|t| t.last()).map_or(0.0, |s| {
        let time = crate::pipeline_cost::dma_cycles(ctx, body, result, s.out(), rate, hw);
        let bytes = slice_bytes(ctx, body, result, &s.out().size) as f64;
        (time - storing * bytes / hw.ddr_bytes_per_cycle).max(0.0)
    })
}

/// Cycles of `prev`'s end that the next group's weight reads
/// (`tx8be::schedule::const_prefetch`) run beside: issued once its last
/// step's calls are (after its last call in a pipelined group), they
/// overlap those calls, the part of its last store the DDR is idle for,
/// the join after it and its closing barrier.
pub fn consts_window(ctx: &Context, body: &Body, prev: Op, hw: &HardwareConfig) -> f64 {
    let Some(op) = group_compute_op(ctx, body, prev) else { return 0.0 };
    let calls = if tx8be::schedule::buffers::recorded_buffers(ctx, body, op) < 2 {
        last_step_calls(ctx, body, prev, hw) + hw.join_cycles as f64
    } else {
        0.0
    };
    calls + store_idle(ctx, body, op, hw) + end_sync(ctx, body, prev, hw)
}
