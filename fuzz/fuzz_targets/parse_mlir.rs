//! Fuzz target for the MLIR text parser.
//!
//! Input: arbitrary bytes, read as strata-opt reads a file (bytes that are
//! not UTF-8 are fine in comments and strings). The text is parsed as
//! `strata-opt --allow-unregistered-dialect` would parse it (implicit
//! top-level module). On a parse or verifier error the diagnostic is rendered
//! as strata-opt does (file:line:col, source line, caret). On success the
//! module is verified (`verify`, `verify_symbol_tables`); a verified module is
//! printed in the custom and in the generic form, and the generic form is
//! parsed again: a printed module that does not re-parse is a bug and fails
//! the target. Then `-canonicalize`, `-cse` and `-inline` each run on the
//! module (as `strata-opt -PASS` runs them, verifying after the pass); a pass
//! error, or a result whose custom or generic print does not parse and
//! verify again, fails the target (issue 12).
//! Any panic anywhere is a bug too (issue 2: "nothing panics on any input").
#![no_main]

use libfuzzer_sys::fuzz_target;
use strata_ir::diagnostics::{DiagRenderer, Diagnostic, SourceFile};
use strata_ir::parser::{parse_source, ParseOptions, ParsedModule};
use strata_ir::printer::{print_top_level, PrintOptions};
use strata_ir::Context;
use strata_pass::manager::{OpPassManager, RunConfig, RunReport};
use strata_pass::PassRegistry;

const OPTS: ParseOptions = ParseOptions { allow_unregistered: true };

fn render(ctx: &Context, source: &SourceFile, d: &Diagnostic) -> String {
    let mut s = String::new();
    DiagRenderer { ctx, sources: vec![source] }.render(d, &mut s);
    s
}

fuzz_target!(|data: &[u8]| {
    // The same dialects strata-opt registers.
    let ctx = strata_dialects::context();
    let source = SourceFile::from_bytes("fuzz.mlir", data.to_vec());
    let text = source.text.as_str();
    let m = match parse_source(&ctx, &source, 0..text.len(), OPTS, true) {
        Ok(m) => m,
        Err(d) => {
            render(&ctx, &source, &d);
            return;
        }
    };
    let verified = strata_ir::verifier::verify(&ctx, &m.body, m.op)
        .and_then(|_| strata_ir::verifier::verify_symbol_tables(&ctx, &m.body, m.op));
    if let Err(d) = verified {
        render(&ctx, &source, &d);
        return;
    }
    let custom = print_top_level(&ctx, &m.body, m.op, PrintOptions::default(), &m.resources);
    let generic = print_top_level(&ctx, &m.body, m.op, generic_opts(), &m.resources);

    // The generic output must parse again (in a fresh context, as a new
    // strata-opt process would see it).
    let ctx2 = strata_dialects::context();
    let source2 = SourceFile::new("generic.mlir", generic.clone());
    let m2 = match parse_source(&ctx2, &source2, 0..generic.len(), OPTS, true) {
        Ok(m2) => m2,
        Err(d) => panic!(
            "generic output does not re-parse:\n{}\n--- input ---\n{}\n--- generic output ---\n{}",
            render(&ctx2, &source2, &d),
            text,
            generic
        ),
    };
    if strict() {
        strict_checks(text, &custom, &generic, &ctx2, &m2);
    }
    drop(m);
    for pass in PASSES {
        run_pass_and_reparse(&source, pass);
    }
});

/// The passes run on every input that parses and verifies.
const PASSES: [&str; 3] = ["canonicalize", "cse", "inline"];

fn registry() -> &'static PassRegistry {
    static REGISTRY: std::sync::OnceLock<PassRegistry> = std::sync::OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut r = PassRegistry::default();
        strata_transforms::register_passes(&mut r);
        r
    })
}

