//! `report.json`, what a run of `tx8_launch` measured, as one serde type:
//! tx8-run writes it and tx8c reads it with this same definition, so a
//! field one side renames or drops is an error on the other, not a zero.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::card::{Card, RunResult};
use crate::engine::Engine;

/// The whole report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunReport {
    /// Simulated cycles of the kernel, launch and host transfers excluded.
    pub total_cycles: u64,
    /// The fixed cost of starting the kernel (`HardwareConfig::launch_cycles`).
    pub launch_cycles: u64,
    /// Bytes moved over PCIe (inputs and outputs).
    pub host_bytes: u64,
    /// Those bytes at the PCIe rate, reported apart from kernel time.
    pub host_transfer_cycles: u64,
    /// Bytes moved through DDR (RDMA + WDMA).
    pub ddr_bytes: u64,
    /// Bytes sent by DTE, each counted once.
    pub noc_bytes: u64,
    /// Bytes that crossed the busiest directed NoC link.
    pub busiest_link_bytes: u64,
    pub tiles: Vec<TileReport>,
    /// The run split at the program's `op_mark` markers (tx8c: one span per
    /// group), in program order.
    pub marks: Vec<MarkReport>,
    /// How busy each engine of each tile was over the run.
    pub activity: Activity,
}

/// Each engine's activity over the run, coarse enough to draw: the run cut
/// into [`ACTIVITY_BINS`] equal spans and, per tile and engine, the busy
/// fraction of each span. The whole trace (`trace.json`) is the fine view;
/// a report page of a large model cannot carry millions of its events.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Activity {
    /// Cycles of one span.
    pub bin_cycles: f64,
    /// Per tile, per engine that was ever busy (by `Engine::name`), the busy
    /// fraction of each span, to a thousandth.
    pub tiles: Vec<BTreeMap<String, Vec<f64>>>,
}

/// Spans of [`Activity`]: a few pixels each across a page.
pub const ACTIVITY_BINS: usize = 200;

impl Activity {
    fn of_timing(t: &crate::timing::report::TimingReport) -> Activity {
        let tiles = t.busy.len();
        if t.end_time <= 0.0 {
            return Activity { bin_cycles: 0.0, tiles: vec![BTreeMap::new(); tiles] };
        }
        let bin = t.end_time / ACTIVITY_BINS as f64;
        let mut busy = vec![[[0.0f64; ACTIVITY_BINS]; Engine::ALL.len()]; tiles];
        for ev in &t.trace {
            let Some(per) = busy.get_mut(ev.tile as usize) else { continue };
            let spans = &mut per[ev.engine.index()];
            let (start, end) = (ev.start.max(0.0), ev.end.min(t.end_time));
            if end <= start {
                continue;
            }
            let first = ((start / bin) as usize).min(ACTIVITY_BINS - 1);
            let last = ((end / bin) as usize).min(ACTIVITY_BINS - 1);
            for (k, span) in spans.iter_mut().enumerate().take(last + 1).skip(first) {
                let (lo, hi) = (k as f64 * bin, (k + 1) as f64 * bin);
                *span += (end.min(hi) - start.max(lo)).max(0.0);
            }
        }
        let tiles = busy
            .iter()
            .map(|per| {
                Engine::ALL
                    .iter()
                    .filter(|e| per[e.index()].iter().any(|&c| c > 0.0))
                    .map(|e| {
                        let spans = per[e.index()].iter().map(|&c| thousandths((c / bin).min(1.0))).collect();
                        (e.name().to_string(), spans)
                    })
                    .collect()
            })
            .collect();
        Activity { bin_cycles: bin, tiles }
    }
}

/// One tile's share of the run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileReport {
    pub tile: u32,
    pub instructions: u64,
    pub end_cycles: f64,
    /// Busy cycles per engine, by `Engine::name`.
    pub busy_cycles: BTreeMap<String, f64>,
}

/// The cycles between one marker and the next.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkReport {
    pub id: u32,
    pub start: f64,
    pub end: f64,
    pub cycles: f64,
}

/// Cycles as the report gives them: to a thousandth (the event-driven
/// model's fractions of a cycle below that are noise of the flow solver).
fn thousandths(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

impl RunReport {
    /// The report of run `r` on `card`; `host_bytes` moved over PCIe.
    pub fn of_run(card: &Card, r: &RunResult, host_bytes: u64) -> RunReport {
        let t = &r.timing;
        let config = card.config();
        let tiles = (0..t.busy.len())
            .map(|tile| TileReport {
                tile: tile as u32,
                instructions: r.instructions[tile],
                end_cycles: thousandths(t.tile_end[tile]),
                busy_cycles: Engine::ALL
                    .iter()
                    .map(|e| (e.name().to_string(), thousandths(t.busy_cycles(tile as u32, *e))))
                    .collect(),
            })
            .collect();
        let marks = t
            .mark_spans()
            .iter()
            .map(|m| MarkReport {
                id: m.id,
                start: thousandths(m.start),
                end: thousandths(m.end),
                cycles: thousandths(m.end - m.start),
            })
            .collect();
        RunReport {
            total_cycles: t.total_cycles(),
            launch_cycles: config.launch_cycles,
            host_bytes,
            host_transfer_cycles: (host_bytes as f64 / config.pcie_bytes_per_cycle).ceil() as u64,
            ddr_bytes: t.ddr_bytes,
            noc_bytes: t.noc_bytes,
            busiest_link_bytes: t.busiest_link_bytes(),
            tiles,
            marks,
            activity: Activity::of_timing(t),
        }
    }

    /// The report as `report.json` holds it.
    pub fn to_json(&self) -> String {
        // A struct of numbers, strings and maps with string keys always
        // serializes.
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }

    /// Reads `report.json`'s text; a missing, extra or mistyped field is an
    /// error naming it.
    pub fn from_json(text: &str) -> Result<RunReport, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    /// Busy cycles per engine summed over the tiles, by engine name.
    pub fn engine_busy(&self) -> BTreeMap<String, f64> {
        let mut sum = BTreeMap::new();
        for t in &self.tiles {
            for (e, c) in &t.busy_cycles {
                *sum.entry(e.clone()).or_insert(0.0) += c;
            }
        }
        sum
    }
}
