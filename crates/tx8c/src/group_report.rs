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

use crate::driver::Failure;
use crate::roofline::{op_work, Roofline};

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

/// Highest SPM byte a buffer of `op`'s group reaches, from the addresses
/// tx8be-spm-alloc wrote and the sizes the schedule needs.
fn spm_high_water(ctx: &Context, body: &Body, op: Op, hw: &HardwareConfig) -> u64 {
    let Ok((shard, slice)) = recorded_schedule(ctx, body, op) else { return 0 };
    let Ok(steps) = tile_steps(ctx, body, op, &shard, &slice, hw.tiles() as usize) else { return 0 };
    let Ok(g) = GroupCalls::of_anchor(ctx, body, op) else { return 0 };
    let Ok(bufs) = group_buffers(ctx, body, &g, &steps, hw) else { return 0 };
    let mut top = 0u64;
    for (k, slot) in g.loads.iter().enumerate() {
        if let Some(&a) = dev_info(ctx, body, slot.load).mem_addr.last() {
            top = top.max(a as u64 + bufs.loads[k]);
        }
    }
    for (j, &bytes) in bufs.intermediates.iter().enumerate() {
        if let Some(&a) = dev_info(ctx, body, g.calls[j]).mem_addr.first() {
            top = top.max(a as u64 + bytes);
        }
    }
    let d = dev_info(ctx, body, op);
    if let Some(&a) = d.mem_addr.first() {
        top = top.max(a as u64 + bufs.output);
    }
    if d.imm_size > 0 {
        top = top.max(d.imm_addr as u64 + d.imm_size);
    }
    top.saturating_sub(hw.spm_usable_start)
}

/// The rows of every group of a scheduled function body; `simulated` holds
/// (group id, cycles) from the run's markers, if it ran on the C model.
pub fn group_rows(
    ctx: &Context,
    body: &Body,
    hw: &HardwareConfig,
    fp32: bool,
    simulated: &[(u32, f64)],
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
        let sim = simulated.iter().find(|(i, _)| *i as i64 == id).map(|&(_, c)| c);
        let (sharding, split) = recorded_schedule(ctx, body, op).unwrap_or_default();
        rows.push(GroupRow {
            id,
            op: ctx.op_name_str(body.op_name(op)).to_string(),
            ops: calls.calls.iter().map(|&c| ctx.op_name_str(body.op_name(c)).to_string()).collect(),
            loc: crate::codegen::location_text(ctx, body.op_loc(op)),
            estimated_cycles: recorded.or(Some(est.cycles.round())),
            simulated_cycles: sim,
            roofline_cycles: roofline.bound_cycles,
            fraction: sim.filter(|&c| c > 0.0).map(|c| roofline.bound_cycles / c),
            binding_engine: est.binding.to_string(),
            roofline_binding: roofline.binding,
            ddr_bytes: est.ddr_bytes,
            compulsory_bytes: compulsory,
            spm_high_water: spm_high_water(ctx, body, op, hw),
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

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
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
}

/// The self-contained HTML page of the rows (no scripts, no external files).
pub fn report_html(summary: &ReportSummary, rows: &[GroupRow]) -> String {
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>tx8c report</title>\n<style>\n");
    s.push_str("body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse;font-size:13px}th,td{border:1px solid #ccc;padding:2px 6px;text-align:right}th{background:#eee;position:sticky;top:0}td.l{text-align:left}.bar{background:#4a8;height:10px}\n");
    s.push_str("</style></head><body>\n");
    let _ = writeln!(s, "<h1>tx8c: {}</h1>", html_escape(summary.model));
    let frac = summary.simulated_cycles.filter(|&c| c > 0.0).map(|c| summary.roofline.bound_cycles / c);
    let _ = writeln!(
        s,
        "<p>dtype {}; simulated {} cycles; roofline {:.0} cycles ({}-bound); {} of the roofline reached.</p>",
        html_escape(summary.dtype),
        num(summary.simulated_cycles),
        summary.roofline.bound_cycles,
        html_escape(&summary.roofline.binding),
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
        let _ = writeln!(s, "<p>Perfetto / Chrome trace of the run: <code>{}</code> (open it in ui.perfetto.dev; the \"mark\" track of each tile shows the groups).</p>", html_escape(&t.display().to_string()));
    }
    let total: f64 = rows.iter().filter_map(|r| r.simulated_cycles).sum();
    s.push_str("<table>\n<tr><th>group</th><th>op</th><th>location</th><th>simulated</th><th>share</th><th>estimated</th><th>est/sim</th><th>roofline</th><th>fraction</th><th>binding (estimate)</th><th>roofline term</th><th>DDR bytes</th><th>compulsory</th><th>SPM high water</th><th>sharding</th><th>split</th></tr>\n");
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
            html_escape(&r.ops.join(" → ")),
            html_escape(&r.loc),
            num(r.simulated_cycles),
            share.unwrap_or(0.0) * 200.0,
            pct(share),
            num(r.estimated_cycles),
            ratio,
            r.roofline_cycles,
            pct(r.fraction),
            html_escape(&r.binding_engine),
            html_escape(&r.roofline_binding),
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
