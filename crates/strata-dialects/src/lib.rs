//! Dialects with MLIR's syntax and verification: `func`, `arith`, `cf`,
//! `scf`, the core of `tensor`, `ub`, and the parts of `affine` and
//! `memref` that Toy's lowering uses.
//! Each dialect is a folder (as MLIR's `Dialect/<Name>/`): `mod.rs` defines
//! its ops declaratively (`OpDef`) with the few hand-written hooks the
//! assembly format language cannot express; folds and canonicalization
//! patterns sit beside it, one concept per file.

pub mod affine;
pub mod arith;
pub mod cf;
pub mod func;
pub mod memref;
pub mod scf;
pub mod strata_test;
pub mod tensor;
pub mod ub;

use strata_ir::Context;

/// Registers every dialect of this crate.
pub fn register_all(ctx: &mut Context) {
    func::register(ctx);
    arith::register(ctx);
    cf::register(ctx);
    affine::register(ctx);
    memref::register(ctx);
    scf::register(ctx);
    tensor::register(ctx);
    ub::register(ctx);
}

/// A context with the builtin, func, arith and cf dialects.
pub fn context() -> Context {
    let mut ctx = Context::new();
    register_all(&mut ctx);
    ctx
}
