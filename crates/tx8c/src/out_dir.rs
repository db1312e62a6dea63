//! The output directory (`-o OUTDIR`): the files tx8c writes there, the
//! check that the directory is tx8c's to write, and the removal of an
//! earlier invocation's files before anything new is written.
//!
//! A failed `--run` into a used directory must not leave the previous run's
//! `compare.json` (`"pass": true`), `run.json` or `outputs.npz` beside the
//! new `main.c`: every file tx8c may write is removed first, so what is
//! there afterwards belongs to this invocation. A directory holding other
//! files (`-o /`, `-o ~`) is refused unless `--force`: clearing it is not
//! tx8c's call, and writing into it mixes tx8c's files with the user's.

use std::path::{Path, PathBuf};

use crate::driver::Failure;

/// Marks a directory tx8c wrote, so a later invocation may clear it.
pub const MARKER: &str = ".tx8c-output";

/// Every file (and directory) an invocation may write into OUTDIR.
pub const WRITTEN: &[&str] = &[
    MARKER,
    "main.c",
    "weights.bin",
    "model.json",
    "model.stablehlo.mlir",
    "model.tx8be.mlir",
    "run",
    "run.json",
    "compare.json",
    "compare_all.json",
    "outputs.npz",
    "trace.json",
];

/// Makes `dir` ready for this invocation: created when missing; when it
/// exists, refused if it holds files tx8c does not write (and is not
/// marked as tx8c's) unless `force`; then cleared of every file tx8c
/// writes and marked. `report` (a file name the user chose inside it) is
/// tx8c's too.
pub fn prepare(dir: &Path, force: bool, report: Option<&Path>) -> Result<(), Failure> {
    let io = |e: std::io::Error| Failure(format!("{}: {e}", dir.display()));
    if dir.exists() && !dir.is_dir() {
        return Err(Failure(format!("{}: not a directory", dir.display())));
    }
    std::fs::create_dir_all(dir).map_err(io)?;
    let report_name = report
        .filter(|r| r.parent().is_some_and(|p| same_dir(p, dir)))
        .and_then(|r| r.file_name())
        .map(|n| n.to_os_string());
    if !force && !dir.join(MARKER).is_file() {
        let foreign: Vec<String> = std::fs::read_dir(dir)
            .map_err(io)?
            .filter_map(|e| e.ok())
            .map(|e| e.file_name())
            .filter(|n| !WRITTEN.iter().any(|w| n == *w) && report_name.as_ref() != Some(n))
            .map(|n| n.to_string_lossy().into_owned())
            .collect();
        if !foreign.is_empty() {
            let mut shown: Vec<&str> = foreign.iter().map(String::as_str).take(3).collect();
            shown.sort_unstable();
            return Err(Failure(format!(
                "{}: the output directory is not empty and not a tx8c output directory (it holds {}{}); choose an empty or new directory, or pass --force to write into it",
                dir.display(),
                shown.join(", "),
                if foreign.len() > 3 { ", ..." } else { "" }
            )));
        }
    }
    for p in WRITTEN.iter().map(|n| dir.join(n)).chain(report_name.map(|n| dir.join(n))) {
        let removed = match std::fs::symlink_metadata(&p) {
            Ok(m) if m.is_dir() => std::fs::remove_dir_all(&p),
            Ok(_) => std::fs::remove_file(&p),
            Err(_) => Ok(()),
        };
        removed.map_err(|e| Failure(format!("{}: cannot remove an earlier result: {e}", p.display())))?;
    }
    std::fs::write(
        dir.join(MARKER),
        "written by tx8c: its files here are removed by the next tx8c run into this directory\n",
    )
    .map_err(io)?;
    Ok(())
}

fn same_dir(a: &Path, b: &Path) -> bool {
    let canon = |p: &Path| -> Option<PathBuf> {
        if p.as_os_str().is_empty() {
            Path::new(".").canonicalize().ok()
        } else {
            p.canonicalize().ok()
        }
    };
    canon(a).is_some_and(|x| canon(b) == Some(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("tx8c-out-dir-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn an_earlier_runs_results_are_removed() {
        let d = temp("stale");
        prepare(&d, false, None).map_err(|f| f.0).unwrap();
        std::fs::write(d.join("compare.json"), "{\"pass\": true}").unwrap();
        std::fs::create_dir_all(d.join("run")).unwrap();
        std::fs::write(d.join("run/report.json"), "{}").unwrap();
        prepare(&d, false, None).map_err(|f| f.0).unwrap();
        assert!(!d.join("compare.json").exists() && !d.join("run").exists());
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_directory_of_other_files_is_refused_unless_forced() {
        let d = temp("foreign");
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("notes.txt"), "mine").unwrap();
        std::fs::write(d.join("outputs.npz"), "old").unwrap();
        let e = prepare(&d, false, None).err().unwrap().0;
        assert!(e.contains("not a tx8c output directory") && e.contains("notes.txt") && e.contains("--force"), "{e}");
        assert!(d.join("outputs.npz").exists(), "a refused directory is left alone");
        prepare(&d, true, None).map_err(|f| f.0).unwrap();
        assert!(d.join("notes.txt").exists() && !d.join("outputs.npz").exists());
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn unmarked_directories_of_tx8c_files_and_the_report_are_accepted() {
        let d = temp("known");
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("main.c"), "").unwrap();
        std::fs::write(d.join("r.html"), "").unwrap();
        prepare(&d, false, Some(&d.join("r.html"))).map_err(|f| f.0).unwrap();
        // Accepted, and the earlier report removed with the other results.
        assert!(d.join(MARKER).is_file() && !d.join("r.html").exists() && !d.join("main.c").exists());
        std::fs::remove_dir_all(&d).unwrap();
    }
}
