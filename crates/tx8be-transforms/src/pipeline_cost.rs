//! The estimated cycles of one group's step loop on its busiest tile,
//! single-buffered or software-pipelined (double buffers): what
//! `tx8be-sharding` compares to choose a time split and whether to
//! multi-buffer it.
//!
//! Per step the C model runs three engines: RDMA (the loads whose box
//! changed), the compute engine (NE or CT) and WDMA (the store). A DMA
//! costs a descriptor start per strided copy the C model issues for the
//! box (`tx8_cmodel::oplib::dma::descriptor_count`: a channel-blocked box
//! may take several) plus its bytes at this tile's share of the DDR
//! bandwidth (every tile with work moves data at once, each transfer
//! capped); compute costs what the cost model charges each call
//! (`cost::call_cycles`: the C model's NE, CT and TDMA formulas), summed
//! over the calls of a multi-op group (they run in turn). Single-buffered, a step is load + join + compute + store +
//! join. Pipelined (step i's compute overlapping step i+1's loads and
//! step i-1's store, both DMAs sharing the tile's DDR share), it is
//! `fill + sum over steps of max(compute, loads of the next + store of the
//! previous) + drain`, the composition hardware.md gives.

use strata_ir::{Body, Context};

use tx8_cmodel::HardwareConfig;
use tx8be::schedule::group_calls::GroupCalls;

use tx8be::interfaces::sharding::SliceBox;

use tx8be::schedule::steps::{slice_bytes, StepBoxes};

/// Descriptor starts of moving box `b` of value `v` (1 when the C model
/// would refuse the box: the cost model does not judge legality).
pub(crate) fn descriptors(ctx: &Context, body: &Body, v: strata_ir::Value, b: &SliceBox) -> f64 {
    if let Some(copies) = tx8be::schedule::views::view_transfers(ctx, body, v, b)
        .or_else(|| tx8be::schedule::views::store_view_transfers(ctx, body, v, b))
    {
        return copies.map_or(1.0, |c| c.len().max(1) as f64);
    }
    let ty = body.value_type(v);
    let whole: Vec<u64> = ctx.shape(ty).unwrap_or(&[]).iter().map(|&d| d.max(0) as u64).collect();
    let fmt = ctx
        .element_type(ty)
        .and_then(|e| tx8be::interfaces::tensor::ElementType::from_type(ctx, e))
        .and_then(|e| e.data_format());
    let layout = tx8be::layout::cmodel_layout(tx8be::layout::value_mem_layout(ctx, body, v));
    let u = |x: &[i64]| x.iter().map(|&d| d.max(0) as u64).collect::<Vec<u64>>();
    match fmt {
        Some(fmt) => tx8_cmodel::oplib::dma::descriptor_count(&whole, &u(&b.start), &u(&b.size), fmt, layout)
            .map_or(1.0, |n| n.max(1) as f64),
        None => 1.0,
    }
}

/// Cycles of the TDMA copy of load slot `k`'s box out of slot `from`'s
/// buffer at step `s` (`schedule::copied_loads`).
pub fn copy_cycles(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    s: &StepBoxes,
    k: usize,
    from: usize,
    hw: &HardwareConfig,
) -> f64 {
    box_copy_cycles(ctx, body, g.load_value(body, k), s.load_box(g, from), s.load_box(g, k), hw)
}

/// Cycles of the TDMA copies step `s` makes before call `c` for its
/// narrowed reads (`schedule::narrowed_reads`, listed in `narrowed`), with
/// the two scoreboard joins each puts on the calls' path (the copy waits
/// for the call that wrote its source, call `c` for the copy).
pub fn narrow_copy_cycles(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    narrowed: &[tx8be::schedule::steps::NarrowRead],
    s: &StepBoxes,
    c: usize,
    hw: &HardwareConfig,
) -> f64 {
    narrowed
        .iter()
        .filter(|r| r.call == c)
        .map(|r| {
            box_copy_cycles(
                ctx,
                body,
                body.result(g.calls[r.from], 0),
                &s.calls[r.from].out,
                &s.calls[c].operands[r.operand],
                hw,
            ) + 2.0 * hw.join_cycles as f64
        })
        .sum()
}

