//! Running a compiled program on the C model through `tx8-run` (built next
//! to `tx8c`), and reading back what it wrote: the outputs' bytes and the
//! timing report.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A DDR region the host writes before the run.
pub struct HostInput {
    pub name: String,
    pub file: PathBuf,
    pub ddr_addr: u64,
}

/// A DDR region the host reads after the run.
pub struct HostOutput {
    pub name: String,
    pub ddr_addr: u64,
    pub bytes: u64,
}

/// What a run measured (from tx8-run's report.json).
#[derive(Debug, Clone, Default)]
pub struct RunMeasure {
    pub total_cycles: f64,
    pub ddr_bytes: f64,
    pub noc_bytes: f64,
    pub busiest_link_bytes: f64,
    pub launch_cycles: f64,
    pub host_transfer_cycles: f64,
    /// Busy cycles per engine summed over tiles.
    pub engine_busy: Vec<(String, f64)>,
    /// The run split at the program's `op_mark` markers: (marker id =
    /// group id, cycles), in program order.
    pub marks: Vec<(u32, f64)>,
}

/// The tx8-run executable: TX8_RUN, or next to this executable.
pub fn tx8_run_path() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("TX8_RUN") {
        return Ok(PathBuf::from(p));
    }
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let dir = exe.parent().ok_or("tx8c has no directory")?;
    for cand in [dir.join("tx8-run"), dir.join("../tx8-run")] {
        if cand.is_file() {
            return Ok(cand);
        }
    }
    Err(format!("tx8-run not found next to {} (build it: cargo build -p tx8-cmodel, or set TX8_RUN)", exe.display()))
}

/// Builds and runs `main_c` on the C model; outputs land in `run_dir`.
pub fn run(
    main_c: &Path,
    inputs: &[HostInput],
    outputs: &[HostOutput],
    run_dir: &Path,
    config: Option<&Path>,
) -> Result<RunMeasure, String> {
    let tool = tx8_run_path()?;
    let mut cmd = Command::new(&tool);
    cmd.arg(main_c);
    for i in inputs {
        cmd.arg("--input").arg(format!("{}={}@{:#x}", i.name, i.file.display(), i.ddr_addr));
    }
    for o in outputs {
        cmd.arg("--output").arg(format!("{}={:#x}:{}", o.name, o.ddr_addr, o.bytes));
    }
    cmd.arg("--out-dir").arg(run_dir);
    if let Some(c) = config {
        cmd.arg("--config").arg(c);
    }
    let out = cmd.output().map_err(|e| format!("{}: {e}", tool.display()))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(format!("the program failed on the C model:\n{}", stderr.trim_end()));
    }
    read_report(&run_dir.join("report.json"))
}

fn read_report(path: &Path) -> Result<RunMeasure, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let num = |k: &str| v.get(k).and_then(|x| x.as_f64()).unwrap_or(0.0);
    let mut engine_busy: Vec<(String, f64)> = Vec::new();
    if let Some(tiles) = v.get("tiles").and_then(|t| t.as_array()) {
        for t in tiles {
            if let Some(busy) = t.get("busy_cycles").and_then(|b| b.as_object()) {
                for (engine, cycles) in busy {
                    let c = cycles.as_f64().unwrap_or(0.0);
                    match engine_busy.iter_mut().find(|(e, _)| e == engine) {
                        Some(slot) => slot.1 += c,
                        None => engine_busy.push((engine.clone(), c)),
                    }
                }
            }
        }
    }
    let marks = v
        .get("marks")
        .and_then(|m| m.as_array())
        .map(|a| a.iter().filter_map(|m| Some((m.get("id")?.as_u64()? as u32, m.get("cycles")?.as_f64()?))).collect())
        .unwrap_or_default();
    Ok(RunMeasure {
        marks,
        total_cycles: num("total_cycles"),
        ddr_bytes: num("ddr_bytes"),
        noc_bytes: num("noc_bytes"),
        busiest_link_bytes: num("busiest_link_bytes"),
        launch_cycles: num("launch_cycles"),
        host_transfer_cycles: num("host_transfer_cycles"),
        engine_busy,
    })
}
