//! What a group's schedule means, step by step: given the anchor (the
//! group's last compute op), its output sharding over the tiles and its
//! time split (both read from the IR), the boxes every tile loads and
//! stores at every step, the box every in-group op computes (derived
//! backwards from the anchor's output box: an op's box is the union of
//! what its in-group users need, halo rows of a windowed user included,
//! recomputed at every step; a user needing less reads a copy of its box,
//! `narrowed_reads`), the per-step window padding of convs and pools, and
//! the SPM buffers that needs.
//!
//! The sharding search, the SPM allocator and codegen all call this one
//! function, so what the search checks is what the program does.

use crate::dialect::ops::{op_kind, OpKind};
use crate::interfaces::sharding::{BoxDims, SliceBox};
use crate::window::{RowRange, Window2d};
use strata_ir::{Body, Context, Diagnostic, Op};

use super::boxes::{shard_boxes, split_box};
use super::group_calls::{GroupCalls, Input};

/// One call of one step: the box of its result it computes, the box of
/// every operand it reads, its window padding.
#[derive(Debug, Clone, PartialEq)]
pub struct CallBoxes {
    pub out: SliceBox,
    pub operands: Vec<SliceBox>,
    /// Conv / pool padding this slice sees: top, left, bottom, right.
    pub pads: Option<[i64; 4]>,
}

/// One step of one tile.
#[derive(Debug, Clone, PartialEq)]
pub struct StepBoxes {
    /// Every call of the group in order (`GroupCalls::calls`), the anchor
    /// last; never empty.
    pub calls: Vec<CallBoxes>,
}

impl StepBoxes {
    fn anchor(&self) -> &CallBoxes {
        self.calls.last().expect("a group has an anchor")
    }
    /// The output box this step computes (the anchor's).
    pub fn out(&self) -> &SliceBox {
        &self.anchor().out
    }
    /// The box of every operand of the anchor (whole-tensor coordinates).
    pub fn operands(&self) -> &[SliceBox] {
        &self.anchor().operands
    }
    /// The anchor's conv / pool padding: top, left, bottom, right.
    pub fn pads(&self) -> Option<[i64; 4]> {
        self.anchor().pads
    }
    /// The box load slot `k` of `g` fills at this step.
    pub fn load_box<'a>(&'a self, g: &GroupCalls, k: usize) -> &'a SliceBox {
        let s = g.loads[k];
        &self.calls[s.call].operands[s.operand]
    }
}

/// The window padding output box `out` of a conv or pool sees: top, left,
/// bottom, right. `win` and `input` (the H and W of its input) come from
/// `window_of`, read once per schedule rather than at every step; a
/// windowed op's `back_window` (Sharding interface) is `win.back_window`.
fn window_pads(win: &Window2d, input: [i64; 2], out: &SliceBox) -> Option<[i64; 4]> {
    if out.size.len() != 4 {
        return None;
    }
    let rows = |axis: usize| RowRange { start: out.start[1 + axis], end: out.start[1 + axis] + out.size[1 + axis] };
    let h = win.back_window(0, input[0], rows(0));
    let w = win.back_window(1, input[1], rows(1));
    Some([h.pad_before, w.pad_before, h.pad_after, w.pad_after])
}

/// A conv's or pool's window and the H and W of its input, `None` for
/// other ops.
fn window_of(ctx: &Context, body: &Body, op: Op) -> Option<(Window2d, [i64; 2])> {
    let win = Window2d::of_op(ctx, body, op)?;
    let x = ctx.shape(body.value_type(body.operand(op, 0)))?;
    (x.len() == 4).then(|| (win, [x[1], x[2]]))
}

