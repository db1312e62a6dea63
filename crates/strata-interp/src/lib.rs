//! An executor for lowered IR, the engine behind `toyc -emit=jit`.
//!
//! A function is compiled once (`compile.rs`) into a flat instruction list
//! whose operands are resolved value slots (floats and integers in two
//! register files, memrefs as buffer numbers), with loops as jump ranges
//! and affine subscripts flattened to `constant + Σ coefficient × slot`
//! where the map is linear. `exec.rs` then runs the list. Supported: a
//! `func.func` without arguments whose body uses `arith` constants and
//! float/integer arithmetic, `memref.alloc`/`dealloc` of static shapes,
//! `affine.for` (bounds: constants or maps of index values, any step, no
//! iter_args), `affine.load`/`store`/`apply`, `func.return`, and
//! `toy.print` of a memref (printed as the tutorial's LLVM lowering does:
//! `printf("%f ")` per element, a newline after each inner dimension).

mod compile;
mod exec;

pub use compile::{compile_function, Program};
pub use exec::execute;

use strata_ir::{Body, Context, Diagnostic, Location};

/// Compiles and runs the function `name` of the module whose arena is
/// `module_body`, writing what it prints to `out`.
pub fn run_function(
    ctx: &Context,
    module_body: &Body,
    name: &str,
    out: &mut dyn std::io::Write,
) -> Result<(), Diagnostic> {
    let func = module_body
        .root_regions()
        .iter()
        .flat_map(|&r| module_body.blocks(r))
        .flat_map(|b| module_body.block_ops(b))
        .find(|&op| strata_ir::symbols::symbol_name(ctx, module_body, op) == Some(name.as_bytes()))
        .ok_or_else(|| Diagnostic::error(Location::Unknown, format!("could not find function '{name}'")))?;
    let program = compile_function(ctx, module_body, func)?;
    execute(&program, out)
}
