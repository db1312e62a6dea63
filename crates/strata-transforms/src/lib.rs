//! The core transformations, each a registered pass with mlir-opt's name
//! and options: `canonicalize`, `cse`, `inline`, `symbol-dce`, and the
//! affine `affine-loop-fusion` (for the cases Toy's lowering produces) and
//! `affine-scalrep` (`affine_access.rs` holds what they ask of affine ops,
//! `affine_dependence.rs` memory dependence, `local_alias.rs` aliasing).
//!
//! Map: one file per pass, named after it. Region simplification (dead
//! blocks and block arguments) lives with the greedy driver in
//! strata-rewrite, which runs it; `op_equivalence.rs` holds the structural
//! op equivalence and hash that `cse` keys its table with.

mod affine_access;
mod affine_dependence;
pub mod affine_loop_fusion;
pub mod affine_scalrep;
pub mod canonicalize;
pub mod cse;
pub mod inline;
mod local_alias;
pub mod op_equivalence;
pub mod symbol_dce;

use strata_pass::PassRegistry;

/// Registers every pass of this crate.
pub fn register_passes(registry: &mut PassRegistry) {
    registry.register(canonicalize::INFO);
    registry.register(affine_loop_fusion::INFO);
    registry.register(affine_scalrep::INFO);
    registry.register(inline::INFO);
    registry.register(symbol_dce::info());
    cse::register(registry);
}