/// The dims of `op`'s result its Sharding interface cannot split (a
/// Softmax's axis, a Reduce's, ...): an in-group op must get them whole.
fn unsplittable_dims(ctx: &Context, body: &Body, op: Op) -> Vec<usize> {
    let dims: Vec<i64> = ctx.shape(body.value_type(body.result(op, 0))).unwrap_or(&[]).to_vec();
    let ones = vec![1i64; dims.len()];
    (0..dims.len())
        .filter(|&d| {
            let mut split = ones.clone();
            split[d] = 2;
            let p = crate::interfaces::sharding::ShardingSplitParam { out_sharding: ones.clone(), out_split: split };
            dims[d] > 1 && crate::interfaces::tile_sharding_split(ctx, body, op, &p).is_err()
        })
        .collect()
}

/// The boxes of every call of `g` for anchor output box `out`: backwards
/// from the anchor, each in-group op computing the union of the boxes its
/// users need (`narrowed_reads` names the users needing less).
fn step_calls(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    fixed: &[Vec<usize>],
    windows: &[Option<(Window2d, [i64; 2])>],
    out: &SliceBox,
) -> Result<Vec<CallBoxes>, Diagnostic> {
    let n = g.calls.len();
    let mut outs: Vec<Option<SliceBox>> = vec![None; n];
    outs[n - 1] = Some(out.clone());
    let mut calls: Vec<Option<CallBoxes>> = vec![None; n];
    for c in (0..n).rev() {
        let op = g.calls[c];
        let Some(my_out) = outs[c].clone() else {
            return Err(Diagnostic::error(body.op_loc(op), "in-group op whose result no later op of the group reads"));
        };
        if c + 1 < n {
            let dims = ctx.shape(body.value_type(body.result(op, 0))).unwrap_or(&[]).to_vec();
            if let Some(&d) = fixed[c].iter().find(|&&d| my_out.start[d] != 0 || my_out.size[d] != dims[d]) {
                return Err(Diagnostic::error(
                    body.op_loc(op),
                    format!(
                        "'{}' op cannot split dim {d}, which its group's schedule splits",
                        ctx.op_name_str(body.op_name(op))
                    ),
                ));
            }
        }
        let operands = crate::interfaces::temporal_slice_shape(ctx, body, op, &my_out)?;
        for &(i, input) in &g.inputs[c] {
            if let Input::Call(j) = input {
                let need = &operands[i];
                // One buffer per intermediate, holding the union of what its
                // readers need; a reader needing less gets its box copied
                // out (`narrowed_reads`).
                outs[j] = Some(match outs[j].take() {
                    None => need.clone(),
                    Some(have) => union_box(&have, need),
                });
            }
        }
        let pads = windows[c].as_ref().and_then(|(win, input)| window_pads(win, *input, &my_out));
        calls[c] = Some(CallBoxes { out: my_out, operands, pads });
    }
    Ok(calls.into_iter().map(|c| c.expect("every call got a box")).collect())
}

/// The smallest box holding both `a` and `b` (of one rank).
fn union_box(a: &SliceBox, b: &SliceBox) -> SliceBox {
    let start: BoxDims = a.start.iter().zip(&b.start).map(|(x, y)| *x.min(y)).collect();
    let size = (0..start.len()).map(|d| (a.start[d] + a.size[d]).max(b.start[d] + b.size[d]) - start[d]).collect();
    SliceBox { start, size }
}

/// A read of an intermediate by a later call of its group that needs, at
/// some step, a smaller box of it than its producer computes (the union of
/// what all its readers need: a residual add reads the rows of a block's
/// output the next block's conv reads with a halo). Each step copies the
/// reader's box out of the intermediate's buffer by TDMA (the C model's
/// `op_spm_box_copy`) into a buffer of its own, which the reader reads;
/// `tx8be-spm-alloc` records the buffer on the reader as `subbox_addr`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NarrowRead {
    /// The reading call (index into `GroupCalls::calls`).
    pub call: usize,
    /// Its operand.
    pub operand: usize,
    /// The producing call.
    pub from: usize,
}

