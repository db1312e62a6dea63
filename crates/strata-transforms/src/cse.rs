//! The `cse` pass (mlir-opt's `-cse`, class `CSE`): common sub-expression
//! elimination and removal of trivially dead ops, as upstream
//! `mlir/lib/Transforms/Utils/CSE.cpp` (LLVM 22) does it.
//!
//! Algorithm (upstream's, step for step, because erasure order, op order and
//! value naming of the output must match mlir-opt's):
//! * ops already seen are kept in a scoped table keyed by structural
//!   equivalence (`op_equivalence.rs`); a single-block region opens one
//!   scope, a multi-block region one scope per dominator-tree node, walked
//!   depth first with children in the order LLVM's dominator tree lists them
//!   (depth-first preorder over successors); unreachable blocks are not
//!   visited;
//! * each op of a block is first tested for being trivially dead (unused,
//!   no effects that matter): such ops are queued for erasure (`num-dce'd`)
//!   and their regions are not visited;
//! * an op's regions are simplified before the op; ops that might be
//!   isolated from above (registered isolated ops and every unregistered
//!   op) get a fresh table for their regions;
//! * terminators, ops with a multi-block region, and ops with effects are
//!   never replaced, except ops whose only effects are reads, which are
//!   replaced by an equivalent op of the same block when no op in between
//!   may write what they read;
//! * a duplicate's uses go to the op seen first and the duplicate is queued
//!   for erasure (`num-cse'd`). In a region without SSA dominance (a graph
//!   region: single-block regions of `builtin.module` and of unregistered
//!   ops) only uses whose owner has no equivalent in the table are replaced,
//!   and the duplicate is erased only if that left it unused;
//! * the surviving op takes the duplicate's location when its own is
//!   unknown;
//! * queued ops are erased at the end, in the order they were queued.
//!
//! Isolated-from-above ops own a separate `Body` here: they are simplified
//! after the walk of the enclosing body, each with its own table, in
//! parallel when threading is on. Nothing crosses such a boundary (values,
//! table entries, erasures), so the result is the same as upstream's
//! interleaved walk and does not depend on the number of threads.

use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use strata_ir::attributes::AttrKind;
use strata_ir::diagnostics::Diagnostic;
use strata_ir::dominance::RegionDominance;
use strata_ir::effects::{self, EffectKind, Effects};
use strata_ir::location::{LocData, Location};
use strata_ir::opdef::Traits;
use strata_ir::{Block, Body, Context, Op, OpName, Region};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::detached::for_each_isolated;
use strata_pass::pass::{Pass, PassTarget, Statistic};
use strata_pass::registry::{PassInfo, PassRegistry};

use crate::op_equivalence::{is_commutative, op_hash, ops_equivalent};

/// Registers `cse`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        argument: "cse",
        description: "Eliminate common sub-expressions",
        options: &[],
        ctor: |opts| {
            opts.apply("cse", |_, _| None)?;
            Ok(Box::new(Cse::new()))
        },
    });
}

/// The pass. Its statistics are upstream's: `num-cse'd`, `num-dce'd`.
pub struct Cse {
    stats: [Statistic; 2],
}

impl Cse {
    pub fn new() -> Cse {
        Cse {
            stats: [
                Statistic::new("num-cse'd", "Number of operations CSE'd"),
                Statistic::new("num-dce'd", "Number of operations DCE'd"),
            ],
        }
    }
}

impl Default for Cse {
    fn default() -> Self {
        Cse::new()
    }
}

impl Pass for Cse {
    fn argument(&self) -> &'static str {
        "cse"
    }
    fn name(&self) -> &'static str {
        "CSE"
    }
    fn statistics(&self) -> &[Statistic] {
        &self.stats
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let graph = has_graph_regions(target.ctx, target.parent, target.op);
        let outcome = eliminate_common_subexpressions(target.ctx, target.body, graph, target.threading);
        self.stats[0].add(outcome.num_cse);
        self.stats[1].add(outcome.num_dce);
        // Upstream keeps dominance when it erased something (CSE never
        // erases an op holding a CFG); we cache none, so nothing to keep.
        Ok(if outcome.changed { PreservedAnalyses::none() } else { PreservedAnalyses::All })
    }
}

/// What a CSE run did.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct CseOutcome {
    pub num_cse: u64,
    pub num_dce: u64,
    /// Some op was erased (a location update alone does not count, as
    /// upstream).
    pub changed: bool,
}

