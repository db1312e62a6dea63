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
        self.busy
            .get(tile as usize)
            .map_or(0.0, |b| b[engine.index()])
    }

    /// The trace as Chrome trace-event JSON (opens in Perfetto / chrome://tracing):
    /// one process per tile, one thread (track) per engine, times in
    /// microseconds at the model clock `clock_hz`.
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
