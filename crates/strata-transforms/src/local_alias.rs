//! Whether two memrefs may alias, as MLIR's `LocalAliasAnalysis` answers
//! it for the ops Strata registers: a value always aliases itself; two
//! distinct allocations (results an op's `Allocate` effect names) never
//! alias; an allocation never aliases an argument of the function it is
//! allocated in; anything else may alias.
//!
//! `affine-scalrep` uses this (a store to a fresh buffer does not block
//! forwarding from a function argument); `affine-loop-fusion` keeps the
//! stricter `affine_access::may_alias`.

use strata_ir::effects::{op_effects, EffectKind};
use strata_ir::{Body, Context, Value, ValueDef};

fn is_allocation(ctx: &Context, body: &Body, v: Value) -> bool {
    let Some(def) = body.defining_op(v) else { return false };
    op_effects(ctx, body, def)
        .is_some_and(|effects| effects.iter().any(|e| e.kind == EffectKind::Allocate && e.value == Some(v)))
}

/// An argument of the entry block of the body's root region (a function
/// argument).
fn is_function_argument(body: &Body, v: Value) -> bool {
    let ValueDef::BlockArg(b, _) = body.value_def(v) else { return false };
    body.block_region(b).is_some_and(|r| body.region_parent_op(r).is_none() && body.first_block(r) == Some(b))
}

pub(crate) fn may_alias(ctx: &Context, body: &Body, a: Value, b: Value) -> bool {
    if a == b {
        return true;
    }
    match (is_allocation(ctx, body, a), is_allocation(ctx, body, b)) {
        (true, true) => false,
        (true, false) => !is_function_argument(body, b),
        (false, true) => !is_function_argument(body, a),
        (false, false) => true,
    }
}
