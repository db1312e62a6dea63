//! OneFlow on Strata: the `oneflow` dialect (ops as OneFlow prints them,
//! with their attributes, shape rules and the `UserOpCompatible`
//! interface), OneFlow's canonicalization, and the CSE flow OneFlow runs
//! with its framework attributes ignored:
//! `-cse-with-attributes-ignored -cse -cse-put-attributes -canonicalize`,
//! also registered as one pipeline, `oneflow-cse`.
//!
//! Map: `attrs.rs` (attribute kinds and checks), `ops.rs` (op table,
//! verifier, dialect), `shape_rules.rs`, `user_op.rs` (the interface),
//! `canonicalize.rs`, `cse_state.rs` (what the pre-pass saves for the
//! post-pass), `cse_with_attributes_ignored.rs`, `cse_put_attributes.rs`,
//! `oneflow_cse.rs` (the combined pipeline).

pub mod attrs;
pub mod canonicalize;
pub mod cse_put_attributes;
pub mod cse_state;
pub mod cse_with_attributes_ignored;
pub mod oneflow_cse;
pub mod ops;
pub mod shape_rules;
pub mod user_op;

use strata_ir::Context;
use strata_pass::PassRegistry;

/// Registers the `oneflow` dialect.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(ops::dialect());
}

/// Registers `cse-with-attributes-ignored`, `cse-put-attributes` and
/// `oneflow-cse`.
pub fn register_passes(registry: &mut PassRegistry) {
    registry.register(cse_with_attributes_ignored::INFO);
    registry.register(cse_put_attributes::INFO);
    registry.register(oneflow_cse::INFO);
}
