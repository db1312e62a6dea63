//! `strata-translate`: a work-alike of `mlir-translate` for
//! `--mlir-to-llvmir`: reads a module in the `llvm` dialect (a file or
//! stdin), verifies it, and writes LLVM IR text (to stdout or `-o FILE`).
//! Errors are reported at their location with a non-zero exit.

use std::io::{Read, Write};
use std::process::ExitCode;

use strata_ir::diagnostics::SourceFile;
use strata_ir::parser::{parse_source, ParseOptions};

const USAGE: &str = "usage: strata-translate --mlir-to-llvmir [FILE|-] [-o FILE]";

fn main() -> ExitCode {
    let mut input: Option<String> = None;
    let mut output: Option<String> = None;
    let mut mode = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--mlir-to-llvmir" | "-mlir-to-llvmir" => mode = true,
            "-o" => match args.next() {
                Some(o) => output = Some(o),
                None => {
                    eprintln!("strata-translate: -o needs a file name\n{USAGE}");
                    return ExitCode::from(1);
                }
            },
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ if a.starts_with('-') && a != "-" => {
                eprintln!("strata-translate: unknown option '{a}'\n{USAGE}");
                return ExitCode::from(1);
            }
            _ => input = Some(a),
        }
    }
    if !mode {
        eprintln!("strata-translate: no translation given (only --mlir-to-llvmir is supported)\n{USAGE}");
        return ExitCode::from(1);
    }
    let name = input.clone().unwrap_or_else(|| "-".into());
    let bytes = if name == "-" {
        let mut b = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut b) {
            eprintln!("strata-translate: cannot read stdin: {e}");
            return ExitCode::from(1);
        }
        b
    } else {
        match std::fs::read(&name) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("strata-translate: cannot open '{name}': {e}");
                return ExitCode::from(1);
            }
        }
    };
    let source = SourceFile::from_bytes(if name == "-" { "<stdin>" } else { &name }, bytes);
    let mut ctx = strata_dialects::context();
    strata_llvm::register_dialect(&mut ctx);
    let report = |d: &strata_ir::Diagnostic| {
        let mut s = String::new();
        strata_ir::diagnostics::DiagRenderer { ctx: &ctx, sources: vec![&source] }.render(d, &mut s);
        eprint!("{s}");
    };
    let module = match parse_source(&ctx, &source, 0..source.text.len(), ParseOptions::default(), true) {
        Ok(m) => m,
        Err(d) => {
            report(&d);
            return ExitCode::from(1);
        }
    };
    if let Err(d) = strata_ir::verifier::verify(&ctx, &module.body, module.op) {
        report(&d);
        return ExitCode::from(1);
    }
    let text = match strata_llvm::translate::translate_module(&ctx, &module.body, module.op) {
        Ok(t) => t,
        Err(d) => {
            report(&d);
            return ExitCode::from(1);
        }
    };
    let written = match output.as_deref() {
        None | Some("-") => std::io::stdout().write_all(text.as_bytes()),
        Some(path) => std::fs::write(path, text.as_bytes()),
    };
    if let Err(e) = written {
        eprintln!("strata-translate: cannot write output: {e}");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
