//! `affine-scalrep` (upstream `Affine/Transforms/AffineScalarReplacement.cpp`
//! through `affineScalarReplace` in `Affine/Utils/Utils.cpp`), in MLIR's
//! four steps:
//!
//! 1. store-to-load forwarding: a load takes the value of a store to the
//!    same element (equal access maps) that dominates it, reaches it in the
//!    same iteration of their common loops, and is followed by no op that
//!    may write the element before the load;
//! 2. a store is dropped when another store to the same element in the same
//!    region post-dominates it with no possible read in between;
//! 3. a buffer from `memref.alloc` whose loads were forwarded and that is
//!    now only stored to and deallocated is erased with its stores and
//!    deallocations;
//! 4. a load is replaced by an earlier identical load with no possible
//!    write in between.
//!
//! Memory dependence comes from `affine_dependence.rs`, aliasing from
//! `local_alias.rs` (a fresh allocation does not alias a function
//! argument or another allocation). Access maps are compared after the
//! `affine.apply` ops producing their operands are composed in, as MLIR's
//! `MemRefAccess` does.

use rustc_hash::FxHashSet;
use strata_ir::dominance::RegionDominance;
use strata_ir::effects::{op_effects, EffectKind};
use strata_ir::opdef::Traits;
use strata_ir::{Block, Body, Context, Diagnostic, Op, Region, Value};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;

use crate::affine_access::{access, is};
use crate::affine_dependence::{check_dependence, common_loops, composed_access, same_access};
use crate::local_alias::may_alias;

