//! A StableHLO subset on Strata: the `stablehlo` dialect (and `chlo` with
//! only `chlo.erf`) as the ONNX importer emits it and as JAX prints it,
//! per /work/spec/stablehlo.md, with folds and graph passes.
//!
//! Map: `attrs.rs` (dialect attributes `#stablehlo.conv`, `#stablehlo.dot`,
//! comparison/precision enums, with builders and readers for clients),
//! `ops.rs` (op definitions), `asm.rs` (hand-written assembly),
//! `verify.rs` (type rules), `shapes.rs` and `dense.rs` (helpers),
//! `fold.rs` (constant folding and identities).

pub mod asm;
pub mod attrs;
pub mod dense;
pub mod fold;
pub mod ops;
pub mod shapes;
pub mod verify;

use strata_ir::Context;

/// Registers the `stablehlo` and `chlo` dialects.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(ops::stablehlo_dialect());
    ctx.register_dialect(ops::chlo_dialect());
}
