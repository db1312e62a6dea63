//! Weights and activations broadcast over the NoC (issue 14, item 3: "data
//! shared between tiles over the NoC (DTE) instead of every tile reading
//! DDR").
//!
//! When every tile of a group needs the whole of a loaded tensor at every
//! step (a conv sharded over the batch: each tile runs its own images
//! through the same filters; or one sharded over its output channels:
//! every tile reads the whole input), reading it from DDR on every tile
//! moves it T times through the shared 200 B/cycle DDR. Instead the group's prologue
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
//! `tx8be-sharding` records the decision on each such `load_const` or
//! `load_var` as `share = "broadcast"`, which the estimate and codegen
//! read. A whole-tensor load's SPM image is its DDR image (the same
//! placement), so the chunks are plain byte ranges either way.

use strata_ir::{Body, Context};
use tx8_cmodel::HardwareConfig;

use crate::line_share::line_cycles;
use tx8be::schedule::group_calls::GroupCalls;
use tx8be::schedule::shares::gather_mesh;
use tx8be::schedule::shares::line_chunks;
use tx8be::schedule::shares::line_share;
use tx8be::schedule::shares::LineChunks;
use tx8be::schedule::shares::Share;
use tx8be::schedule::steps::{slice_bytes, StepBoxes};
use tx8be::{op_kind, OpKind};

