//! The core transformations, each a registered pass with mlir-opt's name
//! and options: `cse`, `canonicalize`, `inline`, `symbol-dce`.
//!
//! Map: one file per pass, named after it; `region_simplify.rs` holds the
//! region simplification the canonicalizer runs (dead blocks, dead block
//! arguments, block merging).

use strata_pass::PassRegistry;

pub mod symbol_dce;

/// Registers every pass of this crate.
pub fn register_passes(registry: &mut PassRegistry) {
    registry.register(symbol_dce::info());
}
