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
//! `prefetched` decides it from the IR after `tx8be-spm-alloc` (codegen and
//! the estimate ask the same question); `hidden_cycles` is what the
//! estimate takes the reads to gain. Measured on ResNet-50 at batch 16:
//! the reads mostly run beside the previous group's last stores, which
//! already fill the DDR, so they gain about its barrier (2.6k cycles a
//! group); after a group whose last store is mostly descriptor starts
//! they gain more.

use strata_ir::{Body, Context, Op};
use tx8_cmodel::HardwareConfig;

use crate::broadcast::{recorded_shares, Share};
use crate::group_calls::GroupCalls;
use crate::schedule::{group_buffers, slice_bytes, tile_steps, StepBoxes};
use crate::sharding::{group_compute_op, groups, recorded_ring};
use crate::spm_alloc::recorded_schedule;

/// The group before `group` in program order, when `group` reads its
/// prologue chunks during it: `group` has a prologue of weights only, the
/// group before is neither a ring GEMM nor a copy (each stores from other
/// buffers than its output's), and the SPM the prologue fills on a tile
/// misses that group's output buffers.
pub fn prefetched(ctx: &Context, body: &Body, group: Op, hw: &HardwareConfig) -> Option<Op> {
    if ahead(ctx, body, group, hw).is_some() {
        return None;
    }
    prefetch_candidate(ctx, body, group, hw)
}

/// Whether `group`'s prologue chunk reads (`prefetched`) may be issued at
/// the start of the last step of the group before instead of after its
/// last call: the prologue's SPM misses every buffer of that group (no
/// call of its last step reads or writes there), so the reads use the
/// DDR while its last step computes.
pub fn prefetched_early(ctx: &Context, body: &Body, group: Op, hw: &HardwareConfig) -> bool {
    let Some(prev) = prefetched(ctx, body, group, hw) else { return false };
    let (Some((_, filled)), Some(footprint)) = (prologue_of(ctx, body, group, hw), spm_footprint(ctx, body, prev, hw))
    else {
        return false;
    };
    !meet(&filled, &footprint)
}

/// The group before `group`, when it runs `group`'s whole prologue:
/// `tx8be-prologue-ahead` decided so (`prologue_ahead` on the group) and
/// it still may (`ahead_possible`).
pub fn ahead(ctx: &Context, body: &Body, group: Op, hw: &HardwareConfig) -> Option<Op> {
    if !crate::prologue_ahead::recorded(ctx, body, group) {
        return None;
    }
    ahead_possible(ctx, body, group, hw)
}

/// The group before `group`, when it may run `group`'s whole prologue (the
/// chunk reads and the gathers) during its own steps: `group` would have
/// its chunk reads prefetched (`prefetch_candidate`), its prologue
/// broadcasts whole tensors only, the group before starts with every tile
/// done with the group before it (`broadcast::starts_synchronised`, or it
/// is the first) and ends with a barrier, and none of its SPM buffers (all
/// from the window's bottom, and its own prologue's) meets the prologue's.
/// The gathers then write SPM no tile uses before `group`; the group
/// before sends each tile's chunk to every other tile in one phase, a few
/// messages a step, and joins them before its closing barrier.
pub fn ahead_possible(ctx: &Context, body: &Body, group: Op, hw: &HardwareConfig) -> Option<Op> {
    let prev = prefetch_candidate(ctx, body, group, hw)?;
    let all = groups(ctx, body);
    let i = all.iter().position(|&g| g == prev)?;
    let synced = i == 0 || crate::broadcast::starts_synchronised(ctx, body, prev);
    if !synced || !tx8be::dialect::values::attr_bool(ctx, body, prev, "barrier").unwrap_or(true) {
        return None;
    }
    let (shares, filled) = prologue_of(ctx, body, group, hw)?;
    if shares.iter().any(|s| s.is_some_and(|s| s != Share::All)) {
        return None;
    }
    (!meet(&filled, &spm_footprint(ctx, body, prev, hw)?)).then_some(prev)
}

/// A group's recorded prologue shares and the SPM ranges its prologue fills.
fn prologue_of(
    ctx: &Context,
    body: &Body,
    group: Op,
    hw: &HardwareConfig,
) -> Option<(Vec<Option<Share>>, Vec<(u64, u64)>)> {
    let op = group_compute_op(ctx, body, group)?;
    let g = GroupCalls::of_anchor(ctx, body, op).ok()?;
    let shares = recorded_shares(ctx, body, &g);
    let steps = schedule_steps(ctx, body, op, hw)?;
    let filled = prologue_buffers(ctx, body, &g, &steps, &shares)?;
    Some((shares, filled))
}

/// Whether two sets of SPM ranges share a byte.
fn meet(a: &[(u64, u64)], b: &[(u64, u64)]) -> bool {
    a.iter().any(|&(x, y)| b.iter().any(|&(u, v)| x < v && u < y))
}

/// The group after `group`, when `group` runs its prologue (`ahead`).
pub fn ahead_next(ctx: &Context, body: &Body, group: Op, hw: &HardwareConfig) -> Option<Op> {
    let all = groups(ctx, body);
    let i = all.iter().position(|&g| g == group)?;
    let next = *all.get(i + 1)?;
    (ahead(ctx, body, next, hw) == Some(group)).then_some(next)
}

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