/// Per load slot of `g`, whether the group broadcasts it: a `load_const`
/// or `load_var` every tile needs whole at every step, on a card whose every tile has
/// steps, when the broadcast of all such slots is estimated faster than
/// every tile reading them (`broadcast_cycles` against `direct_cycles`).
pub fn broadcast_slots(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    steps: &[Vec<StepBoxes>],
    hw: &HardwareConfig,
) -> Vec<bool> {
    let tiles = hw.tiles() as usize;
    let mut slots = vec![false; g.loads.len()];
    if tiles < 2 || steps.len() != tiles || steps.iter().any(|t| t.is_empty()) {
        return slots;
    }
    for (k, slot) in slots.iter_mut().enumerate() {
        if !matches!(op_kind(ctx, body, g.loads[k].load), Some(OpKind::LoadConst | OpKind::LoadVar))
            || tx8be::schedule::views::reads_view(ctx, body, g.loads[k].load)
        {
            continue;
        }
        let v = g.load_value(body, k);
        let whole: Vec<i64> = ctx.shape(body.value_type(v)).unwrap_or(&[]).to_vec();
        *slot = steps.iter().flatten().all(|s| {
            let b = s.load_box(g, k);
            b.size[..] == whole[..] && b.start.iter().all(|&x| x == 0)
        });
    }
    let bytes = broadcast_bytes(ctx, body, g, &slots);
    if bytes == 0 {
        return slots;
    }
    let descriptors: f64 = (0..g.loads.len())
        .filter(|&k| slots[k])
        .map(|k| crate::pipeline_cost::descriptors(ctx, body, g.load_value(body, k), steps[0][0].load_box(g, k)))
        .sum();
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
/// join, then the all-gather by DTE (messages in turn on the tile's DTE):
/// on an x by y mesh, the chunk to the x-1 other tiles of the row, a join
/// and a barrier, then the row's x chunks to the y-1 other tiles of the
/// column (x-1 + y-1 message starts instead of T-1); else T-1 messages of
/// one chunk. A join and the closing barrier.
pub fn broadcast_cycles(bytes: u64, hw: &HardwareConfig) -> f64 {
    let tiles = hw.tiles().max(1) as f64;
    let chunk = (bytes as f64 / tiles).ceil();
    let load = hw.dma_start_cycles as f64 + chunk / tile_rate(hw);
    let (barrier, join) = (hw.barrier_cycles as f64, hw.join_cycles as f64);
    let send = match gather_mesh(hw) {
        Some((x, y)) => line_gather_cycles(x, chunk, hw) + join + barrier + line_gather_cycles(y, x as f64 * chunk, hw),
        None => (tiles - 1.0) * (hw.dte_message_cycles as f64 + chunk / hw.noc_link_bytes_per_cycle),
    };
    2.0 * barrier + load + send + 2.0 * join
}

/// Cycles of one all-gather phase along a line of `n` tiles (a row or a
/// column of the mesh), each sending `bytes` to the others in turn: at turn
/// u the tile at position p sends to (p + u) mod n, all tiles at once, so
/// a turn lasts a message start plus its bytes over the link the most of
/// that turn's routes cross (two of them at u = 2 on a line of 4: the C
/// model shares a link's bandwidth between the transfers crossing it).
pub fn line_gather_cycles(n: u32, bytes: f64, hw: &HardwareConfig) -> f64 {
    (1..n)
        .map(|u| hw.dte_message_cycles as f64 + bytes * line_link_load(n, u) as f64 / hw.noc_link_bytes_per_cycle)
        .sum()
}

/// The most routes of turn `u` of a line gather (`line_gather_cycles`)
/// crossing one directed link of the line of `n`.
fn line_link_load(n: u32, u: u32) -> u32 {
    // Link k -> k+1 (rightward) or k+1 -> k (leftward), k in 0..n-1.
    let mut right = vec![0u32; n.saturating_sub(1) as usize];
    let mut left = right.clone();
    for p in 0..n {
        let q = (p + u) % n;
        let (lo, hi) = (p.min(q) as usize, p.max(q) as usize);
        let links = if q > p { &mut right } else { &mut left };
        for l in &mut links[lo..hi] {
            *l += 1;
        }
    }
    right.into_iter().chain(left).max().unwrap_or(0)
}

/// Cycles of every tile reading the same `bytes` from DDR at once
/// (`descriptors` strided copies each).
pub fn direct_cycles(bytes: u64, descriptors: f64, hw: &HardwareConfig) -> f64 {
    descriptors * hw.dma_start_cycles as f64 + bytes as f64 / tile_rate(hw)
}

/// The loads a group fills before its steps (broadcast whole, or shared
/// along mesh lines: `line_share`), and what that prologue costs.
#[derive(Debug, Clone, PartialEq)]
pub struct Prologue {
    pub shares: Vec<Option<Share>>,
    /// Cycles of the prologue, both barriers included (0 without one).
    pub cycles: f64,
    /// Cycles until the chunks are loaded (the leading barrier, the chunk
    /// loads, their join): the first step's loads queue behind them on
    /// RDMA and then overlap the gathers.
    pub before_loads: f64,
    /// The DDR bytes it reads: each broadcast tensor once, each line's box
    /// once per line.
    pub ddr_bytes: u64,
}

impl Prologue {
    /// Per load slot, whether the prologue fills it.
    pub fn slots(&self) -> Vec<bool> {
        self.shares.iter().map(Option::is_some).collect()
    }

    /// The prologue of `shares` (decided or recorded) and its cost.
    pub fn of_shares(
        ctx: &Context,
        body: &Body,
        g: &GroupCalls,
        steps: &[Vec<StepBoxes>],
        shares: Vec<Option<Share>>,
        hw: &HardwareConfig,
    ) -> Prologue {
        let (cycles, before_loads, ddr_bytes) = prologue_cost(ctx, body, g, steps, &shares, hw);
        Prologue { shares, cycles, before_loads, ddr_bytes }
    }
}

/// Decide a group's prologue: the whole-tensor broadcast of
/// `broadcast_slots`, then each load shared along mesh lines whose chunk
/// and gather beat every tile reading its box (and, without a broadcast,
/// all of them together beat the barriers they add).
pub fn plan(ctx: &Context, body: &Body, g: &GroupCalls, steps: &[Vec<StepBoxes>], hw: &HardwareConfig) -> Prologue {
    let all = broadcast_slots(ctx, body, g, steps, hw);
    let mut shares: Vec<Option<Share>> = all.iter().map(|&b| b.then_some(Share::All)).collect();
    if let Some(mesh) = gather_mesh(hw) {
        let rate = tile_rate(hw);
        let (mut shared, mut direct) = (0.0, 0.0);
        for k in 0..g.loads.len() {
            if shares[k].is_some()
                || !matches!(op_kind(ctx, body, g.loads[k].load), Some(OpKind::LoadConst | OpKind::LoadVar))
                || tx8be::schedule::views::reads_view(ctx, body, g.loads[k].load)
            {
                continue;
            }
            let Some(share) = line_share(g, steps, k, mesh) else { continue };
            let (v, b) = (g.load_value(body, k), steps[0][0].load_box(g, k));
            let descriptors = crate::pipeline_cost::descriptors(ctx, body, v, b);
            let len = share.line_len(mesh).unwrap_or(1);
            let (load, gather) = line_cycles(&line_chunks(ctx, body, v, &b.size, len, hw), len, descriptors, rate, hw);
            let alone = direct_cycles(slice_bytes(ctx, body, v, &b.size), descriptors, hw);
            if load + gather < alone {
                shares[k] = Some(share);
                shared += load + gather;
                direct += alone;
            }
        }
        let fixed = 2.0 * (hw.barrier_cycles + hw.join_cycles) as f64;
        if !all.contains(&true) && shared + fixed >= direct {
            shares.iter_mut().for_each(|s| *s = None);
        }
    }
    Prologue::of_shares(ctx, body, g, steps, shares, hw)
}

/// The DDR bytes per cycle each tile's chunk load gets: every tile loads
/// at once.
fn tile_rate(hw: &HardwareConfig) -> f64 {
    (hw.ddr_bytes_per_cycle / hw.tiles().max(1) as f64).min(hw.ddr_transfer_cap_bytes_per_cycle)
}

/// Cycles, cycles until the chunks are loaded, and DDR bytes of the
/// prologue of `shares`: a barrier, every
/// tile's chunks from DDR (the broadcast's and each line's), a join; the
/// gathers along the rows (the broadcast's first phase and the row
/// shares); the broadcast's second phase after a join and a barrier; the
/// column shares; a join and the closing barrier. With only the
/// broadcast this is `broadcast_cycles`.
fn prologue_cost(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    steps: &[Vec<StepBoxes>],
    shares: &[Option<Share>],
    hw: &HardwareConfig,
) -> (f64, f64, u64) {
    let all: Vec<bool> = shares.iter().map(|s| *s == Some(Share::All)).collect();
    let all_bytes = broadcast_bytes(ctx, body, g, &all);
    let mesh = gather_mesh(hw);
    let lines: Vec<(usize, Share)> =
        shares.iter().enumerate().filter_map(|(k, s)| s.filter(|s| *s != Share::All).map(|s| (k, s))).collect();
    if all_bytes == 0 && (lines.is_empty() || mesh.is_none()) {
        return (0.0, 0.0, 0);
    }
    let tiles = hw.tiles().max(1) as f64;
    let rate = tile_rate(hw);
    let (barrier, join) = (hw.barrier_cycles as f64, hw.join_cycles as f64);
    let (mut load, mut rows, mut columns, mut middle) = (0.0, 0.0, 0.0, 0.0);
    let mut ddr = 0u64;
    if all_bytes > 0 {
        let chunk = (all_bytes as f64 / tiles).ceil();
        load += hw.dma_start_cycles as f64 + chunk / rate;
        ddr += all_bytes;
        match mesh {
            Some((x, y)) => {
                rows += line_gather_cycles(x, chunk, hw);
                middle = join + barrier + line_gather_cycles(y, x as f64 * chunk, hw);
            }
            None => rows += (tiles - 1.0) * (hw.dte_message_cycles as f64 + chunk / hw.noc_link_bytes_per_cycle),
        }
    }
    if let Some(mesh) = mesh {
        for (k, share) in lines {
            let Some(first) = steps.first().and_then(|t| t.first()) else { continue };
            let (v, b) = (g.load_value(body, k), first.load_box(g, k));
            let len = share.line_len(mesh).unwrap_or(1);
            let chunks: LineChunks = line_chunks(ctx, body, v, &b.size, len, hw);
            let (l, gather) = line_cycles(&chunks, len, crate::pipeline_cost::descriptors(ctx, body, v, b), rate, hw);
            load += l;
            let lines_of_tiles = (tiles as u32 / len.max(1)) as u64;
            ddr += slice_bytes(ctx, body, v, &b.size) * lines_of_tiles;
            match share {
                Share::Row => rows += gather,
                _ => columns += gather,
            }
        }
    }
    (2.0 * barrier + load + join + rows + middle + columns + join, barrier + load + join, ddr)
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

    /// On a line of 4 the second turn's routes (0->2, 1->3, 2->0, 3->1)
    /// cross the middle links twice; the others once.
    #[test]
    fn the_middle_turn_of_a_line_of_four_shares_links() {
        assert_eq!((1..4).map(|u| line_link_load(4, u)).collect::<Vec<_>>(), vec![1, 2, 1]);
        assert_eq!(line_link_load(2, 1), 1);
    }
}