/// Every narrowed read of `g`'s intermediates over `steps`, in (call,
/// operand) order.
pub fn narrowed_reads(g: &GroupCalls, steps: &[Vec<StepBoxes>]) -> Vec<NarrowRead> {
    let mut out = Vec::new();
    for (c, inputs) in g.inputs.iter().enumerate() {
        for &(i, x) in inputs {
            if let Input::Call(j) = x {
                if steps.iter().flatten().any(|s| s.calls[c].operands[i] != s.calls[j].out) {
                    out.push(NarrowRead { call: c, operand: i, from: j });
                }
            }
        }
    }
    out
}

/// The steps of every tile (`result[tile]`), for output sharding `shard`
/// (parts per dim, row-major tile numbering) and time split `slice` (the
/// largest output box per step).
pub fn tile_steps(
    ctx: &Context,
    body: &Body,
    op: Op,
    shard: &[i64],
    slice: &[i64],
    tiles: usize,
) -> Result<Vec<Vec<StepBoxes>>, Diagnostic> {
    let out_dims: Vec<i64> = ctx.shape(body.value_type(body.result(op, 0))).unwrap_or(&[]).to_vec();
    let g = GroupCalls::of_anchor(ctx, body, op)?;
    let fixed: Vec<Vec<usize>> =
        g.calls[..g.calls.len() - 1].iter().map(|&c| unsplittable_dims(ctx, body, c)).collect();
    let windows: Vec<_> = g.calls.iter().map(|&c| window_of(ctx, body, c)).collect();
    let mut all = Vec::with_capacity(tiles);
    for tile_box in shard_boxes(&out_dims, shard, tiles) {
        let mut steps = Vec::new();
        let Some(tile_box) = tile_box else {
            all.push(steps);
            continue;
        };
        for out in split_box(&tile_box, slice) {
            let calls = step_calls(ctx, body, &g, &fixed, &windows, &out)?;
            steps.push(StepBoxes { calls });
        }
        all.push(steps);
    }
    Ok(all)
}

/// Per dim of the anchor `op`'s output: the group widths (output channels
/// per group, above 1) of the grouped convs of its group whose output
/// channel box follows that dim (a box one element wide along the dim
/// narrows the conv's channels). A time split of the dim keeps to sizes
/// that cut no group of these (`boxes::slice_sizes`).
pub fn group_widths(ctx: &Context, body: &Body, op: Op) -> Vec<Vec<i64>> {
    let out_dims: Vec<i64> = ctx.shape(body.value_type(body.result(op, 0))).unwrap_or(&[]).to_vec();
    let mut widths = vec![Vec::new(); out_dims.len()];
    let Ok(g) = GroupCalls::of_anchor(ctx, body, op) else { return widths };
    let convs: Vec<(usize, i64, i64)> = g
        .calls
        .iter()
        .enumerate()
        .filter(|&(_, &c)| op_kind(ctx, body, c) == Some(OpKind::Conv))
        .filter_map(|(i, &c)| {
            let groups = crate::dialect::values::attr_i64(ctx, body, c, "group").unwrap_or(1).max(1);
            let o = *ctx.shape(body.value_type(body.result(c, 0)))?.get(3)?;
            (groups > 1 && o / groups > 1).then_some((i, o / groups, o))
        })
        .collect();
    if convs.is_empty() {
        return widths;
    }
    let fixed: Vec<Vec<usize>> =
        g.calls[..g.calls.len() - 1].iter().map(|&c| unsplittable_dims(ctx, body, c)).collect();
    let windows: Vec<_> = g.calls.iter().map(|&c| window_of(ctx, body, c)).collect();
    for d in 0..out_dims.len() {
        if out_dims[d] < 2 {
            continue;
        }
        let mut probe = SliceBox::whole(&out_dims);
        probe.size[d] = 1;
        let Ok(calls) = step_calls(ctx, body, &g, &fixed, &windows, &probe) else { continue };
        for &(i, og, o) in &convs {
            if calls[i].out.size[3] < o && !widths[d].contains(&og) {
                widths[d].push(og);
            }
        }
    }
    widths
}

