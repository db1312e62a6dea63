//! The Toy language of MLIR's tutorial on Strata: `toyc`'s front end and
//! dialect (chapters 1-4 and 7) and the chapter-selected driver.
//!
//! Map: `lexer`, `parser`, `ast`, `ast_dump` (chapter 1); `dialect` (op
//! definitions and custom assembly), `verify` (op verifiers), `struct_type`
//! (`!toy.struct`), `mlirgen` (AST to IR) (chapter 2, 7); `combine`
//! (canonicalization patterns, chapter 3); `inliner` and `shape_inference`
//! (chapter 4); `lower_to_affine` (chapter 5's partial lowering), `jit`
//! (chapter 6), `lower_print_to_llvm` (chapter 6's printf lowering) and `lowering` (their pipeline and emit targets); `driver` (what `toyc -chapter=N` runs and prints).

pub mod ast;
pub mod ast_dump;
pub mod combine;
pub mod dialect;
pub mod driver;
pub mod inliner;
pub mod jit;
pub mod lexer;
pub mod lower_print_to_llvm;
pub mod lower_to_affine;
pub mod lowering;
pub mod mlirgen;
pub mod parser;
pub mod shape_inference;
pub mod struct_type;
pub mod verify;

use strata_ir::diagnostics::SourceFile;
use strata_ir::parser::{parse_source, ParseOptions, ParsedModule};
use strata_ir::{Context, Diagnostic};

/// `toyc -emit=ast` on Toy source held in memory (`file` names it in the
/// dump's locations): the AST dump, or the parser's error text. For callers
/// without a file, such as the fuzz target.
pub fn dump_ast_of_source(src: &[u8], file: &str, chapter: u32) -> Result<String, String> {
    let mut p = parser::Parser::new(src, chapter);
    match p.parse_module() {
        Some(ast) => Ok(ast_dump::dump(&ast, file)),
        None => Err(p.errors),
    }
}

/// `toyc -emit=mlir [-opt]` on Toy source held in memory, up to the IR it
/// would print: parsing, MLIRGen, and with `opt` the chapter's optimization
/// pipeline. Messages go to `out.stderr`; `Err` carries toyc's exit status.
pub fn toy_source_to_ir(
    src: &[u8],
    file: &str,
    chapter: u32,
    opt: bool,
    out: &mut driver::Outcome,
) -> Result<driver::Ir, i32> {
    let ctx = dialect::context(chapter);
    let mut p = parser::Parser::new(src, chapter);
    let parsed = p.parse_module();
    out.stderr.push_str(&p.errors);
    let Some(ast) = parsed else { return Err(6) };
    let mut ir = match mlirgen::generate(&ctx, &ast, file, chapter) {
        Ok((g, diags)) => {
            for d in &diags {
                out.stderr.push_str(&driver::render_error(&ctx, d));
            }
            driver::Ir { body: g.body, module: g.module, ctx }
        }
        Err(diags) => {
            for d in &diags {
                out.stderr.push_str(&driver::render_error(&ctx, d));
            }
            return Err(1);
        }
    };
    if opt {
        let registry = driver::registry();
        let pm = driver::opt_pipeline(&registry, chapter).map_err(|e| {
            out.stderr.push_str(&format!("{e}\n"));
            4
        })?;
        driver::run_pipeline(&mut ir, &pm, out)?;
    }
    Ok(ir)
}

/// Toy IR text parsed and verified as `toyc -x mlir` loads it (registered
/// dialects only, symbol tables checked), in `ctx`.
pub fn parse_toy_mlir(ctx: &Context, name: &str, text: &str) -> Result<ParsedModule, Diagnostic> {
    let source = SourceFile::new(name, text.to_string());
    let m = parse_source(ctx, &source, 0..source.text.len(), ParseOptions { allow_unregistered: false }, true)?;
    strata_ir::verifier::verify(ctx, &m.body, m.op)?;
    strata_ir::verifier::verify_symbol_tables(ctx, &m.body, m.op)?;
    Ok(m)
}