impl std::ops::AddAssign for CseOutcome {
    fn add_assign(&mut self, o: CseOutcome) {
        self.num_cse += o.num_cse;
        self.num_dce += o.num_dce;
        self.changed |= o.changed;
    }
}

/// Runs CSE on the regions of an isolated op whose arena is `body`.
/// `graph` says whether the op's single-block regions lack SSA dominance
/// (see [`has_graph_regions`]). Nested isolated ops are processed too, in
/// parallel when `threading` is set.
pub fn eliminate_common_subexpressions(ctx: &Context, body: &mut Body, graph: bool, threading: bool) -> CseOutcome {
    let mut driver = Driver::new(ctx);
    // Most ops of a body usually end up in the table at once (one big
    // block): sizing it up front saves rehashing.
    driver.known.reserve(body.num_ops_allocated());
    let roots: SmallVec<[Region; 2]> = body.root_regions().into();
    for r in roots {
        driver.simplify_region(body, r, graph);
    }
    let mut outcome = driver.outcome;
    let isolated = std::mem::take(&mut driver.isolated);
    if !isolated.is_empty() {
        let nested = for_each_isolated(ctx, body, &isolated, threading, |b, op| {
            let graph = has_graph_regions(ctx, b, op);
            match b.nested_mut(op) {
                Some(inner) => eliminate_common_subexpressions(ctx, inner, graph, threading),
                None => CseOutcome::default(),
            }
        });
        for o in nested {
            outcome += o;
        }
    }
    outcome.changed |= !driver.to_erase.is_empty();
    for op in driver.to_erase {
        // An op nested in an op erased before it is gone already.
        if !body.is_erased(op) {
            body.erase_op(op);
        }
    }
    outcome
}

/// Whether the single-block regions of `op` lack SSA dominance: MLIR's
/// `DominanceInfo::hasSSADominance` is false for unregistered ops (nothing
/// is known about them) and for graph regions (`builtin.module`).
/// Multi-block regions always have SSA dominance.
pub fn has_graph_regions(ctx: &Context, body: &Body, op: Op) -> bool {
    match ctx.op_def(body.op_name(op)) {
        None => true,
        Some(d) => d.traits.contains(Traits::GRAPH_REGION),
    }
}

/// How CSE treats ops of one name (computed once per name).
#[derive(Copy, Clone)]
struct OpClass {
    terminator: bool,
    commutative: bool,
    /// Regions get a fresh table: `mightHaveTrait<IsIsolatedFromAbove>` is
    /// true for registered isolated ops and for every unregistered op.
    fresh_scope: bool,
    /// Single-block regions lack SSA dominance.
    graph_regions: bool,
    effects: EffectClass,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum EffectClass {
    /// `Pure`/`NoMemoryEffect` and not recursive: no effects at all.
    /// `dead_if_unused` is false for terminators and symbols.
    None { dead_if_unused: bool },
    /// No effect interface and not recursive (includes unregistered ops):
    /// unknown effects, never dead, never replaced.
    Unknown,
    /// An effects hook or recursive effects: asked per op.
    PerOp,
}

fn classify(ctx: &Context, name: OpName) -> OpClass {
    let Some(def) = ctx.op_def(name) else {
        return OpClass {
            terminator: false,
            commutative: false,
            fresh_scope: true,
            graph_regions: true,
            effects: EffectClass::Unknown,
        };
    };
    let t = def.traits;
    let terminator = t.contains(Traits::IS_TERMINATOR);
    let effects = if def.effects.is_some() || t.contains(Traits::RECURSIVE_MEMORY_EFFECTS) {
        EffectClass::PerOp
    } else if t.contains(Traits::PURE) || t.contains(Traits::NO_MEMORY_EFFECT) {
        EffectClass::None { dead_if_unused: !terminator && !t.contains(Traits::SYMBOL) }
    } else {
        EffectClass::Unknown
    };
    OpClass {
        terminator,
        commutative: t.contains(Traits::COMMUTATIVE),
        fresh_scope: t.contains(Traits::ISOLATED_FROM_ABOVE),
        graph_regions: t.contains(Traits::GRAPH_REGION),
        effects,
    }
}

/// The state of one walk over one body.
struct Driver<'c> {
    ctx: &'c Context,
    classes: FxHashMap<OpName, OpClass>,
    known: KnownOps,
    /// Ops to erase at the end, in upstream's order.
    to_erase: Vec<Op>,
    /// Isolated ops met during the walk (their regions live in another
    /// arena and are simplified afterwards).
    isolated: Vec<Op>,
    /// Per block: for a read-only op, how far the scan for writes after it
    /// got and whether it found one (upstream's `memEffectsCache`).
    write_scans: FxHashMap<Op, (Op, bool)>,
    outcome: CseOutcome,
}

