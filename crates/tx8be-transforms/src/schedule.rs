//! What a group's schedule means, step by step: given the compute op, its
//! output sharding over the tiles and its time split (both read from the
//! IR), the boxes every tile loads and stores at every step, the per-step
//! window padding of convs and pools, and the SPM buffers that needs.
//!
//! The sharding search, the SPM allocator and codegen all call this one
//! function, so what the search checks is what the program does.

use strata_ir::{Body, Context, Diagnostic, Op};
use tx8be::interfaces::sharding::SliceBox;
use tx8be::window::RowRange;

use crate::boxes::{shard_boxes, split_box};

/// One step of one tile.
#[derive(Debug, Clone, PartialEq)]
pub struct StepBoxes {
    /// The output box this step computes.
    pub out: SliceBox,
    /// The box of every operand it needs (whole-tensor coordinates).
    pub operands: Vec<SliceBox>,
    /// Conv / pool padding this slice sees: top, left, bottom, right.
    pub pads: Option<[i64; 4]>,
}

/// The steps of every tile (`result[tile]`), for output sharding `shard`
/// (parts per dim, row-major tile numbering) and time split `slice` (the
/// largest output box per step).
pub fn tile_steps(ctx: &Context, body: &Body, op: Op, shard: &[i64], slice: &[i64], tiles: usize) -> Result<Vec<Vec<StepBoxes>>, Diagnostic> {
    let out_dims: Vec<i64> = ctx.shape(body.value_type(body.result(op, 0))).unwrap_or(&[]).to_vec();
    let windowed = tx8be::window::Window2d::of_op(ctx, body, op);
    let mut all = Vec::with_capacity(tiles);
    for tile_box in shard_boxes(&out_dims, shard, tiles) {
        let mut steps = Vec::new();
        let Some(tile_box) = tile_box else {
            all.push(steps);
            continue;
        };
        for out in split_box(&tile_box, slice) {
            let operands = tx8be::interfaces::temporal_slice_shape(ctx, body, op, &out)?;
            let pads = match &windowed {
                Some(_) if out.size.len() == 4 => {
                    let h = tx8be::interfaces::back_window_axis(ctx, body, op, 0, RowRange { start: out.start[1], end: out.start[1] + out.size[1] })?;
                    let w = tx8be::interfaces::back_window_axis(ctx, body, op, 1, RowRange { start: out.start[2], end: out.start[2] + out.size[2] })?;
                    Some([h.pad_before, w.pad_before, h.pad_after, w.pad_after])
                }
                _ => None,
            };
            steps.push(StepBoxes { out, operands, pads });
        }
        all.push(steps);
    }
    Ok(all)
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

/// SPM buffer sizes of one group, 256-byte aligned: one per operand that is
/// loaded, the output's, and the scratch (`imm`) of the largest step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupBuffers {
    /// `None` for operands the op reads straight from DDR (OpLib need_load).
    pub operands: Vec<Option<u64>>,
    pub output: u64,
    pub imm: u64,
}

impl GroupBuffers {
    pub fn total(&self) -> u64 {
        self.operands.iter().flatten().sum::<u64>() + self.output + self.imm
    }

    /// Bytes with `copies` of every buffer that changes between steps (the
    /// output and each operand not in `invariant`): a step-invariant
    /// operand is loaded once and keeps one buffer, the scratch is only
    /// used inside the call.
    pub fn total_with_copies(&self, copies: u64, invariant: &[bool]) -> u64 {
        let operands: u64 = self.operands.iter().enumerate().filter_map(|(i, b)| b.map(|b| if invariant.get(i).copied().unwrap_or(false) { b } else { b * copies })).sum();
        operands + self.output * copies + self.imm
    }
}

/// For every operand of the op (`n` of them), whether each tile needs the
/// same box of it at all its steps (weights resident across a time split):
/// such an operand is loaded once per tile.
pub fn step_invariant_operands(steps: &[Vec<StepBoxes>], n: usize) -> Vec<bool> {
    (0..n).map(|i| steps.iter().all(|tile| tile.windows(2).all(|w| w[0].operands.get(i) == w[1].operands.get(i)))).collect()
}

pub fn align(x: u64, a: u64) -> u64 {
    x.div_ceil(a) * a
}

/// Bytes a slice of dims `size` of value `v` occupies in SPM: the slice in
/// the value's placement (`tx8be::layout`: a blocked slice is padded for
/// its own channel count and batch-aligned).
pub fn slice_bytes(ctx: &Context, body: &Body, v: strata_ir::Value, size: &[i64]) -> u64 {
    let mode = tx8be::layout::value_mem_layout(ctx, body, v);
    tx8be::layout::placed_bytes_of_dims(ctx, body.value_type(v), size, mode)
}

/// The buffers the steps need.
pub fn group_buffers(ctx: &Context, body: &Body, op: Op, steps: &[Vec<StepBoxes>], hw: &tx8_cmodel::HardwareConfig) -> Result<GroupBuffers, Diagnostic> {
    let attr = tx8be::interfaces::query_op_attr(ctx, body, op)?;
    let bank = hw.spm_bank_bytes.max(1);
    let n = body.num_operands(op);
    let mut operands: Vec<Option<u64>> = (0..n).map(|i| (attr.need_load >> i.min(63) & 1 == 1).then_some(0)).collect();
    let result = body.result(op, 0);
    let mut output = 0;
    let mut imm = 0;
    for s in steps.iter().flatten() {
        for (i, b) in s.operands.iter().enumerate() {
            if let Some(Some(bytes)) = operands.get_mut(i) {
                *bytes = (*bytes).max(align(slice_bytes(ctx, body, body.operand(op, i), &b.size), bank));
            }
        }
        output = output.max(align(slice_bytes(ctx, body, result, &s.out.size), bank));
        imm = imm.max(align(tx8be::interfaces::imm_bytes(ctx, body, op, &s.out.size, hw)?, bank));
    }
    Ok(GroupBuffers { operands, output, imm })
}
