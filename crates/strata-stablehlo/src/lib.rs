//! A StableHLO subset on Strata: the `stablehlo` dialect (and `chlo` with
//! only `chlo.erf`, `chlo.erfc`, `chlo.square`) as the ONNX importer emits it and as JAX prints it,
//! per crates/strata-stablehlo/SUBSET.md, with folds and graph passes.
//!
//! Map: `attrs.rs` (dialect attributes `#stablehlo.conv`, `#stablehlo.dot`,
//! comparison/precision enums, with builders and readers for clients),
//! `ops.rs` (op definitions), `asm.rs` (hand-written assembly),
//! `verify.rs` (type rules), `builders.rs` (reduce / reduce_window with
//! their reducer region, for clients), `shapes.rs` and `dense.rs` (helpers),
//! `fold.rs` (constant folding and identities), `algebra.rs` (element-wise
//! expressions as polynomials, what the fusion matchers read); passes
//! `fold_batchnorm.rs`, `fuse_composites/` (its matchers, one file per
//! family, with `decomposition.rs`: the outlining into a composite and its
//! function).

pub mod algebra;
pub mod asm;
pub mod attrs;
pub mod builders;
pub mod decomposition;
pub mod dense;
pub mod fold;
pub mod fold_batchnorm;
pub mod fuse_composites;
pub mod ops;
pub mod shapes;
pub mod verify;

use strata_ir::Context;
use strata_pass::PassRegistry;

/// Registers the `stablehlo` and `chlo` dialects.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(ops::stablehlo_dialect());
    ctx.register_dialect(ops::chlo_dialect());
}

/// Registers `stablehlo-fold-batchnorm` and `stablehlo-fuse-composites`.
pub fn register_passes(registry: &mut PassRegistry) {
    registry.register(fold_batchnorm::INFO);
    registry.register(fuse_composites::INFO);
}