/// The data format the card stores `ty`'s elements in (i1 as int8, i64
/// as int32, f64 as fp32: what the lowering narrows them to).
pub fn storage_format(ctx: &Context, ty: strata_ir::Type) -> tx8_target::DataFormat {
    use strata_ir::types::{FloatKind, TypeKind};
    use tx8_target::DataFormat;
    let e = ctx.element_type(ty).unwrap_or(ty);
    match ctx.type_kind(e) {
        TypeKind::Float(FloatKind::BF16) => DataFormat::Bf16,
        TypeKind::Float(FloatKind::F16) => DataFormat::Fp16,
        TypeKind::Integer { width: 1 | 8, .. } => DataFormat::Int8,
        TypeKind::Integer { .. } => DataFormat::Int32,
        _ => DataFormat::Fp32,
    }
}

/// Bytes of an element of `ty`'s element type as the card stores it.
pub fn elem_bytes(ctx: &Context, ty: strata_ir::Type) -> u64 {
    let e = ctx.element_type(ty).unwrap_or(ty);
    match ctx.int_or_float_width(e) {
        Some(1) | Some(8) => 1,
        Some(16) => 2,
        Some(64) => 4, // i64 is stored as i32 on the card
        Some(_) => 4,
        None => 4,
    }
}

/// SPM buffer sizes of one group, 256-byte aligned: one per load slot
/// (`GroupCalls::loads`; 0 for a slot sharing another's: `shared_loads`), one per intermediate (the result of every call
/// but the anchor, placed in one region where intermediates whose
/// lifetimes within the step do not overlap share space), the output's,
/// and the scratch (`imm`) of the largest call of any step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupBuffers {
    pub loads: Vec<u64>,
    pub intermediates: Vec<u64>,
    /// Offset of each intermediate in the intermediates' region.
    pub intermediate_offsets: Vec<u64>,
    /// Bytes of that region.
    pub intermediate_region: u64,
    /// The narrowed reads (`narrowed_reads`), the bytes of each one's
    /// buffer and its offset in the intermediates' region (alive during
    /// its reader's call only).
    pub narrowed: Vec<NarrowRead>,
    pub narrowed_bytes: Vec<u64>,
    pub narrowed_offsets: Vec<u64>,
    pub output: u64,
    pub imm: u64,
}

impl GroupBuffers {
    pub fn total(&self) -> u64 {
        self.loads.iter().sum::<u64>() + self.intermediate_region + self.output + self.imm
    }

    /// Bytes with `copies` of every buffer that changes between steps (the
    /// output and each load not in `invariant`): a step-invariant load is
    /// loaded once and keeps one buffer; the intermediates and the scratch
    /// are only used inside the step's calls.
    pub fn total_with_copies(&self, copies: u64, invariant: &[bool]) -> u64 {
        let loads: u64 = self
            .loads
            .iter()
            .enumerate()
            .map(|(i, &b)| if invariant.get(i).copied().unwrap_or(false) { b } else { b * copies })
            .sum();
        loads + self.intermediate_region + self.output * copies + self.imm
    }
}

/// For every load slot of `g`, whether each tile needs the same box of it
/// at all its steps (weights resident across a time split): such an
/// operand is loaded once per tile.
pub fn step_invariant_loads(g: &GroupCalls, steps: &[Vec<StepBoxes>]) -> Vec<bool> {
    (0..g.loads.len())
        .map(|k| steps.iter().all(|tile| tile.windows(2).all(|w| w[0].load_box(g, k) == w[1].load_box(g, k))))
        .collect()
}

