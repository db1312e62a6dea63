//! What one `tx8c` invocation does, stage by stage: load the model (ONNX,
//! or MLIR text holding stablehlo or tx8be), run the pass pipeline, print
//! IR or write `main.c` + `weights.bin` + `model.json`, and optionally run
//! the program (on the C model or the reference interpreter), compare its
//! outputs and write `run.json` / `compare.json`.

use std::path::{Path, PathBuf};

use strata_ir::diagnostics::{DiagRenderer, SourceFile};
use strata_ir::parser::{parse_source, ParseOptions};
use strata_ir::printer::{print_top_level, PrintOptions};
use strata_ir::{Body, Context, Diagnostic, Op};
use tx8_cmodel::HardwareConfig;
use tx8be::{op_kind, OpKind};

use crate::codegen::emit_c::emit_main_c;
use crate::codegen::read_ir::read_program;
use crate::host_io::{model_io, ModelInfo, WeightsInfo};
use crate::options::{Dtype, Emit, Options, RunTarget};
use crate::progress::Progress;

/// A failure: the message to print (already rendered; empty: exit 1 with
/// nothing to say, as when standard output was closed).
pub struct Failure(pub String);

impl Failure {
    pub fn quiet() -> Failure {
        Failure(String::new())
    }
}

impl From<String> for Failure {
    fn from(s: String) -> Self {
        Failure(s)
    }
}

/// The loaded module and where its text came from (for diagnostics).
struct Loaded {
    body: Body,
    module: Op,
    source: Option<SourceFile>,
    level: crate::pipeline::InputLevel,
}

pub fn context() -> Context {
    let mut ctx = strata_dialects::context();
    strata_stablehlo::register(&mut ctx);
    tx8be::register(&mut ctx);
    ctx
}

/// A diagnostic as text: MLIR's rendering for a `.mlir` input; for an ONNX
/// model, whose locations are node names, `node 'name': message` lines
/// (see-current-operation notes dropped: the user never saw that IR).
fn render(ctx: &Context, source: Option<&SourceFile>, d: &Diagnostic) -> String {
    if source.is_some() {
        let mut s = String::new();
        DiagRenderer { ctx, sources: source.into_iter().collect() }.render(d, &mut s);
        return s.trim_end().to_string();
    }
    let line = |loc, msg: &str| match crate::codegen::location_text(ctx, loc) {
        t if t.starts_with('"') => format!("node {}: {msg}", t.replace('"', "'")),
        t if t.is_empty() => msg.to_string(),
        t => format!("{t}: {msg}"),
    };
    let mut out = format!("tx8c: error: {}", line(d.loc, &d.message));
    for n in &d.notes {
        if !n.message.starts_with(strata_ir::verifier::CURRENT_OP_NOTE) {
            out.push_str(&format!("\n  note: {}", line(n.loc, &n.message)));
        }
    }
    out
}

fn load(ctx: &Context, opts: &Options) -> Result<Loaded, Failure> {
    let path = &opts.model;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    match ext {
        "onnx" => {
            // The loader's errors name the file already.
            let model = strata_onnx::load_model(path).map_err(|e| Failure(e.to_string()))?;
            let mut shapes = Vec::new();
            for spec in &opts.input_shapes {
                shapes.push(
                    strata_onnx::parse_input_shape(spec).map_err(|e| Failure(format!("--input-shape {spec}: {e}")))?,
                );
            }
            let imported = strata_onnx::import_model(ctx, &model, &strata_onnx::ImportOptions { input_shapes: shapes })
                .map_err(|e| Failure(format!("{}: {e}", path.display())))?;
            Ok(Loaded {
                body: imported.body,
                module: imported.module,
                source: None,
                level: crate::pipeline::InputLevel::Graph,
            })
        }
        "mlir" => {
            let text = std::fs::read_to_string(path).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
            let source = SourceFile::new(&path.display().to_string(), text);
            let len = source.text.len();
            let parsed = parse_source(ctx, &source, 0..len, ParseOptions { allow_unregistered: false }, true)
                .and_then(|m| strata_ir::verifier::verify(ctx, &m.body, m.op).map(|_| m))
                .map_err(|d| Failure(render(ctx, Some(&source), &d)))?;
            let level = input_level(ctx, &parsed.body, parsed.op);
            Ok(Loaded { body: parsed.body, module: parsed.op, source: Some(source), level })
        }
        _ => Err(Failure(format!("{}: expected a .onnx model or a .mlir file (stablehlo or tx8be)", path.display()))),
    }
}