impl<'c> Driver<'c> {
    fn new(ctx: &'c Context) -> Driver<'c> {
        Driver {
            ctx,
            classes: FxHashMap::default(),
            known: KnownOps::default(),
            to_erase: Vec::new(),
            isolated: Vec::new(),
            write_scans: FxHashMap::default(),
            outcome: CseOutcome::default(),
        }
    }

    fn class(&mut self, name: OpName) -> OpClass {
        let ctx = self.ctx;
        *self.classes.entry(name).or_insert_with(|| classify(ctx, name))
    }

    fn simplify_region(&mut self, body: &mut Body, r: Region, graph: bool) {
        let Some(entry) = body.first_block(r) else { return };
        if body.next_block(entry).is_none() {
            self.known.push_scope();
            self.simplify_block(body, entry, !graph);
            self.known.pop_scope();
            return;
        }
        // Multi-block regions always have SSA dominance. One scope per
        // dominator-tree node, so a block sees what its dominators computed.
        let children = dominator_tree_children(body, r, entry);
        let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
        self.known.push_scope();
        self.simplify_block(body, entry, true);
        while let Some(top) = stack.last_mut() {
            let (block, next) = *top;
            match children.get(&block).and_then(|c| c.get(next)) {
                Some(&child) => {
                    top.1 += 1;
                    self.known.push_scope();
                    self.simplify_block(body, child, true);
                    stack.push((child, 0));
                }
                None => {
                    stack.pop();
                    self.known.pop_scope();
                }
            }
        }
    }

    fn simplify_block(&mut self, body: &mut Body, block: Block, ssa: bool) {
        let mut cur = body.first_op(block);
        while let Some(op) = cur {
            cur = body.next_op(op);
            let class = self.class(body.op_name(op));
            if self.is_trivially_dead(body, op, class) {
                self.to_erase.push(op);
                self.outcome.num_dce += 1;
                continue;
            }
            if body.is_isolated(op) {
                self.isolated.push(op);
            } else {
                let regions: SmallVec<[Region; 2]> = body.local_regions(op).into();
                if !regions.is_empty() {
                    let outer = class.fresh_scope.then(|| std::mem::take(&mut self.known));
                    for r in regions {
                        self.simplify_region(body, r, class.graph_regions);
                    }
                    if let Some(outer) = outer {
                        self.known = outer;
                    }
                }
            }
            self.simplify_operation(body, op, class, ssa);
        }
        self.write_scans.clear();
    }

    fn is_trivially_dead(&self, body: &Body, op: Op, class: OpClass) -> bool {
        match class.effects {
            EffectClass::None { dead_if_unused } => dead_if_unused && body.op_results_unused(op),
            EffectClass::Unknown => false,
            EffectClass::PerOp => effects::is_op_trivially_dead(self.ctx, body, op),
        }
    }

    fn simplify_operation(&mut self, body: &mut Body, op: Op, class: OpClass, ssa: bool) {
        if class.terminator {
            return;
        }
        {
            let (rb, regions) = body.regions_of(op);
            if regions.iter().any(|&r| rb.first_block(r).is_some_and(|b| rb.next_block(b).is_some())) {
                return;
            }
        }
        let ctx = self.ctx;
        let hash = op_hash(body, op, class.commutative);
        let effect_free = match class.effects {
            EffectClass::None { .. } => true,
            EffectClass::Unknown => false,
            EffectClass::PerOp => effects::is_memory_effect_free(ctx, body, op),
        };
        if !effect_free {
            if class.effects != EffectClass::PerOp || !only_reads(ctx, body, op) {
                return;
            }
            let found = self.known.find(hash, |e| ops_equivalent(ctx, body, op, body, e));
            if let Some(entry) = found {
                let existing = self.known.op(entry);
                if body.op_block(existing) == body.op_block(op) && !self.write_between(body, existing, op) {
                    self.replace(body, op, existing, ssa);
                    return;
                }
            }
            // The newer read shadows the older one until this scope ends.
            self.known.insert(hash, op, found);
            return;
        }
        match self.known.find(hash, |e| ops_equivalent(ctx, body, op, body, e)) {
            Some(entry) => {
                let existing = self.known.op(entry);
                self.replace(body, op, existing, ssa);
            }
            None => self.known.insert(hash, op, None),
        }
    }

    /// Sends `op`'s uses to `existing` and queues `op` for erasure.
    fn replace(&mut self, body: &mut Body, op: Op, existing: Op, ssa: bool) {
        let n = body.num_results(op);
        if ssa {
            // With SSA dominance no use of `op` has been visited yet.
            for i in 0..n {
                let (from, to) = (body.result(op, i), body.result(existing, i));
                body.replace_all_uses_with(from, to);
            }
            self.to_erase.push(op);
        } else {
            // Uses by ops with an equivalent in the table may have been
            // visited already (graph regions allow uses before defs).
            let (ctx, known) = (self.ctx, &self.known);
            for i in 0..n {
                let (from, to) = (body.result(op, i), body.result(existing, i));
                body.replace_uses_if(from, to, |b, owner| !known.contains(ctx, b, owner));
            }
            if body.op_results_unused(op) {
                self.to_erase.push(op);
            }
        }
        if is_unknown_loc(self.ctx, body.op_loc(existing)) && !is_unknown_loc(self.ctx, body.op_loc(op)) {
            let loc = body.op_loc(op);
            body.set_op_loc(existing, loc);
        }
        self.outcome.num_cse += 1;
    }

    /// Whether an op strictly between `from` and `to` (same block, `from`
    /// first) may write what `from` reads. Ops with unknown effects may
    /// write anything.
    fn write_between(&mut self, body: &Body, from: Op, to: Op) -> bool {
        let ctx = self.ctx;
        let reads: Effects = effects::op_effects(ctx, body, from)
            .unwrap_or_default()
            .into_iter()
            .filter(|e| e.kind == EffectKind::Read)
            .collect();
        let mut next = body.next_op(from);
        match self.write_scans.get(&from) {
            Some(&(_, true)) => return true,
            // Clear up to a previous duplicate: continue from there.
            Some(&(reached, false)) => next = Some(reached),
            None => {}
        }
        while let Some(n) = next {
            if n == to {
                break;
            }
            let writes = match effects_recursively(ctx, body, n) {
                None => true,
                // Resources are flat names here: a write conflicts with a
                // read of the same resource.
                Some(effs) => {
                    effs.iter().any(|w| w.kind == EffectKind::Write && reads.iter().any(|r| r.resource == w.resource))
                }
            };
            if writes {
                self.write_scans.insert(from, (n, true));
                return true;
            }
            next = body.next_op(n);
        }
        self.write_scans.insert(from, (to, false));
        false
    }
}

/// MLIR's `hasSingleEffect<Read>`: the op declares effects, at least one,
/// and all of them are reads.
fn only_reads(ctx: &Context, body: &Body, op: Op) -> bool {
    effects::op_effects(ctx, body, op).is_some_and(|e| !e.is_empty() && e.iter().all(|x| x.kind == EffectKind::Read))
}

/// MLIR's `getEffectsRecursively`: the op's effects and, for recursive
/// ops, those of every nested op; `None` if any of them are unknown.
fn effects_recursively(ctx: &Context, body: &Body, op: Op) -> Option<Effects> {
    let mut out = Effects::new();
    let mut stack: Vec<(&Body, Op)> = vec![(body, op)];
    while let Some((b, o)) = stack.pop() {
        let recursive = ctx.op_def(b.op_name(o)).is_some_and(|d| d.traits.contains(Traits::RECURSIVE_MEMORY_EFFECTS));
        if recursive {
            let (rb, regions) = b.regions_of(o);
            for &r in regions {
                for blk in rb.blocks(r) {
                    stack.extend(rb.block_ops(blk).map(|x| (rb, x)));
                }
            }
        }
        match effects::op_effects(ctx, b, o) {
            Some(e) => out.extend(e),
            None if !recursive => return None,
            None => {}
        }
    }
    Some(out)
}

fn is_unknown_loc(ctx: &Context, loc: Location) -> bool {
    match loc {
        Location::Unknown => true,
        Location::FileLineCol { .. } => false,
        Location::Attr(a) => matches!(ctx.attr_kind(a), AttrKind::Location(LocData::Unknown)),
    }
}

/// The children of each block in the region's dominator tree, in the order
/// LLVM's `DominatorTree` lists them: depth-first preorder over successors
/// (first successor first). Unreachable blocks are absent.
fn dominator_tree_children(body: &Body, r: Region, entry: Block) -> FxHashMap<Block, SmallVec<[Block; 2]>> {
    let dom = RegionDominance::compute(body, r);
    let mut visited: FxHashSet<Block> = FxHashSet::default();
    let mut stack = vec![entry];
    let mut children: FxHashMap<Block, SmallVec<[Block; 2]>> = FxHashMap::default();
    while let Some(b) = stack.pop() {
        if !visited.insert(b) {
            continue;
        }
        if let Some(idom) = dom.immediate_dominator(b) {
            children.entry(idom).or_default().push(b);
        }
        let succs = body.last_op(b).map(|t| body.successors(t)).unwrap_or(&[]);
        stack.extend(succs.iter().rev().filter(|s| !visited.contains(s)));
    }
    children
}

/// LLVM's `ScopedHashTable<Operation*, Operation*>` as CSE uses it: ops
/// keyed by equivalence, the innermost entry of a key wins, and closing a
/// scope forgets (or un-shadows) what was inserted since it opened.
#[derive(Default)]
struct KnownOps {
    /// Index into `entries` of the innermost entry of each key.
    slots: HashTable<u32>,
    entries: Vec<KnownEntry>,
    /// `entries.len()` when each open scope began.
    scopes: Vec<u32>,
}

struct KnownEntry {
    op: Op,
    hash: u64,
    /// The entry of the same key this one hides, if any.
    shadowed: Option<u32>,
}

impl KnownOps {
    fn reserve(&mut self, n: usize) {
        let KnownOps { slots, entries, .. } = self;
        entries.reserve(n);
        slots.reserve(n, |&i| entries[i as usize].hash);
    }

