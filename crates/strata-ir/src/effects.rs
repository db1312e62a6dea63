//! Memory effects (MLIR's `MemoryEffectOpInterface`) and the questions
//! passes ask of them: is an op free of memory effects, would it be dead if
//! its results were unused.
//!
//! An op's effects come from its definition: `Pure`/`NoMemoryEffect` ops
//! have none, an `effects` hook lists them, and anything else (including
//! every unregistered op) has unknown effects and is treated as writing
//! everything. `RecursiveMemoryEffects` ops have the effects of the ops
//! nested in them.

use smallvec::SmallVec;

use crate::body::Body;
use crate::context::Context;
use crate::entity::{Op, Value};
use crate::opdef::Traits;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EffectKind {
    Read,
    Write,
    Allocate,
    Free,
}

/// One effect of an op: what it does, on which value (if it names one), to
/// which resource (`"default"` unless a dialect names its own).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Effect {
    pub kind: EffectKind,
    pub value: Option<Value>,
    pub resource: &'static str,
}

impl Effect {
    pub const fn on_default(kind: EffectKind) -> Effect {
        Effect { kind, value: None, resource: "default" }
    }
}

pub type Effects = SmallVec<[Effect; 2]>;

/// Lists the effects of one op of a definition that has an `effects` hook.
pub type EffectsFn = fn(&Context, &Body, Op, &mut Effects);

/// The op's own effects, or `None` when they are unknown (no interface).
pub fn op_effects(ctx: &Context, body: &Body, op: Op) -> Option<Effects> {
    let def = ctx.op_def(body.op_name(op))?;
    if let Some(f) = def.effects {
        let mut out = Effects::new();
        f(ctx, body, op, &mut out);
        return Some(out);
    }
    if def.traits.contains(Traits::PURE) || def.traits.contains(Traits::NO_MEMORY_EFFECT) {
        return Some(Effects::new());
    }
    None
}

fn has_recursive_effects(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.op_def(body.op_name(op)).is_some_and(|d| d.traits.contains(Traits::RECURSIVE_MEMORY_EFFECTS))
}

/// Calls `f` on every op directly inside the op's regions (any body).
fn for_each_nested_op(body: &Body, op: Op, f: &mut dyn FnMut(&Body, Op) -> bool) -> bool {
    let (rb, regions) = body.regions_of(op);
    for &r in regions {
        for b in rb.blocks(r) {
            for inner in rb.block_ops(b) {
                if !f(rb, inner) {
                    return false;
                }
            }
        }
    }
    true
}

/// MLIR's `isMemoryEffectFree`: no effects of its own and, for recursive
/// ops, none in any nested op.
pub fn is_memory_effect_free(ctx: &Context, body: &Body, op: Op) -> bool {
    match op_effects(ctx, body, op) {
        Some(effects) => {
            if !effects.is_empty() {
                return false;
            }
            if !has_recursive_effects(ctx, body, op) {
                return true;
            }
        }
        None => {
            if !has_recursive_effects(ctx, body, op) {
                return false;
            }
        }
    }
    for_each_nested_op(body, op, &mut |b, inner| is_memory_effect_free(ctx, b, inner))
}

/// True if every effect of the op (and, for recursive ops, of nested ops) is
/// a read; false when effects are unknown (MLIR's `onlyHasEffect<Read>`).
pub fn only_reads(ctx: &Context, body: &Body, op: Op) -> bool {
    match op_effects(ctx, body, op) {
        Some(effects) => effects.iter().all(|e| e.kind == EffectKind::Read),
        None => false,
    }
}

/// MLIR's `wouldOpBeTriviallyDead`: erasing the op would change nothing but
/// its results (terminators and symbols never are).
pub fn would_op_be_trivially_dead(ctx: &Context, body: &Body, op: Op) -> bool {
    let Some(def) = ctx.op_def(body.op_name(op)) else { return false };
    if def.traits.contains(Traits::IS_TERMINATOR) || def.traits.contains(Traits::SYMBOL) {
        return false;
    }
    // The common case answered from the definition alone: a pure op with
    // no effects hook and no nested effects has no effects at all.
    if def.effects.is_none()
        && !def.traits.contains(Traits::RECURSIVE_MEMORY_EFFECTS)
        && (def.traits.contains(Traits::PURE) || def.traits.contains(Traits::NO_MEMORY_EFFECT))
    {
        return true;
    }
    effects_allow_dead(ctx, body, op)
}

fn effects_allow_dead(ctx: &Context, body: &Body, op: Op) -> bool {
    let recursive = has_recursive_effects(ctx, body, op);
    if recursive && !for_each_nested_op(body, op, &mut |b, inner| effects_allow_dead(ctx, b, inner)) {
        return false;
    }
    match op_effects(ctx, body, op) {
        Some(effects) => effects.iter().all(|e| {
            e.kind == EffectKind::Read
                || (e.kind == EffectKind::Allocate && e.value.is_some_and(|v| body.defining_op(v) == Some(op)))
                || effects.iter().any(|a| {
                    a.kind == EffectKind::Allocate
                        && a.value.is_some()
                        && a.value == e.value
                        && body.defining_op(a.value.unwrap()) == Some(op)
                })
        }),
        None => recursive,
    }
}

/// MLIR's `isOpTriviallyDead`: unused results and no effects that matter.
pub fn is_op_trivially_dead(ctx: &Context, body: &Body, op: Op) -> bool {
    body.op_results_unused(op) && would_op_be_trivially_dead(ctx, body, op)
}
