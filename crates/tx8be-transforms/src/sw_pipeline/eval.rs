//! What a software pipeline costs: walking its frames and Repeat nodes
//! with the per-op engine times `pipeline_cost` uses (one DMA per load or
//! store at the tile's DDR share, one call at `cost::call_cycles`), so the
//! estimate of a group's step loop is computed from the structure the IR
//! records.
//!
//! A frame costs the longer of its two lanes plus its joins: the compute
//! lane is the sum of its calls and of the TDMA copies before them, the
//! broadcast of weights (before the first step) a lane of its own (a group's calls read each other's results,
//! so they run in turn even on different engines) and the DMA lane the sum
//! of its loads and stores (RDMA and WDMA draw on the same DDR share of
//! the tile, `pipeline_cost`'s model). A Repeat of `times` walks its body
//! `times` times (its `last` instead on the final iteration).

use strata_ir::{Body, Context};
use tx8_cmodel::HardwareConfig;

use crate::pipeline_cost::{
    dma_cycles, narrow_copy_cycles, single_buffered_cycles, tile_ddr_rate, LoadMoves, StepTimes,
};
use tx8be::schedule::group_calls::GroupCalls;
use tx8be::schedule::steps::StepBoxes;

use super::{Node, PipeOp};

/// Engine cycles of every op of a group at every step of one tile.
#[derive(Debug, Clone, PartialEq)]
pub struct OpTimes {
    /// `loads[k][s]`: loading slot k's box of step s.
    pub loads: Vec<Vec<f64>>,
    /// `calls[c][s]`: call c at step s.
    pub calls: Vec<Vec<f64>>,
    /// `store[s]`: storing step s's output box.
    pub store: Vec<f64>,
    /// Per load slot: copied out of another load's buffer by TDMA before
    /// the calls (`schedule::copied_loads`), on the compute lane.
    pub copied: Vec<bool>,
    /// Per load slot: broadcast before the steps (`broadcast`), on a lane
    /// of its own that the first step's loads overlap.
    pub broadcast: Vec<bool>,
    /// The prologue's part before its gathers, which the loads of the
    /// frame that gathers queue behind (`LoadMoves::before_loads`).
    pub before_loads: f64,
    /// `slide_copy[k][s]`: the TDMA copy of slot k's slide at step s
    /// (`slide`), run on the TDMA beside the calls of the frame issuing the load.
    pub slide_copy: Vec<Vec<f64>>,
}

impl OpTimes {
    /// The times of tile `tile` of `steps` (every tile's steps: the DDR
    /// share depends on how many tiles work), its loads moving as `moves`
    /// says.
    pub fn of_tile(
        ctx: &Context,
        body: &Body,
        g: &GroupCalls,
        steps: &[Vec<StepBoxes>],
        tile: usize,
        moves: &LoadMoves,
        hw: &HardwareConfig,
    ) -> OpTimes {
        let rate = tile_ddr_rate(steps, hw);
        let mine = &steps[tile];
        let result = body.result(g.anchor(), 0);
        let LoadMoves { copied, broadcast, prologue, before_loads, .. } = moves;
        let narrowed = tx8be::schedule::steps::narrowed_reads(g, steps);
        // The broadcast prologue of all broadcast weights is charged to the
        // first of them (the others come with it).
        let first_broadcast = broadcast.iter().position(|&b| b);
        let load_time = |k: usize, i: usize, s: &StepBoxes| -> f64 {
            if let Some(r) = copied[k] {
                return crate::pipeline_cost::copy_cycles(ctx, body, g, s, k, r, hw);
            }
            if broadcast[k] {
                return if Some(k) == first_broadcast && i == 0 { *prologue } else { 0.0 };
            }
            dma_cycles(ctx, body, g.load_value(body, k), s.load_box(g, k), rate, hw)
        };
        OpTimes {
            loads: (0..g.loads.len())
                .map(|k| mine.iter().enumerate().map(|(i, s)| load_time(k, i, s)).collect())
                .collect(),
            // A call's narrowed reads copy their boxes just before it.
            calls: (0..g.calls.len())
                .map(|c| {
                    mine.iter()
                        .map(|s| {
                            narrow_copy_cycles(ctx, body, g, &narrowed, s, c, hw)
                                + crate::cost::call_cycles(
                                    ctx,
                                    body,
                                    g.calls[c],
                                    hw,
                                    &s.calls[c].out,
                                    &s.calls[c].operands,
                                )
                        })
                        .collect()
                })
                .collect(),
            store: mine.iter().map(|s| dma_cycles(ctx, body, result, s.out(), rate, hw)).collect(),
            copied: copied.iter().map(|c| c.is_some()).collect(),
            broadcast: broadcast.clone(),
            before_loads: *before_loads,
            slide_copy: vec![vec![0.0; mine.len()]; g.loads.len()],
        }
    }

