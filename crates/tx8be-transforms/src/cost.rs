//! The cost model: a group's cycles estimated from its recorded schedule
//! with the C model's own formulas and `HardwareConfig` (the guide's
//! "the cost model is the C model's timing"), and the DDR bytes it moves.
//!
//! What a group does on each tile, step by step, is `schedule::tile_steps`;
//! what each step costs follows what codegen emits for it and what the C
//! model charges:
//! - every operand box that changed since the tile's previous step is one
//!   RDMA (`dma_start_cycles`, then its bytes at the tile's share of the
//!   DDR: `min(cap, ddr_bytes_per_cycle / tiles moving data)`), joined
//!   (`join_cycles`);
//! - the operator call: its CT / NE / TDMA instructions (NE: 8x16x8 blocks
//!   over the arrays, `timing::cost::ne_gemm_cycles`; CT: elements over
//!   the lanes, transcendental ops slower, `timing::cost::ct_cycles`;
//!   TDMA: start + bytes over its port), each issued for `issue_cycles`.
//!   tx8c's programs run `op_async_calls`: a call returns once issued, so
//!   the calls of a step run back to back on their engines, a scoreboard
//!   join only where one engine takes over from another, and the TDMA
//!   copies of copied loads and slides run beside them;
//! - the store (one WDMA) and its join.
//!
//! The group takes its busiest tile's time plus the barrier after it when
//! it has one. The operator calls are counted by the instructions the
//! operator library issues for them (one NE instruction for Conv and Gemm,
//! one CT pass per element-wise step of a normalisation); data-layout
//! conversions inside a call cost nothing in the C model and here.

use strata_ir::{Body, Context, Diagnostic, Op};
use tx8_cmodel::dtype::DataFormat;
use tx8_cmodel::timing::cost::{ct_cycles, ne_gemm_cycles};
use tx8_cmodel::HardwareConfig;
use tx8be::dialect::kinds::{binary_kind, unary_kind, BinaryKind, UnaryKind};
use tx8be::interfaces::sharding::SliceBox;
use tx8be::{op_kind, OpKind};

use tx8be::schedule::buffers::recorded_schedule;
use tx8be::schedule::steps::{slice_bytes, storage_format, tile_steps};

/// What the cost model says of one group.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GroupEstimate {
    /// Estimated cycles of the group (busiest tile, barrier included).
    pub cycles: f64,
    /// Busiest tile's engine time per engine class (cycles).
    pub ne_cycles: f64,
    pub ct_cycles: f64,
    pub tdma_cycles: f64,
    /// Busiest tile's time in DDR transfers (starts and bytes).
    pub ddr_cycles: f64,
    /// Joins, issue and the barrier of the busiest tile.
    pub sync_cycles: f64,
    /// Bytes every tile together moves through DDR (loads and stores).
    pub ddr_bytes: u64,
    /// Which of "ne", "ct", "tdma", "ddr", "sync" takes most of the
    /// busiest tile's time.
    pub binding: &'static str,
}

/// Engine work of one operator call: (NE, CT, TDMA) busy cycles and the
/// number of CT/NE instructions issued.
#[derive(Debug, Clone, Copy, Default)]
struct CallWork {
    ne: f64,
    ct: f64,
    tdma: f64,
    issued: u32,
}

fn prod(v: &[i64]) -> u64 {
    v.iter().map(|&d| d.max(0) as u64).product()
}

/// TDMA cycles of the operator library's `expand` of an operand of dims
/// `x` to `out` (element size `es`): its instructions
/// (`oplib::elementwise::expand_plan`), each a start and its bytes.
fn expand_tdma(hw: &HardwareConfig, x: &[i64], out: &[i64], es: u64) -> f64 {
    let u = |d: &[i64]| d.iter().map(|&n| n.max(0) as u64).collect::<Vec<u64>>();
    let plan = tx8_cmodel::oplib::elementwise::expand_plan(&u(x), &u(out), es);
    plan.iter().map(|i| hw.dma_start_cycles as f64 + i.bytes() as f64 / hw.tdma_bytes_per_cycle).sum()
}

/// Cycles of `op`'s operator call producing output box `out` from operand
/// boxes `operands`: its engines' work back to back and its issues (what
/// the sharding search's step estimates charge a call).
pub(crate) fn call_cycles(
    ctx: &Context,
    body: &Body,
    op: Op,
    hw: &HardwareConfig,
    out: &SliceBox,
    operands: &[SliceBox],
) -> f64 {
    let w = call_work(ctx, body, op, hw, out, operands);
    w.ne + w.ct + w.tdma + w.issued.max(1) as f64 * hw.issue_cycles as f64
}