    fn push_scope(&mut self) {
        self.scopes.push(self.entries.len() as u32);
    }

    fn pop_scope(&mut self) {
        let start = self.scopes.pop().unwrap_or(0) as usize;
        if start == 0 {
            // The outermost scope: everything goes, no need to look up.
            self.slots.clear();
            self.entries.clear();
            return;
        }
        while self.entries.len() > start {
            let idx = (self.entries.len() - 1) as u32;
            let Some(e) = self.entries.pop() else { break };
            if let Ok(slot) = self.slots.find_entry(e.hash, |&i| i == idx) {
                match e.shadowed {
                    Some(older) => *slot.into_mut() = older,
                    None => {
                        slot.remove();
                    }
                }
            }
        }
    }

    /// The entry equivalent to the op being looked up (`eq` compares it
    /// with a candidate).
    fn find(&self, hash: u64, mut eq: impl FnMut(Op) -> bool) -> Option<u32> {
        let entries = &self.entries;
        self.slots
            .find(hash, |&i| {
                let e = &entries[i as usize];
                e.hash == hash && eq(e.op)
            })
            .copied()
    }

    fn op(&self, entry: u32) -> Op {
        self.entries[entry as usize].op
    }

    /// Whether an op equivalent to `op` is in the table (`count` upstream).
    fn contains(&self, ctx: &Context, body: &Body, op: Op) -> bool {
        let hash = op_hash(body, op, is_commutative(ctx, body, op));
        self.find(hash, |e| ops_equivalent(ctx, body, op, body, e)).is_some()
    }