/// Cycles of copying box `inner` of value `v` out of an SPM buffer holding
/// its box `outer`, as the C model's `op_spm_box_copy` runs it: a
/// descriptor start per strided copy and the bytes at the TDMA rate (the
/// call returns once issued: tx8c's programs run `op_async_calls`).
pub fn box_copy_cycles(
    ctx: &Context,
    body: &Body,
    v: strata_ir::Value,
    outer: &SliceBox,
    inner: &SliceBox,
    hw: &HardwareConfig,
) -> f64 {
    let ty = body.value_type(v);
    let u = |x: &[i64]| x.iter().map(|&d| d.max(0) as u64).collect::<Vec<u64>>();
    let rel: Vec<i64> = inner.start.iter().zip(&outer.start).map(|(a, b)| a - b).collect();
    let fmt = ctx
        .element_type(ty)
        .and_then(|e| tx8be::interfaces::tensor::ElementType::from_type(ctx, e))
        .and_then(|e| e.data_format());
    let layout = tx8be::layout::cmodel_layout(tx8be::layout::value_mem_layout(ctx, body, v));
    let descriptors = fmt
        .and_then(|f| {
            tx8_cmodel::oplib::dma::descriptor_count(&u(&outer.size), &u(&rel), &u(&inner.size), f, layout).ok()
        })
        .unwrap_or(1)
        .max(1) as f64;
    descriptors * hw.dma_start_cycles as f64 + slice_bytes(ctx, body, v, &inner.size) as f64 / hw.tdma_bytes_per_cycle
}

/// How a group's load slots move, the same on every tile: shared with an
/// earlier slot (`schedule::shared_loads`), copied out of another slot's
/// buffer (`schedule::copied_loads`), broadcast before the steps
/// (`broadcast::broadcast_slots`), and the broadcast prologue's cycles.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadMoves {
    pub shared: Vec<Option<usize>>,
    pub copied: Vec<Option<usize>>,
    pub broadcast: Vec<bool>,
    pub prologue: f64,
    /// The part of the prologue the first step's loads wait for
    /// (`broadcast::Prologue::before_loads`).
    pub before_loads: f64,
    /// Slots streamed along a mesh line at every step (`stream_share`).
    pub streamed: Vec<Option<tx8be::schedule::shares::Share>>,
}

impl LoadMoves {
    pub fn of(ctx: &Context, body: &Body, g: &GroupCalls, steps: &[Vec<StepBoxes>], hw: &HardwareConfig) -> LoadMoves {
        let shared = tx8be::schedule::steps::shared_loads(ctx, body, g, steps);
        let copied = tx8be::schedule::steps::copied_loads(ctx, body, g, steps, &shared);
        let plan = crate::broadcast::plan(ctx, body, g, steps, hw);
        LoadMoves {
            shared,
            copied,
            broadcast: plan.slots(),
            prologue: plan.cycles,
            before_loads: plan.before_loads,
            streamed: vec![None; g.loads.len()],
        }
    }

    /// `of` with the slots worth streaming streamed (`stream_share`), for
    /// a double-buffered schedule.
    pub fn streaming(
        ctx: &Context,
        body: &Body,
        g: &GroupCalls,
        steps: &[Vec<StepBoxes>],
        hw: &HardwareConfig,
    ) -> LoadMoves {
        let mut m = LoadMoves::of(ctx, body, g, steps, hw);
        m.streamed = crate::stream_share::stream_slots(ctx, body, g, steps, &m.broadcast, &m.shared, &m.copied, hw);
        m
    }
}

/// Engine times of one step of one tile, in cycles.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepTimes {
    pub load: f64,
    pub compute: f64,
    pub store: f64,
    /// Before the first step only: the broadcast prologue
    /// (`broadcast::broadcast_cycles`), which the first step's loads
    /// overlap (codegen issues them first).
    pub prologue: f64,
    /// The loads when double-buffered: sliding slots read only the part
    /// the previous buffer lacks (`slide`); `load` otherwise.
    pub slid_load: f64,
    /// The TDMA copies of those slides, run on the TDMA during the
    /// previous step, beside its calls.
    pub slide_copy: f64,
    /// The DTE sends of this step's streamed chunks (`stream_share`), issued
    /// once their reads are in, during the previous step.
    pub gather: f64,
    /// The barrier (and joins) opening the step when the group streams.
    pub sync: f64,
    /// The part of `load` (and `slid_load`) that reads streamed chunks:
    /// codegen reads them two steps ahead (the second step's at the end
    /// of the prologue, finishing during the first step).
    pub stream_read: f64,
}

impl StepTimes {
    /// A step whose loads do not slide.
    pub fn new(load: f64, compute: f64, store: f64, prologue: f64) -> StepTimes {
        StepTimes {
            load,
            compute,
            store,
            prologue,
            slid_load: load,
            slide_copy: 0.0,
            gather: 0.0,
            sync: 0.0,
            stream_read: 0.0,
        }
    }
}

/// The DDR bytes per cycle one tile's DMAs get: the loads and stores of
/// every tile with work share the DDR at once, each transfer capped.
pub fn tile_ddr_rate(steps: &[Vec<StepBoxes>], hw: &HardwareConfig) -> f64 {
    let busy_tiles = steps.iter().filter(|t| !t.is_empty()).count().max(1) as f64;
    (hw.ddr_bytes_per_cycle / busy_tiles).min(hw.ddr_transfer_cap_bytes_per_cycle).max(1e-9)
}