    /// The times of a double-buffered group: its sliding slots
    /// (`slide::sliding_loads`) read only the part the other buffer lacks,
    /// after copying the rest from there (`pipeline_cost`'s model).
    pub fn slid(
        mut self,
        ctx: &Context,
        body: &Body,
        g: &GroupCalls,
        steps: &[Vec<StepBoxes>],
        tile: usize,
        moves: &LoadMoves,
        hw: &HardwareConfig,
    ) -> OpTimes {
        let rate = tile_ddr_rate(steps, hw);
        let sliding = tx8be::schedule::slide::sliding_loads(
            ctx,
            body,
            g,
            steps,
            &moves.shared,
            &moves.copied,
            &moves.broadcast,
            hw,
        );
        let mine = &steps[tile];
        for k in (0..g.loads.len()).filter(|&k| sliding[k]) {
            for s in 1..mine.len() {
                if let Some(sl) = tx8be::schedule::slide::slide_cost(
                    ctx,
                    body,
                    g.load_value(body, k),
                    mine[s - 1].load_box(g, k),
                    mine[s].load_box(g, k),
                ) {
                    self.loads[k][s] =
                        hw.dma_start_cycles as f64 * sl.rdma_descriptors as f64 + sl.rdma_bytes as f64 / rate;
                    self.slide_copy[k][s] = sl.copy_cycles(hw);
                }
            }
        }
        self
    }

    pub fn steps(&self) -> usize {
        self.store.len()
    }

    fn time(&self, op: PipeOp, step: usize) -> f64 {
        match op {
            PipeOp::Load(k) => self.loads[k][step],
            PipeOp::Call(c) => self.calls[c][step],
            PipeOp::Store => self.store[step],
        }
    }

    /// Per step, what `pipeline_cost::busiest_tile_steps` charges: the
    /// issued loads whose box changed (`issued[k]`, `changed[s][k]`), the
    /// calls, the store.
    pub fn step_times(&self, issued: &[bool], changed: &[Vec<bool>]) -> Vec<StepTimes> {
        (0..self.steps())
            .map(|s| {
                let prologue: f64 =
                    (0..self.loads.len()).filter(|&k| self.broadcast[k]).map(|k| self.loads[k][s]).sum();
                let behind = if prologue > 0.0 { self.before_loads } else { 0.0 };
                StepTimes::new(
                    behind
                        + (0..self.loads.len())
                            .filter(|&k| issued[k] && !self.copied[k] && !self.broadcast[k] && changed[s][k])
                            .map(|k| self.loads[k][s])
                            .sum::<f64>(),
                    (0..self.loads.len()).filter(|&k| self.copied[k]).map(|k| self.loads[k][s]).sum::<f64>()
                        + self.calls.iter().map(|c| c[s]).sum::<f64>(),
                    self.store[s],
                    prologue,
                )
            })
            .collect()
    }
}

