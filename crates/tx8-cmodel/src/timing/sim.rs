//! The discrete-event replay of all tiles' recorded instruction streams.
//!
//! Time advances from event to event (an issue finishing, a fixed cost ending,
//! a transfer draining). Between events every in-flight transfer moves at the
//! rate `flows::allocate` gives it, recomputed whenever a transfer starts or
//! ends, so DDR and NoC bandwidth are shared exactly (a fluid model).
//!
//! Per tile: the scalar unit walks the stream in order. A CT/NE instruction
//! costs it `issue_cycles` and then enters the engine's queue; DMA and DTE
//! descriptors enter their queue at once. A full queue (depth from the
//! config, counting instructions issued but not started) stalls the scalar
//! unit. Each engine runs its queue in order, one instruction at a time.
//! Join waits until the named engines are idle with empty queues, then costs
//! `join_cycles`; a barrier releases all tiles `barrier_cycles` after the last
//! one arrives.

use std::collections::VecDeque;

use crate::config::HardwareConfig;
use crate::engine::Engine;
use crate::error::SimError;
use crate::timing::flows::{allocate, Demand, Resource};
use crate::timing::noc::xy_route;
use crate::timing::report::{Mark, TimingReport, TraceEvent};
use crate::timing::{issue_cycles, TimedOp, Work};

/// Tolerance on simulated times (cycles) when deciding an event is due.
const EPS: f64 = 1e-7;

enum Phase {
    /// A fixed cost that ends at `until`; then the transfer (if any) starts.
    Fixed { until: f64, then: Option<(Demand, u64)> },
    /// Moving bytes as flow `flow`.
    Flowing { flow: usize },
}

struct Active {
    op: usize,
    start: f64,
    phase: Phase,
}

#[derive(Default)]
struct EngineState {
    queue: VecDeque<usize>,
    active: Option<Active>,
}

struct TileState {
    pc: usize,
    scalar_free: f64,
    /// A CT/NE instruction being issued: enters its queue at `scalar_free`.
    issuing: Option<(Engine, usize)>,
    at_barrier: bool,
    engines: Vec<EngineState>,
}

struct Flow {
    remaining: f64,
    demand: Demand,
    rate: f64,
}

fn queue_depth(config: &HardwareConfig, e: Engine) -> usize {
    (match e {
        Engine::Ct => config.queue_depth_ct,
        Engine::Ne => config.queue_depth_ne,
        Engine::Rdma => config.queue_depth_rdma,
        Engine::Wdma => config.queue_depth_wdma,
        Engine::Tdma => config.queue_depth_tdma,
        Engine::Dte => config.queue_depth_dte,
        Engine::Scalar => u32::MAX,
    }) as usize
}

