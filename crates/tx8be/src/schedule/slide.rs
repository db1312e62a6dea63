//! Sliding loads (halo reuse): which load slots of a double-buffered group
//! take, step after step, the part of their box the previous buffer
//! already holds from there instead of from DDR, and what a slide costs.
//!
//! A conv's input box at step i+1 overlaps step i's by the halo rows (two
//! for a 3x3 conv, four for two chained ones); loading the whole box at
//! every step reads those rows from DDR again, which made ResNet's
//! multi-block groups DDR-bound. The C model's `op_dma_load_slide` copies
//! the overlap from the other buffer by TDMA (synchronously, before the
//! calls of the step it runs in) and reads only the new rows; codegen
//! calls it for the slots `sliding_loads` names, and the cost models
//! charge `slide_cost`. Like `steps::copied_loads`, the choice is a
//! function of the recorded schedule, so the search, the estimate and
//! codegen agree without another attribute.

use strata_ir::{Body, Context, Value};
use tx8_target::HardwareConfig;

use super::group_calls::GroupCalls;
use super::steps::{storage_format, StepBoxes};
use super::views::reads_view;
use crate::dialect::ops::{op_kind, OpKind};
use crate::interfaces::sharding::SliceBox;

/// The parts of a slide: the RDMA of the new part (descriptors, bytes) and
/// the TDMA copy of the overlap (descriptors, bytes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slide {
    pub rdma_descriptors: u64,
    pub rdma_bytes: u64,
    pub tdma_descriptors: u64,
    pub tdma_bytes: u64,
}

impl Slide {
    /// Cycles of the TDMA copy (it runs beside the RDMA of the new part).
    pub fn copy_cycles(&self, hw: &HardwareConfig) -> f64 {
        self.tdma_descriptors as f64 * hw.dma_start_cycles as f64 + self.tdma_bytes as f64 / hw.tdma_bytes_per_cycle
    }
}

/// The slide of value `v`'s box `b` after box `prev` (`None` when it does
/// not slide: `tx8_target::slide::slide_overlap`).
pub fn slide_cost(ctx: &Context, body: &Body, v: Value, prev: &SliceBox, b: &SliceBox) -> Option<Slide> {
    let ty = body.value_type(v);
    let u = |x: &[i64]| x.iter().map(|&d| d.max(0) as u64).collect::<Vec<u64>>();
    let whole = u(ctx.shape(ty)?);
    let layout = crate::layout::cmodel_layout(crate::layout::value_mem_layout(ctx, body, v));
    let fmt = storage_format(ctx, ty);
    let plan =
        tx8_target::slide::slide_plan(&whole, &u(&prev.start), &u(&prev.size), &u(&b.start), &u(&b.size), fmt, layout)
            .ok()??;
    let bytes =
        |c: &[(u64, u64, tx8_target::view::Strided)]| c.iter().map(|(_, _, s)| s.rows * s.row_bytes).sum::<u64>();
    Some(Slide {
        rdma_descriptors: plan.rdma.len() as u64,
        rdma_bytes: bytes(&plan.rdma),
        tdma_descriptors: plan.tdma.len() as u64,
        tdma_bytes: bytes(&plan.tdma),
    })
}

/// For every load slot of `g` in a double-buffered group, whether it
/// slides: a variable (`load_var`) loaded from DDR itself (not sharing
/// another slot's buffer, not copied out of one, not filled by the
/// broadcast prologue: `shared`, `copied`, `broadcast`), whose box slides
/// somewhere on some tile with an overlap worth a copy: at least what the
/// DDR moves, at one transfer's top rate, in the time a TDMA copy's start
/// and join take (below that, the copy costs more than the read it saves).
pub fn sliding_loads(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    steps: &[Vec<StepBoxes>],
    shared: &[Option<usize>],
    copied: &[Option<usize>],
    broadcast: &[bool],
    hw: &HardwareConfig,
) -> Vec<bool> {
    let worth = (hw.dma_start_cycles + hw.join_cycles) as f64 * hw.ddr_transfer_cap_bytes_per_cycle;
    (0..g.loads.len())
        .map(|k| {
            let plain = op_kind(ctx, body, g.loads[k].load) == Some(OpKind::LoadVar)
                && !reads_view(ctx, body, g.loads[k].load)
                && shared[k].is_none()
                && copied[k].is_none()
                && !broadcast.get(k).copied().unwrap_or(false);
            plain
                && steps.iter().any(|tile| {
                    tile.windows(2).any(|w| {
                        slide_cost(ctx, body, g.load_value(body, k), w[0].load_box(g, k), w[1].load_box(g, k))
                            .is_some_and(|s| s.tdma_bytes as f64 >= worth)
                    })
                })
        })
        .collect()
}
