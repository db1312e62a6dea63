//! `tx8c`: the TX8 compiler. `tx8c MODEL.onnx -o OUTDIR [--run] [--compare REF.npz]`;
//! see `options.rs` for the flags and `driver.rs` for what runs.

mod cmodel_run;
mod codegen;
mod compare;
mod driver;
mod group_report;
mod host_io;
mod options;
mod out_dir;
mod pipeline;
mod progress;
mod report;
mod report_charts;
mod roofline;
mod run;
mod weights;

use std::process::ExitCode;

// The .npz module lives in the library (lib.rs) so the fuzz target reaches
// it; `crate::npz` keeps naming it here.
use tx8c::npz;

use clap::Parser;

fn main() -> ExitCode {
    let opts = options::Options::parse();
    match driver::run(&opts) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(driver::Failure(msg)) => {
            if msg.contains("error:") {
                eprintln!("{msg}");
            } else if !msg.is_empty() {
                eprintln!("tx8c: error: {msg}");
            }
            ExitCode::FAILURE
        }
    }
}
