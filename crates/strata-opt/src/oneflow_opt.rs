//! `oneflow-opt`: strata-opt under the name OneFlow's tests invoke
//! (`// RUN: oneflow-opt %s ...`). It replaces itself with the
//! `strata-opt` binary built beside it, passing its arguments on, so both
//! names run the same tool with the same dialects and passes.

use std::process::{Command, ExitCode};

#[cfg(unix)]
fn run(cmd: &mut Command) -> std::io::Error {
    use std::os::unix::process::CommandExt;
    cmd.exec()
}

#[cfg(not(unix))]
fn run(cmd: &mut Command) -> std::io::Error {
    match cmd.status() {
        Ok(s) => std::process::exit(s.code().unwrap_or(1)),
        Err(e) => e,
    }
}

fn main() -> ExitCode {
    let exe = match std::env::current_exe() {
        Ok(p) => p.with_file_name(format!("strata-opt{}", std::env::consts::EXE_SUFFIX)),
        Err(e) => {
            eprintln!("oneflow-opt: cannot locate itself: {e}");
            return ExitCode::FAILURE;
        }
    };
    let err = run(Command::new(&exe).args(std::env::args_os().skip(1)));
    eprintln!("oneflow-opt: cannot run {}: {err}", exe.display());
    ExitCode::FAILURE
}