/// Every SPM range a group's buffers take on a tile: from the window's
/// start to the end of its output buffers and scratch (`tx8be-spm-alloc`
/// places everything else below them), and its prologue's buffers.
fn spm_footprint(ctx: &Context, body: &Body, group: Op, hw: &HardwareConfig) -> Option<Vec<(u64, u64)>> {
    let op = group_compute_op(ctx, body, group)?;
    let outputs = output_buffers(ctx, body, op, hw)?;
    let d = body.op_attr(ctx, op, "dev_info").and_then(|a| tx8be::DevAttr::from_attr(ctx, a))?;
    let imm_end = if d.imm_size > 0 { d.imm_addr as u64 + d.imm_size } else { 0 };
    let bottom = outputs.iter().map(|&(_, b)| b).max().unwrap_or(0).max(imm_end);
    let mut ranges = vec![(hw.spm_usable_start, bottom)];
    ranges.extend(prologue_of(ctx, body, group, hw)?.1);
    Some(ranges)
}

/// The group before `group`, when `group`'s prologue chunk reads may be
/// issued during it (the conditions of `prefetched`).
fn prefetch_candidate(ctx: &Context, body: &Body, group: Op, hw: &HardwareConfig) -> Option<Op> {
    let all = groups(ctx, body);
    let i = all.iter().position(|&g| g == group).filter(|&i| i > 0)?;
    let prev = all[i - 1];
    let (op, prev_op) = (group_compute_op(ctx, body, group)?, group_compute_op(ctx, body, prev)?);
    if recorded_ring(ctx, body, op).is_some()
        || recorded_ring(ctx, body, prev_op).is_some()
        || ctx.op_name_str(body.op_name(prev_op)) == "tx8be.Slice"
    {
        return None;
    }
    let g = GroupCalls::of_anchor(ctx, body, op).ok()?;
    let (shares, filled) = prologue_of(ctx, body, group, hw)?;
    // Weights, or a function's input (no group writes it).
    let ready = |load: Op| {
        let mut v = body.operand(load, 0);
        while let Some(d) = body.defining_op(v).filter(|&d| ctx.op_name_str(body.op_name(d)) == "tx8be.Reshape") {
            v = body.operand(d, 0);
        }
        ctx.op_name_str(body.op_name(load)) == "tx8be.load_const" || body.defining_op(v).is_none()
    };
    if shares.iter().all(Option::is_none) || shares.iter().zip(&g.loads).any(|(s, l)| s.is_some() && !ready(l.load)) {
        return None;
    }
    (!meet(&filled, &output_buffers(ctx, body, prev_op, hw)?)).then_some(prev)
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
    let ends_with_barrier = tx8be::dialect::values::attr_bool(ctx, body, prev, "barrier").unwrap_or(true);
    let sync = hw.join_cycles as f64 + if ends_with_barrier { hw.barrier_cycles as f64 } else { 0.0 };
    let Some(op) = group_compute_op(ctx, body, prev) else { return sync };
    if crate::sharding::recorded_buffers(ctx, body, op) < 2 {
        return sync;
    }
    let Some(steps) = schedule_steps(ctx, body, op, hw) else { return sync };
    let result = body.result(op, 0);
    let rate = crate::pipeline_cost::tile_ddr_rate(&steps, hw);
    let storing = steps.iter().filter(|t| !t.is_empty()).count() as f64;
    // The first tile with steps (tiles run alike).
    let idle = steps.iter().find_map(|t| t.last()).map_or(0.0, |s| {
        let time = crate::pipeline_cost::dma_cycles(ctx, body, result, &s.out, rate, hw);
        let bytes = slice_bytes(ctx, body, result, &s.out.size) as f64;
        (time - storing * bytes / hw.ddr_bytes_per_cycle).max(0.0)
    });
    sync + idle
}

fn schedule_steps(ctx: &Context, body: &Body, op: Op, hw: &HardwareConfig) -> Option<Vec<Vec<StepBoxes>>> {
    let (shard, slice) = recorded_schedule(ctx, body, op).ok()?;
    tile_steps(ctx, body, op, &shard, &slice, hw.tiles() as usize).ok()
}

fn dev_addrs(ctx: &Context, body: &Body, op: Op) -> Vec<u64> {
    body.op_attr(ctx, op, "dev_info")
        .and_then(|a| tx8be::DevAttr::from_attr(ctx, a))
        .map(|d| d.mem_addr.iter().map(|&a| a as u64).collect())
        .unwrap_or_default()
}

/// The SPM ranges the prologue of `g` fills (the same on every tile): each
/// broadcast tensor whole, each line-shared box.
fn prologue_buffers(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    steps: &[Vec<StepBoxes>],
    shares: &[Option<Share>],
) -> Option<Vec<(u64, u64)>> {
    let first = steps.iter().find_map(|t| t.first())?;
    let mut ranges = Vec::new();
    for (k, share) in shares.iter().enumerate() {
        let Some(share) = share else { continue };
        let v = g.load_value(body, k);
        let at = *dev_addrs(ctx, body, g.loads[k].load).first()?;
        let size: Vec<i64> = match share {
            Share::All => ctx.shape(body.value_type(v))?.to_vec(),
            _ => first.load_box(g, k).size.clone(),
        };
        ranges.push((at, at + slice_bytes(ctx, body, v, &size)));
    }
    Some(ranges)
}

/// The SPM ranges of a group's output buffers.
fn output_buffers(ctx: &Context, body: &Body, op: Op, hw: &HardwareConfig) -> Option<Vec<(u64, u64)>> {
    let steps = schedule_steps(ctx, body, op, hw)?;
    let g = GroupCalls::of_anchor(ctx, body, op).ok()?;
    let bytes = group_buffers(ctx, body, &g, &steps, hw).ok()?.output;
    Some(dev_addrs(ctx, body, op).into_iter().map(|a| (a, a + bytes)).collect())
}
