//! `affine-scalrep` (upstream `Affine/Transforms/AffineScalarReplacement.cpp`
//! through `affineScalarReplace`), within one block: a load is replaced by
//! the value of the last store to the same memref at the same subscripts
//! (same map, same operands) or by an identical earlier load, when no op in
//! between may write that memref; then buffers of `memref.alloc` that are
//! only stored to and deallocated are erased with their stores and
//! deallocations. Upstream also forwards across loop boundaries and drops
//! stores overwritten before any read; this pass does not (it never
//! forwards where upstream would not).

use strata_ir::{Body, Context, Diagnostic, Op, Value};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;

use crate::affine_access::{access, is, memref_effects, may_alias};

pub const INFO: PassInfo = PassInfo {
    argument: "affine-scalrep",
    description: "Replace affine memref accesses by scalars by forwarding stores to loads and eliminating redundant loads",
    options: &[],
    ctor: |opts| {
        opts.apply("affine-scalrep", |_, _| None)?;
        Ok(Box::new(AffineScalarReplacement))
    },
};

pub struct AffineScalarReplacement;

impl Pass for AffineScalarReplacement {
    fn argument(&self) -> &'static str {
        "affine-scalrep"
    }
    fn name(&self) -> &'static str {
        "AffineScalarReplacement"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let changed = scalar_replace(target.ctx, target.body);
        Ok(if changed { PreservedAnalyses::none() } else { PreservedAnalyses::All })
    }
}

/// The value an earlier op of the load's block provides for it, if any.
fn forwarded_value(ctx: &Context, body: &Body, load: Op) -> Option<Value> {
    let a = access(ctx, body, load)?;
    let mut cur = body.prev_op(load);
    while let Some(op) = cur {
        if let Some(b) = access(ctx, body, op) {
            let same = b.memref == a.memref && b.map == a.map && b.indices == a.indices;
            if b.is_store {
                if same {
                    let v = body.operand(op, 0);
                    return (body.value_type(v) == body.value_type(body.result(load, 0))).then_some(v);
                }
                if may_alias(ctx, body, b.memref, a.memref) {
                    return None;
                }
            } else if same {
                return Some(body.result(op, 0));
            }
        } else {
            let (_, writes) = memref_effects(ctx, body, op)?;
            if writes.iter().any(|&w| may_alias(ctx, body, w, a.memref)) {
                return None;
            }
        }
        cur = body.prev_op(op);
    }
    None
}

pub fn scalar_replace(ctx: &Context, body: &mut Body) -> bool {
    let mut loads = Vec::new();
    body.walk_pre(&mut |op| {
        if is(ctx, body, op, "affine.load") {
            loads.push(op);
        }
    });
    let mut changed = false;
    for load in loads {
        if let Some(v) = forwarded_value(ctx, body, load) {
            let r = body.result(load, 0);
            body.replace_all_uses_with(r, v);
            body.erase_op(load);
            changed = true;
        }
    }
    // Buffers that are only written and freed.
    let mut allocs = Vec::new();
    body.walk_pre(&mut |op| {
        if is(ctx, body, op, "memref.alloc") {
            allocs.push(op);
        }
    });
    for alloc in allocs {
        let m = body.result(alloc, 0);
        let users: Vec<(Op, usize)> = body.uses(m).collect();
        let write_only = users.iter().all(|&(u, i)| (is(ctx, body, u, "affine.store") && i == 1) || is(ctx, body, u, "memref.dealloc"));
        if write_only {
            for (u, _) in users {
                body.erase_op(u);
            }
            body.erase_op(alloc);
            changed = true;
        }
    }
    changed
}
