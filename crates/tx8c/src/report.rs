//! `OUTDIR/run.json`: what a run measured against what the hardware allows:
//! simulated cycles, the roofline bound of ../shared/tx8/hardware.md for the
//! model (NE FLOPs, CGRA element-ops, compulsory DDR bytes) and the fraction
//! of it reached, plus compile and wall times, the DDR the program uses,
//! and per group (`group_report.rs`) estimated against simulated cycles.

use std::path::Path;

use serde::Serialize;
use tx8_cmodel::HardwareConfig;
use tx8be::{op_kind, OpKind};

use crate::driver::Failure;
use crate::group_report::{median_estimate_error, GroupRow};
use crate::options::Options;
use crate::roofline::Roofline;
use crate::run::RunResult;

#[derive(Serialize)]
struct RunFile<'a> {
    model: String,
    dtype: &'a str,
    target: &'a str,
    group_count: usize,
    compile_seconds: f64,
    run_wall_seconds: f64,
    /// Kernel cycles on the C model (launch and host transfers excluded).
    simulated_cycles: Option<f64>,
    simulated_ms: Option<f64>,
    roofline: &'a Roofline,
    roofline_ms: f64,
    /// roofline bound / simulated cycles.
    fraction_of_roofline: Option<f64>,
    ddr_bytes: Option<f64>,
    noc_bytes: Option<f64>,
    /// Bytes over the busiest NoC link.
    busiest_link_bytes: Option<f64>,
    launch_cycles: Option<f64>,
    host_transfer_cycles: Option<f64>,
    /// Busy cycles per engine, summed over the tiles.
    engine_busy_cycles: Vec<(String, f64)>,
    /// Placement conversions the program runs (`tx8be.ChannelNorm` ops),
    /// and how many of them convert a constant (the layout and constant
    /// passes aim at none).
    channel_norm_ops: usize,
    channel_norm_on_constants: usize,
    /// Bytes of DDR the program uses (weights, inputs, outputs and the
    /// activation arena after lifetime reuse: tx8be-ddr-alloc's `tx8be.ddr_bytes`).
    ddr_footprint_bytes: Option<u64>,
    /// Median over groups of |estimated - simulated| / simulated.
    estimate_median_error: Option<f64>,
    /// Groups that took an identical group's schedule instead of a search
    /// (the seed's template mechanism), over all groups.
    template_hit_rate: Option<f64>,
    /// Per group: estimate, simulation, roofline, bytes, SPM, schedule.
    groups: &'a [GroupRow],
    /// The run's Perfetto / Chrome trace (OUTDIR/trace.json).
    trace: Option<String>,
}

/// The `tx8be.ChannelNorm` ops of a scheduled function body, and how many
/// read a constant (a `load_const`, or a `tx8be.const` directly).
pub fn channel_norm_counts(ctx: &strata_ir::Context, body: &strata_ir::Body) -> (usize, usize) {
    let (mut all, mut on_constants) = (0, 0);
    body.walk_pre(&mut |op| {
        if op_kind(ctx, body, op) != Some(OpKind::ChannelNorm) {
            return;
        }
        all += 1;
        let reads_constant = body
            .defining_op(body.operand(op, 0))
            .is_some_and(|d| matches!(op_kind(ctx, body, d), Some(OpKind::LoadConst | OpKind::Const)));
        on_constants += reads_constant as usize;
    });
    (all, on_constants)
}

#[allow(clippy::too_many_arguments)]
pub fn write_run_json(
    dir: &Path,
    opts: &Options,
    hw: &HardwareConfig,
    compile_seconds: f64,
    roofline: &Roofline,
    result: &RunResult,
    group_count: usize,
    channel_norms: (usize, usize),
    ddr_footprint_bytes: Option<u64>,
    groups: &[GroupRow],
    trace: Option<&Path>,
) -> Result<(), Failure> {
    let m = result.measure.as_ref();
    let ms = |cycles: f64| cycles / hw.clock_hz as f64 * 1e3;
    let file = RunFile {
        model: opts.model.display().to_string(),
        dtype: opts.dtype.name(),
        target: if m.is_some() { "cmodel" } else { "reference" },
        group_count,
        compile_seconds,
        run_wall_seconds: result.wall_seconds,
        simulated_cycles: m.map(|m| m.total_cycles),
        simulated_ms: m.map(|m| ms(m.total_cycles)),
        roofline,
        roofline_ms: ms(roofline.bound_cycles),
        fraction_of_roofline: m.filter(|m| m.total_cycles > 0.0).map(|m| roofline.bound_cycles / m.total_cycles),
        ddr_bytes: m.map(|m| m.ddr_bytes),
        noc_bytes: m.map(|m| m.noc_bytes),
        busiest_link_bytes: m.map(|m| m.busiest_link_bytes),
        launch_cycles: m.map(|m| m.launch_cycles),
        host_transfer_cycles: m.map(|m| m.host_transfer_cycles),
        engine_busy_cycles: m.map(|m| m.engine_busy.clone()).unwrap_or_default(),
        channel_norm_ops: channel_norms.0,
        channel_norm_on_constants: channel_norms.1,
        ddr_footprint_bytes,
        estimate_median_error: median_estimate_error(groups),
        template_hit_rate: crate::group_report::template_hit_rate(groups),
        groups,
        trace: trace.map(|p| p.display().to_string()),
    };
    let text = serde_json::to_string_pretty(&file).map_err(|e| Failure(e.to_string()))?;
    std::fs::write(dir.join("run.json"), text).map_err(|e| Failure(format!("{}: {e}", dir.display())))?;
    if let (Some(c), Some(f)) = (file.simulated_cycles, file.fraction_of_roofline) {
        eprintln!(
            "tx8c: {:.0} cycles ({:.3} ms) on the C model; roofline {:.0} cycles ({}-bound), {:.1}% of it reached",
            c,
            ms(c),
            roofline.bound_cycles,
            roofline.binding,
            f * 100.0
        );
    }
    Ok(())
}