/// The work of `op`'s operator call producing output box `out` from
/// operand boxes `operands`.
fn call_work(
    ctx: &Context,
    body: &Body,
    op: Op,
    hw: &HardwareConfig,
    out: &SliceBox,
    operands: &[SliceBox],
) -> CallWork {
    let out_ty = body.value_type(body.result(op, 0));
    let fmt = storage_format(ctx, out_ty);
    let in_fmt = body.operands(op).next().map(|v| storage_format(ctx, body.value_type(v))).unwrap_or(fmt);
    let n_out = prod(&out.size);
    let n_in = operands.first().map(|b| prod(&b.size)).unwrap_or(n_out);
    let ct = |elems: u64, f: DataFormat, passes: u64, transcendental: bool| {
        passes as f64 * ct_cycles(hw, f, elems, transcendental) as f64
    };
    let tdma = |bytes: u64| hw.dma_start_cycles as f64 + bytes as f64 / hw.tdma_bytes_per_cycle;
    let shape = |i: usize| ctx.shape(body.value_type(body.operand(op, i))).map(|s| s.to_vec()).unwrap_or_default();
    let mut w = CallWork::default();
    let Some(kind) = op_kind(ctx, body, op) else { return w };
    match kind {
        OpKind::Conv => {
            // The implicit GEMM: M = N*OH*OW, K = KH*KW*C/g, N = O/g, batch = g
            // (the groups this slice holds).
            let wt = shape(1);
            let group = tx8be::dialect::values::attr_i64(ctx, body, op, "group").unwrap_or(1).max(1) as u64;
            let o_total = *wt.get(3).unwrap_or(&1) as u64;
            let per_group = (o_total / group).max(1);
            let o_slice = *out.size.get(3).unwrap_or(&1) as u64;
            // Whole groups, or a part of one group (`conv_box_groups`).
            let groups_here = if group > 1 { (o_slice / per_group).max(1) } else { 1 };
            let m = out.size.iter().take(3).map(|&d| d.max(0) as u64).product::<u64>();
            let k = wt.iter().take(3).map(|&d| d.max(0) as u64).product::<u64>();
            let n = if group > 1 { per_group.min(o_slice) } else { o_slice };
            w.ne = ne_gemm_cycles(hw, in_fmt, m, k, n, groups_here) as f64;
            w.issued = 1;
        }
        OpKind::Gemm => {
            let r = out.size.len();
            let (m, n) = (out.size[r.saturating_sub(2)].max(0) as u64, out.size[r - 1].max(0) as u64);
            let batch = prod(&out.size[..r.saturating_sub(2)]).max(1);
            let a = operands.first().map(|b| b.size.clone()).unwrap_or_default();
            let trans_a = tx8be::dialect::values::attr_bool(ctx, body, op, "trans_a").unwrap_or(false);
            let k = if trans_a { a[a.len().saturating_sub(2)] } else { *a.last().unwrap_or(&1) }.max(0) as u64;
            w.ne = ne_gemm_cycles(hw, in_fmt, m, k, n, batch) as f64;
            w.issued = 1;
        }
        OpKind::Pool => {
            let kernel = tx8be::dialect::values::attr_ints(ctx, body, op, "kernel").unwrap_or_default();
            let taps = kernel.iter().map(|&k| k.max(1) as u64).product::<u64>().max(1);
            w.ct = ct(n_out * taps, fmt, 1, false);
            w.issued = 1;
        }
        OpKind::Binary => {
            // A full-size and a trailing-dims operand run as one VuV pass;
            // other broadcast operands are first expanded by TDMA.
            // (the library's is_suffix: leading ones dropped, the rest
            // equal to the output's trailing dims; the unit may be on the
            // left only for commutative kinds).
            let full = |b: &SliceBox| prod(&b.size) == n_out;
            let suffix = |b: &SliceBox| {
                let s: Vec<i64> = b.size.iter().copied().skip_while(|&d| d == 1).collect();
                s.len() <= out.size.len() && out.size[out.size.len() - s.len()..] == s[..]
            };
            let kind = binary_kind(ctx, body, op);
            let commutative = kind.is_some_and(BinaryKind::is_commutative);
            let one_pass = operands.iter().all(full)
                || (operands.len() == 2
                    && (full(&operands[0]) && suffix(&operands[1])
                        || commutative && full(&operands[1]) && suffix(&operands[0])));
            if !one_pass {
                for b in operands.iter().filter(|b| !full(b)) {
                    w.tdma += expand_tdma(hw, &b.size, &out.size, in_fmt.size() as u64);
                }
                w.tdma += hw.join_cycles as f64;
            }
            let pow = kind.is_some_and(|k| k.isa().is_transcendental());
            w.ct = ct(n_out, if fmt.size() >= in_fmt.size() { fmt } else { in_fmt }, 1, pow);
            w.issued = 1;
        }
        OpKind::Select => {
            // Broadcast operands expanded by TDMA; then the condition test,
            // a mask and three bitwise passes.
            for b in operands.iter().filter(|b| prod(&b.size) != n_out) {
                w.tdma += expand_tdma(hw, &b.size, &out.size, fmt.size() as u64);
            }
            w.ct = ct(n_out, fmt, 6, false);
            w.issued = 6;
        }
        OpKind::Cast => {
            w.ct = ct(n_out, if fmt.size() >= in_fmt.size() { fmt } else { in_fmt }, 1, false);
            w.issued = 1;
        }
        OpKind::Unary => {
            // The verifier admits only known kinds.
            let (plain, slow) = unary_kind(ctx, body, op).map_or((1, 0), UnaryKind::ct_passes);
            w.ct = ct(n_out, fmt, plain, false) + ct(n_out, fmt, slow, true);
            w.issued = (plain + slow) as u32;
        }
        OpKind::BatchNormInference => {
            // Scale and shift per channel, in f32 with conversions around,
            // after the four parameter vectors are copied into the scratch
            // by TDMA, one descriptor each, joined before the CT reads
            // them (`oplib::batchnorm::batchnorm_inference`).
            w.ct = ct(n_out, DataFormat::Fp32, 4, false);
            let c = out.size.last().map(|&c| c.max(1) as u64).unwrap_or(1);
            w.tdma = 4.0 * tdma(c * 4) + hw.join_cycles as f64;
            w.issued = 4;
        }
        OpKind::LayerNorm => {
            // oplib::normalize::norm_rows: to f32, row sums, centre,
            // square, row sums, scale, shift, back to the format; mean /
            // variance / rsqrt per row. Centring and scaling by a row's
            // statistic is a VuV loop against it spread 64 wide (fill, VuV,
            // transpose over rows x 64) when the rows take it
            // (`rows_loop`), else a VuV between two transposes of the
            // slice: 9 or 13 passes. RMSNorm (`rms`) has no mean (its row
            // sums, its scaling and its centring), no beta no shift.
            let c = out.size.last().map(|&c| c.max(1) as u64).unwrap_or(1);
            let rows = n_in / c;
            let rms = u64::from(tx8be::dialect::values::attr_bool(ctx, body, op, "rms").unwrap_or(false));
            let no_beta = u64::from(body.num_operands(op) < 3);
            let stats = 2 - rms;
            let (per_pass, per_issue, spread) =
                if tx8_cmodel::oplib::normalize::rows_loop(c) { (1, 5, 3) } else { (3, 3, 0) };
            let whole = 7 - rms - no_beta + stats * per_pass;
            w.ct = ct(n_in, DataFormat::Fp32, whole, false)
                + ct(rows * 64, DataFormat::Fp32, stats * spread, false)
                + ct(rows, DataFormat::Fp32, 3 - rms, false)
                + ct(rows, DataFormat::Fp32, 1, true);
            w.issued = (11 - 2 * rms - no_beta + stats * per_issue) as u32;
        }
        OpKind::Softmax => {
            // oplib::normalize: to f32, row max, subtract, exp, row sums,
            // reciprocal per row, scale, back to the format; subtracting
            // and scaling as in LayerNorm: a VuV loop (6 passes, with two
            // statistics spread) or VuVs between transposes (10 passes).
            let c = out.size.last().map(|&c| c.max(1) as u64).unwrap_or(1);
            let rows = n_in / c;
            let (passes, spread) = if tx8_cmodel::oplib::normalize::rows_loop(c) { (6, 2) } else { (10, 0) };
            w.ct = ct(n_in, DataFormat::Fp32, passes, false)
                + ct(rows * 64, DataFormat::Fp32, 3 * spread, false)
                + ct(n_in, DataFormat::Fp32, 1, true)
                + ct(rows, DataFormat::Fp32, 1, true);
            w.issued = 12 + 2 * spread as u32;
        }
        OpKind::Reduce => {
            w.ct = ct(n_in, fmt, 2, false);
            w.issued = 2;
        }
        OpKind::Transpose => {
            // Swapping the last two axes: one CT transpose per batch;
            // trailing axes kept: strided copies of whole runs; otherwise
            // one strided TDMA copy per row of whichever side has fewer
            // rows (oplib::movement::transpose).
            // Axes moving together are one (`movement::collapse_runs`).
            let perm: Vec<usize> = tx8be::dialect::values::attr_ints(ctx, body, op, "perm")
                .unwrap_or_default()
                .iter()
                .map(|&p| p.max(0) as usize)
                .collect();
            let mut in_box = vec![0u64; perm.len()];
            for (i, &p) in perm.iter().enumerate() {
                if let (Some(slot), Some(&d)) = (in_box.get_mut(p), out.size.get(i)) {
                    *slot = d.max(0) as u64;
                }
            }
            let (in_box, perm) = tx8_cmodel::oplib::movement::collapse_runs(&in_box, &perm);
            let out_size: Vec<i64> = perm.iter().map(|&p| in_box[p] as i64).collect();
            let perm: Vec<i64> = perm.iter().map(|&p| p as i64).collect();
            let r = perm.len();
            let batched_2d = r >= 2
                && perm[r - 2] == r as i64 - 1
                && perm[r - 1] == r as i64 - 2
                && (0..r - 2).all(|i| perm[i] == i as i64);
            let last = out_size.last().map(|&d| d.max(1) as u64).unwrap_or(1);
            let kept = (0..r).rev().take_while(|&d| perm[d] == d as i64).count();
            if batched_2d {
                let batches = prod(&out_size[..r - 2]).max(1);
                w.ct = batches as f64 * ct(n_in / batches, fmt, 1, false);
                w.issued = batches as u32;
            } else if kept > 0 {
                // Trailing axes kept: one strided copy per index of the
                // outer axes but the longest (whose rows it moves).
                let outer: Vec<u64> = out_size[..r - kept].iter().map(|&d| d.max(1) as u64).collect();
                let longest = outer.iter().copied().max().unwrap_or(1);
                let copies = outer.iter().product::<u64>() / longest;
                w.tdma = copies as f64 * tdma(n_out / copies * fmt.size() as u64);
            } else {
                // The input slice's last dim is the output axis holding the input's last axis.
                let q = perm.iter().position(|&p| p == r as i64 - 1).unwrap_or(r.saturating_sub(1));
                let in_last = out_size.get(q).map(|&d| d.max(1) as u64).unwrap_or(1);
                let (out_rows, in_rows) = (n_out / last, n_out / in_last);
                w.tdma = if in_rows < out_rows {
                    in_rows as f64 * tdma(in_last * fmt.size() as u64)
                } else {
                    out_rows as f64 * tdma(last * fmt.size() as u64)
                };
            }
        }
        OpKind::ChannelNorm => {
            // The operator library's strided TDMA copies
            // (`channel_norm_copies`: per batch and channel block, fewer
            // when H x W is 1), after a CT fill of the padding when
            // converting to blocked.
            let dims: Vec<u64> = out.size.iter().map(|&d| d.max(0) as u64).collect();
            let copies = tx8_cmodel::layout::Placement::of_dims(tx8_cmodel::layout::MemLayout::NCx, fmt, &dims)
                .ok()
                .and_then(|p| tx8_cmodel::oplib::movement::channel_norm_copies(&p).ok())
                .map_or(1, |c| c.len().max(1));
            w.tdma =
                copies as f64 * hw.dma_start_cycles as f64 + n_out as f64 * fmt.size() as f64 / hw.tdma_bytes_per_cycle;
            // The blocked side's bytes (padding included) against the dense ones.
            let placed = slice_bytes(ctx, body, body.result(op, 0), &out.size);
            if placed > n_out * fmt.size() as u64 {
                w.ct = ct_cycles(hw, DataFormat::Int8, placed, false) as f64 + hw.join_cycles as f64;
                w.issued = 1;
            }
        }
        OpKind::Concat | OpKind::Pad | OpKind::Gather => {
            w.tdma = tdma(n_out * fmt.size() as u64);
        }
        // No call to charge: a Reshape is a view, a Slice group only loads
        // and stores, Resize has no operator-library call, the rest are
        // not computations.
        OpKind::Reshape
        | OpKind::Slice
        | OpKind::Resize
        | OpKind::Const
        | OpKind::Group
        | OpKind::Yield
        | OpKind::LoadVar
        | OpKind::LoadConst
        | OpKind::StoreVar => {}
    }
    w
}

