//! `tx8-run` as a user meets it: `--help`/`--version` answer without
//! compiling, bad program arguments fail before compiling or simulating
//! (with the C compiler replaced by `false`, any compile attempt would show
//! up as a compiler failure instead), errors of C calls name the tile and
//! instruction with exact numbers, and a racy program gets the same verdict
//! in every one of 50 runs.

use std::path::PathBuf;
use std::process::{Command, Output};

fn c_file(name: &str) -> String {
    format!("{}/c/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn out_dir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn tx8_run(args: &[&str], cc: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tx8-run"));
    c.args(args);
    if let Some(cc) = cc {
        c.env("CC", cc);
    }
    c.output().expect("tx8-run starts")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn help_and_version_answer_without_compiling() {
    for a in ["--help", "-h"] {
        let o = tx8_run(&[a], Some("false"));
        assert!(o.status.success(), "{a}: {}", stderr(&o));
        assert!(String::from_utf8_lossy(&o.stdout).contains("--out-dir"));
    }
    let o = tx8_run(&[&c_file("race_ddr_no_barrier.c"), "--version"], Some("false"));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("tx8-run "));
}

#[test]
fn bad_arguments_fail_before_compiling() {
    let prog = c_file("race_ddr_no_barrier.c");
    let dir = out_dir("cli-bad-args");
    let d = dir.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["--output", "../escape=0x1000000:16", "--out-dir", d], "plain file name"),
        (&["--output", "/tmp/escape=0x1000000:16", "--out-dir", d], "plain file name"),
        (&["--output", "y=0x0:16", "--output", "y=0x10:16"], "named twice"),
        (&["--tiles", "0"], "--tiles 0: expected a tile count from 1 to 16"),
        (&["--tiles", "4294967298"], "--tiles 4294967298:"),
        (&["--frobnicate"], "unknown argument --frobnicate"),
    ];
    for (args, want) in cases {
        let mut all = vec![prog.as_str()];
        all.extend_from_slice(args);
        let o = tx8_run(&all, Some("false"));
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
        assert!(e.contains(want), "{args:?}: expected {want:?} in {e}");
        assert!(!e.contains("failed to build"), "{args:?} compiled first: {e}");
    }
    assert!(!dir.exists());
}

#[test]
fn bad_calls_name_tile_and_instruction_with_exact_numbers() {
    let prog = c_file("bad_calls.c");
    let dir = out_dir("cli-bad-calls");
    let d = dir.to_str().unwrap();
    let o = tx8_run(&[&prog, "-DCASE=1", "--tiles", "1", "--out-dir", d], None);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains("tile 0, instruction #1") && e.to_lowercase().contains("null tsr"), "{e}");
    let o = tx8_run(&[&prog, "-DCASE=2", "--tiles", "1", "--out-dir", d], None);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    // 0xffffffffffffff00 + 4096 bytes ends at 0x10000000000000f00, past 2^64.
    assert!(e.contains("tile 0, instruction #1") && e.contains("0x10000000000000f00"), "{e}");
}

#[test]
fn race_verdict_is_the_same_in_50_runs() {
    let prog = c_file("race_ddr_no_barrier.c");
    let dir = out_dir("cli-race");
    let d = dir.to_str().unwrap();
    let verdicts: Vec<(Option<i32>, String)> = (0..50)
        .map(|_| {
            let o = tx8_run(&[&prog, "--tiles", "2", "--out-dir", d], None);
            (o.status.code(), stderr(&o))
        })
        .collect();
    assert!(verdicts.iter().all(|v| *v == verdicts[0]), "verdicts differ: {verdicts:#?}");
    assert_eq!(verdicts[0].0, Some(1));
    assert!(verdicts[0].1.contains("race on DDR at 0x1000000"), "{}", verdicts[0].1);
    for _ in 0..5 {
        let o = tx8_run(&[&prog, "-DWITH_BARRIER", "--tiles", "2", "--out-dir", d], None);
        assert!(o.status.success(), "{}", stderr(&o));
    }
}