/// The level of a `.mlir` input: stablehlo (no tx8be op), tx8be before
/// grouping, or tx8be already grouped (its layouts and constants decided).
/// The input is parsed without unregistered ops, so every tx8be op has a kind.
fn input_level(ctx: &Context, body: &Body, module: Op) -> crate::pipeline::InputLevel {
    use crate::pipeline::InputLevel;
    let Some(mb) = body.nested(module) else { return InputLevel::Graph };
    let (mut tx8be, mut grouped) = (false, false);
    for f in tx8be::schedule::groups::entry_ops(mb) {
        tx8be |= op_kind(ctx, mb, f).is_some();
        if let Some(fb) = mb.nested(f) {
            fb.walk_pre(&mut |op| {
                let kind = op_kind(ctx, fb, op);
                tx8be |= kind.is_some();
                grouped |= kind == Some(OpKind::Group);
            });
        }
    }
    match (tx8be, grouped) {
        (false, _) => InputLevel::Graph,
        (true, false) => InputLevel::Backend,
        (true, true) => InputLevel::Grouped,
    }
}

/// The `func.func` to compile: `@main`, or else the only public function.
fn main_func(ctx: &Context, module_body: &Body) -> Result<Op, Failure> {
    let funcs: Vec<Op> = tx8be::schedule::groups::entry_ops(module_body)
        .into_iter()
        .filter(|&op| ctx.op_name_str(module_body.op_name(op)) == "func.func")
        .collect();
    let name = |op: Op| {
        module_body.op_attr(ctx, op, "sym_name").and_then(|a| ctx.as_string(a)).map(|s| s.to_vec()).unwrap_or_default()
    };
    if let Some(&f) = funcs.iter().find(|&&f| name(f) == b"main") {
        return Ok(f);
    }
    match funcs.as_slice() {
        [f] => Ok(*f),
        _ => Err(Failure("the module must hold a function @main (or exactly one function)".into())),
    }
}

fn out_dir(opts: &Options) -> Result<PathBuf, Failure> {
    let beside_report = opts.report.as_ref().map(|r| {
        r.parent().filter(|p| !p.as_os_str().is_empty()).map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("."))
    });
    let d = opts.out_dir.clone().or(beside_report).ok_or_else(|| {
        Failure("-o OUTDIR is required to write main.c (or use --emit=stablehlo / --emit=tx8be to print IR)".into())
    })?;
    crate::out_dir::prepare(&d, opts.force, opts.report.as_deref())?;
    Ok(d)
}

fn write(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), Failure> {
    std::fs::write(path, bytes).map_err(|e| Failure(format!("{}: {e}", path.display())))
}

/// The card the module's `tx8be.target` attribute names, if it has one.
fn module_target(ctx: &Context, body: &Body, module: Op) -> Result<Option<HardwareConfig>, Failure> {
    use tx8be::dialect::target::{target_of, TARGET_ATTR};
    match body.op_attr(ctx, module, TARGET_ATTR) {
        None => Ok(None),
        Some(a) => target_of(ctx, a)
            .map(Some)
            .ok_or_else(|| Failure(format!("the module's '{TARGET_ATTR}' is not a #tx8be.target attribute"))),
    }
}

