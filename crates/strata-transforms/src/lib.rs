//! The core transformations, each a registered pass with mlir-opt's name
//! and options: `cse`, `canonicalize`, `inline`, `symbol-dce`.
//!
//! Map: one file per pass, named after it; `region_simplify.rs` holds the
//! region simplification the canonicalizer runs (dead blocks, dead block
//! arguments, block merging); `op_equivalence.rs` holds the structural op equivalence and hash that
//! `cse` keys its table with.

use strata_pass::PassRegistry;

pub mod cse;
pub mod op_equivalence;

/// Registers every pass of this crate.
pub fn register_passes(registry: &mut PassRegistry) {
    cse::register(registry);
}