/// Cycles of one DMA (load or store) of box `b` of value `v` at `rate`
/// bytes per cycle: its descriptor starts and its bytes.
pub fn dma_cycles(
    ctx: &Context,
    body: &Body,
    v: strata_ir::Value,
    b: &SliceBox,
    rate: f64,
    hw: &HardwareConfig,
) -> f64 {
    hw.dma_start_cycles as f64 * descriptors(ctx, body, v, b) + slice_bytes(ctx, body, v, &b.size) as f64 / rate
}

/// Cycles of `descriptors` DMA copies moving `bytes` at this tile's share
/// `rate` of the DDR: the copies one after another, each its start then
/// its bytes at most at one transfer's cap, but never faster than the
/// share. While this tile's copy starts, the other tiles' transfers take
/// the DDR's bandwidth, so with every tile moving data the starts hide
/// behind the share (a tile alone still pays them). Charged in streaming
/// groups (`busiest_tile_steps_moving`), whose tiles all move data at
/// every step.
pub fn transfer_cycles(descriptors: f64, bytes: f64, rate: f64, hw: &HardwareConfig) -> f64 {
    let own = hw.dma_start_cycles as f64 * descriptors
        + bytes / hw.ddr_transfer_cap_bytes_per_cycle.min(hw.ddr_bytes_per_cycle).max(1e-9);
    own.max(bytes / rate)
}

/// The per-step engine times of every step of the busiest tile (the one
/// with the largest single-buffered time).
pub fn busiest_tile_steps(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    steps: &[Vec<StepBoxes>],
    hw: &HardwareConfig,
) -> Vec<StepTimes> {
    busiest_tile_steps_moving(ctx, body, g, steps, hw, LoadMoves::of(ctx, body, g, steps, hw))
}

/// `busiest_tile_steps` with the load slots moving as `moves` says: a
/// streamed slot reads its chunk of each new box and sends it along its
/// line (`stream_share::StepCost`), and every step opens with a barrier.
pub fn busiest_tile_steps_moving(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    steps: &[Vec<StepBoxes>],
    hw: &HardwareConfig,
    moves: LoadMoves,
) -> Vec<StepTimes> {
    let rate = tile_ddr_rate(steps, hw);
    let result = body.result(g.anchor(), 0);
    // Weights every tile needs whole come once, by the broadcast prologue.
    let LoadMoves { shared, copied, broadcast, prologue, before_loads, streamed } = moves;
    let stream_costs = crate::stream_share::slot_costs(ctx, body, g, steps, &streamed, hw);
    let streaming = streamed.iter().any(Option::is_some);
    let sync = if streaming { crate::stream_share::step_sync_cycles(hw) } else { 0.0 };
    // A streaming group's tiles all move data at every step: a DMA's
    // starts hide behind the tile's DDR share (`transfer_cycles`).
    let dma = |v: strata_ir::Value, b: &SliceBox| {
        if streaming {
            transfer_cycles(descriptors(ctx, body, v, b), slice_bytes(ctx, body, v, &b.size) as f64, rate, hw)
        } else {
            dma_cycles(ctx, body, v, b, rate, hw)
        }
    };
    let narrowed = tx8be::schedule::steps::narrowed_reads(g, steps);
    let sliding = tx8be::schedule::slide::sliding_loads(ctx, body, g, steps, &shared, &copied, &broadcast, hw);
    let mut worst: Vec<StepTimes> = Vec::new();
    let mut worst_time = -1.0;
    for tile in steps {
        let mut times = Vec::with_capacity(tile.len());
        let mut prev: Option<&StepBoxes> = None;
        for s in tile {
            let (mut load, mut slid_load, mut slide_copy, mut gather, mut stream_read) = (0.0, 0.0, 0.0, 0.0, 0.0);
            // Copies out of another load's buffer run on the TDMA beside the calls.
            let mut copies = 0.0;
            for k in 0..g.loads.len() {
                let b = s.load_box(g, k);
                if let Some(r) = copied[k] {
                    copies += copy_cycles(ctx, body, g, s, k, r, hw);
                    continue;
                }
                if shared[k].is_some() || broadcast[k] || prev.is_some_and(|p| p.load_box(g, k) == b) {
                    continue;
                }
                if let Some(c) = stream_costs[k] {
                    let read = transfer_cycles(c.descriptors, c.chunk_bytes as f64, rate, hw);
                    load += read;
                    slid_load += read;
                    stream_read += read;
                    gather += c.gather;
                    continue;
                }
                let v = g.load_value(body, k);
                let whole = dma(v, b);
                load += whole;
                match prev
                    .filter(|_| sliding[k])
                    .and_then(|p| tx8be::schedule::slide::slide_cost(ctx, body, v, p.load_box(g, k), b))
                {
                    Some(sl) => {
                        slid_load +=
                            hw.dma_start_cycles as f64 * sl.rdma_descriptors as f64 + sl.rdma_bytes as f64 / rate;
                        slide_copy += sl.copy_cycles(hw);
                    }
                    None => slid_load += whole,
                }
            }
            // The calls run one after another on the compute engines,
            // narrowed reads copying their boxes before their calls; the
            // copied loads run on the TDMA beside them (calls return once
            // issued).
            let narrow = (0..g.calls.len()).map(|c| narrow_copy_cycles(ctx, body, g, &narrowed, s, c, hw)).sum::<f64>();
            let compute: f64 = copies.max(
                narrow
                    + s.calls
                        .iter()
                        .zip(&g.calls)
                        .map(|(c, &op)| crate::cost::call_cycles(ctx, body, op, hw, &c.out, &c.operands))
                        .sum::<f64>(),
            );
            let store = dma(result, s.out());
            // The first step's loads queue behind the prologue's chunk loads.
            let (load, prologue) =
                if prev.is_none() && prologue > 0.0 { (load + before_loads, prologue) } else { (load, 0.0) };
            let slid_load = if prev.is_none() { load } else { slid_load };
            times.push(StepTimes { load, compute, store, prologue, slid_load, slide_copy, gather, sync, stream_read });
            prev = Some(s);
        }
        let t = single_buffered_cycles(&times, hw);
        if t > worst_time {
            worst_time = t;
            worst = times;
        }
    }
    worst
}

