//! Weights broadcast over the NoC (issue 14, item 3: "data shared between
//! tiles over the NoC (DTE) instead of every tile reading DDR").
//!
//! When every tile of a group needs the whole of a weight at every step (a
//! conv sharded over the batch: each tile runs its own images through the
//! same filters), reading it from DDR on every tile moves it T times
//! through the shared 200 B/cycle DDR. Instead the group's prologue
//! splits the SPM region holding its broadcast weights into T byte
//! chunks: tile t reads chunk t from DDR and sends it to the other T-1
//! tiles by DTE (one message each, the same SPM addresses: every tile
//! places the group's buffers alike), between two barriers (the other
//! tiles' SPM may still hold the previous group's buffers before; every
//! chunk must have arrived after). The weights then cross DDR once.
//!
//! It pays when the DDR time it saves exceeds the T-1 messages and two
//! barriers it adds: filters of a few hundred KiB and more (ResNet's
//! layer2 to layer4 at batch 16), not layer1's. `broadcast_slots` decides
//! with the same figures the C model times the transfers by;
//! `tx8be-sharding` records the decision on each such `load_const` as
//! `share = "broadcast"`, which the estimate and codegen read.

use strata_ir::{Body, Context, Op};
use tx8_cmodel::HardwareConfig;

use crate::group_calls::GroupCalls;
use crate::schedule::{slice_bytes, StepBoxes};

/// The `share` value a broadcast `load_const` records.
pub const BROADCAST: &[u8] = b"broadcast";

/// Per load slot of `g`, whether the group broadcasts it: a `load_const`
/// every tile needs whole at every step, on a card whose every tile has
/// steps, when the broadcast of all such slots is estimated faster than
/// every tile reading them (`broadcast_cycles` against `direct_cycles`).
pub fn broadcast_slots(ctx: &Context, body: &Body, g: &GroupCalls, steps: &[Vec<StepBoxes>], hw: &HardwareConfig) -> Vec<bool> {
    let tiles = hw.tiles() as usize;
    let mut slots = vec![false; g.loads.len()];
    if tiles < 2 || steps.len() != tiles || steps.iter().any(|t| t.is_empty()) {
        return slots;
    }
    for (k, slot) in slots.iter_mut().enumerate() {
        if ctx.op_name_str(body.op_name(g.loads[k].load)) != "tx8be.load_const" {
            continue;
        }
        let v = g.load_value(body, k);
        let whole: Vec<i64> = ctx.shape(body.value_type(v)).unwrap_or(&[]).to_vec();
        *slot = steps.iter().flatten().all(|s| {
            let b = s.load_box(g, k);
            b.size == whole && b.start.iter().all(|&x| x == 0)
        });
    }
    let bytes = broadcast_bytes(ctx, body, g, &slots);
    if bytes == 0 {
        return slots;
    }
    let descriptors: f64 = (0..g.loads.len()).filter(|&k| slots[k]).map(|k| crate::pipeline_cost::descriptors(ctx, body, g.load_value(body, k), steps[0][0].load_box(g, k))).sum();
    if broadcast_cycles(bytes, hw) >= direct_cycles(bytes, descriptors, hw) {
        slots.iter_mut().for_each(|s| *s = false);
    }
    slots
}

/// Bytes of the whole weights of the broadcast slots (their placed bytes).
pub fn broadcast_bytes(ctx: &Context, body: &Body, g: &GroupCalls, slots: &[bool]) -> u64 {
    (0..g.loads.len())
        .filter(|&k| slots[k])
        .map(|k| {
            let v = g.load_value(body, k);
            let whole: Vec<i64> = ctx.shape(body.value_type(v)).unwrap_or(&[]).to_vec();
            slice_bytes(ctx, body, v, &whole)
        })
        .sum()
}

/// Cycles of the broadcast prologue of `bytes` of weights on every tile:
/// a barrier, each tile's chunk through the shared DDR (all at once), a
/// join, T-1 DTE messages of one chunk (in turn on the tile's DTE), a join
/// and the closing barrier.
pub fn broadcast_cycles(bytes: u64, hw: &HardwareConfig) -> f64 {
    let tiles = hw.tiles().max(1) as f64;
    let chunk = (bytes as f64 / tiles).ceil();
    let per_tile_rate = (hw.ddr_bytes_per_cycle / tiles).min(hw.ddr_transfer_cap_bytes_per_cycle);
    let load = hw.dma_start_cycles as f64 + chunk / per_tile_rate;
    let send = (tiles - 1.0) * (hw.dte_message_cycles as f64 + chunk / hw.noc_link_bytes_per_cycle);
    2.0 * hw.barrier_cycles as f64 + load + send + 2.0 * hw.join_cycles as f64
}

/// Cycles of every tile reading the same `bytes` from DDR at once
/// (`descriptors` strided copies each).
pub fn direct_cycles(bytes: u64, descriptors: f64, hw: &HardwareConfig) -> f64 {
    let tiles = hw.tiles().max(1) as f64;
    let per_tile_rate = (hw.ddr_bytes_per_cycle / tiles).min(hw.ddr_transfer_cap_bytes_per_cycle);
    descriptors * hw.dma_start_cycles as f64 + bytes as f64 / per_tile_rate
}

/// Whether load `load` is broadcast (`share = "broadcast"`, recorded by
/// `tx8be-sharding`).
pub fn recorded_broadcast(ctx: &Context, body: &Body, load: Op) -> bool {
    body.op_attr(ctx, load, "share").and_then(|a| ctx.as_string(a)).is_some_and(|s| s == BROADCAST)
}

/// The recorded broadcast flag of every load slot of `g`.
pub fn recorded_slots(ctx: &Context, body: &Body, g: &GroupCalls) -> Vec<bool> {
    g.loads.iter().map(|s| recorded_broadcast(ctx, body, s.load)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Large weights are cheaper broadcast than read by all 16 tiles;
    /// small ones are not (the messages and barriers cost more).
    #[test]
    fn broadcast_pays_for_large_weights_only() {
        let hw = HardwareConfig::default();
        let big = 2 << 20;
        assert!(broadcast_cycles(big, &hw) < direct_cycles(big, 1.0, &hw));
        let small = 64 << 10;
        assert!(broadcast_cycles(small, &hw) > direct_cycles(small, 1.0, &hw));
    }
}
