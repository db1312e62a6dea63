//! Dialects with MLIR's syntax and verification: `func`, `arith`, `cf`,
//! `scf`, and the parts of `affine` and `memref` that Toy's lowering uses.
//! Each file defines one dialect's ops declaratively (`OpDef`) and the few
//! hand-written hooks the assembly format language cannot express.

pub mod affine;
mod affine_canonicalize;
mod affine_for_canonicalize;
mod affine_operand_bounds;
pub mod arith;
mod arith_canonicalize;
mod arith_canonicalize_cmpf;
mod arith_fold;
mod arith_fold_cast;
mod arith_fold_float;
mod arith_fold_int;
pub mod cf;
mod cf_canonicalize;
pub mod func;
pub mod memref;
pub mod scf;
mod func_canonicalize;
mod func_symbol_uses;
pub mod strata_test;

use strata_ir::Context;

/// Registers every dialect of this crate.
pub fn register_all(ctx: &mut Context) {
    func::register(ctx);
    arith::register(ctx);
    cf::register(ctx);
    affine::register(ctx);
    memref::register(ctx);
    scf::register(ctx);
}

/// A context with the builtin, func, arith and cf dialects.
pub fn context() -> Context {
    let mut ctx = Context::new();
    register_all(&mut ctx);
    ctx
}
#[cfg(test)]
mod arith_fold_tests;