    /// Adds `op`; `shadows` is the entry of the same key found by `find`.
    fn insert(&mut self, hash: u64, op: Op, shadows: Option<u32>) {
        let idx = self.entries.len() as u32;
        self.entries.push(KnownEntry { op, hash, shadowed: shadows });
        let KnownOps { slots, entries, .. } = self;
        match shadows.and_then(|s| slots.find_mut(hash, |&i| i == s)) {
            Some(slot) => *slot = idx,
            None => {
                slots.insert_unique(hash, idx, |&i| entries[i as usize].hash);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strata_ir::dialect::DialectDef;
    use strata_ir::effects::Effect;
    use strata_ir::opdef::OpDef;
    use strata_ir::{OpSpec, Value};

    fn reads(_: &Context, _: &Body, _: Op, out: &mut Effects) {
        out.push(Effect::on_default(EffectKind::Read));
    }
    fn writes(_: &Context, _: &Body, _: Op, out: &mut Effects) {
        out.push(Effect::on_default(EffectKind::Write));
    }
    fn writes_elsewhere(_: &Context, _: &Body, _: Op, out: &mut Effects) {
        out.push(Effect { kind: EffectKind::Write, value: None, resource: "elsewhere" });
    }

    /// No registered dialect has read-only ops yet: a test dialect supplies
    /// a load, a store, and a store to another resource.
    fn ctx_with_memory_ops() -> Context {
        let mut ctx = Context::new();
        strata_dialects::register_all(&mut ctx);
        ctx.register_dialect(
            DialectDef::new("mem")
                .op(OpDef::new("mem.load").effects(reads))
                .op(OpDef::new("mem.store").effects(writes))
                .op(OpDef::new("mem.store_elsewhere").effects(writes_elsewhere))
                .op(OpDef::new("mem.add").traits(Traits::PURE))
                .op(OpDef::new("mem.scope").traits(Traits::RECURSIVE_MEMORY_EFFECTS)),
        );
        ctx
    }

    fn build(body: &mut Body, ctx: &Context, b: Block, name: &str, operands: &[Value], results: usize) -> Op {
        let types: SmallVec<[strata_ir::types::Type; 2]> = (0..results).map(|_| ctx.i32()).collect();
        let op = body.create_op(OpSpec::new(ctx, name, Location::Unknown).operands(operands).results(&types));
        body.append_op(b, op);
        op
    }

    fn entry_block(body: &mut Body, ctx: &Context) -> (Block, Value) {
        let r = body.root_regions()[0];
        let b = body.create_block();
        body.append_block(r, b);
        let x = body.add_block_arg(b, ctx.i32(), Location::Unknown);
        (b, x)
    }

    #[test]
    fn reads_are_merged_unless_a_write_may_intervene() {
        let ctx = ctx_with_memory_ops();
        let mut body = Body::with_root_regions(1);
        let (b, x) = entry_block(&mut body, &ctx);
        let l1 = build(&mut body, &ctx, b, "mem.load", &[x], 1);
        let l2 = build(&mut body, &ctx, b, "mem.load", &[x], 1);
        build(&mut body, &ctx, b, "mem.store", &[x], 0);
        let l3 = build(&mut body, &ctx, b, "mem.load", &[x], 1);
        let l4 = build(&mut body, &ctx, b, "mem.load", &[x], 1);
        build(&mut body, &ctx, b, "mem.store_elsewhere", &[x], 0);
        let l5 = build(&mut body, &ctx, b, "mem.load", &[x], 1);
        let loads: Vec<Value> = [l1, l2, l3, l4, l5].iter().map(|&l| body.result(l, 0)).collect();
        let user = build(&mut body, &ctx, b, "test.use", &loads, 0);
        let outcome = eliminate_common_subexpressions(&ctx, &mut body, false, false);
        assert_eq!(outcome, CseOutcome { num_cse: 3, num_dce: 0, changed: true });
        let (r1, r3) = (body.result(l1, 0), body.result(l3, 0));
        assert_eq!(body.operand_vec(user).as_slice(), &[r1, r1, r3, r3, r3]);
        assert!(body.is_erased(l2) && body.is_erased(l4) && body.is_erased(l5));
        // Two stores survive: they have effects.
        assert_eq!(body.block_ops(b).count(), 5);
    }

    #[test]
    fn reads_in_other_blocks_are_kept_and_unused_reads_are_dead() {
        let ctx = ctx_with_memory_ops();
        let mut body = Body::with_root_regions(1);
        let (b, x) = entry_block(&mut body, &ctx);
        let l1 = build(&mut body, &ctx, b, "mem.load", &[x], 1);
        let unused = build(&mut body, &ctx, b, "mem.load", &[x], 1);
        let b2 = body.create_block();
        body.append_block(body.root_regions()[0], b2);
        let br = body.create_op(OpSpec::new(&ctx, "cf.br", Location::Unknown).successors(&[b2]));
        body.append_op(b, br);
        let l2 = build(&mut body, &ctx, b2, "mem.load", &[x], 1);
        let (v1, v2) = (body.result(l1, 0), body.result(l2, 0));
        let user = build(&mut body, &ctx, b2, "test.use", &[v1, v2], 0);
        let outcome = eliminate_common_subexpressions(&ctx, &mut body, false, false);
        assert_eq!(outcome, CseOutcome { num_cse: 0, num_dce: 1, changed: true });
        assert!(body.is_erased(unused));
        assert_eq!(body.operand_vec(user).as_slice(), &[v1, v2]);
    }

    /// `mem.scope` (recursive effects) with one block holding `inner` ops,
    /// each `(name, operand)` with one result, and a `func.return` (pure)
    /// of the last.
    fn scope(body: &mut Body, ctx: &Context, b: Block, inner: &[(&str, Value)]) -> Op {
        let op = body.create_op(OpSpec::new(ctx, "mem.scope", Location::Unknown).regions(1).results(&[ctx.i32()]));
        body.append_op(b, op);
        let r = body.local_regions(op)[0];
        let ib = body.create_block();
        body.append_block(r, ib);
        let mut last = None;
        for &(name, v) in inner {
            let o = build(body, ctx, ib, name, &[v], 1);
            last = Some(body.result(o, 0));
        }
        let ys: Vec<Value> = last.into_iter().collect();
        build(body, ctx, ib, "func.return", &ys, 0);
        op
    }

    #[test]
    fn ops_with_regions_merge_when_structurally_equal_and_effect_free() {
        let ctx = ctx_with_memory_ops();
        let mut body = Body::with_root_regions(1);
        let (b, x) = entry_block(&mut body, &ctx);
        let s1 = scope(&mut body, &ctx, b, &[("mem.add", x)]);
        let s2 = scope(&mut body, &ctx, b, &[("mem.add", x)]);
        // Reads inside: the scope reads, so it is not effect free and it
        // has no effects interface of its own: it stays.
        let s3 = scope(&mut body, &ctx, b, &[("mem.load", x)]);
        let s4 = scope(&mut body, &ctx, b, &[("mem.load", x)]);
        // Different body: not equivalent (and its first add is dead).
        let s5 = scope(&mut body, &ctx, b, &[("mem.add", x), ("mem.add", x)]);
        let results: Vec<Value> = [s1, s2, s3, s4, s5].iter().map(|&s| body.result(s, 0)).collect();
        let user = build(&mut body, &ctx, b, "test.use", &results, 0);
        let outcome = eliminate_common_subexpressions(&ctx, &mut body, false, false);
        assert_eq!(outcome, CseOutcome { num_cse: 1, num_dce: 1, changed: true });
        assert!(body.is_erased(s2));
        let ops = body.operand_vec(user);
        assert_eq!(ops[0], ops[1]);
        assert_ne!(ops[2], ops[3]);
        assert_ne!(ops[0], ops[4]);
    }

    #[test]
    fn nothing_to_do_reports_unchanged() {
        let ctx = ctx_with_memory_ops();
        let mut body = Body::with_root_regions(1);
        let (b, x) = entry_block(&mut body, &ctx);
        let a = build(&mut body, &ctx, b, "mem.add", &[x, x], 1);
        let v = body.result(a, 0);
        build(&mut body, &ctx, b, "test.use", &[v], 0);
        let outcome = eliminate_common_subexpressions(&ctx, &mut body, false, true);
        assert_eq!(outcome, CseOutcome::default());
    }

    #[test]
    fn scopes_forget_and_unshadow() {
        // Handles are plain indices: three ops of a scratch body will do.
        let ctx = Context::new();
        let mut body = Body::new();
        let mut make = || body.create_op(strata_ir::OpSpec::new(&ctx, "t.x", Location::Unknown));
        let (a, b, c) = (make(), make(), make());
        let mut t = KnownOps::default();
        t.push_scope();
        t.insert(7, a, None);
        assert_eq!(t.find(7, |o| o == a).map(|e| t.op(e)), Some(a));
        t.push_scope();
        // `b` is equivalent to `a` (same key): it shadows `a` in this scope.
        let found = t.find(7, |o| o == a);
        t.insert(7, b, found);
        assert_eq!(t.find(7, |o| o == a || o == b).map(|e| t.op(e)), Some(b));
        t.insert(9, c, None);
        t.pop_scope();
        assert_eq!(t.find(7, |o| o == a || o == b).map(|e| t.op(e)), Some(a));
        assert_eq!(t.find(9, |_| true), None);
        t.pop_scope();
        assert_eq!(t.find(7, |_| true), None);
        assert!(t.entries.is_empty());
    }
}