/// Cycles of the steps run one after another (joins after the loads and
/// after the store).
pub fn single_buffered_cycles(steps: &[StepTimes], hw: &HardwareConfig) -> f64 {
    let join = hw.join_cycles as f64;
    steps.iter().map(|s| s.load.max(s.prologue) + s.gather + s.sync + s.compute + s.store + 2.0 * join).sum()
}

/// Cycles of the software pipeline over the steps: the first loads, then
/// per step the longer of its compute and the DMAs overlapping it (the
/// next step's loads, sliding where they slide, and the previous step's
/// store, and the next step's slide copies on the TDMA), then the last
/// store.
pub fn pipelined_cycles(steps: &[StepTimes], hw: &HardwareConfig) -> f64 {
    let join = hw.join_cycles as f64;
    let Some(first) = steps.first() else { return 0.0 };
    let mut total = first.load.max(first.prologue) + first.gather + first.sync + join;
    for i in 0..steps.len() {
        let (next_load, next_copy, next_gather, next_sync) =
            steps.get(i + 1).map_or((0.0, 0.0, 0.0, 0.0), |s| (s.slid_load, s.slide_copy, s.gather, s.sync));
        // Streamed chunks are read two steps ahead: the first step's DMAs
        // are the second's chunk read and the third's, a later step's the
        // one two ahead (none for the last two steps).
        let ahead = |j: usize| steps.get(j).map_or(0.0, |s| s.stream_read);
        let next_load = next_load - ahead(i + 1) + if i == 0 { ahead(1) } else { 0.0 } + ahead(i + 2);
        let prev_store = if i > 0 { steps[i - 1].store } else { 0.0 };
        // The next step's streamed chunks travel during this step (read
        // a step before); the barrier opening the next step waits for them
        // and holds up the next calls, not the DMAs, which run on.
        total += (steps[i].compute + next_sync).max(next_load + prev_store).max(next_copy).max(next_gather + next_sync)
            + 2.0 * join;
    }
    total + steps.last().map_or(0.0, |s| s.store) + join
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(load: f64, compute: f64, store: f64) -> StepTimes {
        StepTimes::new(load, compute, store, 0.0)
    }

    #[test]
    fn pipelining_hides_the_shorter_engine() {
        let hw = HardwareConfig::default();
        let j = hw.join_cycles as f64;
        let steps = vec![st(1000.0, 5000.0, 800.0); 4];
        let single = single_buffered_cycles(&steps, &hw);
        assert_eq!(single, 4.0 * (6800.0 + 2.0 * j));
        let piped = pipelined_cycles(&steps, &hw);
        // Fill (one load), four computes, drain (one store).
        assert_eq!(piped, 1000.0 + 4.0 * 5000.0 + 800.0 + 10.0 * j);
        assert!(piped < single);
    }

    #[test]
    fn a_dma_bound_pipeline_is_bound_by_the_dmas() {
        let hw = HardwareConfig::default();
        let j = hw.join_cycles as f64;
        let steps = vec![st(3000.0, 1000.0, 2000.0); 3];
        // Step 0: max(1000, 3000); step 1: max(1000, 3000 + 2000); step 2: max(1000, 2000).
        assert_eq!(pipelined_cycles(&steps, &hw), 3000.0 + 3000.0 + 5000.0 + 2000.0 + 2000.0 + 8.0 * j);
    }
}
