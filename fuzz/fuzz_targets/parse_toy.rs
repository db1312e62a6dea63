//! Fuzz target for the Toy language front end (`crates/toy`).
//!
//! Input: arbitrary bytes, read as a `.toy` file (the Toy lexer works on
//! bytes, so no UTF-8 filter). What `toyc` (chapter 7) does with it:
//!
//! 1. `-emit=ast`: parse and dump the AST (or render the parse error);
//! 2. when it parses, `-emit=mlir`: MLIRGen (which verifies the module) and
//!    the printed IR;
//! 3. `-emit=mlir -opt`: MLIRGen, then the chapter-7 pipeline (inline,
//!    canonicalize, shape inference, canonicalize, CSE; the pass manager
//!    verifies after each pass), then the verifier once more;
//! 4. the IR printed after steps 2 and 3 (custom and generic forms) must load
//!    again through `toyc -x mlir`'s path (toy dialect context, registered
//!    dialects only, verifier and symbol tables): printed IR that does not
//!    re-parse, or an IR that fails the verifier after a successful pipeline,
//!    is a bug and fails the target.
//!
//! Any panic is a bug (toy code must not panic on any input). Everything runs
//! on a thread with toyc's big stack, since toyc parses and prints
//! recursively on such a thread too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use strata_ir::printer::{print_top_level, PrintOptions};
use toy::driver::{Ir, Outcome};

const CHAPTER: u32 = 7;
const FILE: &str = "fuzz.toy";
/// toyc runs on a 512 MiB stack; 64 MiB is plenty at `-max_len=4096`.
const STACK_BYTES: usize = 64 << 20;

fuzz_target!(|data: &[u8]| {
    std::thread::scope(|s| {
        let worker = std::thread::Builder::new().stack_size(STACK_BYTES).spawn_scoped(s, || check(data));
        match worker {
            Ok(h) => {
                if let Err(e) = h.join() {
                    std::panic::resume_unwind(e);
                }
            }
            Err(_) => check(data),
        }
    });
});

fn check(data: &[u8]) {
    if toy::dump_ast_of_source(data, FILE, CHAPTER).is_err() {
        return;
    }
    let mut out = Outcome::default();
    if let Ok(ir) = toy::toy_source_to_ir(data, FILE, CHAPTER, false, &mut out) {
        check_reparse(data, &ir, "after MLIRGen");
    }
    let mut out = Outcome::default();
    if let Ok(ir) = toy::toy_source_to_ir(data, FILE, CHAPTER, true, &mut out) {
        let verified = strata_ir::verifier::verify(&ir.ctx, &ir.body, ir.module)
            .and_then(|_| strata_ir::verifier::verify_symbol_tables(&ir.ctx, &ir.body, ir.module));
        if let Err(d) = verified {
            panic!(
                "IR fails the verifier after the -opt pipeline:\n{}--- input ---\n{}",
                toy::driver::render_error(&ir.ctx, &d),
                String::from_utf8_lossy(data)
            );
        }
        check_reparse(data, &ir, "after -opt");
    }
}

/// The printed IR (custom and generic) loads again as `toyc -x mlir` would.
fn check_reparse(data: &[u8], ir: &Ir, stage: &str) {
    for generic in [false, true] {
        let opts = PrintOptions { generic, local_scope: true, ..PrintOptions::default() };
        let text = print_top_level(&ir.ctx, &ir.body, ir.module, opts, &[]);
        let ctx = toy::dialect::context(CHAPTER);
        if let Err(d) = toy::parse_toy_mlir(&ctx, "printed.mlir", &text) {
            panic!(
                "printed IR ({stage}, generic={generic}) does not load again:\n{}--- input ---\n{}\n--- printed IR ---\n{}",
                toy::driver::render_error(&ctx, &d),
                String::from_utf8_lossy(data),
                text
            );
        }
    }
}
