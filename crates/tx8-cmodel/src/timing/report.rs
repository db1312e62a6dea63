//! What a timing simulation measured: total and per-tile cycles, per-engine
//! busy cycles, DDR and NoC traffic, and the per-instruction trace (which
//! `trace_json` renders as Chrome trace-event JSON, one track per tile engine).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

use crate::engine::Engine;
use crate::timing::noc::Link;

/// One instruction's (or one scalar action's) time on one engine.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceEvent {
    pub tile: u32,
    pub engine: Engine,
    pub name: Arc<str>,
    /// Start, in cycles (fractional: DDR sharing makes transfers end between cycles).
    pub start: f64,
    pub end: f64,
}

/// When one tile's scalar unit reached a marker (`TimedOp::Mark`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mark {
    pub tile: u32,
    pub id: u32,
    pub time: f64,
}

/// The part of a run from one marker to the next: it starts when the last
/// tile reaches its marker and ends when the last tile reaches the next
/// one (the run's end for the last part), so the parts add up to the run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MarkSpan {
    pub id: u32,
    pub start: f64,
    pub end: f64,
}

/// The result of replaying all tiles' instruction streams.
#[derive(Debug, Clone, Default)]
pub struct TimingReport {
    /// Time the last tile finished its last instruction, in cycles (exact).
    pub end_time: f64,
    /// Per tile, time its scalar unit and engines were all done.
    pub tile_end: Vec<f64>,
    /// Per tile, busy cycles of each engine (index = `Engine::index`).
    pub busy: Vec<[f64; 7]>,
    /// Bytes moved through DDR (RDMA + WDMA).
    pub ddr_bytes: u64,
    /// Bytes sent by DTE (each counted once, whatever its hop count).
    pub noc_bytes: u64,
    /// Bytes that crossed each directed NoC link.
    pub link_bytes: BTreeMap<Link, u64>,
    /// Every engine interval, in completion order.
    pub trace: Vec<TraceEvent>,
    /// Per tile, per recorded op: (start, end) of its engine execution
    /// (NaN for scalar, join and barrier ops).
    pub op_spans: Vec<Vec<(f64, f64)>>,
    /// Every marker reached, in the order the replay reached them.
    pub marks: Vec<Mark>,
}

impl TimingReport {
    /// Total cycles of the run (end time rounded up to a whole cycle).
    pub fn total_cycles(&self) -> u64 {
        (self.end_time - 1e-6).ceil().max(0.0) as u64
    }

    /// Bytes over the busiest NoC link.
    pub fn busiest_link_bytes(&self) -> u64 {
        self.link_bytes.values().copied().max().unwrap_or(0)
    }

    /// Busy cycles of `engine` on `tile`.
    pub fn busy_cycles(&self, tile: u32, engine: Engine) -> f64 {
        self.busy.get(tile as usize).map_or(0.0, |b| b[engine.index()])
    }

    /// The run split at its markers, in the order tile 0 reached them (every
    /// tile runs the same program, so the same order): each part from the
    /// last tile reaching its marker to the last tile reaching the next.
    /// The time before the first marker is not in any part.
    pub fn mark_spans(&self) -> Vec<MarkSpan> {
        let mut order: Vec<u32> = Vec::new();
        let mut latest: BTreeMap<(u32, usize), f64> = BTreeMap::new();
        let mut seen: BTreeMap<(u32, u32), usize> = BTreeMap::new();
        for m in &self.marks {
            // The k-th time a tile reaches marker `id` (a marker in a loop).
            let k = seen.entry((m.tile, m.id)).or_insert(0);
            if m.tile == 0 {
                order.push(m.id);
            }
            let t = latest.entry((m.id, *k)).or_insert(m.time);
            *t = t.max(m.time);
            *k += 1;
        }
        let mut nth: BTreeMap<u32, usize> = BTreeMap::new();
        let starts: Vec<(u32, f64)> = order
            .iter()
            .map(|&id| {
                let k = nth.entry(id).or_insert(0);
                let s = latest.get(&(id, *k)).copied().unwrap_or(0.0);
                *k += 1;
                (id, s)
            })
            .collect();
        (0..starts.len())
            .map(|i| MarkSpan {
                id: starts[i].0,
                start: starts[i].1,
                end: starts.get(i + 1).map_or(self.end_time, |n| n.1).max(starts[i].1),
            })
            .collect()
    }

    /// The trace as Chrome trace-event JSON (opens in Perfetto / chrome://tracing):
    /// one process per tile, one thread (track) per engine, times in
    /// microseconds at the model clock `clock_hz`. Markers add a "mark"
    /// track per tile: one span per marker, up to the tile's next marker.
    pub fn trace_json(&self, clock_hz: u64) -> String {
        let us_per_cycle = 1e6 / clock_hz as f64;
        let mut out = String::from("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
        let mut first = true;
        let mut sep = |out: &mut String| {
            if !first {
                out.push_str(",\n");
            }
            first = false;
        };
        for tile in 0..self.busy.len() {
            sep(&mut out);
            let _ = write!(
                out,
                "{{\"ph\":\"M\",\"pid\":{tile},\"tid\":0,\"name\":\"process_name\",\"args\":{{\"name\":\"tile {tile}\"}}}}"
            );
            for e in Engine::ALL {
                sep(&mut out);
                let _ = write!(
                    out,
                    "{{\"ph\":\"M\",\"pid\":{tile},\"tid\":{},\"name\":\"thread_name\",\"args\":{{\"name\":\"{}\"}}}}",
                    e.index(),
                    e.name()
                );
            }
            if !self.marks.is_empty() {
                sep(&mut out);
                let _ = write!(
                    out,
                    "{{\"ph\":\"M\",\"pid\":{tile},\"tid\":{MARK_TRACK},\"name\":\"thread_name\",\"args\":{{\"name\":\"mark\"}}}}"
                );
            }
        }
        for (tile, marks) in self.marks_per_tile().iter().enumerate() {
            for (i, m) in marks.iter().enumerate() {
                let end =
                    marks.get(i + 1).map_or(self.tile_end.get(tile).copied().unwrap_or(m.time), |n| n.time).max(m.time);
                sep(&mut out);
                let _ = write!(
                    out,
                    "{{\"ph\":\"X\",\"pid\":{tile},\"tid\":{MARK_TRACK},\"name\":\"mark {}\",\"ts\":{:.6},\"dur\":{:.6}}}",
                    m.id,
                    m.time * us_per_cycle,
                    (end - m.time) * us_per_cycle
                );
            }
        }
        for ev in &self.trace {
            sep(&mut out);
            let _ = write!(
                out,
                "{{\"ph\":\"X\",\"pid\":{},\"tid\":{},\"name\":\"{}\",\"ts\":{:.6},\"dur\":{:.6}}}",
                ev.tile,
                ev.engine.index(),
                json_escape(&ev.name),
                ev.start * us_per_cycle,
                (ev.end - ev.start) * us_per_cycle
            );
        }
        out.push_str("\n]}\n");
        out
    }
}

/// The trace track (thread id) of the markers, after the engines'.
const MARK_TRACK: usize = Engine::ALL.len();

impl TimingReport {
    /// The markers of each tile, in the order it reached them.
    fn marks_per_tile(&self) -> Vec<Vec<Mark>> {
        let mut per: Vec<Vec<Mark>> = vec![Vec::new(); self.busy.len()];
        for m in &self.marks {
            if let Some(v) = per.get_mut(m.tile as usize) {
                v.push(*m);
            }
        }
        per
    }
}

/// Escape a string for a JSON string literal.
pub fn json_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o
}
