//! `tx8_launch`: the `main` of a compiled C program. Parses the launcher's
//! arguments, uploads input files to DDR, runs `tile_main` on every tile,
//! and writes the outputs (`<name>.bin`), `outputs.json` (the seed's
//! saveInfoFile: name, address, size, file of each output), `report.json`
//! (total cycles, per-tile per-engine busy cycles, DDR and NoC bytes; launch
//! and PCIe host-transfer cycles reported apart; `marks`: the run split at
//! the `op_mark` markers) and `trace.json` (Chrome trace events, one track
//! per tile engine, plus a "mark" track when the program has markers).
//!
//! Arguments: `--input NAME=FILE@ADDR` (repeatable; `--inputs` takes a
//! comma-separated list), `--output NAME=ADDR:BYTES` (repeatable; `--outputs`
//! likewise), `--out-dir DIR` (default `tx8-out`), `--config HW.toml`,
//! `--tiles N` (default: all). Addresses are DDR byte addresses, decimal or 0x-hex.

use std::ffi::{c_char, c_int, CStr};
use std::fmt::Write as _;
use std::path::PathBuf;

use crate::capi::with_installed;
use crate::card::{Card, RunResult};
use crate::config::HardwareConfig;
use crate::error::SimError;
use crate::timing::report::json_escape;

/// Parsed launcher arguments.
#[derive(Debug, Clone, Default)]
pub struct LaunchArgs {
    pub inputs: Vec<(String, PathBuf, u64)>,
    pub outputs: Vec<(String, u64, u64)>,
    pub out_dir: PathBuf,
    pub config: Option<PathBuf>,
    pub tiles: Option<u32>,
}

fn number(s: &str) -> Result<u64, SimError> {
    let r = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16),
        None => s.parse(),
    };
    r.map_err(|_| SimError::Host(format!("not a number: {s}")))
}

/// `NAME=FILE@ADDR`.
fn parse_input(v: &str) -> Result<(String, PathBuf, u64), SimError> {
    let bad = || SimError::Host(format!("input {v}: expected NAME=FILE@ADDR"));
    let (name, rest) = v.split_once('=').ok_or_else(bad)?;
    let (file, addr) = rest.rsplit_once('@').ok_or_else(bad)?;
    Ok((name.to_string(), PathBuf::from(file), number(addr)?))
}

/// `NAME=ADDR:BYTES`.
fn parse_output(v: &str) -> Result<(String, u64, u64), SimError> {
    let bad = || SimError::Host(format!("output {v}: expected NAME=ADDR:BYTES"));
    let (name, rest) = v.split_once('=').ok_or_else(bad)?;
    let (addr, bytes) = rest.split_once(':').ok_or_else(bad)?;
    Ok((name.to_string(), number(addr)?, number(bytes)?))
}

impl LaunchArgs {
    /// Parse the arguments after the program name.
    pub fn parse(args: &[String]) -> Result<Self, SimError> {
        let mut a = LaunchArgs { out_dir: PathBuf::from("tx8-out"), ..Default::default() };
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let mut value = || it.next().cloned().ok_or_else(|| SimError::Host(format!("{flag} needs a value")));
            match flag.as_str() {
                "--input" => a.inputs.push(parse_input(&value()?)?),
                "--inputs" => {
                    for v in value()?.split(',').filter(|v| !v.is_empty()) {
                        a.inputs.push(parse_input(v)?);
                    }
                }
                "--output" => a.outputs.push(parse_output(&value()?)?),
                "--outputs" => {
                    for v in value()?.split(',').filter(|v| !v.is_empty()) {
                        a.outputs.push(parse_output(v)?);
                    }
                }
                "--out-dir" => a.out_dir = PathBuf::from(value()?),
                "--config" => a.config = Some(PathBuf::from(value()?)),
                "--tiles" => a.tiles = Some(number(&value()?)? as u32),
                other => return Err(SimError::Host(format!("unknown argument {other}"))),
            }
        }
        Ok(a)
    }
}

