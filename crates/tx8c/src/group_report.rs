//! The per-group report: for every group of the compiled program, what the
//! cost model estimated (`estimated_cycles`, written by `tx8be-estimate`),
//! what the C model simulated (the run split at the `op_mark` marker codegen
//! puts at each group's start), the group's roofline bound and the fraction
//! of it reached, the binding engine, DDR bytes moved against the
//! compulsory ones, the SPM high-water mark and the schedule chosen. It
//! becomes `run.json`'s `groups` and the `--report FILE.html` page.

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;
use strata_ir::{Body, Context, Op};
use tx8_cmodel::HardwareConfig;
use tx8be::schedule::buffers::recorded_schedule;
use tx8be::schedule::group_calls::GroupCalls;
use tx8be::schedule::groups::group_compute_op;
use tx8be::schedule::groups::groups;
use tx8be::schedule::steps::{group_buffers, tile_steps};
use tx8be::DevAttr;
use tx8be_transforms::cost::estimate_group;

use crate::cmodel_run::MarkSpan;
use crate::driver::Failure;
use crate::report_charts::esc;
use crate::roofline::{op_work, Peaks, Roofline};

/// One group's row.
#[derive(Debug, Clone, Serialize)]
pub struct GroupRow {
    pub id: i64,
    /// The anchor op (the group's last compute op).
    pub op: String,
    /// Every compute op of the group, in order (the anchor last).
    pub ops: Vec<String>,
    pub loc: String,
    pub estimated_cycles: Option<f64>,
    pub simulated_cycles: Option<f64>,
    /// When the group started in the run (its marker, reached by the last
    /// tile), if it ran on the C model.
    pub start_cycles: Option<f64>,
    /// The group's NE FLOPs and CGRA element operations (the roofline's
    /// work terms).
    pub ne_flops: f64,
    pub cgra_ops: f64,
    /// The group's own roofline: its NE FLOPs, CGRA ops and compulsory
    /// bytes at the card's peaks.
    pub roofline_cycles: f64,
    /// roofline_cycles / simulated_cycles.
    pub fraction: Option<f64>,
    /// The engine the cost model finds busiest on the busiest tile
    /// (ne, ct, tdma, ddr or sync: joins, issue and barrier).
    pub binding_engine: String,
    /// Which roofline term binds (ne, cgra, ddr).
    pub roofline_binding: String,
    /// Bytes the schedule moves through DDR, all tiles.
    pub ddr_bytes: u64,
    /// Every operand read once and the result written once.
    pub compulsory_bytes: u64,
    /// Highest SPM byte a buffer of the group reaches, above the usable
    /// window's start.
    pub spm_high_water: u64,
    /// Bytes the group's buffers occupy on one tile.
    pub spm_bytes: u64,
    /// Output parts per dim over the tiles (`tile_parallel`).
    pub sharding: Vec<i64>,
    /// Largest per-step output slice (`dev_info.temporal_mem_slice`).
    pub split: Vec<i64>,
    /// The group whose searched schedule this one reused (`template_id`:
    /// the two are identical), if any.
    pub template_id: Option<i64>,
}

/// Groups that reused an identical group's schedule, over all groups (the
/// template cache's hit rate).
pub fn template_hit_rate(rows: &[GroupRow]) -> Option<f64> {
    (!rows.is_empty()).then(|| rows.iter().filter(|r| r.template_id.is_some()).count() as f64 / rows.len() as f64)
}

fn placed_bytes(ctx: &Context, body: &Body, v: strata_ir::Value) -> u64 {
    tx8be::layout::placed_bytes(ctx, body.value_type(v), tx8be::layout::value_mem_layout(ctx, body, v))
}

fn dev_info(ctx: &Context, body: &Body, op: Op) -> DevAttr {
    body.op_attr(ctx, op, "dev_info").and_then(|a| DevAttr::from_attr(ctx, a)).unwrap_or_default()
}

