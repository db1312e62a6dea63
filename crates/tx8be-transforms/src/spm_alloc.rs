//! `tx8be-spm-alloc` (the simple schedule's SA_*): lays out each group's
//! SPM buffers in the usable window, bank aligned: the buffers of each
//! load (those its prologue fills at the top of the window, broadcast
//! loads first, so the region their all-gather overwrites holds nothing
//! else; a region of line shares only that would meet the previous
//! group's and fits just below it, above both groups' other buffers, goes
//! there: it then misses every buffer of the group before; in a group
//! after another, the weights that group may read for it
//! (`const_prefetch::prefetchable_slots`) go at the top too, below any
//! prologue's, or just below the previous group's top region when they
//! would meet it; the others from the bottom;
//! of every op of the group; a load of the same value and boxes as
//! an earlier one records that one's buffer: `schedule::shared_loads`), the in-group intermediates (one
//! region; two intermediates whose lifetimes within a step do not overlap
//! share space: `group_calls::intermediate_offsets`; each op's buffer is
//! its `dev_info.mem_addr`) and in the same region the buffers of
//! narrowed reads (`schedule::narrowed_reads`: alive during their reader's
//! call; recorded on the reader as `subbox_addr`, one address per operand,
//! 0 for an operand read in place), the output's, in a double-buffered
//! group whose first call runs on the NE and the rest off it two buffers
//! of its own for that call's result when they fit (`ne_overlap`:
//! `multi_buf_num = 2` and two addresses on it), then the scratch (`imm`, one
//! region for every call: they run in turn). A group the
//! sharding multi-buffered (`dev_info.multi_buf_num` = n on its compute
//! op) gets n buffers for the output and for every operand whose box
//! changes between steps; a step-invariant operand (loaded once) and the
//! scratch get one; the operand a ring GEMM shares (`share = "ring"`)
//! gets `ring_share::RING_BUFFERS` and its bias one buffer of the whole
//! bias. Writes `dev_info.mem_addr` (one address per buffer) on each load and on the compute op (its output buffers) and
//! `imm_addr` / `imm_size` on the compute op.

use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8_cmodel::HardwareConfig;
use tx8be::DevAttr;

use tx8be::schedule::buffers::recorded_buffers;
use tx8be::schedule::buffers::{dev_info, recorded_schedule, SUBBOX_ADDR};
use tx8be::schedule::group_calls::GroupCalls;
use tx8be::schedule::groups::group_compute_op;
use tx8be::schedule::groups::groups;
use tx8be::schedule::steps::{group_buffers, shared_loads, step_invariant_loads, tile_steps};

strata_pass::option_free_pass! {
    pub struct SpmAlloc;
    argument: "tx8be-spm-alloc",
    name: "Tx8beSpmAlloc",
    description: "Assign SPM addresses to every group's buffers (dev_info.mem_addr, imm_addr)",
    anchor: Some("func.func"),
}

impl SpmAlloc {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let hw = &crate::attach_target::hardware(target)?;
        let ctx = target.ctx;
        let body = &mut *target.body;
        // The previous group's bottom end and the start of its prologue
        // region (the window's end without one).
        let mut prev: Option<(u64, u64)> = None;
        // The previous group's bottom end and its top region.
        let mut prev_top_region: Option<(u64, u64, u64)> = None;
        for g in groups(ctx, body) {
            let Some(op) = group_compute_op(ctx, body, g) else { continue };
            let mut placed = place_group(ctx, body, op, hw, None, prev.is_some())?;
            // A prologue region of line shares at the window's top meeting
            // the previous group's goes again just below that one when it
            // fits above both groups' bottom buffers: it then misses every
            // buffer of the group before, so its chunk reads may be issued
            // early in that group's last step (`prologue_prefetch`). Not a
            // broadcast's: the group before would then run it whole
            // (`prologue_prefetch::ahead`), which ResNet-50 batch 1's
            // layer1 -> layer2 pair runs slower than the estimate says.
            if let Some((prev_at, prev_top)) =
                prev.filter(|&(_, t)| placed.prologue_bytes > 0 && !placed.broadcast && t < hw.spm_usable_end)
            {
                if prev_top >= placed.prologue_bytes
                    && prev_top - placed.prologue_bytes >= placed.bottom_end.max(prev_at)
                {
                    placed = place_group(ctx, body, op, hw, Some(prev_top), true)?;
                }
            }
            // Weights the group before may read for this group
            // (`const_prefetch`) go at the window's top, or just below
            // the previous group's top region when they would meet it and
            // fit above both groups' bottom buffers.
            if let Some((prev_at, prev_top, prev_top_end)) = prev_top_region {
                let (lo, hi) = (placed.top_start, placed.top_end);
                if placed.const_bytes > 0
                    && lo < prev_top_end
                    && prev_top < hi
                    && prev_top >= placed.const_bytes
                    && prev_top - placed.const_bytes >= placed.bottom_end.max(prev_at)
                {
                    placed = place_group(ctx, body, op, hw, Some(prev_top), true)?;
                }
            }
            prev = Some((placed.bottom_end, placed.top_start));
            prev_top_region = Some((placed.bottom_end, placed.top_start, placed.top_end));
        }
        Ok(PreservedAnalyses::none())
    }
}

