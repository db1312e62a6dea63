//! Loads shared along a mesh line at every step (issue 14, item 3: data
//! shared between tiles over the NoC instead of every tile reading DDR).
//!
//! `line_share` shares a box the tiles of a mesh row (or column) hold at
//! every one of their steps, once, before the steps. A GEMM sharded over
//! both of its output dims, say BERT's FFN output projection
//! `[1024, 3072] x [3072, 768]` as [4, 4] with the rows cut in time, gives
//! the four tiles of a mesh row the same rows of A at each step, a
//! different box at each: read by every tile, A would cross the DDR four
//! times. Streamed, at each step the tile at line position p reads chunk p
//! of the step's box (`line_share::LineChunks`, a byte range of the box's
//! SPM image) into its buffer and sends it by DTE to the same address on
//! the line's other tiles: the box crosses DDR once per line.
//!
//! Only in a double-buffered group whose tiles all take the same number of
//! steps, the slot in `STREAM_BUFFERS` buffers: codegen's step loop opens
//! with one barrier (every tile's sends for the step have landed; every
//! tile has finished its calls before the previous step, its store having
//! waited for them, so the buffer the next sends overwrite is free), reads
//! the chunk of the step after next, issues this step's calls, then sends
//! the next step's chunk (read a step earlier: the DTE never waits for
//! it). The estimate charges each step the chunk read, the gather along the
//! line (`broadcast::line_gather_cycles`) and the barrier (`StepCost`).
//! `tx8be-sharding` records the choice on the load as `share =
//! "stream_row"` or `"stream_column"`; `tx8be-spm-alloc` gives it three
//! buffers.

use strata_ir::{Body, Context};
use tx8_cmodel::HardwareConfig;
use tx8be::interfaces::sharding::SliceBox;

use tx8be::schedule::group_calls::GroupCalls;
use tx8be::schedule::shares::line_chunks;
use tx8be::schedule::shares::stream_share;
use tx8be::schedule::shares::LineChunks;
use tx8be::schedule::shares::Share;
use tx8be::schedule::steps::StepBoxes;
use tx8be::{op_kind, OpKind};

/// What one changed box of a streamed slot costs a tile at a step: its
/// chunk's read from DDR and the gather along the line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepCost {
    /// Descriptor starts of the chunk read.
    pub descriptors: f64,
    /// Bytes of the largest chunk (the busiest tile's read and sends).
    pub chunk_bytes: u64,
    /// Cycles of the gather along the line.
    pub gather: f64,
}

/// The chunks of slot `k`'s step box streamed along `share`, and their cost.
pub fn step_cost(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    b: &SliceBox,
    k: usize,
    share: Share,
    mesh: (u32, u32),
    hw: &HardwareConfig,
) -> (LineChunks, StepCost) {
    let v = g.load_value(body, k);
    let len = share.line_len(mesh).unwrap_or(1);
    let chunks = line_chunks(ctx, body, v, &b.size, len, hw);
    let mut first = b.clone();
    first.size[chunks.dim] =
        ((chunks.units as u64).div_ceil(chunks.chunks.max(1) as u64) as i64 * chunks.unit).min(b.size[chunks.dim]);
    let descriptors = crate::pipeline_cost::descriptors(ctx, body, v, &first);
    let chunk_bytes = chunks.chunk_bytes();
    (
        chunks,
        StepCost {
            descriptors,
            chunk_bytes,
            gather: crate::broadcast::line_gather_cycles(len, chunk_bytes as f64, hw),
        },
    )
}

/// The step cost of each streamed slot of `streamed`, once per slot:
/// every box of a streamed slot has one size (`stream_share`).
pub fn slot_costs(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    steps: &[Vec<StepBoxes>],
    streamed: &[Option<Share>],
    hw: &HardwareConfig,
) -> Vec<Option<StepCost>> {
    let (mesh, first) = (tx8be::schedule::shares::gather_mesh(hw), steps.iter().find_map(|t| t.first()));
    streamed
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let (share, mesh, first) = (s.as_ref()?, mesh?, first?);
            Some(step_cost(ctx, body, g, first.load_box(g, k), k, *share, mesh, hw).1)
        })
        .collect()
}

/// The slots of `g` worth streaming: loaded from DDR by DMA (a `load_const`
/// or `load_var`, not through a view, not filled by the prologue
/// (`prologue`), not sharing or copied out of another's buffer), streamable
/// (`stream_share`) in more than one chunk, and whose chunk read and gather
/// take less than every tile reading the box.
#[allow(clippy::too_many_arguments)]
pub fn stream_slots(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    steps: &[Vec<StepBoxes>],
    prologue: &[bool],
    shared: &[Option<usize>],
    copied: &[Option<usize>],
    hw: &HardwareConfig,
) -> Vec<Option<Share>> {
    let mut slots = vec![None; g.loads.len()];
    let Some(mesh) = tx8be::schedule::shares::gather_mesh(hw) else { return slots };
    let rate = crate::pipeline_cost::tile_ddr_rate(steps, hw);
    for (k, slot) in slots.iter_mut().enumerate() {
        let load = g.loads[k].load;
        if prologue.get(k).copied().unwrap_or(false)
            || shared[k].is_some()
            || copied[k].is_some()
            || !matches!(op_kind(ctx, body, load), Some(OpKind::LoadConst | OpKind::LoadVar))
            || tx8be::schedule::views::reads_view(ctx, body, load)
        {
            continue;
        }
        let Some(share) = stream_share(g, steps, k, mesh) else { continue };
        let b = steps[0][0].load_box(g, k);
        let (chunks, cost) = step_cost(ctx, body, g, b, k, share, mesh, hw);
        if chunks.chunks < 2 {
            continue;
        }
        let start = hw.dma_start_cycles as f64;
        let alone = crate::pipeline_cost::dma_cycles(ctx, body, g.load_value(body, k), b, rate, hw);
        let streamed = cost.descriptors * start + cost.chunk_bytes as f64 / rate + cost.gather;
        if streamed < alone {
            *slot = Some(share);
        }
    }
    slots
}

/// Cycles every step of a group with streamed slots spends synchronising:
/// the barrier opening it and the joins of the sends and loads before it.
pub fn step_sync_cycles(hw: &HardwareConfig) -> f64 {
    (hw.barrier_cycles + 2 * hw.join_cycles) as f64
}