/// One box moved between DDR and SPM: its DMA descriptors and bytes.
#[derive(Debug, Clone, Copy)]
struct Dma {
    descriptors: u64,
    bytes: u64,
}

/// The DMA of box `b` of value `v` (in `v`'s placement), counted as the C
/// model's `op_dma_load` / `op_dma_store` issue it: one descriptor per
/// strided copy (a box whose inner dims are cut takes one per outer row).
fn dma(ctx: &Context, body: &Body, v: strata_ir::Value, b: &SliceBox) -> Dma {
    if let Some(Ok(copies)) = tx8be::schedule::views::view_transfers(ctx, body, v, b) {
        return Dma {
            descriptors: copies.len() as u64,
            bytes: copies.iter().map(|(_, _, s)| s.rows * s.row_bytes).sum(),
        };
    }
    let ty = body.value_type(v);
    let whole: Vec<u64> = ctx.shape(ty).unwrap_or(&[]).iter().map(|&d| d.max(0) as u64).collect();
    let start: Vec<u64> = b.start.iter().map(|&d| d.max(0) as u64).collect();
    let size: Vec<u64> = b.size.iter().map(|&d| d.max(0) as u64).collect();
    let layout = tx8be::layout::cmodel_layout(tx8be::layout::value_mem_layout(ctx, body, v));
    match tx8_target::transfers::box_transfers("dma", &whole, &start, &size, storage_format(ctx, ty), layout) {
        Ok(copies) => {
            Dma { descriptors: copies.len() as u64, bytes: copies.iter().map(|(_, _, s)| s.rows * s.row_bytes).sum() }
        }
        Err(_) => Dma { descriptors: 1, bytes: slice_bytes(ctx, body, v, &b.size) },
    }
}