/// Where a group's buffers went: the end of those from the window's
/// bottom, the start of its prologue region, and that region's bytes.
struct Placed {
    bottom_end: u64,
    top_start: u64,
    /// The end of its top region.
    top_end: u64,
    prologue_bytes: u64,
    /// Bytes of the weights at the top that the group before may read
    /// (`const_prefetch::prefetchable_slots`).
    const_bytes: u64,
    /// Whether the prologue broadcasts a tensor to every tile.
    broadcast: bool,
}

/// Lays out the buffers of the group anchored at `op` (module doc), its
/// prologue region ending at `below` (the window's end by default).
fn place_group(
    ctx: &Context,
    body: &mut Body,
    op: Op,
    hw: &HardwareConfig,
    below: Option<u64>,
    after_another: bool,
) -> Result<Placed, Diagnostic> {
    let tiles = hw.tiles() as usize;
    let (shard, slice) = recorded_schedule(ctx, body, op)?;
    let g = GroupCalls::of_anchor(ctx, body, op)?;
    let steps = tile_steps(ctx, body, op, &shard, &slice, tiles)?;
    let bufs = group_buffers(ctx, body, &g, &steps, hw)?;
    let copies = recorded_buffers(ctx, body, op) as u64;
    let invariant = step_invariant_loads(&g, &steps);
    let ring = tx8be::schedule::shares::recorded_ring(ctx, body, op).is_some();
    let mut at = hw.spm_usable_start;
    // `n` buffers of `bytes` from `at` on.
    let place = |at: &mut u64, bytes: u64, n: u64| -> Vec<i64> {
        (0..n)
            .map(|_| {
                let a = *at;
                *at += bytes;
                a as i64
            })
            .collect()
    };
    let shared = shared_loads(ctx, body, &g, &steps);
    // Broadcast loads first, side by side: the region the broadcast
    // all-gathers then holds no other load's buffer, so codegen
    // issues the first step's loads during the gather (what the
    // estimate assumes).
    let shares = tx8be::schedule::shares::recorded_shares(ctx, body, &g);
    let broadcast: Vec<bool> = shares.iter().map(|s| *s == Some(tx8be::schedule::shares::Share::All)).collect();
    let mut order: Vec<usize> = (0..g.loads.len()).filter(|&k| broadcast[k] && shared[k].is_none()).collect();
    order.extend((0..g.loads.len()).filter(|&k| !(broadcast[k] && shared[k].is_none())));
    // The buffers the prologue fills (broadcast, then line-shared:
    // one each, loaded once) go at the top of the window, the rest
    // from its bottom: the prologue's SPM then more often misses
    // the previous group's buffers, so its chunk reads may be
    // issued during that group (`prologue_prefetch`).
    let in_prologue = |k: usize| shares[k].is_some() && shared[k].is_none() && !ring;
    let prologue_bytes: u64 = (0..g.loads.len()).filter(|&k| in_prologue(k)).map(|k| bufs.loads[k]).sum();
    // So do the weights the group before (if any) may read for this one:
    // they then miss the bottom-up buffers of that group (`const_prefetch`).
    let mut top_const = vec![false; g.loads.len()];
    if after_another {
        for k in tx8be::schedule::const_prefetch::prefetchable_slots(ctx, body, op, hw) {
            top_const[k] = true;
        }
    }
    let const_bytes: u64 = (0..g.loads.len()).filter(|&k| top_const[k]).map(|k| bufs.loads[k]).sum();
    let top_end = below.unwrap_or(hw.spm_usable_end);
    let top_start = top_end.saturating_sub(prologue_bytes + const_bytes);
    let mut top = top_start;
    let mut slot_addrs: Vec<Vec<i64>> = vec![Vec::new(); g.loads.len()];
    for k in order {
        let slot = &g.loads[k];
        let mut bytes = bufs.loads[k];
        let i = slot.operand;
        let n = if ring && i == tx8be::schedule::shares::SHARED_OPERAND {
            crate::ring_share::RING_BUFFERS
        } else if ring && i == tx8be::schedule::shares::BIAS_OPERAND {
            // The ring loop keeps the whole bias, loaded once.
            bytes = tx8be::schedule::steps::align(
                crate::ring_share::bias_whole_bytes(ctx, body, op),
                hw.spm_bank_bytes.max(1),
            );
            1
        } else if invariant[k] {
            1
        } else if copies > 1 && tx8be::schedule::shares::recorded_stream(ctx, body, slot.load).is_some() {
            tx8be::schedule::shares::STREAM_BUFFERS
        } else {
            copies
        };
        // A load sharing another's buffer records that buffer (an
        // earlier slot's, placed before it in either pass).
        let addrs = match shared[k] {
            Some(r) => slot_addrs[r].clone(),
            None if in_prologue(k) || top_const[k] => place(&mut top, bytes, 1),
            None => place(&mut at, bytes, n),
        };
        slot_addrs[k] = addrs.clone();
        let load = slot.load;
        let v = body.result(load, 0);
        // A load without a dev_info gets one recording the
        // placement its value already has (its source's).
        let mut d = body.op_attr(ctx, load, "dev_info").and_then(|a| DevAttr::from_attr(ctx, a)).unwrap_or_else(|| {
            DevAttr { mem_layout: tx8be::layout::value_mem_layout(ctx, body, v), ..DevAttr::default() }
        });
        // The load fills as many buffers as it has addresses.
        d.multi_buf_en = addrs.len() > 1;
        d.multi_buf_num = addrs.len() as i32;
        d.mem_addr = addrs;
        d.temporal_mem_slice = Vec::new();
        body.set_op_attr(ctx, load, "dev_info", Some(d.to_attr(ctx)));
    }
    // The intermediates: one region, buffers sharing space where
    // their lifetimes within the step allow (group_calls).
    let region = at;
    at += bufs.intermediate_region;
    for (j, &off) in bufs.intermediate_offsets.iter().enumerate() {
        let p = g.calls[j];
        let r = body.result(p, 0);
        // Keep the placement its value has (an op without a dev_info has its default).
        let mut d = body.op_attr(ctx, p, "dev_info").and_then(|a| DevAttr::from_attr(ctx, a)).unwrap_or_else(|| {
            DevAttr { mem_layout: tx8be::layout::value_mem_layout(ctx, body, r), ..DevAttr::default() }
        });
        d.mem_addr = vec![(region + off) as i64];
        d.imm_addr = 0;
        d.imm_size = 0;
        body.set_op_attr(ctx, p, "dev_info", Some(d.to_attr(ctx)));
    }
    // Narrowed reads: each reader records, per operand, the buffer
    // its box is copied into (0: reads the intermediate's own).
    for (c, &call) in g.calls.iter().enumerate() {
        let mut addrs = vec![0i64; body.num_operands(call)];
        for (r, &off) in bufs.narrowed.iter().zip(&bufs.narrowed_offsets) {
            if r.call == c {
                addrs[r.operand] = (region + off) as i64;
            }
        }
        let attr = addrs.iter().any(|&a| a != 0).then(|| tx8be::dialect::values::dense_i64_array(ctx, &addrs));
        body.set_op_attr(ctx, call, SUBBOX_ADDR, attr);
    }
    let out_addrs = place(&mut at, bufs.output, copies);
    // The first call's result in two buffers of its own, so the
    // next step's first call (NE) runs beside this step's CT calls
    // (`ne_overlap`), when they fit.
    let no_copies = bufs.narrowed.is_empty()
        && tx8be::schedule::steps::copied_loads(ctx, body, &g, &steps, &shared).iter().all(Option::is_none);
    if copies == 2
        && !ring
        && crate::ne_overlap::eligible(ctx, body, &g, no_copies, &steps, hw)
        && at + 2 * bufs.intermediates[0] + bufs.imm <= top_start
    {
        let addrs = place(&mut at, bufs.intermediates[0], 2);
        let p = g.calls[0];
        if let Some(mut d) = body.op_attr(ctx, p, "dev_info").and_then(|a| DevAttr::from_attr(ctx, a)) {
            d.mem_addr = addrs;
            d.multi_buf_en = true;
            d.multi_buf_num = 2;
            body.set_op_attr(ctx, p, "dev_info", Some(d.to_attr(ctx)));
        }
    }
    let imm_addr = at;
    at += bufs.imm;
    if at > top_start {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!(
                "group buffers need {} bytes of SPM; the usable window holds {}",
                at - hw.spm_usable_start,
                hw.spm_usable_end - hw.spm_usable_start
            ),
        ));
    }
    let mut d = dev_info(ctx, body, op);
    d.mem_addr = out_addrs;
    d.imm_addr = if bufs.imm > 0 { imm_addr as i64 } else { 0 };
    d.imm_size = bufs.imm;
    body.set_op_attr(ctx, op, "dev_info", Some(d.to_attr(ctx)));
    Ok(Placed {
        bottom_end: at,
        top_start,
        top_end,
        prologue_bytes,
        const_bytes,
        broadcast: broadcast.iter().any(|&b| b),
    })
}