/// Parses `source` afresh, runs `pass` on it as `strata-opt -PASS` does (on
/// one thread, verifying afterwards), and checks that the result prints in
/// both forms as text that parses and verifies again.
fn run_pass_and_reparse(source: &SourceFile, pass: &str) {
    let text = source.text.as_str();
    let ctx = strata_dialects::context();
    let Ok(mut m) = parse_source(&ctx, source, 0..text.len(), OPTS, true) else {
        panic!("input parsed once but not twice:\n{text}");
    };
    let top = ctx.op_name_str(m.body.op_name(m.op)).to_string();
    let mut pm = OpPassManager::new(&top);
    pm.add_pass(registry().create(pass, "").expect("registered pass"));
    let cfg = RunConfig { threading: false, ..RunConfig::default() };
    let mut report = RunReport::default();
    if let Err(d) = pm.run(&ctx, &mut m.body, m.op, &cfg, &mut report) {
        panic!("-{pass} failed on a verified module:\n{}\n--- input ---\n{text}", render(&ctx, source, &d));
    }
    for (form, options) in [("custom", PrintOptions::default()), ("generic", generic_opts())] {
        let printed = print_top_level(&ctx, &m.body, m.op, options, &m.resources);
        let ctx2 = strata_dialects::context();
        let source2 = SourceFile::new("after-pass.mlir", printed.clone());
        let reparsed = parse_source(&ctx2, &source2, 0..printed.len(), OPTS, true).and_then(|m2| {
            strata_ir::verifier::verify(&ctx2, &m2.body, m2.op)?;
            strata_ir::verifier::verify_symbol_tables(&ctx2, &m2.body, m2.op)
        });
        if let Err(d) = reparsed {
            panic!(
                "{form} output after -{pass} does not parse and verify again:\n{}\n--- input ---\n{text}\n--- output ---\n{printed}",
                render(&ctx2, &source2, &d)
            );
        }
    }
}

fn generic_opts() -> PrintOptions {
    PrintOptions { generic: true, ..PrintOptions::default() }
}

/// `STRATA_FUZZ_STRICT=1` adds round-trip checks beyond "the generic output
/// parses": the re-parsed generic module verifies and prints the same generic
/// text again, and the custom output re-parses to the same generic text.
fn strict() -> bool {
    static STRICT: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *STRICT.get_or_init(|| std::env::var_os("STRATA_FUZZ_STRICT").is_some_and(|v| v != "0"))
}

fn strict_checks(text: &str, custom: &str, generic: &str, ctx2: &Context, m2: &ParsedModule) {
    let source2 = SourceFile::new("generic.mlir", generic.to_string());
    if let Err(d) = strata_ir::verifier::verify(ctx2, &m2.body, m2.op)
        .and_then(|_| strata_ir::verifier::verify_symbol_tables(ctx2, &m2.body, m2.op))
    {
        panic!(
            "re-parsed generic output does not verify:\n{}\n--- input ---\n{}\n--- generic output ---\n{}",
            render(ctx2, &source2, &d),
            text,
            generic
        );
    }
    let generic2 = print_top_level(ctx2, &m2.body, m2.op, generic_opts(), &m2.resources);
    assert!(
        generic2 == generic,
        "generic print is not a fixed point\n--- input ---\n{text}\n--- generic output ---\n{generic}\n--- generic output of that ---\n{generic2}"
    );
    let ctx3 = strata_dialects::context();
    let source3 = SourceFile::new("custom.mlir", custom.to_string());
    let m3 = match parse_source(&ctx3, &source3, 0..custom.len(), OPTS, true) {
        Ok(m3) => m3,
        Err(d) => panic!(
            "custom output does not re-parse:\n{}\n--- input ---\n{}\n--- custom output ---\n{}",
            render(&ctx3, &source3, &d),
            text,
            custom
        ),
    };
    let generic3 = print_top_level(&ctx3, &m3.body, m3.op, generic_opts(), &m3.resources);
    assert!(
        generic3 == generic,
        "custom output re-parses to a different module\n--- input ---\n{text}\n--- custom output ---\n{custom}\n--- its generic form ---\n{generic3}\n--- generic form of the input ---\n{generic}"
    );
}
