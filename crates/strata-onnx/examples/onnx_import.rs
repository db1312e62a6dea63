//! Imports an `.onnx` file and prints the stablehlo module (the stage
//! `tx8c --emit=stablehlo` runs first), for trying the importer by hand:
//!
//! ```sh
//! cargo run -p strata-onnx --example onnx_import -- MODEL.onnx [--input-shape NAME=1x3x224x224]... [--generic] [--time]
//! ```
//!
//! `--time` prints the wall time of each stage (load, import, verify, print)
//! to stderr. Errors are printed to stderr with exit status 1.

use std::path::Path;
use std::process::ExitCode;

use strata_ir::printer::{print_top_level, PrintOptions};
use strata_onnx::{import_model, load_model, parse_input_shape, ImportOptions};

fn run() -> Result<String, String> {
    let mut args = std::env::args().skip(1);
    let mut model_path = None;
    let mut opts = ImportOptions::default();
    let mut generic = false;
    let mut timing = false;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--input-shape" => {
                let v = args.next().ok_or("--input-shape needs a value")?;
                opts.input_shapes.push(parse_input_shape(&v).map_err(|e| e.to_string())?);
            }
            "--generic" => generic = true,
            "--time" => timing = true,
            _ if a.starts_with("--input-shape=") => {
                opts.input_shapes.push(parse_input_shape(&a["--input-shape=".len()..]).map_err(|e| e.to_string())?);
            }
            _ if model_path.is_none() && !a.starts_with('-') => model_path = Some(a),
            _ => return Err(format!("unexpected argument '{a}'")),
        }
    }
    let path = model_path.ok_or("usage: onnx_import MODEL.onnx [--input-shape NAME=D0xD1...]... [--generic]")?;
    let mut clock = std::time::Instant::now();
    let mut lap = |stage: &str| {
        if timing {
            eprintln!("{stage}: {:.3} s", clock.elapsed().as_secs_f64());
        }
        clock = std::time::Instant::now();
    };
    let model = load_model(Path::new(&path)).map_err(|e| e.to_string())?;
    lap("load");
    let ctx = strata_onnx::context();
    let m = import_model(&ctx, &model, &opts).map_err(|e| format!("{path}: {e}"))?;
    lap("import");
    strata_ir::verifier::verify(&ctx, &m.body, m.module)
        .map_err(|d| format!("{path}: the imported module does not verify: {}", d.message))?;
    lap("verify");
    let text = print_top_level(&ctx, &m.body, m.module, PrintOptions { generic, ..Default::default() }, &[]);
    lap("print");
    Ok(text)
}

fn main() -> ExitCode {
    match run() {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
