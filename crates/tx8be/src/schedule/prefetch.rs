//! When a group's prologue (its broadcast and line-shared loads,
//! `shares`) is read during the group before it: its chunk reads issued at
//! the end of that group (`prefetched`), at the start of its last step
//! (`prefetched_early`), or the whole prologue run by that group
//! (`ahead`, as `tx8be-prologue-ahead` recorded it). Decided from the IR
//! after `tx8be-spm-alloc`, by the SPM ranges each group's buffers take,
//! so the estimate and codegen ask the same question and get one answer.
//! Why it is safe and what it gains: `prologue_prefetch.rs` and
//! `prologue_ahead.rs` in `tx8be-transforms`.

use strata_ir::{Body, Context, Op};
use tx8_target::HardwareConfig;

use super::buffers::{recorded_prologue_ahead, recorded_schedule};
use super::group_calls::GroupCalls;
use super::groups::{group_compute_op, groups};
use super::shares::{recorded_ring, recorded_shares, starts_synchronised, Share};
use super::steps::{group_buffers, slice_bytes, tile_steps, StepBoxes};
use crate::dialect::ops::{op_kind, OpKind};

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
    if !recorded_prologue_ahead(ctx, body, group) {
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
    let synced = i == 0 || starts_synchronised(ctx, body, prev);
    if !synced || !crate::dialect::values::attr_bool(ctx, body, prev, "barrier").unwrap_or(true) {
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

/// Every SPM range a group's buffers take on a tile
/// (`const_prefetch::footprint`: its prologue's and the weights read ahead
/// for it at the window's top among them).
fn spm_footprint(ctx: &Context, body: &Body, group: Op, hw: &HardwareConfig) -> Option<Vec<(u64, u64)>> {
    let mut ranges = super::const_prefetch::footprint(ctx, body, group_compute_op(ctx, body, group)?, hw)?;
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
        || op_kind(ctx, body, prev_op) == Some(OpKind::Slice)
    {
        return None;
    }
    let g = GroupCalls::of_anchor(ctx, body, op).ok()?;
    let (shares, filled) = prologue_of(ctx, body, group, hw)?;
    // Weights, or a function's input (no group writes it).
    let ready = |load: Op| {
        let mut v = body.operand(load, 0);
        while let Some(d) = body.defining_op(v).filter(|&d| op_kind(ctx, body, d) == Some(OpKind::Reshape)) {
            v = body.operand(d, 0);
        }
        op_kind(ctx, body, load) == Some(OpKind::LoadConst) || body.defining_op(v).is_none()
    };
    if shares.iter().all(Option::is_none) || shares.iter().zip(&g.loads).any(|(s, l)| s.is_some() && !ready(l.load)) {
        return None;
    }
    (!meet(&filled, &output_buffers(ctx, body, prev_op, hw)?)).then_some(prev)
}

/// The steps of every tile of the group anchored at `op`, from its
/// recorded schedule.
pub fn schedule_steps(ctx: &Context, body: &Body, op: Op, hw: &HardwareConfig) -> Option<Vec<Vec<StepBoxes>>> {
    let (shard, slice) = recorded_schedule(ctx, body, op).ok()?;
    tile_steps(ctx, body, op, &shard, &slice, hw.tiles() as usize).ok()
}

fn dev_addrs(ctx: &Context, body: &Body, op: Op) -> Vec<u64> {
    body.op_attr(ctx, op, "dev_info")
        .and_then(|a| crate::DevAttr::from_attr(ctx, a))
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
            _ => first.load_box(g, k).size.to_vec(),
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
