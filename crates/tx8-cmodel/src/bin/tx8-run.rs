//! `tx8-run prog.c [-DNAME=VALUE]... [--input NAME=FILE@ADDR]... [--output NAME=ADDR:BYTES]... [--out-dir DIR] [--config HW.toml] [--tiles N]`
//!
//! `-D` and `-I` arguments go to the C compiler; the rest to the program,
//! checked first (`run_args`) so a bad argument is reported before anything
//! is compiled. `--help` and `--version` answer without compiling.
//! Builds an SPMD C program (which defines `void tile_main(void)` and
//! includes `tx8.h`) with the system C compiler against the C model's shared
//! library, runs it, and leaves the outputs, `outputs.json`, `report.json`
//! and `trace.json` in the output directory (see `capi::launch`).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const HEADER: &str = include_str!("../../include/tx8.h");
const DRIVER: &str = "#include \"tx8.h\"\nvoid tile_main(void);\nint main(int argc, char **argv) { return tx8_launch(argc, (const char *const *)argv, tile_main); }\n";

/// The directory holding libtx8_cmodel.so: TX8_LIB_DIR, or else the newest
/// copy next to this executable (cargo's target dir: `cargo test` refreshes
/// only the one in `deps/`).
fn lib_dir() -> Result<PathBuf, String> {
    if let Some(d) = std::env::var_os("TX8_LIB_DIR") {
        return Ok(PathBuf::from(d));
    }
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let dir = exe.parent().ok_or("executable has no directory")?;
    let newest = [dir.to_path_buf(), dir.join("deps"), dir.join("..")]
        .into_iter()
        .filter_map(|d| {
            let modified = std::fs::metadata(d.join("libtx8_cmodel.so")).and_then(|m| m.modified()).ok()?;
            Some((modified, d))
        })
        .max_by_key(|(m, _)| *m);
    if let Some((_, d)) = newest {
        return Ok(d);
    }
    Err(format!("libtx8_cmodel.so not found next to {} (build the crate, or set TX8_LIB_DIR)", exe.display()))
}

/// The largest file the C compiler may write, 4 GiB unless
/// `TX8_RUN_MAX_FILE_BYTES` says otherwise. A program declaring a huge
/// static table (`BOX t[2147483648] = {...}`) is valid C; without a limit
/// the assembler writes its object file until the disk is full, minutes
/// later. The generated programs' objects are a few MB (weights come from
/// files at run time).
fn max_file_bytes() -> u64 {
    std::env::var("TX8_RUN_MAX_FILE_BYTES").ok().and_then(|v| v.parse().ok()).unwrap_or(4 << 30)
}