/// The cost of `group` as its schedule records it (run after
/// tx8be-sharding; the addresses are not needed).
pub fn estimate_group(ctx: &Context, body: &Body, group: Op, hw: &HardwareConfig) -> Result<GroupEstimate, Diagnostic> {
    let Some(op) = tx8be::schedule::groups::group_compute_op(ctx, body, group) else {
        return Ok(GroupEstimate::default());
    };
    let (shard, slice) = recorded_schedule(ctx, body, op)?;
    let tiles = hw.tiles() as usize;
    let steps = tile_steps(ctx, body, op, &shard, &slice, tiles)?;
    let g = tx8be::schedule::group_calls::GroupCalls::of_anchor(ctx, body, op)?;
    let shared = tx8be::schedule::steps::shared_loads(ctx, body, &g, &steps);
    let copied = tx8be::schedule::steps::copied_loads(ctx, body, &g, &steps, &shared);
    let narrowed = tx8be::schedule::steps::narrowed_reads(&g, &steps);
    let recorded = crate::broadcast::Prologue::of_shares(
        ctx,
        body,
        &g,
        &steps,
        tx8be::schedule::shares::recorded_shares(ctx, body, &g),
        hw,
    );
    let broadcast = recorded.slots();
    let broadcast_bytes = recorded.ddr_bytes;
    // Without the barrier before the gather when the previous group ended
    // with one (codegen leaves it out).
    let synced = tx8be::schedule::shares::starts_synchronised(ctx, body, group);
    let lead = if synced { hw.barrier_cycles as f64 } else { 0.0 };
    let (mut prologue, mut before_loads) =
        if recorded.cycles > 0.0 { (recorded.cycles - lead, recorded.before_loads - lead) } else { (0.0, 0.0) };
    // A prologue the group before runs costs this group nothing.
    if tx8be::schedule::prefetch::ahead(ctx, body, group, hw).is_some() {
        prologue = 0.0;
        before_loads = 0.0;
    }
    // Chunk reads issued at the end of the group before overlap its last
    // store and barrier (`prologue_prefetch`).
    if let Some(prev) = tx8be::schedule::prefetch::prefetched(ctx, body, group, hw) {
        let chunks = recorded.before_loads - (hw.barrier_cycles + hw.join_cycles) as f64;
        let early = tx8be::schedule::prefetch::prefetched_early(ctx, body, group, hw);
        let hidden = chunks.min(crate::prologue_prefetch::hidden_cycles_from(ctx, body, prev, early, hw)).max(0.0);
        prologue -= hidden;
        before_loads -= hidden;
    }
    // Weights the group before reads for this group (`const_prefetch`):
    // their first-step reads run during its end, as far as it lasts.
    let ahead_consts = tx8be::schedule::const_prefetch::const_prefetch(ctx, body, group, hw);
    let mut read_ahead = vec![false; g.loads.len()];
    let mut ahead_window = 0.0;
    if let Some(c) = &ahead_consts {
        for &k in &c.slots {
            read_ahead[k] = true;
        }
        ahead_window = crate::prologue_prefetch::consts_window(ctx, body, c.prev, hw);
    }
    // A slice group only loads and stores (codegen's copy group).
    let copy_group = op_kind(ctx, body, op) == Some(OpKind::Slice);
    let result = body.result(op, 0);
    let max_steps = steps.iter().map(Vec::len).max().unwrap_or(0);
    // A double-buffered group overlaps step k's call with step k+1's loads
    // and step k-1's store (tx8be-sharding's choice, codegen's pipelined
    // loop): its time is the pipeline composition of the per-step times.
    let pipelined = tx8be::schedule::buffers::recorded_buffers(ctx, body, op) >= 2;
    let ne_overlap = pipelined && tx8be::schedule::buffers::ne_overlapped(ctx, body, &g);
    // Its sliding slots read only what the previous buffer lacks.
    let sliding = if pipelined {
        tx8be::schedule::slide::sliding_loads(ctx, body, &g, &steps, &shared, &copied, &broadcast, hw)
    } else {
        vec![false; g.loads.len()]
    };
    // Loads streamed along mesh lines at every step (`stream_share`): each
    // tile reads its chunk of each new box and sends it along the line;
    // every step opens with a barrier.
    let streamed =
        if pipelined { tx8be::schedule::shares::recorded_streams(ctx, body, &g) } else { vec![None; g.loads.len()] };
    let stream_costs = crate::stream_share::slot_costs(ctx, body, &g, &steps, &streamed, hw);
    let step_sync = if streamed.iter().any(Option::is_some) { crate::stream_share::step_sync_cycles(hw) } else { 0.0 };
    // The bytes each tile loads (boxes that changed) and stores per step,
    // the TDMA cycles of the step's slides and the DTE cycles of its sends.
    let mut load_bytes: Vec<Vec<Vec<Dma>>> = Vec::with_capacity(steps.len());
    let mut slide_copies: Vec<Vec<f64>> = Vec::with_capacity(steps.len());
    let mut gathers: Vec<Vec<f64>> = Vec::with_capacity(steps.len());
    // Per tile, the first-step reads the group before issues.
    let mut first_ahead: Vec<Vec<Dma>> = Vec::with_capacity(steps.len());
    for tile_steps in &steps {
        let mut ahead = Vec::new();
        let mut last: Vec<Option<&SliceBox>> = vec![None; g.loads.len()];
        let mut tile_gathers = Vec::with_capacity(tile_steps.len());
        let (per_step, copies): (Vec<Vec<Dma>>, Vec<f64>) = tile_steps
            .iter()
            .map(|s| {
                let mut v = Vec::new();
                let mut copy = 0.0;
                let mut gather = 0.0;
                for (k, held) in last.iter_mut().enumerate() {
                    let b = s.load_box(&g, k);
                    if shared[k].is_some()
                        || copied[k].is_some()
                        || broadcast[k]
                        || *held == Some(b)
                        || prod(&b.size) == 0
                    {
                        continue;
                    }
                    if let Some(c) = stream_costs[k] {
                        v.push(Dma { descriptors: c.descriptors as u64, bytes: c.chunk_bytes });
                        gather += c.gather;
                        *held = Some(b);
                        continue;
                    }
                    let value = g.load_value(body, k);
                    match held
                        .filter(|_| sliding[k])
                        .and_then(|p| tx8be::schedule::slide::slide_cost(ctx, body, value, p, b))
                    {
                        Some(sl) => {
                            v.push(Dma { descriptors: sl.rdma_descriptors, bytes: sl.rdma_bytes });
                            copy += sl.copy_cycles(hw);
                        }
                        None => {
                            let d = dma(ctx, body, value, b);
                            if read_ahead[k] && held.is_none() {
                                ahead.push(d);
                            }
                            v.push(d);
                        }
                    }
                    *held = Some(b);
                }
                tile_gathers.push(gather);
                (v, copy)
            })
            .unzip();
        load_bytes.push(per_step);
        first_ahead.push(ahead);
        slide_copies.push(copies);
        gathers.push(tile_gathers);
    }
    let store_bytes: Vec<Vec<Dma>> =
        steps.iter().map(|t| t.iter().map(|s| dma(ctx, body, result, s.out())).collect()).collect();
    // Tiles at step k share the DDR (a fluid model): a tile's transfers
    // end no sooner than at the per-transfer cap, and no sooner than when
    // the DDR has drained every tile's bytes of that phase.
    let load_total: Vec<u64> =
        (0..max_steps).map(|k| load_bytes.iter().filter_map(|t| t.get(k)).flatten().map(|d| d.bytes).sum()).collect();
    let store_total: Vec<u64> =
        (0..max_steps).map(|k| store_bytes.iter().filter_map(|t| t.get(k)).map(|d| d.bytes).sum()).collect();
    let cap = hw.ddr_transfer_cap_bytes_per_cycle.min(hw.ddr_bytes_per_cycle);
    let bw = hw.ddr_bytes_per_cycle;
    let start = hw.dma_start_cycles as f64;
    let join = hw.join_cycles as f64;
    let issue = hw.issue_cycles as f64;
    let mut best = GroupEstimate::default();
    let mut best_total = -1.0;
    let mut ddr_bytes = 0u64;
    let mut best_pipelined = 0.0f64;
    for (t, tile_steps) in steps.iter().enumerate() {
        let mut e = GroupEstimate::default();
        let mut times: Vec<crate::pipeline_cost::StepTimes> = Vec::with_capacity(tile_steps.len());
        for (k, s) in tile_steps.iter().enumerate() {
            let mut before = (e.ddr_cycles, e.ne_cycles + e.ct_cycles + e.tdma_cycles + e.sync_cycles);
            let loads = &load_bytes[t][k];
            let mine: u64 = loads.iter().map(|d| d.bytes).sum();
            let descriptors: u64 = loads.iter().map(|d| d.descriptors).sum();
            ddr_bytes += mine;
            if !loads.is_empty() {
                e.ddr_cycles += descriptors as f64 * start + (mine as f64 / cap).max(load_total[k] as f64 / bw);
                e.sync_cycles += join;
            }
            if k == 0 && !first_ahead[t].is_empty() {
                let pre = &first_ahead[t];
                let bytes: u64 = pre.iter().map(|d| d.bytes).sum();
                let reads = pre.iter().map(|d| d.descriptors).sum::<u64>() as f64 * start + bytes as f64 / cap;
                e.ddr_cycles -= reads.min(ahead_window);
            }
            // This step's slide copies run on the TDMA during the step
            // before, beside its calls (`pipeline_cost::pipelined_cycles`).
            let copy = slide_copies[t][k];
            e.tdma_cycles += copy;
            before.1 += copy;
            // Calls return once issued (`op_async_calls`): loads copied out
            // of another's buffer run on the TDMA beside the calls, which
            // run in turn on the compute engines, a scoreboard join where
            // one engine takes over from another or reads a narrowed copy.
            let mut copies = 0.0;
            let mut calls = 0.0;
            if !copy_group {
                for (r, from) in copied.iter().enumerate() {
                    if let Some(from) = *from {
                        copies += crate::pipeline_cost::copy_cycles(ctx, body, &g, s, r, from, hw);
                    }
                }
                let mut engine = None;
                let mut first_call = 0.0;
                for (c, call) in s.calls.iter().enumerate() {
                    let narrow = crate::pipeline_cost::narrow_copy_cycles(ctx, body, &g, &narrowed, s, c, hw);
                    let w = call_work(ctx, body, g.calls[c], hw, &call.out, &call.operands);
                    let this = if w.ne > 0.0 { tx8_cmodel::engine::Engine::Ne } else { tx8_cmodel::engine::Engine::Ct };
                    let switch = if engine.is_some_and(|e| e != this) { join } else { 0.0 };
                    engine = Some(this);
                    e.tdma_cycles += narrow + w.tdma;
                    e.ne_cycles += w.ne;
                    e.ct_cycles += w.ct;
                    e.sync_cycles += w.issued as f64 * issue + switch;
                    let t = narrow + w.ne + w.ct + w.tdma + w.issued as f64 * issue + switch;
                    calls += t;
                    if c == 0 {
                        first_call = t;
                    }
                }
                // The next step's first call (NE) runs beside this step's
                // later calls (`ne_overlap`): a step takes the longer part.
                if ne_overlap && k + 1 < tile_steps.len() {
                    calls = first_call.max(calls - first_call) + join;
                }
                e.tdma_cycles += copies;
                e.sync_cycles += join;
            }
            let mut load_time = e.ddr_cycles - before.0;
            if k == 0 && prologue > 0.0 {
                // The prologue (DDR, DTE and barriers), whose gathers the
                // first step's loads overlap once its chunks are loaded.
                let first = prologue.max(before_loads + load_time);
                e.ddr_cycles += first - load_time;
                load_time = first;
            }
            let compute_time = if copy_group {
                e.ne_cycles + e.ct_cycles + e.tdma_cycles + e.sync_cycles - before.1
            } else {
                calls.max(copies) + join
            };
            let store = store_bytes[t][k];
            ddr_bytes += store.bytes;
            let store_time =
                store.descriptors as f64 * start + (store.bytes as f64 / cap).max(store_total[k] as f64 / bw);
            e.ddr_cycles += store_time;
            e.sync_cycles += join + step_sync;
            let gather = gathers[t][k];
            e.sync_cycles += gather;
            times.push(crate::pipeline_cost::StepTimes {
                slide_copy: copy,
                gather,
                sync: step_sync,
                ..crate::pipeline_cost::StepTimes::new(load_time, compute_time, store_time, 0.0)
            });
        }
        let total = e.ne_cycles + e.ct_cycles + e.tdma_cycles + e.ddr_cycles + e.sync_cycles;
        let tile_time = if pipelined { crate::pipeline_cost::pipelined_cycles(&times, hw) } else { total };
        if tile_time > best_total {
            best_total = tile_time;
            best_pipelined = tile_time;
            best = e;
        }
    }
    let barrier = if tx8be::dialect::values::attr_bool(ctx, body, group, "barrier").unwrap_or(true) {
        hw.barrier_cycles as f64
    } else {
        0.0
    };
    best.sync_cycles += barrier;
    best.cycles = best.ne_cycles + best.ct_cycles + best.tdma_cycles + best.ddr_cycles + best.sync_cycles;
    if pipelined {
        best.cycles = best_pipelined + barrier;
    }
    // The next group's prologue, when this group runs it.
    if let Some(next) = tx8be::schedule::prefetch::ahead_next(ctx, body, group, hw) {
        best.cycles = crate::prologue_prefetch::ahead_cycles(ctx, body, next, best.cycles - barrier, hw) + barrier;
    }
    // A ring GEMM (B passed round the tiles by DTE) is estimated by the
    // ring's own model, the one tx8be-sharding chose it by.
    best.ddr_bytes = ddr_bytes + broadcast_bytes;
    if tx8be::schedule::shares::recorded_ring(ctx, body, op).is_some() {
        if let Some(r) = crate::ring_share::ring_choice(ctx, body, op, hw) {
            best.cycles = r.cycles;
        }
        // Each tile reads its rows of A, its chunks of B (the ring passes
        // them on) and the whole bias, and stores its rows: A, B and the
        // result cross DDR once, the bias once per tile.
        let whole = |v: strata_ir::Value| slice_bytes(ctx, body, v, ctx.shape(body.value_type(v)).unwrap_or(&[]));
        let bias = if body.num_operands(op) > tx8be::schedule::shares::BIAS_OPERAND {
            whole(body.operand(op, tx8be::schedule::shares::BIAS_OPERAND)) * hw.tiles() as u64
        } else {
            0
        };
        best.ddr_bytes = whole(body.operand(op, 0))
            + whole(body.operand(op, tx8be::schedule::shares::SHARED_OPERAND))
            + bias
            + whole(result);
    }
    let parts = [
        ("ne", best.ne_cycles),
        ("ct", best.ct_cycles),
        ("tdma", best.tdma_cycles),
        ("ddr", best.ddr_cycles),
        ("sync", best.sync_cycles),
    ];
    best.binding = parts.iter().fold(("ne", -1.0), |acc, &(n, c)| if c > acc.1 { (n, c) } else { acc }).0;
    Ok(best)
}
