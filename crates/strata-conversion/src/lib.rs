//! Dialect conversion passes with upstream's names and results, one file
//! per pass: `lower-affine` (`lower_affine.rs`: affine loops, accesses and
//! applies to `scf`, `arith` and `memref`) and `convert-scf-to-cf`
//! (`scf_to_cf.rs`: structured control flow to `cf` blocks). Shared op
//! building lives in `build.rs`.

mod build;
pub mod lower_affine;
pub mod scf_to_cf;

use strata_pass::PassRegistry;

/// Registers every pass of this crate.
pub fn register_passes(registry: &mut PassRegistry) {
    registry.register(lower_affine::INFO);
    registry.register(scf_to_cf::INFO);
}