/// Run `entry` as the SPMD program described by `args`; writes the output
/// files and returns the run's measurements.
pub fn launch(args: &LaunchArgs, entry: extern "C" fn()) -> Result<RunResult, SimError> {
    let config = match &args.config {
        Some(p) => HardwareConfig::from_toml_file(p)?,
        None => HardwareConfig::default(),
    };
    let card = Card::new(config)?;
    let mut host_bytes = 0u64;
    for (name, file, addr) in &args.inputs {
        let data = std::fs::read(file).map_err(|e| SimError::Host(format!("input {name}: {}: {e}", file.display())))?;
        card.write_ddr(*addr, &data)?;
        host_bytes += data.len() as u64;
    }
    let tiles = args.tiles.unwrap_or(card.config().tiles());
    let result = card.run_on(tiles, |ctx| with_installed(ctx, entry))?;
    let io = |e: std::io::Error| SimError::Host(format!("{}: {e}", args.out_dir.display()));
    std::fs::create_dir_all(&args.out_dir).map_err(io)?;
    let mut info = String::from("{\n  \"outputs\": [");
    for (i, (name, addr, bytes)) in args.outputs.iter().enumerate() {
        let file = format!("{name}.bin");
        std::fs::write(args.out_dir.join(&file), card.read_ddr(*addr, *bytes)?).map_err(io)?;
        let _ = write!(
            info,
            "{}\n    {{\"name\": \"{}\", \"addr\": {addr}, \"bytes\": {bytes}, \"file\": \"{}\"}}",
            if i > 0 { "," } else { "" },
            json_escape(name),
            json_escape(&file)
        );
    }
    info.push_str("\n  ]\n}\n");
    std::fs::write(args.out_dir.join("outputs.json"), info).map_err(io)?;
    std::fs::write(
        args.out_dir.join("report.json"),
        crate::run_report::RunReport::of_run(
            &card,
            &result,
            host_bytes + args.outputs.iter().map(|o| o.2).sum::<u64>(),
        )
        .to_json(),
    )
    .map_err(io)?;
    std::fs::write(args.out_dir.join("trace.json"), result.timing.trace_json(card.config().clock_hz)).map_err(io)?;
    Ok(result)
}

/// The environment variable naming the file `tx8_launch` writes once the
/// run and its output files are complete (set by `tx8-run`).
pub const COMPLETE_ENV: &str = "TX8_RUN_COMPLETE";

/// C entry point: `int main(int argc, char **argv) { return tx8_launch(argc, argv, tile_main); }`.
/// Returns 0 on success, 1 on any error (printed to stderr).
///
/// # Safety
/// `argv` must hold `argc` valid NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn tx8_launch(argc: c_int, argv: *const *const c_char, entry: Option<extern "C" fn()>) -> c_int {
    let Some(entry) = entry else {
        eprintln!("tx8_launch: no tile_main");
        return 1;
    };
    let mut args = Vec::new();
    for i in 1..argc.max(0) as usize {
        // SAFETY: the caller guarantees argv holds argc valid C strings.
        let p = unsafe { *argv.add(i) };
        if !p.is_null() {
            // SAFETY: as above.
            args.push(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned());
        }
    }
    let r = LaunchArgs::parse(&args).and_then(|a| launch(&a, entry).map(|r| (a, r))).and_then(|(a, r)| {
        // tx8-run's proof that the run got here: a program whose tile
        // calls exit() ends with that status before any output is written.
        match std::env::var_os(COMPLETE_ENV) {
            Some(p) => std::fs::write(&p, b"complete\n")
                .map_err(|e| SimError::Host(format!("{}: {e}", std::path::Path::new(&p).display())))
                .map(|_| (a, r)),
            None => Ok((a, r)),
        }
    });
    match r {
        Ok((a, r)) => {
            println!(
                "tx8: {} cycles on {} tiles, DDR {} B, NoC {} B; outputs in {}",
                r.timing.total_cycles(),
                r.instructions.len(),
                r.timing.ddr_bytes,
                r.timing.noc_bytes,
                a.out_dir.display()
            );
            0
        }
        Err(e) => {
            eprintln!("tx8: error: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parses_repeated_and_listed_inputs_and_outputs() {
        let a = LaunchArgs::parse(&args(&[
            "--inputs",
            "x=x.bin@0x1000,w=w.bin@4096",
            "--input",
            "b=b.bin@0x2000",
            "--output",
            "y=0x3000:64",
            "--tiles",
            "4",
        ]))
        .unwrap();
        assert_eq!(a.inputs.len(), 3);
        assert_eq!(a.inputs[1], ("w".to_string(), PathBuf::from("w.bin"), 4096));
        assert_eq!(a.outputs, vec![("y".to_string(), 0x3000, 64)]);
        assert_eq!(a.tiles, Some(4));
        assert_eq!(a.out_dir, PathBuf::from("tx8-out"));
    }

    #[test]
    fn bad_arguments_are_errors() {
        for bad in [
            &["--input", "x.bin"][..],
            &["--output", "y=0x10"],
            &["--tiles"],
            &["--frobnicate"],
            &["--input", "x=f@zz"],
        ] {
            assert!(LaunchArgs::parse(&args(bad)).is_err(), "{bad:?}");
        }
    }
}