/// Replay `streams` (one per tile, tile id = index) and measure them.
pub fn simulate(config: &HardwareConfig, streams: &[Vec<TimedOp>]) -> Result<TimingReport, SimError> {
    let ntiles = streams.len();
    if ntiles > config.tiles() as usize {
        return Err(SimError::NoSuchTile(ntiles as u32 - 1));
    }
    let mut tiles: Vec<TileState> = (0..ntiles)
        .map(|_| TileState {
            pc: 0,
            scalar_free: 0.0,
            issuing: None,
            at_barrier: false,
            engines: (0..Engine::ALL.len()).map(|_| EngineState::default()).collect(),
        })
        .collect();
    let mut report = TimingReport {
        tile_end: vec![0.0; ntiles],
        busy: vec![[0.0; 7]; ntiles],
        op_spans: streams.iter().map(|s| vec![(f64::NAN, f64::NAN); s.len()]).collect(),
        ..Default::default()
    };
    // Slab of transfers in flight; a drained slot is freed and reused.
    let mut flows: Vec<Option<Flow>> = Vec::new();
    let mut free_slots: Vec<usize> = Vec::new();
    let mut rates_dirty = false;
    let mut now = 0.0f64;

    loop {
        // Settle everything that can happen at `now`.
        loop {
            let mut progress = false;
            for (t, tile) in tiles.iter_mut().enumerate() {
                progress |= step_scalar(config, &streams[t], t, tile, now, &mut report);
            }
            if ntiles > 0 && tiles.iter().all(|t| t.at_barrier) {
                for (t, tile) in tiles.iter_mut().enumerate() {
                    tile.at_barrier = false;
                    tile.pc += 1;
                    tile.scalar_free = now + config.barrier_cycles as f64;
                    push_trace(&mut report, t, Engine::Scalar, "barrier", now, tile.scalar_free);
                }
                progress = true;
            }
            for (t, tile) in tiles.iter_mut().enumerate() {
                for e in Engine::ALL {
                    let es = &mut tile.engines[e.index()];
                    if es.active.is_some() {
                        continue;
                    }
                    let Some(op) = es.queue.pop_front() else {
                        continue;
                    };
                    let TimedOp::Engine { work, .. } = &streams[t][op] else {
                        continue;
                    };
                    es.active = Some(Active { op, start: now, phase: start_phase(config, t as u32, work, now) });
                    progress = true;
                }
            }
            if !progress {
                break;
            }
        }
        // Fixed phases that already ended (zero-cost) are handled below with
        // the others; recompute transfer rates if the set of flows changed.
        if rates_dirty {
            let live: Vec<usize> = (0..flows.len()).filter(|&i| flows[i].is_some()).collect();
            let demands: Vec<Demand> =
                live.iter().filter_map(|&i| flows[i].as_ref().map(|f| f.demand.clone())).collect();
            let rates = allocate(&demands, |r| match r {
                Resource::Ddr => config.ddr_bytes_per_cycle,
                Resource::Link { .. } => config.noc_link_bytes_per_cycle,
            });
            for (k, &i) in live.iter().enumerate() {
                if let Some(f) = flows[i].as_mut() {
                    f.rate = rates[k];
                }
            }
            rates_dirty = false;
        }

        // Next event time.
        let mut next = f64::INFINITY;
        for tile in &tiles {
            if tile.scalar_free > now + EPS {
                next = next.min(tile.scalar_free);
            }
            for es in &tile.engines {
                match &es.active {
                    Some(Active { phase: Phase::Fixed { until, .. }, .. }) => next = next.min(until.max(now)),
                    Some(Active { phase: Phase::Flowing { flow }, .. }) => {
                        if let Some(f) = flows[*flow].as_ref().filter(|f| f.rate > 0.0) {
                            next = next.min(now + f.remaining / f.rate);
                        }
                    }
                    None => {}
                }
            }
        }
        if !next.is_finite() {
            break;
        }
        let dt = next - now;
        for f in flows.iter_mut().flatten() {
            f.remaining -= f.rate * dt;
        }
        now = next;

        // Complete what is due.
        for (t, tile) in tiles.iter_mut().enumerate() {
            for e in Engine::ALL {
                let es = &mut tile.engines[e.index()];
                let Some(active) = es.active.as_mut() else {
                    continue;
                };
                let finished = match &mut active.phase {
                    Phase::Fixed { until, then } if *until <= now + EPS => match then.take() {
                        Some((_, 0)) => true,
                        Some((demand, bytes)) => {
                            let flow = Flow { remaining: bytes as f64, demand, rate: 0.0 };
                            let slot = match free_slots.pop() {
                                Some(i) => {
                                    flows[i] = Some(flow);
                                    i
                                }
                                None => {
                                    flows.push(Some(flow));
                                    flows.len() - 1
                                }
                            };
                            active.phase = Phase::Flowing { flow: slot };
                            rates_dirty = true;
                            false
                        }
                        None => true,
                    },
                    Phase::Fixed { .. } => false,
                    Phase::Flowing { flow } => {
                        let drained = flows[*flow].as_ref().is_none_or(|f| f.remaining <= EPS * f.rate.max(1.0));
                        if drained {
                            flows[*flow] = None;
                            free_slots.push(*flow);
                            rates_dirty = true;
                        }
                        drained
                    }
                };
                if finished {
                    let op = active.op;
                    let start = active.start;
                    es.active = None;
                    account_transfer(config, t as u32, &streams[t][op], &mut report);
                    let name = match &streams[t][op] {
                        TimedOp::Engine { name, .. } => name.clone(),
                        _ => "?".into(),
                    };
                    report.busy[t][e.index()] += now - start;
                    report.op_spans[t][op] = (start, now);
                    report.trace.push(TraceEvent { tile: t as u32, engine: e, name, start, end: now });
                    report.tile_end[t] = report.tile_end[t].max(now);
                }
            }
        }
    }

    // Everything must have drained; otherwise tiles disagree on barriers.
    for (t, tile) in tiles.iter().enumerate() {
        let busy = tile.engines.iter().any(|e| e.active.is_some() || !e.queue.is_empty());
        if tile.pc < streams[t].len() || busy || tile.issuing.is_some() {
            return Err(SimError::Barrier(format!(
                "timing replay deadlocked: tile {t} stopped at instruction {} of {} (barrier counts differ between tiles?)",
                tile.pc,
                streams[t].len()
            )));
        }
        report.tile_end[t] = report.tile_end[t].max(tile.scalar_free);
    }
    report.end_time = report.tile_end.iter().copied().fold(0.0, f64::max);
    Ok(report)
}