/// Per step of one tile, whether each load slot's box differs from the
/// previous step's (step 0: every slot loads).
pub fn changed_loads(g: &GroupCalls, tile: &[StepBoxes]) -> Vec<Vec<bool>> {
    (0..tile.len())
        .map(|s| (0..g.loads.len()).map(|k| s == 0 || tile[s].load_box(g, k) != tile[s - 1].load_box(g, k)).collect())
        .collect()
}

/// The tile `pipeline_cost::busiest_tile_steps` describes: the first with
/// the largest single-buffered time (`None` when no tile has a step).
pub fn busiest_tile(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    steps: &[Vec<StepBoxes>],
    issued: &[bool],
    moves: &LoadMoves,
    hw: &HardwareConfig,
) -> Option<usize> {
    let mut best: Option<(f64, usize)> = None;
    for (t, tile) in steps.iter().enumerate() {
        if tile.is_empty() {
            continue;
        }
        let times = OpTimes::of_tile(ctx, body, g, steps, t, moves, hw).step_times(issued, &changed_loads(g, tile));
        let c = single_buffered_cycles(&times, hw);
        if best.is_none_or(|(b, _)| c > b) {
            best = Some((c, t));
        }
    }
    best.map(|(_, t)| t)
}

/// The result of walking a pipeline.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evaluation {
    pub cycles: f64,
    /// Frames with calls walked: the steps the structure runs (the tile's
    /// step count when the structure is right).
    pub steps: usize,
}

/// Walks `nodes` with `times` (module doc). Each frame's ops belong to
/// its step plus their offset: a frame with calls is the step of its
/// calls; one without belongs to the last step run before it in the same
/// list (one iteration of a Repeat's body, or the whole pipeline), else
/// to the next. An op of a step outside the tile's steps (the store
/// before the first, the loads after the last) does not run.
pub fn evaluate(nodes: &[Node], times: &OpTimes, hw: &HardwareConfig) -> Evaluation {
    let mut w = Walk { times, join: hw.join_cycles as f64, done: 0, cycles: 0.0 };
    w.walk(nodes);
    Evaluation { cycles: w.cycles, steps: w.done }
}

struct Walk<'a> {
    times: &'a OpTimes,
    join: f64,
    done: usize,
    cycles: f64,
}

impl Walk<'_> {
    fn walk(&mut self, nodes: &[Node]) {
        let start = self.done;
        for n in nodes {
            match n {
                Node::Frame(f) => {
                    let has_calls = f.ops.iter().any(|(o, _)| matches!(o, PipeOp::Call(_)));
                    let step = if has_calls || self.done == start { self.done as i64 } else { self.done as i64 - 1 };
                    // Calls return once issued: the TDMA's copies run beside
                    // the calls, as the DMAs do.
                    let (mut compute, mut copies, mut dma, mut gather, mut slide) = (0.0, 0.0, 0.0, 0.0, 0.0);
                    for &(op, off) in &f.ops {
                        let s = step + off;
                        if s < 0 || s >= self.times.steps() as i64 {
                            continue;
                        }
                        let t = self.times.time(op, s as usize);
                        match op {
                            PipeOp::Call(_) => compute += t,
                            PipeOp::Load(k) if self.times.copied[k] => copies += t,
                            PipeOp::Load(k) if self.times.broadcast[k] => gather += t,
                            PipeOp::Load(k) => {
                                // A slide copies its overlap by TDMA beside its RDMA.
                                slide += self.times.slide_copy[k][s as usize];
                                dma += t;
                            }
                            _ => dma += t,
                        }
                    }
                    if gather > 0.0 {
                        dma += self.times.before_loads;
                    }
                    self.cycles +=
                        compute.max(copies).max(dma).max(gather).max(slide) + self.join * f.joins.len() as f64;
                    if has_calls {
                        self.done += 1;
                    }
                }
                Node::Repeat { times, body, last } => {
                    for k in 0..*times {
                        let b = if k + 1 == *times { last.as_ref().unwrap_or(body) } else { body };
                        self.walk(b);
                    }
                }
            }
        }
    }
}