/// For every load slot of a multi-op group, the earlier slot whose buffer
/// it shares, if any: the same DDR value in the same placement, loaded
/// with the same box at every step of every tile (a bottleneck's input,
/// read by the conv and again by the residual add). Such a slot is not
/// loaded and has no buffer of its own: its readers read the other's. A
/// one-op group keeps a buffer per load.
pub fn shared_loads(ctx: &Context, body: &Body, g: &GroupCalls, steps: &[Vec<StepBoxes>]) -> Vec<Option<usize>> {
    let mut shared: Vec<Option<usize>> = vec![None; g.loads.len()];
    if g.is_single() {
        return shared;
    }
    let same_source = |a: usize, b: usize| {
        let (la, lb) = (g.loads[a].load, g.loads[b].load);
        let (va, vb) = (g.load_value(body, a), g.load_value(body, b));
        body.operand(la, 0) == body.operand(lb, 0)
            && body.op_name(la) == body.op_name(lb)
            && body.value_type(va) == body.value_type(vb)
            && crate::layout::value_mem_layout(ctx, body, va) == crate::layout::value_mem_layout(ctx, body, vb)
    };
    for k in 1..g.loads.len() {
        shared[k] = (0..k).find(|&r| {
            shared[r].is_none()
                && same_source(r, k)
                && steps.iter().flatten().all(|s| s.load_box(g, r) == s.load_box(g, k))
        });
    }
    shared
}

/// For every load slot of a multi-op group, the other slot whose buffer
/// holds its box at every step of every tile, if any (and it is not a
/// `shared_loads` slot): the same DDR value in the same placement, loaded
/// with a box containing this one's (a bottleneck's residual add needs the
/// rows its first conv loaded with their halo). Such a slot is not read
/// from DDR: each step copies its box out of the other's buffer by TDMA
/// (the C model's `op_spm_box_copy`) into a buffer of its own. Only
/// variables (`load_var`), whose every step loads a box. `shared` is
/// `shared_loads` of the same steps.
pub fn copied_loads(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    steps: &[Vec<StepBoxes>],
    shared: &[Option<usize>],
) -> Vec<Option<usize>> {
    let mut copied: Vec<Option<usize>> = vec![None; g.loads.len()];
    if g.is_single() {
        return copied;
    }
    let same_source = |a: usize, b: usize| {
        let (la, lb) = (g.loads[a].load, g.loads[b].load);
        let (va, vb) = (g.load_value(body, a), g.load_value(body, b));
        op_kind(ctx, body, la) == Some(OpKind::LoadVar)
            && body.operand(la, 0) == body.operand(lb, 0)
            && body.op_name(la) == body.op_name(lb)
            && body.value_type(va) == body.value_type(vb)
            && crate::layout::value_mem_layout(ctx, body, va) == crate::layout::value_mem_layout(ctx, body, vb)
    };
    let within = |inner: &SliceBox, outer: &SliceBox| {
        inner.size.iter().product::<i64>() > 0
            && inner.start.len() == outer.start.len()
            && (0..inner.start.len()).all(|d| {
                inner.start[d] >= outer.start[d] && inner.start[d] + inner.size[d] <= outer.start[d] + outer.size[d]
            })
    };
    for k in 0..g.loads.len() {
        if shared[k].is_some() {
            continue;
        }
        copied[k] = (0..g.loads.len()).find(|&r| {
            r != k
                && shared[r].is_none()
                && copied[r].is_none()
                && same_source(r, k)
                && steps.iter().flatten().all(|s| within(s.load_box(g, k), s.load_box(g, r)))
        });
    }
    // A source must be loaded from DDR itself.
    for k in 0..copied.len() {
        if copied[k].is_some_and(|r| copied[r].is_some()) {
            copied[k] = None;
        }
    }
    copied
}

/// The start of slot `k`'s box inside the box of the slot it is copied
/// from (`copied_loads`), at step `s`.
pub fn copy_start(g: &GroupCalls, s: &StepBoxes, k: usize, from: usize) -> Vec<i64> {
    let (inner, outer) = (s.load_box(g, k), s.load_box(g, from));
    inner.start.iter().zip(&outer.start).map(|(a, b)| a - b).collect()
}