/// Advance one tile's scalar unit at `now`; true if its state changed.
fn step_scalar(
    config: &HardwareConfig,
    stream: &[TimedOp],
    t: usize,
    tile: &mut TileState,
    now: f64,
    report: &mut TimingReport,
) -> bool {
    if tile.scalar_free > now + EPS || tile.at_barrier {
        return false;
    }
    if let Some((e, op)) = tile.issuing.take() {
        tile.engines[e.index()].queue.push_back(op);
        return true;
    }
    let Some(op) = stream.get(tile.pc) else {
        return false;
    };
    match op {
        TimedOp::Engine { engine, name, .. } => {
            let es = &mut tile.engines[engine.index()];
            if es.queue.len() >= queue_depth(config, *engine) {
                return false;
            }
            let issue = issue_cycles(config, *engine);
            if issue > 0 {
                tile.issuing = Some((*engine, tile.pc));
                tile.scalar_free = now + issue as f64;
                push_trace(report, t, Engine::Scalar, &format!("issue {name}"), now, tile.scalar_free);
            } else {
                es.queue.push_back(tile.pc);
            }
            tile.pc += 1;
            true
        }
        TimedOp::Scalar { cycles, name } => {
            tile.scalar_free = now + *cycles as f64;
            push_trace(report, t, Engine::Scalar, name, now, tile.scalar_free);
            tile.pc += 1;
            true
        }
        TimedOp::Join { engines } => {
            let idle = Engine::ALL.iter().filter(|e| engines.contains(**e)).all(|e| {
                let es = &tile.engines[e.index()];
                es.active.is_none() && es.queue.is_empty()
            });
            if !idle {
                return false;
            }
            tile.scalar_free = now + config.join_cycles as f64;
            push_trace(report, t, Engine::Scalar, "join", now, tile.scalar_free);
            tile.pc += 1;
            true
        }
        TimedOp::Barrier => {
            tile.at_barrier = true;
            true
        }
        TimedOp::Mark { id } => {
            report.marks.push(Mark { tile: t as u32, id: *id, time: now });
            tile.pc += 1;
            true
        }
    }
}

fn push_trace(report: &mut TimingReport, t: usize, engine: Engine, name: &str, start: f64, end: f64) {
    report.busy[t][engine.index()] += end - start;
    report.tile_end[t] = report.tile_end[t].max(end);
    report.trace.push(TraceEvent { tile: t as u32, engine, name: name.into(), start, end });
}

/// The first phase of an engine instruction started at `now` on `tile`.
fn start_phase(config: &HardwareConfig, tile: u32, work: &Work, now: f64) -> Phase {
    match work {
        Work::Compute { cycles } => Phase::Fixed { until: now + *cycles as f64, then: None },
        Work::LocalTransfer { bytes } => Phase::Fixed {
            until: now + config.dma_start_cycles as f64 + *bytes as f64 / config.tdma_bytes_per_cycle,
            then: None,
        },
        Work::DdrTransfer { bytes } => Phase::Fixed {
            until: now + config.dma_start_cycles as f64,
            then: Some((
                Demand { resources: vec![Resource::Ddr], cap: config.ddr_transfer_cap_bytes_per_cycle },
                *bytes,
            )),
        },
        Work::NocTransfer { dst_tile, bytes } => {
            let links: Vec<Resource> = xy_route(config, tile, *dst_tile)
                .into_iter()
                .map(|l| Resource::Link { from: l.from, to: l.to })
                .collect();
            // A copy to the tile itself crosses no link; it still moves at link rate.
            let cap = if links.is_empty() { config.noc_link_bytes_per_cycle } else { f64::INFINITY };
            Phase::Fixed {
                until: now + config.dte_message_cycles as f64,
                then: Some((Demand { resources: links, cap }, *bytes)),
            }
        }
    }
}

/// Count a finished instruction's DDR / NoC traffic.
fn account_transfer(config: &HardwareConfig, tile: u32, op: &TimedOp, report: &mut TimingReport) {
    if let TimedOp::Engine { work, .. } = op {
        match work {
            Work::DdrTransfer { bytes } => report.ddr_bytes += bytes,
            Work::NocTransfer { dst_tile, bytes } => {
                report.noc_bytes += bytes;
                for l in xy_route(config, tile, *dst_tile) {
                    *report.link_bytes.entry(l).or_insert(0) += bytes;
                }
            }
            _ => {}
        }
    }
}
