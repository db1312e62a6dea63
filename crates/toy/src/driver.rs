//! What `toyc -chapter=N` does: read a `.toy` or `.mlir` input, dump the AST
//! or generate and optimize the IR with the chapter's pipeline, print it on
//! stderr as the tutorial's `module->dump()` does, and exit with the
//! tutorial's status codes (1 AST or codegen failure, 3 unreadable MLIR,
//! 4 pass failure, 6 Toy syntax error).

use strata_ir::diagnostics::SourceFile;
use strata_ir::parser::{parse_source, ParseOptions};
use strata_ir::printer::{location_to_string, print_top_level, PrintOptions};
use strata_ir::{Body, Context, Diagnostic, Location, Op};
use strata_pass::manager::{OpPassManager, RunConfig, RunReport};
use strata_pass::PassRegistry;

use crate::ast::Module;
use crate::parser::Parser;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Emit {
    Ast,
    Mlir,
    MlirAffine,
    MlirLlvm,
    Llvm,
    Jit,
}

impl Emit {
    pub fn parse(s: &str) -> Option<Emit> {
        Some(match s {
            "ast" => Emit::Ast,
            "mlir" => Emit::Mlir,
            "mlir-affine" => Emit::MlirAffine,
            "mlir-llvm" => Emit::MlirLlvm,
            "llvm" => Emit::Llvm,
            "jit" => Emit::Jit,
            _ => return None,
        })
    }
    /// Whether `toyc-chN` knows this target.
    pub fn available_in(self, chapter: u32) -> bool {
        match self {
            Emit::Ast => true,
            Emit::Mlir => chapter >= 2,
            Emit::MlirAffine => chapter >= 5,
            Emit::MlirLlvm | Emit::Llvm | Emit::Jit => chapter >= 6,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub input: String,
    pub emit: Option<Emit>,
    pub opt: bool,
    /// `-x mlir` / `-x toy`; `None`: by extension.
    pub input_is_mlir: Option<bool>,
    pub debug_info: bool,
    /// `--mlir-print-op-generic`.
    pub generic: bool,
    /// `--mlir-elide-elementsattrs-if-larger=N`.
    pub elide_elements_larger: Option<usize>,
    pub chapter: u32,
}

/// The tutorial's default diagnostic handler: errors only, `loc(...)` first
/// unless unknown, notes dropped.
pub fn render_error(ctx: &Context, d: &Diagnostic) -> String {
    if d.severity != strata_ir::Severity::Error {
        return String::new();
    }
    let mut s = String::new();
    if d.loc != Location::Unknown {
        s.push_str(&location_to_string(ctx, d.loc));
        s.push_str(": ");
    }
    s.push_str("error: ");
    s.push_str(&d.message);
    s.push('\n');
    s
}

fn read_input(path: &str) -> Result<Vec<u8>, String> {
    let r = if path == "-" {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut v).map(|_| v)
    } else {
        std::fs::read(path)
    };
    r.map_err(|e| {
        let msg = match e.kind() {
            std::io::ErrorKind::NotFound => "No such file or directory".to_string(),
            _ => e.to_string(),
        };
        format!("Could not open input file: {msg}\n")
    })
}

/// The result of a run: what goes to stderr and stdout, and the exit status.
#[derive(Default)]
pub struct Outcome {
    pub stderr: String,
    pub stdout: String,
    pub status: i32,
    /// An error was reported although the run could go on (the tutorial's
    /// parser recovers from some syntax errors and its MLIRGen from some
    /// codegen errors): the exit status must still say so.
    pub error_reported: bool,
}

impl Outcome {
    fn fail(mut self, status: i32) -> Outcome {
        self.status = status;
        self
    }
}

fn parse_toy(src: &[u8], chapter: u32, out: &mut Outcome) -> Option<Module> {
    let mut p = Parser::new(src, chapter);
    let m = p.parse_module();
    out.stderr.push_str(&p.errors);
    out.error_reported |= !p.errors.is_empty();
    m
}

/// The IR a run works on.
pub struct Ir {
    pub ctx: Context,
    pub body: Body,
    pub module: Op,
}

/// Loads the input as IR (`loadMLIR`): Toy source through MLIRGen, or MLIR
/// text parsed and verified. `Err` carries the exit status.
pub fn load_ir(opts: &Options, out: &mut Outcome) -> Result<Ir, i32> {
    let ctx = crate::dialect::context(opts.chapter);
    let is_mlir = opts.input_is_mlir.unwrap_or_else(|| opts.input.ends_with(".mlir"));
    let bytes = match read_input(&opts.input) {
        Ok(b) => b,
        Err(e) => {
            out.stderr.push_str(&e);
            return Err(if is_mlir { -1 } else { 6 });
        }
    };
    if !is_mlir {
        let Some(ast) = parse_toy(&bytes, opts.chapter, out) else { return Err(6) };
        return match crate::mlirgen::generate(&ctx, &ast, &opts.input, opts.chapter) {
            Ok((g, diags)) => {
                for d in &diags {
                    out.stderr.push_str(&render_error(&ctx, d));
                }
                out.error_reported |= !diags.is_empty();
                Ok(Ir { body: g.body, module: g.module, ctx })
            }
            Err(diags) => {
                for d in &diags {
                    out.stderr.push_str(&render_error(&ctx, d));
                }
                Err(1)
            }
        };
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let name = if opts.input == "-" { "<stdin>".to_string() } else { opts.input.clone() };
    let source = SourceFile::new(&name, text);
    let parsed = parse_source(&ctx, &source, 0..source.text.len(), ParseOptions { allow_unregistered: false }, true)
        .and_then(|m| {
            strata_ir::verifier::verify(&ctx, &m.body, m.op)?;
            strata_ir::verifier::verify_symbol_tables(&ctx, &m.body, m.op)?;
            Ok(m)
        });
    match parsed {
        Ok(m) => Ok(Ir { ctx, body: m.body, module: m.op }),
        Err(d) => {
            out.stderr.push_str(&render_error(&ctx, &d));
            out.stderr.push_str(&format!("Error can't load file {}\n", opts.input));
            Err(3)
        }
    }
}

/// The registry `toyc`'s pipelines draw from.
pub fn registry() -> PassRegistry {
    let mut r = PassRegistry::default();
    strata_transforms::register_passes(&mut r);
    r.register(crate::shape_inference::INFO);
    r.register(crate::lower_to_affine::INFO);
    r.register(crate::lower_print_to_llvm::INFO);
    strata_conversion::register_passes(&mut r);
    strata_llvm::conversion::register_passes(&mut r);
    r
}

/// The optimization pipeline of `toyc-chN -opt` (and of the lowering
/// chapters, which run it first).
pub fn opt_pipeline(registry: &PassRegistry, chapter: u32) -> Result<OpPassManager, String> {
    let mut pm = OpPassManager::new("builtin.module");
    if chapter == 3 {
        pm.nest("toy.func").add_pass(registry.create("canonicalize", "")?);
    } else if chapter >= 4 {
        pm.add_pass(registry.create("inline", "")?);
        let f = pm.nest("toy.func");
        f.add_pass(registry.create("canonicalize", "")?);
        f.add_pass(registry.create("toy-shape-inference", "")?);
        f.add_pass(registry.create("canonicalize", "")?);
        f.add_pass(registry.create("cse", "")?);
    }
    Ok(pm)
}

/// Runs `pm` on the module; a failure is reported and gives status 4.
pub fn run_pipeline(ir: &mut Ir, pm: &OpPassManager, out: &mut Outcome) -> Result<(), i32> {
    let mut report = RunReport::default();
    let r = pm.run(&ir.ctx, &mut ir.body, ir.module, &RunConfig::default(), &mut report);
    for d in &report.emitted {
        out.stderr.push_str(&render_error(&ir.ctx, d));
    }
    if let Err(d) = r {
        out.stderr.push_str(&render_error(&ir.ctx, &d));
        return Err(4);
    }
    Ok(())
}

/// The module as `module->dump()` prints it (with a trailing empty line).
pub fn dump_ir(ir: &Ir, opts: &Options) -> String {
    let popts = PrintOptions {
        debug_info: opts.debug_info,
        generic: opts.generic,
        elide_elements_larger: opts.elide_elements_larger,
        local_scope: true,
        ..PrintOptions::default()
    };
    let mut s = print_top_level(&ir.ctx, &ir.body, ir.module, popts, &[]);
    s.push('\n');
    s
}

/// Runs `toyc` once; the tutorial's output, but never exit status 0 after
/// an error was reported.
pub fn run(opts: &Options) -> Outcome {
    let mut out = run_to_completion(opts);
    if out.status == 0 && out.error_reported {
        out.status = 1;
    }
    out
}

fn run_to_completion(opts: &Options) -> Outcome {
    let mut out = Outcome::default();
    let Some(emit) = opts.emit else {
        out.stderr.push_str("No action specified (parsing only?), use -emit=<action>\n");
        return out.fail(-1);
    };
    if emit == Emit::Ast {
        if opts.input_is_mlir == Some(true) {
            out.stderr.push_str("Can't dump a Toy AST when the input is MLIR\n");
            return out.fail(5);
        }
        let bytes = match read_input(&opts.input) {
            Ok(b) => b,
            Err(e) => {
                out.stderr.push_str(&e);
                return out.fail(1);
            }
        };
        let Some(ast) = parse_toy(&bytes, opts.chapter, &mut out) else { return out.fail(1) };
        out.stderr.push_str(&crate::ast_dump::dump(&ast, &opts.input));
        return out;
    }
    let mut ir = match load_ir(opts, &mut out) {
        Ok(ir) => ir,
        Err(status) => return out.fail(status),
    };
    let registry = registry();
    if opts.opt || emit >= Emit::MlirAffine {
        let pm = match opt_pipeline(&registry, opts.chapter) {
            Ok(pm) => pm,
            Err(e) => {
                out.stderr.push_str(&format!("{e}\n"));
                return out.fail(4);
            }
        };
        if let Err(status) = run_pipeline(&mut ir, &pm, &mut out) {
            return out.fail(status);
        }
    }
    if emit == Emit::Mlir {
        out.stderr.push_str(&dump_ir(&ir, opts));
        return out;
    }
    let status = crate::lowering::emit_lowered(&mut ir, emit, opts, &mut out);
    out.fail(status)
}

impl Emit {
    pub fn name(self) -> &'static str {
        match self {
            Emit::Ast => "ast",
            Emit::Mlir => "mlir",
            Emit::MlirAffine => "mlir-affine",
            Emit::MlirLlvm => "mlir-llvm",
            Emit::Llvm => "llvm",
            Emit::Jit => "jit",
        }
    }
}
