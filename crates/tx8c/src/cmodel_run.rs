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
    /// The run split at the program's `op_mark` markers (marker id = group
    /// id), in program order.
    pub marks: Vec<MarkSpan>,
    /// Each engine's busy fraction over the run, per tile.
    pub activity: tx8_cmodel::run_report::Activity,
}

/// One group's part of the run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MarkSpan {
    pub id: u32,
    pub start: f64,
    pub cycles: f64,
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
    let r = tx8_cmodel::run_report::RunReport::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(RunMeasure {
        marks: r.marks.iter().map(|m| MarkSpan { id: m.id, start: m.start, cycles: m.cycles }).collect(),
        total_cycles: r.total_cycles as f64,
        ddr_bytes: r.ddr_bytes as f64,
        noc_bytes: r.noc_bytes as f64,
        busiest_link_bytes: r.busiest_link_bytes as f64,
        launch_cycles: r.launch_cycles as f64,
        host_transfer_cycles: r.host_transfer_cycles as f64,
        engine_busy: r.engine_busy().into_iter().collect(),
        activity: r.activity,
    })
}