pub fn align(x: u64, a: u64) -> u64 {
    x.div_ceil(a) * a
}

/// Bytes a slice of dims `size` of value `v` occupies in SPM: the slice in
/// the value's placement (`crate::layout`: a blocked slice is padded for
/// its own channel count and batch-aligned).
pub fn slice_bytes(ctx: &Context, body: &Body, v: strata_ir::Value, size: &[i64]) -> u64 {
    let mode = crate::layout::value_mem_layout(ctx, body, v);
    crate::layout::placed_bytes_of_dims(ctx, body.value_type(v), size, mode)
}

/// The buffers the steps need.
pub fn group_buffers(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    steps: &[Vec<StepBoxes>],
    hw: &tx8_target::HardwareConfig,
) -> Result<GroupBuffers, Diagnostic> {
    let bank = hw.spm_bank_bytes.max(1);
    let mut loads = vec![0u64; g.loads.len()];
    let n = g.calls.len();
    let mut intermediates = vec![0u64; n - 1];
    let mut output = 0;
    let mut imm = 0;
    // Most steps have the boxes of the step before (only the last step of
    // a dim is smaller): the bytes of a size already seen are not
    // recomputed (placement lookups dominate the search otherwise).
    let mut seen_load: Vec<Option<&[i64]>> = vec![None; g.loads.len()];
    let mut seen_call: Vec<Option<&[i64]>> = vec![None; n];
    for s in steps.iter().flatten() {
        for (k, bytes) in loads.iter_mut().enumerate() {
            let size = &s.load_box(g, k).size[..];
            if seen_load[k] != Some(size) {
                *bytes = (*bytes).max(align(slice_bytes(ctx, body, g.load_value(body, k), size), bank));
                seen_load[k] = Some(size);
            }
        }
        for (c, call) in s.calls.iter().enumerate() {
            let size = &call.out.size[..];
            if seen_call[c] == Some(size) {
                continue;
            }
            seen_call[c] = Some(size);
            let op = g.calls[c];
            let b = align(slice_bytes(ctx, body, body.result(op, 0), size), bank);
            if c + 1 < n {
                intermediates[c] = intermediates[c].max(b);
            } else {
                output = output.max(b);
            }
            imm = imm.max(align(crate::interfaces::imm_bytes(ctx, body, op, size, hw)?, bank));
        }
    }
    for (k, r) in shared_loads(ctx, body, g, steps).iter().enumerate() {
        if r.is_some() {
            loads[k] = 0;
        }
    }
    let narrowed = narrowed_reads(g, steps);
    let narrowed_bytes: Vec<u64> = narrowed
        .iter()
        .map(|r| {
            let v = body.result(g.calls[r.from], 0);
            let mut seen: Option<&[i64]> = None;
            let mut most = 0;
            for s in steps.iter().flatten() {
                let size = &s.calls[r.call].operands[r.operand].size[..];
                if seen != Some(size) {
                    most = most.max(align(slice_bytes(ctx, body, v, size), bank));
                    seen = Some(size);
                }
            }
            most
        })
        .collect();
    let mut life = g.lifetimes();
    life.extend(narrowed.iter().map(|r| (r.call, r.call)));
    let all: Vec<u64> = intermediates.iter().chain(&narrowed_bytes).copied().collect();
    let (mut intermediate_offsets, intermediate_region) = super::group_calls::intermediate_offsets(&life, &all);
    let narrowed_offsets = intermediate_offsets.split_off(intermediates.len());
    Ok(GroupBuffers {
        loads,
        intermediates,
        intermediate_offsets,
        intermediate_region,
        narrowed,
        narrowed_bytes,
        narrowed_offsets,
        output,
        imm,
    })
}
