//! Weights broadcast over the NoC (issue 14, item 3: "data shared between
//! tiles over the NoC (DTE) instead of every tile reading DDR").
//!
//! When every tile of a group needs the whole of a weight at every step (a
//! conv sharded over the batch: each tile runs its own images through the
//! same filters), reading it from DDR on every tile moves it T times
//! through the shared 200 B/cycle DDR. Instead the group's prologue
//! splits the SPM region holding its broadcast weights into T byte
//! chunks: tile t reads chunk t from DDR, and the tiles all-gather the
//! chunks by DTE to the same SPM addresses (every tile places the group's
//! buffers alike). On the x by y mesh that is two phases: each chunk to
//! the other tiles of its row, a barrier, then each row's x chunks down
//! the columns (x-1 + y-1 message starts per tile, 6 on the 4 x 4 mesh,
//! instead of T-1 = 15). A barrier before (the other tiles' SPM may still
//! hold the previous group's buffers) and one after (every chunk has
//! arrived). The weights then cross DDR once.
//!
//! It pays when the DDR time it saves exceeds the messages and barriers
//! it adds: filters of a few hundred KiB and more (ResNet's
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

/// The mesh the all-gather walks in two phases, `(x, y)` (tiles per row,
/// rows), when the card's tiles form one with both sides above 1; else
/// one phase to every other tile.
pub fn gather_mesh(hw: &HardwareConfig) -> Option<(u32, u32)> {
    (hw.mesh_x > 1 && hw.mesh_y > 1 && hw.mesh_x * hw.mesh_y == hw.tiles()).then_some((hw.mesh_x, hw.mesh_y))
}

/// Cycles of the broadcast prologue of `bytes` of weights on every tile:
/// a barrier, each tile's chunk through the shared DDR (all at once), a
/// join, then the all-gather by DTE (messages in turn on the tile's DTE):
/// on an x by y mesh, the chunk to the x-1 other tiles of the row, a join
/// and a barrier, then the row's x chunks to the y-1 other tiles of the
/// column (x-1 + y-1 message starts instead of T-1); else T-1 messages of
/// one chunk. A join and the closing barrier.
pub fn broadcast_cycles(bytes: u64, hw: &HardwareConfig) -> f64 {
    let tiles = hw.tiles().max(1) as f64;
    let chunk = (bytes as f64 / tiles).ceil();
    let per_tile_rate = (hw.ddr_bytes_per_cycle / tiles).min(hw.ddr_transfer_cap_bytes_per_cycle);
    let load = hw.dma_start_cycles as f64 + chunk / per_tile_rate;
    let message = |bytes: f64| hw.dte_message_cycles as f64 + bytes / hw.noc_link_bytes_per_cycle;
    let (barrier, join) = (hw.barrier_cycles as f64, hw.join_cycles as f64);
    let send = match gather_mesh(hw) {
        Some((x, y)) => (x - 1) as f64 * message(chunk) + join + barrier + (y - 1) as f64 * message(x as f64 * chunk),
        None => (tiles - 1.0) * message(chunk),
    };
    2.0 * barrier + load + send + 2.0 * join
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