pub const INFO: PassInfo = PassInfo {
    argument: "affine-scalrep",
    description:
        "Replace affine memref accesses by scalars by forwarding stores to loads and eliminating redundant loads",
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

fn region_of(body: &Body, op: Op) -> Option<Region> {
    body.op_block(op).and_then(|b| body.block_region(b))
}

fn is_before_in_block(body: &Body, a: Op, b: Op) -> bool {
    let mut cur = body.next_op(a);
    while let Some(c) = cur {
        if c == b {
            return true;
        }
        cur = body.next_op(c);
    }
    false
}

/// MLIR's `DominanceInfo::dominates(a, b)` for two distinct ops: `a`
/// encloses `b`, or comes before `b`'s ancestor in `a`'s block, or `a`'s
/// block dominates that ancestor's block.
fn dominates(body: &Body, a: Op, b: Op) -> bool {
    let Some(ra) = region_of(body, a) else { return false };
    let mut anc = b;
    while region_of(body, anc) != Some(ra) {
        match body.parent_op(anc) {
            Some(p) => anc = p,
            None => return false,
        }
    }
    if anc == a {
        return true;
    }
    let (ba, bb) = (body.op_block(a), body.op_block(anc));
    if ba == bb {
        return is_before_in_block(body, a, anc);
    }
    match (ba, bb) {
        (Some(x), Some(y)) => RegionDominance::compute(body, ra).dominates(x, y),
        _ => false,
    }
}

fn successors(body: &Body, b: Block) -> Vec<Block> {
    body.last_op(b).map(|t| body.successors(t).to_vec()).unwrap_or_default()
}

/// MLIR's `PostDominanceInfo::postDominates(b, a)` for two ops of one
/// region: `b` after `a` in a block, or every path from `a`'s block to an
/// exit of the region passes through `b`'s block.
fn post_dominates(body: &Body, b: Op, a: Op) -> bool {
    let (Some(bb), Some(ba)) = (body.op_block(b), body.op_block(a)) else { return false };
    if bb == ba {
        return is_before_in_block(body, a, b);
    }
    let mut seen: FxHashSet<Block> = FxHashSet::default();
    let mut todo = vec![ba];
    while let Some(x) = todo.pop() {
        if x == bb || !seen.insert(x) {
            continue;
        }
        let succ = successors(body, x);
        if succ.is_empty() {
            return false;
        }
        todo.extend(succ);
    }
    true
}

/// What an intervening-effect check looks for.
struct EffectQuery {
    kind: EffectKind,
    memref: Value,
    mem_op: Op,
    /// Loops common to the start op and `mem_op`.
    min_loops: usize,
}

/// MLIR's `mayHaveEffect(src, dst, minSurroundingLoops)`: an affine
/// access on the same memref has an effect unless no dependence exists at
/// any depth from just inside the common loops out to `min_loops`.
fn may_have_effect(ctx: &Context, body: &Body, src: Op, q: &EffectQuery) -> bool {
    let (Some(a), Some(b)) = (access(ctx, body, src), access(ctx, body, q.mem_op)) else { return true };
    if a.memref != b.memref {
        return true;
    }
    let common = common_loops(ctx, body, src, q.mem_op);
    ((q.min_loops + 1)..=(common + 1)).rev().any(|d| check_dependence(ctx, body, src, q.mem_op, d) != Some(false))
}

/// Whether `op` (or an op nested in it) may have the effect `q` looks for.
fn check_operation(ctx: &Context, body: &Body, op: Op, q: &EffectQuery) -> bool {
    if let Some(effects) = op_effects(ctx, body, op) {
        let relevant = effects
            .iter()
            .any(|e| e.kind == q.kind && !e.value.is_some_and(|v| v != q.memref && !may_alias(ctx, body, v, q.memref)));
        if !relevant {
            return false;
        }
        if access(ctx, body, op).is_some() {
            return may_have_effect(ctx, body, op, q);
        }
        return true;
    }
    let recursive = ctx.op_def(body.op_name(op)).is_some_and(|d| d.traits.contains(Traits::RECURSIVE_MEMORY_EFFECTS));
    if !recursive {
        return true;
    }
    body.local_regions(op)
        .iter()
        .any(|&r| body.blocks(r).any(|b| body.block_ops(b).any(|inner| check_operation(ctx, body, inner, q))))
}

/// Whether an op on some path from `from` to `until` may have the effect.
fn effect_between(ctx: &Context, body: &Body, from: Op, until: Op, q: &EffectQuery) -> bool {
    if region_of(body, from) != region_of(body, until) {
        let Some(parent) = body.parent_op(until) else { return true };
        // All of the enclosing op is checked, as MLIR does, not only the
        // paths leading to `until`.
        return effect_between(ctx, body, from, parent, q) || check_operation(ctx, body, parent, q);
    }
    let mut cur = body.next_op(from);
    while let Some(op) = cur {
        if op == until {
            break;
        }
        if check_operation(ctx, body, op, q) {
            return true;
        }
        cur = body.next_op(op);
    }
    let (Some(fb), Some(ub)) = (body.op_block(from), body.op_block(until)) else { return true };
    if fb == ub {
        return false;
    }
    let mut todo = successors(body, fb);
    let mut done: FxHashSet<Block> = FxHashSet::default();
    while let Some(b) = todo.pop() {
        if !done.insert(b) {
            continue;
        }
        let mut reached = false;
        for op in body.block_ops(b) {
            if op == until {
                reached = true;
                break;
            }
            if check_operation(ctx, body, op, q) {
                return true;
            }
        }
        if !reached {
            todo.extend(successors(body, b));
        }
    }
    false
}

/// MLIR's `hasNoInterveningEffect<kind>(start, memOp)`.
fn no_intervening_effect(ctx: &Context, body: &Body, start: Op, mem_op: Op, kind: EffectKind) -> bool {
    let Some(a) = access(ctx, body, mem_op) else { return false };
    let q = EffectQuery { kind, memref: a.memref, mem_op, min_loops: common_loops(ctx, body, start, mem_op) };
    !effect_between(ctx, body, start, mem_op, &q)
}

/// The affine loads (memref operand 0) or stores (memref operand 1) of
/// `memref`.
fn accesses_of(ctx: &Context, body: &Body, memref: Value, stores: bool) -> Vec<Op> {
    let (name, at) = if stores { ("affine.store", 1) } else { ("affine.load", 0) };
    body.uses(memref).filter(|&(u, i)| i == at && is(ctx, body, u, name)).map(|(u, _)| u).collect()
}

/// Step 1 for one load: the store it can take its value from.
fn forward_store_to_load(ctx: &Context, body: &mut Body, load: Op, erase: &mut Vec<Op>, memrefs: &mut Vec<Value>) {
    let Some(l) = composed_access(ctx, body, load) else { return };
    let memref = l.memref;
    let mut source = None;
    for store in accesses_of(ctx, body, memref, true) {
        let Some(s) = composed_access(ctx, body, store) else { continue };
        if !same_access(ctx, body, &s, &l) || !dominates(body, store, load) {
            continue;
        }
        // The store must reach the load in the same iteration of their
        // common loops (MLIR's `mustReachAtInnermost`).
        let common = common_loops(ctx, body, store, load);
        if check_dependence(ctx, body, store, load, common + 1) != Some(true) {
            continue;
        }
        if !no_intervening_effect(ctx, body, store, load, EffectKind::Write) {
            continue;
        }
        source = Some(store);
    }
    let Some(store) = source else { return };
    let value = body.operand(store, 0);
    let result = body.result(load, 0);
    if body.value_type(value) != body.value_type(result) {
        return;
    }
    body.replace_all_uses_with(result, value);
    if !memrefs.contains(&memref) {
        memrefs.push(memref);
    }
    erase.push(load);
}

/// Step 2 for one store: a later store to the same element makes it dead.
fn is_unused_store(ctx: &Context, body: &Body, store: Op) -> bool {
    let Some(a) = composed_access(ctx, body, store) else { return false };
    accesses_of(ctx, body, a.memref, true).into_iter().any(|other| {
        other != store
            && region_of(body, other) == region_of(body, store)
            && composed_access(ctx, body, other).is_some_and(|b| same_access(ctx, body, &b, &a))
            && post_dominates(body, other, store)
            && no_intervening_effect(ctx, body, store, other, EffectKind::Read)
    })
}

/// Step 4 for one load: the earlier identical load to reuse, if any (the
/// candidate dominating all others).
fn load_cse(ctx: &Context, body: &Body, load: Op) -> Option<Value> {
    let a = composed_access(ctx, body, load)?;
    let ty = body.value_type(body.result(load, 0));
    let candidates: Vec<Op> = accesses_of(ctx, body, a.memref, false)
        .into_iter()
        .filter(|&other| {
            other != load
                && composed_access(ctx, body, other).is_some_and(|b| same_access(ctx, body, &b, &a))
                && dominates(body, other, load)
                && no_intervening_effect(ctx, body, other, load, EffectKind::Write)
                && body.value_type(body.result(other, 0)) == ty
        })
        .collect();
    let best = candidates.iter().copied().find(|&c| candidates.iter().all(|&o| o == c || dominates(body, c, o)))?;
    Some(body.result(best, 0))
}

fn collect(ctx: &Context, body: &Body, name: &str) -> Vec<Op> {
    let mut out = Vec::new();
    body.walk_pre(&mut |op| {
        if is(ctx, body, op, name) {
            out.push(op);
        }
    });
    out
}

/// Step 3: `memref` comes from an allocation and is now only stored to and
/// freed.
fn erase_if_dead(ctx: &Context, body: &mut Body, memref: Value) -> bool {
    let Some(def) = body.defining_op(memref) else { return false };
    let single = |body: &Body, op: Op, kind: EffectKind| {
        op_effects(ctx, body, op)
            .is_some_and(|e| !e.is_empty() && e.iter().all(|x| x.kind == kind && x.value == Some(memref)))
    };
    if !single(body, def, EffectKind::Allocate) {
        return false;
    }
    let users: Vec<Op> = body.uses(memref).map(|(u, _)| u).collect();
    if !users.iter().all(|&u| is(ctx, body, u, "affine.store") || single(body, u, EffectKind::Free)) {
        return false;
    }
    let mut seen: FxHashSet<Op> = FxHashSet::default();
    for u in users {
        if seen.insert(u) {
            body.erase_op(u);
        }
    }
    body.erase_op(def);
    true
}

pub fn scalar_replace(ctx: &Context, body: &mut Body) -> bool {
    let mut changed = false;
    let mut erase = Vec::new();
    let mut memrefs = Vec::new();
    for load in collect(ctx, body, "affine.load") {
        forward_store_to_load(ctx, body, load, &mut erase, &mut memrefs);
    }
    changed |= !erase.is_empty();
    for op in erase.drain(..) {
        body.erase_op(op);
    }
    let stores = collect(ctx, body, "affine.store");
    erase.extend(stores.into_iter().filter(|&s| is_unused_store(ctx, body, s)));
    changed |= !erase.is_empty();
    for op in erase.drain(..) {
        body.erase_op(op);
    }
    for memref in memrefs {
        changed |= erase_if_dead(ctx, body, memref);
    }
    for load in collect(ctx, body, "affine.load") {
        if let Some(v) = load_cse(ctx, body, load) {
            let r = body.result(load, 0);
            body.replace_all_uses_with(r, v);
            erase.push(load);
        }
    }
    changed |= !erase.is_empty();
    for op in erase.drain(..) {
        body.erase_op(op);
    }
    changed
}