/// SPM use of `op`'s group on one tile, from the addresses tx8be-spm-alloc
/// wrote (one per buffer) and the sizes the schedule needs: the highest
/// byte a buffer reaches, and the bytes its buffers cover (buffers that
/// share space count once; prefetched weights sit at the window's top, so
/// the highest byte alone says little of how full SPM is).
fn spm_use(ctx: &Context, body: &Body, op: Op, hw: &HardwareConfig) -> (u64, u64) {
    let Ok((shard, slice)) = recorded_schedule(ctx, body, op) else { return (0, 0) };
    let Ok(steps) = tile_steps(ctx, body, op, &shard, &slice, hw.tiles() as usize) else { return (0, 0) };
    let Ok(g) = GroupCalls::of_anchor(ctx, body, op) else { return (0, 0) };
    let Ok(bufs) = group_buffers(ctx, body, &g, &steps, hw) else { return (0, 0) };
    let mut spans: Vec<(u64, u64)> = Vec::new();
    let mut place = |addrs: &[i64], bytes: u64| {
        spans.extend(addrs.iter().filter(|&&a| a > 0 && bytes > 0).map(|&a| (a as u64, a as u64 + bytes)));
    };
    for (k, slot) in g.loads.iter().enumerate() {
        place(&dev_info(ctx, body, slot.load).mem_addr, bufs.loads[k]);
    }
    for (j, &bytes) in bufs.intermediates.iter().enumerate() {
        place(&dev_info(ctx, body, g.calls[j]).mem_addr, bytes);
    }
    let d = dev_info(ctx, body, op);
    place(&d.mem_addr, bufs.output);
    place(&[d.imm_addr], d.imm_size);
    spans.sort_unstable();
    // `reach`: the highest byte of the spans so far, so at the end the top.
    let (mut covered, mut reach) = (0u64, 0u64);
    for (a, b) in spans {
        covered += b.saturating_sub(a.max(reach));
        reach = reach.max(b);
    }
    (reach.saturating_sub(hw.spm_usable_start), covered)
}

/// The rows of every group of a scheduled function body; `simulated` holds
/// the run's marker spans, if it ran on the C model.
pub fn group_rows(
    ctx: &Context,
    body: &Body,
    hw: &HardwareConfig,
    fp32: bool,
    simulated: &[MarkSpan],
) -> Result<Vec<GroupRow>, Failure> {
    let mut rows = Vec::new();
    for g in groups(ctx, body) {
        let Some(op) = group_compute_op(ctx, body, g) else { continue };
        let id = tx8be::dialect::values::attr_i64(ctx, body, g, "group_id").unwrap_or(rows.len() as i64);
        let est = estimate_group(ctx, body, g, hw).map_err(|d| Failure(d.message))?;
        let recorded = body.op_attr(ctx, g, "estimated_cycles").and_then(|a| ctx.as_i64(a)).map(|c| c as f64);
        let calls = GroupCalls::of_anchor(ctx, body, op).map_err(|d| Failure(d.message))?;
        let (mut f, mut v) = (0.0, 0.0);
        for &c in &calls.calls {
            let (cf, cv) = op_work(ctx, body, c, hw);
            f += cf;
            v += cv;
        }
        // Every external value the group loads, read once (an operand
        // loaded by two ops of the group counts once), and the result.
        let mut sources: Vec<strata_ir::Value> = calls.loads.iter().map(|s| body.operand(s.load, 0)).collect();
        sources.sort_by_key(|x| x.index());
        sources.dedup();
        let compulsory = sources.iter().map(|&x| placed_bytes(ctx, body, x)).sum::<u64>()
            + placed_bytes(ctx, body, body.result(op, 0));
        let roofline =
            Roofline { ne_flops: f, cgra_ops: v, ddr_bytes: compulsory as f64, ..Default::default() }.finish(hw, fp32);
        let span = simulated.iter().find(|m| m.id as i64 == id);
        let sim = span.map(|m| m.cycles);
        let (sharding, split) = recorded_schedule(ctx, body, op).unwrap_or_default();
        let (spm_high_water, spm_bytes) = spm_use(ctx, body, op, hw);
        rows.push(GroupRow {
            id,
            op: ctx.op_name_str(body.op_name(op)).to_string(),
            ops: calls.calls.iter().map(|&c| ctx.op_name_str(body.op_name(c)).to_string()).collect(),
            loc: crate::codegen::location_text(ctx, body.op_loc(op)),
            estimated_cycles: recorded.or(Some(est.cycles.round())),
            simulated_cycles: sim,
            start_cycles: span.map(|m| m.start),
            ne_flops: f,
            cgra_ops: v,
            roofline_cycles: roofline.bound_cycles,
            fraction: sim.filter(|&c| c > 0.0).map(|c| roofline.bound_cycles / c),
            binding_engine: est.binding.to_string(),
            roofline_binding: roofline.binding,
            ddr_bytes: est.ddr_bytes,
            compulsory_bytes: compulsory,
            spm_high_water,
            spm_bytes,
            sharding,
            split,
            template_id: tx8be::dialect::values::attr_i64(ctx, body, g, "template_id"),
        });
    }
    Ok(rows)
}

