//! Reading a group's weights during the group before it.
//!
//! A single-buffered group with no prologue loads its weights in its first
//! step, one descriptor start (500 cycles) after another on the tile's
//! RDMA queue, before its first call can start: at batch 1 that is most
//! of a small conv group's time. Weights never change, so nothing orders
//! their reads after the group before: on each tile, the group before
//! issues them (not joined) once its own last step's calls are issued, and
//! they run beside those calls, its store and its closing barrier. The
//! group then finds them loaded and joins the RDMA queue before its first
//! call, as it would after loading them itself.
//!
//! Safe where the buffers they fill miss every SPM byte the group before
//! uses (`footprint`): `tx8-spm-alloc` places such weights at the top of
//! the window (`prefetchable_slots`), away from the bottom-up buffers of
//! every group. At most a queue's depth of them, so issuing them never
//! stalls the scalar unit before the group before's store. Decided from
//! the IR after `tx8be-spm-alloc`; the estimate (`cost::estimate_group`)
//! and codegen ask the same question here and get one answer.

use strata_ir::{Body, Context, Op};
use tx8_target::HardwareConfig;

use super::buffers::{dev_info, recorded_buffers};
use super::group_calls::GroupCalls;
use super::groups::{group_compute_op, groups};
use super::prefetch::schedule_steps;
use super::shares::{recorded_ring, recorded_shares};
use super::steps::{copied_loads, group_buffers, shared_loads, step_invariant_loads};
use crate::dialect::ops::{op_kind, OpKind};

/// The weights of a group the group before reads for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConstPrefetch {
    /// The group before, which issues the reads.
    pub prev: Op,
    /// The load slots read ahead (`prefetchable_slots`).
    pub slots: Vec<usize>,
}

/// The load slots of the group anchored at `op` whose reads the group
/// before may issue: weights (`load_const`) each tile loads once, into a
/// buffer of their own (not shared with or copied out of another slot's),
/// in a single-buffered group without a prologue, ring or copy; at most
/// the RDMA queue's depth of them, in slot order.
pub fn prefetchable_slots(ctx: &Context, body: &Body, op: Op, hw: &HardwareConfig) -> Vec<usize> {
    if recorded_buffers(ctx, body, op) >= 2
        || recorded_ring(ctx, body, op).is_some()
        || op_kind(ctx, body, op) == Some(OpKind::Slice)
    {
        return Vec::new();
    }
    let (Some(steps), Ok(g)) = (schedule_steps(ctx, body, op, hw), GroupCalls::of_anchor(ctx, body, op)) else {
        return Vec::new();
    };
    if recorded_shares(ctx, body, &g).iter().any(Option::is_some) {
        return Vec::new();
    }
    let shared = shared_loads(ctx, body, &g, &steps);
    let copied = copied_loads(ctx, body, &g, &steps, &shared);
    let invariant = step_invariant_loads(&g, &steps);
    (0..g.loads.len())
        .filter(|&k| {
            op_kind(ctx, body, g.loads[k].load) == Some(OpKind::LoadConst)
                && shared[k].is_none()
                && copied[k].is_none()
                && invariant[k]
        })
        .take(hw.queue_depth_rdma as usize)
        .collect()
}

/// Whether the group before `group` reads `group`'s weights for it, and
/// which: the group before is neither a ring GEMM nor a copy (each runs
/// its own loop, which issues no reads for the next group), and the
/// buffers of the prefetchable slots miss its footprint.
pub fn const_prefetch(ctx: &Context, body: &Body, group: Op, hw: &HardwareConfig) -> Option<ConstPrefetch> {
    let all = groups(ctx, body);
    let i = all.iter().position(|&g| g == group).filter(|&i| i > 0)?;
    let prev = all[i - 1];
    let (op, prev_op) = (group_compute_op(ctx, body, group)?, group_compute_op(ctx, body, prev)?);
    if recorded_ring(ctx, body, prev_op).is_some() || op_kind(ctx, body, prev_op) == Some(OpKind::Slice) {
        return None;
    }
    let slots = prefetchable_slots(ctx, body, op, hw);
    if slots.is_empty() {
        return None;
    }
    let g = GroupCalls::of_anchor(ctx, body, op).ok()?;
    let steps = schedule_steps(ctx, body, op, hw)?;
    let bytes = group_buffers(ctx, body, &g, &steps, hw).ok()?.loads;
    let mut filled = Vec::new();
    for &k in &slots {
        let at = *dev_info(ctx, body, g.loads[k].load).mem_addr.first()? as u64;
        filled.push((at, at + bytes[k]));
    }
    let used = footprint(ctx, body, prev_op, hw)?;
    let meet = filled.iter().any(|&(x, y)| used.iter().any(|&(u, v)| x < v && u < y));
    (!meet).then_some(ConstPrefetch { prev, slots })
}

/// Every SPM range the group anchored at `op` uses on a tile: each load's
/// buffers, each call's result buffers, the output's and the scratch. The
/// window's bottom up to the last of the bottom-up ones is taken whole,
/// so a buffer placed between them that this list misses is covered too.
pub fn footprint(ctx: &Context, body: &Body, op: Op, hw: &HardwareConfig) -> Option<Vec<(u64, u64)>> {
    let g = GroupCalls::of_anchor(ctx, body, op).ok()?;
    let steps = schedule_steps(ctx, body, op, hw)?;
    let bufs = group_buffers(ctx, body, &g, &steps, hw).ok()?;
    let mut ranges = Vec::new();
    let mut push = |at: i64, bytes: u64| {
        if at > 0 {
            ranges.push((at as u64, at as u64 + bytes));
        }
    };
    for (k, slot) in g.loads.iter().enumerate() {
        for &a in &dev_info(ctx, body, slot.load).mem_addr {
            push(a, bufs.loads[k]);
        }
    }
    for (j, &call) in g.calls.iter().enumerate().take(g.calls.len().saturating_sub(1)) {
        for &a in &dev_info(ctx, body, call).mem_addr {
            push(a, bufs.intermediates[j]);
        }
    }
    let d = dev_info(ctx, body, op);
    for &a in &d.mem_addr {
        push(a, bufs.output);
    }
    if d.imm_size > 0 {
        push(d.imm_addr, d.imm_size);
    }
    // The narrowed reads' buffers lie in the intermediates' region, below
    // the output's: the bottom-up span covers them.
    let bottom = d.mem_addr.iter().map(|&a| a as u64 + bufs.output).max().unwrap_or(0);
    let imm_end = if d.imm_size > 0 { d.imm_addr as u64 + d.imm_size } else { 0 };
    ranges.push((hw.spm_usable_start, bottom.max(imm_end).max(hw.spm_usable_start)));
    Some(ranges)
}
