//! `strata-opt`: parse MLIR text, verify it, run a pass pipeline on it and
//! print it back, with `mlir-opt`'s flags.

mod options;
mod output;
mod pipeline;
mod posix_regex;
mod split;
mod verify_diagnostics;

use std::io::{Read, Write};
use std::process::ExitCode;

use strata_ir::diagnostics::{DiagRenderer, Diagnostic, SourceFile};
use strata_ir::parser::{parse_source, ParseOptions};
use strata_ir::printer::{print_top_level_to, PrintOptions};
use strata_ir::Context;

/// Parsing, verification and printing recurse over nesting; the worker
/// thread's stack is sized so `MAX_NESTING` levels fit with room to spare.
const STACK_BYTES: usize = 512 << 20;

fn main() -> ExitCode {
    match std::thread::Builder::new().stack_size(STACK_BYTES).spawn(run) {
        Ok(h) => h.join().unwrap_or(ExitCode::FAILURE),
        Err(e) => {
            eprintln!("strata-opt: could not start worker thread: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> ExitCode {
    let opts = match options::parse_args(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("strata-opt: {e}");
            return ExitCode::FAILURE;
        }
    };
    let registry = pipeline::registry();
    if opts.show_help {
        print!("{}", options::HELP);
        print!("{}", registry.help_text());
        return ExitCode::SUCCESS;
    }
    if opts.show_version {
        println!("Strata strata-opt version {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    if opts.show_dialects {
        let ctx = strata_dialects_context(opts.load_test_dialect);
        let mut names: Vec<&str> = ctx.dialect_names().collect();
        names.sort_unstable();
        println!("Available Dialects: {}", names.join(","));
        return ExitCode::SUCCESS;
    }
    if opts.list_passes {
        print!("{}", registry.list_passes_text());
        return ExitCode::SUCCESS;
    }
    if opts.emit_bytecode {
        eprintln!(
            "strata-opt: --emit-bytecode is not supported: Strata reads and writes MLIR text only, not MLIR bytecode"
        );
        return ExitCode::FAILURE;
    }
    if opts.print_module_scope {
        // mlir-opt's own refusal when passes may run on several threads.
        if !opts.disable_threading {
            eprintln!("<unknown>:0: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.\n");
            return ExitCode::FAILURE;
        }
        // Dumps here are of the op a pass ran on; printing the enclosing
        // module instead is not implemented, so say so rather than print
        // something else than asked.
        if opts.print_ir.any() {
            eprintln!("strata-opt: --mlir-print-ir-module-scope is not supported: IR dumps show the operation each pass ran on");
            return ExitCode::FAILURE;
        }
    }
    let passes = match pipeline::PipelineRequest::from_options(&opts, &registry) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let path = opts.input.clone().unwrap_or_else(|| "-".to_string());
    // Bytes, not text: MLIR accepts any bytes inside comments and strings.
    let bytes = if path == "-" {
        let mut b = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut b) {
            eprintln!("strata-opt: could not read standard input: {e}");
            return ExitCode::FAILURE;
        }
        b
    } else {
        match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) => {
                eprintln!("strata-opt: Could not open input file '{path}': {e}");
                return ExitCode::FAILURE;
            }
        }
    };
    let name = if path == "-" { "<stdin>".to_string() } else { path.clone() };
    let source = SourceFile::from_bytes(&name, bytes);
    let ctx = strata_dialects_context(opts.load_test_dialect);
    let chunks = match &opts.split_input_file {
        Some(marker) => {
            let split = split::split(&source.text, marker);
            for &at in &split.near_misses {
                let (line, col) = source.line_col(at);
                let loc = strata_ir::Location::FileLineCol { file: ctx.intern_str(&name), line, col };
                let mut s = String::new();
                DiagRenderer { ctx: &ctx, sources: vec![&source] }
                    .render(&Diagnostic::warning(loc, "near miss with file split marker"), &mut s);
                eprint!("{s}");
            }
            split.chunks
        }
        // One chunk: the whole file.
        None => std::iter::once(0..source.text.len()).collect(),
    };
    let output_marker = opts.output_split_marker.as_deref().unwrap_or(split::DEFAULT_MARKER);
    let mut output = match output::Output::open(opts.output.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let sink = output.writer();
    let mut failed = false;
    let mut not_produced: Vec<String> = Vec::new();
    if opts.verify_diagnostics {
        // mlir-opt reads every annotation of the file before running any
        // chunk, so malformed ones (an invalid regex) are reported first.
        let mut problems = Vec::new();
        if let Err(e) = verify_diagnostics::collect(&source, 0..source.text.len(), &mut problems) {
            problems.push(format!("{e}\n"));
        }
        for p in &problems {
            eprint!("{p}");
        }
        failed = !problems.is_empty();
    }
    for (i, range) in chunks.into_iter().enumerate() {
        if i > 0 {
            if let Err(e) = sink.write_all(format!("{output_marker}\n").as_bytes()) {
                eprintln!("strata-opt: could not write output: {e}");
                return ExitCode::FAILURE;
            }
        }
        match process_chunk(&ctx, &source, range, &opts, &registry, &passes, &mut *sink, &mut not_produced) {
            Ok(()) => {}
            Err(ChunkError::Diagnosed) => failed = true,
            Err(ChunkError::Io(e)) => {
                eprintln!("strata-opt: could not write output: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    // Expectations no chunk produced come last, as mlir-opt reports them.
    for p in &not_produced {
        eprint!("{p}");
    }
    if failed {
        // Standard output still shows the chunks that succeeded; an output
        // file is deleted when `output` is dropped.
        let _ = sink.flush();
        return ExitCode::FAILURE;
    }
    if let Err(e) = output.keep() {
        eprintln!("strata-opt: could not write output: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

enum ChunkError {
    /// Diagnostics were reported on stderr.
    Diagnosed,
    Io(std::io::Error),
}

/// The context with every dialect strata-opt knows, plus the test-only
/// `strata_test` dialect when asked for (hidden flag, tests only).
fn strata_dialects_context(load_test_dialect: bool) -> Context {
    let mut ctx = strata_dialects::context();
    if load_test_dialect {
        strata_dialects::strata_test::register(&mut ctx);
    }
    strata_oneflow::register(&mut ctx);
    strata_stablehlo::register(&mut ctx);
    tx8be::register(&mut ctx);
    strata_llvm::register_dialect(&mut ctx);
    ctx
}

/// Parses, verifies and prints one chunk into `out`; diagnostics go to
/// stderr (or to the expectation checker under `--verify-diagnostics`).
fn process_chunk(
    ctx: &Context,
    source: &SourceFile,
    range: std::ops::Range<usize>,
    opts: &options::Options,
    registry: &strata_pass::PassRegistry,
    passes: &pipeline::PipelineRequest,
    out: &mut dyn Write,
    not_produced: &mut Vec<String>,
) -> Result<(), ChunkError> {
    let start = std::time::Instant::now();
    let parse_opts = ParseOptions { allow_unregistered: opts.allow_unregistered };
    let mut timing = strata_pass::instrument::Timing::default();
    let mut emitted: Vec<Diagnostic> = Vec::new();
    let result = parse_source(ctx, source, range.clone(), parse_opts, !opts.no_implicit_module).and_then(|m| {
        if !opts.skip_verify_on_parse {
            verify_all(ctx, &m)?;
        }
        Ok(m)
    });
    let parsed_at = start.elapsed();
    if opts.timing {
        let mut node = strata_pass::instrument::TimingNode::new("Parser");
        node.wall = parsed_at;
        node.user = parsed_at;
        timing.top.push(node);
    }
    let result = result.and_then(|mut m| {
        let mut report = strata_pass::manager::RunReport::default();
        let r = passes.run(ctx, registry, opts, &mut m.body, m.op, &mut report);
        if !report.dumps.is_empty() {
            eprint!("{}", report.dumps);
        }
        emitted.append(&mut report.emitted);
        timing.top.append(&mut report.timing.top);
        timing.multi_threaded |= report.timing.multi_threaded;
        r.map(|_| m)
    });
    // Under --verify-diagnostics, diagnostics are matched instead of shown;
    // a chunk that still succeeds prints its IR (as mlir-opt does), and the
    // run fails if any expectation was not met.
    let mut expectations_failed = false;
    if opts.verify_diagnostics {
        // Malformed annotations were reported for the whole file already.
        let mut problems = Vec::new();
        let mut expectations = match verify_diagnostics::collect(source, range, &mut Vec::new()) {
            Ok(e) => e,
            Err(_) => return Err(ChunkError::Diagnosed),
        };
        // mlir-opt does not attach the failing op under --verify-diagnostics.
        let mut diags: Vec<Diagnostic> = emitted.clone();
        if let Err(d) = &result {
            let mut d = d.clone();
            d.notes.retain(|n| !n.message.starts_with(strata_ir::verifier::CURRENT_OP_NOTE));
            diags.push(d);
        }
        problems.extend(verify_diagnostics::check(ctx, source, &mut expectations, &diags));
        for p in &problems {
            eprint!("{p}");
        }
        let missing = verify_diagnostics::unmatched(source, &expectations);
        problems.extend(missing.iter().cloned());
        not_produced.extend(missing);
        expectations_failed = !problems.is_empty();
        if result.is_err() {
            return if expectations_failed { Err(ChunkError::Diagnosed) } else { Ok(()) };
        }
        emitted.clear();
    }
    for d in &emitted {
        eprint!("{}", render_diagnostic(ctx, source, d, opts));
    }
    match result {
        Ok(m) => {
            let popts = print_options(ctx, &m, opts, !matches!(passes, pipeline::PipelineRequest::None));
            let print_start = std::time::Instant::now();
            print_top_level_to(out, ctx, &m.body, m.op, popts, &m.resources).map_err(ChunkError::Io)?;
            out.write_all(b"\n").map_err(ChunkError::Io)?;
            if opts.timing {
                out.flush().map_err(ChunkError::Io)?;
                let mut node = strata_pass::instrument::TimingNode::new("Output");
                node.wall = print_start.elapsed();
                node.user = node.wall;
                timing.top.push(node);
                eprint!("{}", timing.report(start.elapsed()));
            }
            if expectations_failed {
                Err(ChunkError::Diagnosed)
            } else {
                Ok(())
            }
        }
        Err(d) => {
            eprint!("{}", render_diagnostic(ctx, source, &d, opts));
            Err(ChunkError::Diagnosed)
        }
    }
}

fn verify_all(ctx: &Context, m: &strata_ir::parser::ParsedModule) -> Result<(), Diagnostic> {
    strata_ir::verifier::verify(ctx, &m.body, m.op)?;
    strata_ir::verifier::verify_symbol_tables(ctx, &m.body, m.op)
}

/// The printing flags of the command line. As MLIR's printer does, IR that
/// may be invalid (not verified after parsing or after the passes) is
/// verified first and printed in generic form if it fails, unless
/// `--mlir-print-assume-verified`.
fn print_options(
    ctx: &Context,
    m: &strata_ir::parser::ParsedModule,
    opts: &options::Options,
    passes_ran: bool,
) -> PrintOptions {
    let maybe_invalid = opts.skip_verify_on_parse || (passes_ran && !opts.verify_each);
    let generic = opts.print_generic || (maybe_invalid && !opts.print_assume_verified && verify_all(ctx, m).is_err());
    PrintOptions {
        generic,
        debug_info: opts.debug_info,
        elide_elements_larger: opts.elide_elements_larger,
        local_scope: opts.local_scope,
        hex_if_larger: opts.hex_if_larger,
        skip_regions: opts.print_skip_regions,
        unique_ssa_ids: opts.print_unique_ssa_ids,
        value_users: opts.print_value_users,
        pretty_debuginfo: opts.pretty_debuginfo,
        nameloc_as_prefix: opts.use_nameloc_as_prefix,
    }
}

/// A diagnostic as mlir-opt prints it on stderr. Under
/// `--mlir-disable-diagnostic-notes` a note emitted on its own prints
/// nothing (mlir-opt's `DiagnosticFilter`); notes attached to an error or
/// warning still print with it, as in mlir-opt.
fn render_diagnostic(ctx: &Context, source: &SourceFile, d: &Diagnostic, opts: &options::Options) -> String {
    let mut s = String::new();
    if opts.disable_diagnostic_notes && d.severity == strata_ir::diagnostics::Severity::Note {
        return s;
    }
    DiagRenderer { ctx, sources: vec![source] }.render(d, &mut s);
    s
}