/// |estimate - simulated| / simulated of every group that has both.
pub fn estimate_errors(rows: &[GroupRow]) -> Vec<(f64, &GroupRow)> {
    rows.iter()
        .filter_map(|r| match (r.estimated_cycles, r.simulated_cycles) {
            (Some(e), Some(s)) if s > 0.0 => Some(((e - s).abs() / s, r)),
            _ => None,
        })
        .collect()
}

/// The median of the estimate errors (None without simulated groups).
pub fn median_estimate_error(rows: &[GroupRow]) -> Option<f64> {
    let mut e: Vec<f64> = estimate_errors(rows).into_iter().map(|(e, _)| e).collect();
    if e.is_empty() {
        return None;
    }
    e.sort_by(|a, b| a.total_cmp(b));
    Some(if e.len() % 2 == 1 { e[e.len() / 2] } else { (e[e.len() / 2 - 1] + e[e.len() / 2]) / 2.0 })
}

fn num(v: Option<f64>) -> String {
    v.map(|x| format!("{x:.0}")).unwrap_or_else(|| "-".into())
}

fn pct(v: Option<f64>) -> String {
    v.map(|x| format!("{:.1}%", x * 100.0)).unwrap_or_else(|| "-".into())
}

/// What the page says above the table.
pub struct ReportSummary<'a> {
    pub model: &'a str,
    pub dtype: &'a str,
    pub simulated_cycles: Option<f64>,
    pub roofline: &'a Roofline,
    pub trace: Option<&'a Path>,
    /// The run's engine activity (a C model run only).
    pub activity: Option<&'a tx8_cmodel::run_report::Activity>,
    pub peaks: Peaks,
    /// Bytes of the usable SPM window per tile.
    pub spm_window: u64,
}