/// Limits the size of every file `cmd` and its children write.
fn limit_file_size(cmd: &mut Command, bytes: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs in the child between fork and exec and only
    // calls setrlimit, which is async-signal-safe.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit { rlim_cur: bytes as libc::rlim_t, rlim_max: bytes as libc::rlim_t };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

fn build(prog: &Path, cflags: &[String], work: &Path, lib: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(work).map_err(|e| e.to_string())?;
    std::fs::write(work.join("tx8.h"), HEADER).map_err(|e| e.to_string())?;
    std::fs::write(work.join("tx8_driver.c"), DRIVER).map_err(|e| e.to_string())?;
    let exe = work.join("prog");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let max_bytes = max_file_bytes();
    let mut command = Command::new(&cc);
    limit_file_size(&mut command, max_bytes);
    let status = command
        .args(["-std=c11", "-O2", "-Wall", "-Werror", "-I"])
        .arg(work)
        .args(cflags)
        .arg(prog)
        .arg(work.join("tx8_driver.c"))
        // The library by full path (it has no soname, so the path itself is
        // recorded): the program loads exactly this copy whatever
        // LD_LIBRARY_PATH says.
        .arg(lib.join("libtx8_cmodel.so"))
        .args(["-lm", "-o"])
        .arg(&exe)
        .status()
        .map_err(|e| format!("{cc}: {e}"))?;
    if !status.success() {
        return Err(format!(
            "{cc} failed to build {} (the compiler may write files of at most {max_bytes} bytes: TX8_RUN_MAX_FILE_BYTES)",
            prog.display()
        ));
    }
    Ok(exe)
}

const USAGE: &str = "usage: tx8-run prog.c [-DNAME=VALUE]... [-IDIR]... [--input NAME=FILE@ADDR]... [--output NAME=ADDR:BYTES]... [--out-dir DIR] [--config HW.toml] [--tiles N]";

const HELP: &str = "
Compiles an SPMD C program (defining `void tile_main(void)`, including
tx8.h) against the TX8 C model and runs it on the simulated card.

  -DNAME=VALUE, -IDIR        passed to the C compiler ($CC, default cc)
  --input NAME=FILE@ADDR     upload FILE to DDR at ADDR before the run
                             (repeatable; --inputs takes a comma list)
  --output NAME=ADDR:BYTES   after the run, write BYTES of DDR at ADDR to
                             OUT-DIR/NAME.bin (NAME: a plain file name)
  --out-dir DIR              where outputs, outputs.json, report.json and
                             trace.json go (default tx8-out)
  --config HW.toml           hardware figures (default: the built-in card)
  --tiles N                  run on tiles 0..N (default: every tile)
  -h, --help                 this text
  -V, --version              the version

The C compiler may write files of at most TX8_RUN_MAX_FILE_BYTES bytes
(default 4 GiB). Addresses and counts are decimal or 0x-hex. Exit status: 0 on success,
1 on any error (compile error, bad argument, simulation error or race),
2 on a usage error.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Answered before anything is compiled, wherever they stand.
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}\n{HELP}");
        return ExitCode::SUCCESS;
    }
    if args.iter().any(|a| a == "--version" || a == "-V") {
        println!("tx8-run {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    let Some(prog) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if prog.starts_with('-') {
        eprintln!("tx8-run: the first argument must be the C program, not {prog}\n{USAGE}");
        return ExitCode::from(2);
    }
    let (cflags, rest): (Vec<String>, Vec<String>) =
        args[1..].iter().cloned().partition(|a| a.starts_with("-D") || a.starts_with("-I"));
    // Bad program arguments fail now, not after compiling and simulating.
    if let Err(e) = tx8_cmodel::run_args::check_launch_args(&rest) {
        match e {
            tx8_cmodel::SimError::Host(m) => eprintln!("tx8-run: {m}"),
            other => eprintln!("tx8-run: {other}"),
        }
        return ExitCode::FAILURE;
    }
    if !Path::new(prog).is_file() {
        eprintln!("tx8-run: {prog}: no such file");
        return ExitCode::FAILURE;
    }
    let work = std::env::temp_dir().join(format!("tx8-run-{}", std::process::id()));
    let result = lib_dir().and_then(|lib| build(Path::new(prog), &cflags, &work, &lib));
    let complete = work.join("complete");
    let code = match result {
        Ok(exe) => match Command::new(&exe).args(&rest).env(tx8_cmodel::capi::launch::COMPLETE_ENV, &complete).status()
        {
            Ok(s) if s.success() && complete.is_file() => ExitCode::SUCCESS,
            Ok(s) if s.success() => {
                eprintln!("tx8-run: the program exited with status 0 before the run completed (exit() called on a tile?): no outputs, out-dir or report were written");
                ExitCode::FAILURE
            }
            Ok(s) => {
                eprintln!("tx8-run: program exited with {s}");
                ExitCode::FAILURE
            }
            Err(e) => {
                eprintln!("tx8-run: cannot run {}: {e}", exe.display());
                ExitCode::FAILURE
            }
        },
        Err(e) => {
            eprintln!("tx8-run: {e}");
            ExitCode::FAILURE
        }
    };
    let _ = std::fs::remove_dir_all(&work);
    code
}