/// Runs tx8c; `Ok(false)` means a comparison failed (exit 1 without an error).
pub fn run(opts: &Options) -> Result<bool, Failure> {
    if opts.compare_floor.is_some() && opts.dtype == Dtype::Fp32 {
        // Refused before compiling: a full-size model compiles and runs
        // for minutes before the comparison would find out.
        return Err(Failure(
            "--compare-floor: fp32 runs have no floor below the reference (the floor is the reference at the card's precision)"
                .into(),
        ));
    }
    let config = match &opts.config {
        Some(p) => Some(HardwareConfig::from_toml_file(p).map_err(|e| Failure(format!("{}: {e}", p.display())))?),
        None => None,
    };
    let files = crate::run::HostFiles::read(opts)?;
    let ctx = context();
    let mut progress = Progress::new(opts.quiet);
    progress.stage("loading the model");
    let started = std::time::Instant::now();
    let mut loaded = load(&ctx, opts)?;
    progress.stage("compiling");
    // The card: --config, else the one tx8be input names, else the
    // built-in one. The pipeline attaches it to the module; everything
    // after reads it from there.
    let hw = match config {
        Some(hw) => hw,
        None => module_target(&ctx, &loaded.body, loaded.module)?.unwrap_or_default(),
    };
    let pm = crate::pipeline::build(opts, &hw, loaded.level)?;
    crate::pipeline::run(&ctx, &pm, &mut loaded.body, loaded.module, opts)
        .map_err(|d| Failure(render(&ctx, loaded.source.as_ref(), &d)))?;
    let compile_seconds = started.elapsed().as_secs_f64();
    if opts.emit != Emit::C {
        progress.finish();
        let text = print_top_level(&ctx, &loaded.body, loaded.module, PrintOptions::default(), &[]);
        match &opts.out_dir {
            Some(_) => {
                let d = out_dir(opts)?;
                let name = if opts.emit == Emit::Stablehlo { "model.stablehlo.mlir" } else { "model.tx8be.mlir" };
                write(&d.join(name), format!("{text}\n"))?;
            }
            None => {
                use std::io::Write;
                let mut out = std::io::stdout().lock();
                match writeln!(out, "{text}").and_then(|_| out.flush()) {
                    Ok(()) => {}
                    // The reader went away (`| head`): nothing more to say.
                    Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Err(Failure::quiet()),
                    Err(e) => return Err(Failure(format!("cannot write to standard output: {e}"))),
                }
            }
        }
        return Ok(true);
    }
    let hw = module_target(&ctx, &loaded.body, loaded.module)?
        .ok_or_else(|| Failure("the compiled module has no tx8be.target".into()))?;
    let dir = out_dir(opts)?;
    let module_body = loaded.body.nested(loaded.module).ok_or_else(|| Failure("empty module".into()))?;
    let func = main_func(&ctx, module_body)?;
    let fattrs = module_body.op_attrs(func);
    let body = module_body.nested(func).ok_or_else(|| Failure("@main has no body".into()))?;
    let program =
        read_program(&ctx, body, fattrs, &hw).map_err(|d| Failure(render(&ctx, loaded.source.as_ref(), &d)))?;
    let main_c = emit_main_c(&program, &format!("Model: {}.", opts.model.display()));
    write(&dir.join("main.c"), &main_c)?;
    let weights = crate::weights::weights_image(&ctx, body, opts.debug_perturb_const)?;
    write(&dir.join("weights.bin"), &weights.bytes)?;
    let (inputs, outputs) = model_io(&ctx, body, fattrs)?;
    let info = ModelInfo {
        dtype: opts.dtype.name().to_string(),
        tiles: hw.tiles(),
        groups: program.groups.len(),
        weights: WeightsInfo { file: "weights.bin".into(), ddr_addr: weights.base, bytes: weights.bytes.len() as u64 },
        inputs: inputs.clone(),
        outputs: outputs.clone(),
    };
    write(&dir.join("model.json"), serde_json::to_string_pretty(&info).unwrap_or_default())?;
    let roofline = crate::roofline::model_roofline(&ctx, body, &hw, opts.dtype == Dtype::Fp32);
    let wants_run = opts.run.is_some() || opts.compare.is_some() || opts.compare_all || opts.report.is_some();
    if !wants_run {
        progress.finish();
        eprintln!("tx8c: wrote {} ({} groups) in {compile_seconds:.2} s", dir.display(), program.groups.len());
        return Ok(true);
    }
    let host_inputs = crate::run::host_inputs(opts, &files.inputs, &inputs)?;
    let target = opts.run.unwrap_or(RunTarget::Cmodel);
    let interprets = target == RunTarget::Reference || opts.compare_all;
    let held = crate::run::inputs_held(&host_inputs, interprets);
    crate::run::check_host_memory(&inputs, &held, &outputs, crate::run::available_memory())?;
    progress.stage(if target == RunTarget::Cmodel {
        "running on the C model"
    } else {
        "running the reference interpreter"
    });
    let run_dir = dir.join("run");
    let result = match target {
        RunTarget::Cmodel => {
            crate::run::on_cmodel(&program, &dir, &run_dir, &weights, &inputs, &outputs, &host_inputs, &hw, opts)?
        }
        RunTarget::Reference => crate::run::on_reference(&ctx, module_body, func, &inputs, &host_inputs)?,
    };
    progress.finish();
    crate::run::write_outputs(&dir, &outputs, &result.outputs)?;
    let channel_norms = crate::report::channel_norm_counts(&ctx, body);
    // The run's trace next to run.json; the run split per group.
    let run_trace = run_dir.join("trace.json");
    let trace = if run_trace.is_file() {
        std::fs::copy(&run_trace, dir.join("trace.json"))
            .map_err(|e| Failure(format!("{}: {e}", run_trace.display())))?;
        Some(dir.join("trace.json"))
    } else {
        None
    };
    let marks = result.measure.as_ref().map(|m| m.marks.clone()).unwrap_or_default();
    let rows = crate::group_report::group_rows(&ctx, body, &hw, opts.dtype == Dtype::Fp32, &marks)?;
    let ddr_footprint =
        ctx.dict_get(fattrs, tx8be::schedule::ddr::DDR_BYTES_ATTR).and_then(|a| ctx.as_i64(a)).map(|b| b as u64);
    crate::report::write_run_json(
        &dir,
        opts,
        &hw,
        compile_seconds,
        &roofline,
        &result,
        program.groups.len(),
        channel_norms,
        ddr_footprint,
        &rows,
        trace.as_deref(),
    )?;
    if let Some(m) = crate::group_report::median_estimate_error(&rows) {
        eprintln!(
            "tx8c: cost model: median |estimated - simulated| / simulated over {} groups: {:.1}%",
            crate::group_report::estimate_errors(&rows).len(),
            m * 100.0
        );
    }
    if let Some(h) = crate::group_report::template_hit_rate(&rows) {
        let reused = rows.iter().filter(|r| r.template_id.is_some()).count();
        eprintln!(
            "tx8c: search: {reused} of {} groups took the schedule of an identical group (template hit rate {:.1}%)",
            rows.len(),
            h * 100.0
        );
    }
    if let Some(path) = &opts.report {
        let summary = crate::group_report::ReportSummary {
            model: &opts.model.display().to_string(),
            dtype: opts.dtype.name(),
            simulated_cycles: result.measure.as_ref().map(|m| m.total_cycles),
            roofline: &roofline,
            trace: trace.as_deref(),
            activity: result.measure.as_ref().map(|m| &m.activity),
            peaks: crate::roofline::Peaks::of(&hw, opts.dtype == Dtype::Fp32),
            spm_window: hw.spm_usable_end - hw.spm_usable_start,
        };
        write(path, crate::group_report::report_html(&summary, &rows))?;
        eprintln!("tx8c: wrote the report {}", path.display());
    }
    let mut ok = true;
    if let Some(reference) = &opts.compare {
        ok &= crate::run::compare_outputs(&dir, reference, &files, opts, &outputs, &result.outputs)?;
    }
    if opts.compare_all {
        ok &= crate::run::compare_all(&ctx, module_body, func, &program, &dir, &inputs, &host_inputs, &result, opts)?;
    }
    Ok(ok)
}