/// The self-contained HTML page of the rows (no scripts, no external files).
pub fn report_html(summary: &ReportSummary, rows: &[GroupRow]) -> String {
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>tx8c report</title>\n<style>\n");
    s.push_str("body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse;font-size:13px}th,td{border:1px solid #ccc;padding:2px 6px;text-align:right}th{background:#eee;position:sticky;top:0}td.l{text-align:left}.bar{background:#4a8;height:10px}h2{font-size:16px;margin-top:1.5em}p.caption{color:#555;max-width:960px}svg.chart{display:block}\n");
    s.push_str("</style></head><body>\n");
    let _ = writeln!(s, "<h1>tx8c: {}</h1>", esc(summary.model));
    let frac = summary.simulated_cycles.filter(|&c| c > 0.0).map(|c| summary.roofline.bound_cycles / c);
    let _ = writeln!(
        s,
        "<p>dtype {}; simulated {} cycles; roofline {:.0} cycles ({}-bound); {} of the roofline reached.</p>",
        esc(summary.dtype),
        num(summary.simulated_cycles),
        summary.roofline.bound_cycles,
        esc(&summary.roofline.binding),
        pct(frac)
    );
    if let Some(m) = median_estimate_error(rows) {
        let _ = writeln!(
            s,
            "<p>Cost model: median |estimate - simulated| / simulated over {} groups: {:.1}%.</p>",
            estimate_errors(rows).len(),
            m * 100.0
        );
    }
    if let Some(t) = summary.trace {
        let _ = writeln!(s, "<p>Perfetto / Chrome trace of the run: <code>{}</code> (open it in ui.perfetto.dev; the \"mark\" track of each tile shows the groups).</p>", esc(&t.display().to_string()));
    }
    let charts = [
        (
            "Cycles per group",
            "Each column is a group, in program order (log scale): the light bar is what the C model simulated, the dark bar the group's roofline, the orange tick the cost model's estimate.",
            crate::report_charts::group_cycles_svg(rows),
        ),
        (
            "Engine activity",
            "Each tile's engines over the run, darker where busier; thin vertical lines are where groups start. The full trace is trace.json.",
            summary.activity.map(|a| crate::report_charts::timeline_svg(a, rows)).unwrap_or_default(),
        ),
        (
            "SPM occupancy",
            "The SPM each group's buffers cover on one tile over the schedule (bars), the highest byte they reach (ticks: weights read ahead for the next group sit at the window's top), and the usable window (dashed).",
            crate::report_charts::spm_svg(rows, summary.spm_window),
        ),
        (
            "Roofline",
            "Each group's work per compulsory DDR byte against its work per simulated cycle. Work is in NE-equivalent FLOPs (the group's compute time at the card's NE and CGRA peaks, whichever is longer, times the NE peak), so a point's distance below the roof is its fraction of its own roofline. A group whose weights the group before read ahead counts them in its roofline but not in its time, so it may sit above the roof.",
            crate::report_charts::roofline_svg(rows, &summary.peaks),
        ),
    ];
    for (title, caption, svg) in &charts {
        if !svg.is_empty() {
            let _ = writeln!(s, "<h2>{}</h2>\n<p class=caption>{}</p>\n{svg}", esc(title), esc(caption));
        }
    }
    let total: f64 = rows.iter().filter_map(|r| r.simulated_cycles).sum();
    s.push_str("<h2>Groups</h2>\n<table>\n<tr><th>group</th><th>op</th><th>location</th><th>simulated</th><th>share</th><th>estimated</th><th>est/sim</th><th>roofline</th><th>fraction</th><th>binding (estimate)</th><th>roofline term</th><th>DDR bytes</th><th>compulsory</th><th>SPM high water</th><th>sharding</th><th>split</th></tr>\n");
    for r in rows {
        let share = r.simulated_cycles.filter(|_| total > 0.0).map(|c| c / total);
        let ratio = match (r.estimated_cycles, r.simulated_cycles) {
            (Some(e), Some(c)) if c > 0.0 => format!("{:.2}", e / c),
            _ => "-".into(),
        };
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td class=l>{}</td><td class=l>{}</td><td>{}</td><td class=l><div class=bar style=\"width:{:.0}px\"></div>{}</td><td>{}</td><td>{}</td><td>{:.0}</td><td>{}</td><td class=l>{}</td><td class=l>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=l>{:?}</td><td class=l>{:?}</td></tr>",
            r.id,
            esc(&r.ops.join(" → ")),
            esc(&r.loc),
            num(r.simulated_cycles),
            share.unwrap_or(0.0) * 200.0,
            pct(share),
            num(r.estimated_cycles),
            ratio,
            r.roofline_cycles,
            pct(r.fraction),
            esc(&r.binding_engine),
            esc(&r.roofline_binding),
            r.ddr_bytes,
            r.compulsory_bytes,
            r.spm_high_water,
            r.sharding,
            r.split
        );
    }
    s.push_str("</table>\n</body></html>\n");
    s
}
