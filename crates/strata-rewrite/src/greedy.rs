//! The greedy pattern rewrite driver (MLIR's `applyPatternsGreedily` on a
//! region, `GreedyPatternRewriteDriver.cpp`).
//!
//! Each iteration starts from an empty worklist, fills it with every op of
//! the region (post-order, or pre-order reversed when top-down) while
//! uniquing and hoisting constants, erases unreachable blocks (before any
//! pattern sees their ops), then pops ops until the worklist is empty: a
//! trivially dead op is erased; otherwise the op is folded (unless
//! it is a constant), folded constants being materialized right before it;
//! otherwise the best matching pattern is applied. Every change goes through
//! the rewriter, whose notifications re-queue what changed: inserted and
//! modified ops (with their ancestors up to the region), and the defining
//! ops of erased ops' operands that at most one other op still uses. After the worklist, the
//! region is simplified (dead blocks, dead block arguments). Iterations
//! repeat while something changed, up to `max_iterations`.
//!
//! The driver works on one body (one isolated-from-above scope); callers run
//! it on nested isolated ops' bodies themselves.

use rustc_hash::FxHashSet;
use smallvec::SmallVec;

use strata_ir::effects::is_op_trivially_dead;
use strata_ir::fold::{fold_op, is_constant_like, operand_constants, FoldResult, FoldValue};
use strata_ir::{Body, Context, Op, Region, Value};

use crate::folder::ConstantFolder;
use crate::pattern::FrozenPatternSet;
use crate::rewriter::{Listener, PatternRewriter};

/// How far region simplification goes (the canonicalizer's
/// `region-simplify` option).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RegionSimplify {
    Disabled,
    Normal,
    Aggressive,
}

/// Which ops the driver may touch besides those it was started on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StrictMode {
    AnyOp,
    ExistingAndNewOps,
    ExistingOps,
}

#[derive(Clone, Debug)]
pub struct GreedyConfig {
    pub top_down: bool,
    /// `-1` for no limit.
    pub max_iterations: i64,
    /// `-1` for no limit.
    pub max_num_rewrites: i64,
    pub region_simplify: RegionSimplify,
    pub strict: StrictMode,
    pub fold: bool,
    pub cse_constants: bool,
    /// Fingerprint the IR around every pattern application and panic when a
    /// pattern reports success without changing anything, or changes the IR
    /// and reports failure (MLIR's `MLIR_ENABLE_EXPENSIVE_PATTERN_API_CHECKS`).
    /// On by default in debug builds.
    pub expensive_checks: bool,
}

impl Default for GreedyConfig {
    /// MLIR's `GreedyRewriteConfig` defaults (bottom-up).
    fn default() -> Self {
        GreedyConfig {
            top_down: false,
            max_iterations: 10,
            max_num_rewrites: -1,
            region_simplify: RegionSimplify::Normal,
            strict: StrictMode::AnyOp,
            fold: true,
            cse_constants: true,
            expensive_checks: cfg!(debug_assertions),
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GreedyResult {
    /// The last iteration changed nothing.
    pub converged: bool,
    pub changed: bool,
    pub iterations: i64,
}

/// LIFO worklist with set semantics: a vector of slots plus each op's slot
/// (ops are dense indices of one body).
#[derive(Default)]
struct Worklist {
    list: Vec<Option<Op>>,
    slot: Vec<u32>,
}

const NO_SLOT: u32 = u32::MAX;

impl Worklist {
    fn clear(&mut self) {
        for op in self.list.drain(..).flatten() {
            self.slot[op.index()] = NO_SLOT;
        }
    }
    fn push(&mut self, op: Op) {
        if self.slot.len() <= op.index() {
            self.slot.resize(op.index() + 1 + self.slot.len() / 2, NO_SLOT);
        }
        if self.slot[op.index()] != NO_SLOT {
            return;
        }
        self.slot[op.index()] = self.list.len() as u32;
        self.list.push(Some(op));
    }
    fn pop(&mut self) -> Option<Op> {
        while let Some(entry) = self.list.pop() {
            if let Some(op) = entry {
                self.slot[op.index()] = NO_SLOT;
                return Some(op);
            }
        }
        None
    }
    fn remove(&mut self, op: Op) {
        if let Some(&s) = self.slot.get(op.index()) {
            if s != NO_SLOT {
                self.list[s as usize] = None;
                self.slot[op.index()] = NO_SLOT;
            }
        }
    }
    fn reverse(&mut self) {
        self.list.reverse();
        for (i, e) in self.list.iter().enumerate() {
            if let Some(op) = e {
                self.slot[op.index()] = i as u32;
            }
        }
    }
}

/// The driver's reaction to IR changes.
struct DriverListener {
    worklist: Worklist,
    scope: Region,
    strict: StrictMode,
    /// Ops the driver may process in a strict mode.
    allowed: FxHashSet<Op>,
}

impl DriverListener {
    fn add_single(&mut self, op: Op) {
        if self.strict == StrictMode::AnyOp || self.allowed.contains(&op) {
            self.worklist.push(op);
        }
    }

    /// Queues `op` and its ancestors, if `op` is inside the scope region.
    fn add(&mut self, body: &Body, op: Op) {
        // Most ops sit directly in the scope region: no ancestors to queue.
        if let Some(b) = body.op_block(op) {
            if body.block_region(b) == Some(self.scope) {
                return self.add_single(op);
            }
        }
        let mut chain: SmallVec<[Op; 8]> = SmallVec::new();
        let mut cur = op;
        loop {
            chain.push(cur);
            let Some(b) = body.op_block(cur) else { return };
            let Some(r) = body.block_region(b) else { return };
            if r == self.scope {
                for &o in &chain {
                    self.add_single(o);
                }
                return;
            }
            match body.region_parent_op(r) {
                Some(p) => cur = p,
                None => return,
            }
        }
    }

    /// Queues the defining ops of the operands of `erased` (about to be
    /// erased) that no more than one other op uses: they may now be dead or
    /// simplifiable (`addOperandsToWorklist`; several uses by `erased`
    /// itself, as in `addi(%c, %c)`, count as none).
    fn add_operands(&mut self, body: &Body, erased: Op, operands: &[Value]) {
        for &v in operands {
            // Operands whose values were dropped with an erased block.
            if v.is_dropped() {
                continue;
            }
            let Some(d) = body.defining_op(v) else { continue };
            let mut other_user: Option<Op> = None;
            let more_than_one_other = body.uses(v).any(|(user, _)| {
                if user == erased || other_user == Some(user) {
                    return false;
                }
                if other_user.is_none() {
                    other_user = Some(user);
                    return false;
                }
                true
            });
            if !more_than_one_other {
                self.add(body, d);
            }
        }
    }
}

impl Listener for DriverListener {
    fn notify_inserted(&mut self, body: &Body, op: Op) {
        if self.strict == StrictMode::ExistingAndNewOps {
            self.allowed.insert(op);
        }
        self.add(body, op);
    }
    fn notify_modified(&mut self, body: &Body, op: Op) {
        self.add(body, op);
    }
    fn notify_erasing(&mut self, body: &Body, op: Op) {
        let operands = body.operand_vec(op);
        self.add_operands(body, op, &operands);
        self.worklist.remove(op);
        if self.strict != StrictMode::AnyOp {
            self.allowed.remove(&op);
        }
    }
}

/// Applies `patterns` (and folding) to each root region of `body` until a
/// fixed point or the limits in `config`.
pub fn apply_patterns_greedily(
    ctx: &Context,
    body: &mut Body,
    patterns: &FrozenPatternSet,
    config: &GreedyConfig,
) -> GreedyResult {
    let mut result = GreedyResult { converged: true, changed: false, iterations: 0 };
    let roots: SmallVec<[Region; 1]> = body.root_regions().into();
    for r in roots {
        let rr = apply_to_region(ctx, body, r, patterns, config);
        result.converged &= rr.converged;
        result.changed |= rr.changed;
        result.iterations = result.iterations.max(rr.iterations);
    }
    result
}

fn apply_to_region(
    ctx: &Context,
    body: &mut Body,
    region: Region,
    patterns: &FrozenPatternSet,
    config: &GreedyConfig,
) -> GreedyResult {
    let mut listener = DriverListener {
        worklist: Worklist::default(),
        scope: region,
        strict: config.strict,
        allowed: FxHashSet::default(),
    };
    if config.strict != StrictMode::AnyOp {
        body.walk_region_pre(region, &mut |op| {
            listener.allowed.insert(op);
        });
    }
    let mut iteration = 0i64;
    let mut continue_rewrites = false;
    loop {
        iteration += 1;
        if config.max_iterations >= 0 && iteration > config.max_iterations {
            break;
        }
        listener.worklist.clear();
        populate(ctx, body, region, config, &mut listener);
        // Unreachable blocks go before any pattern runs, whatever the
        // region-simplify level: ops there may use their own results, which
        // many patterns cannot handle (upstream since LLVM 22).
        continue_rewrites = {
            let mut rw = PatternRewriter::new(ctx, body, &mut listener);
            crate::region_simplify::erase_unreachable_blocks(&mut rw, region)
        };
        continue_rewrites |= process_worklist(ctx, body, patterns, config, &mut listener);
        if config.region_simplify != RegionSimplify::Disabled {
            let mut rw = PatternRewriter::new(ctx, body, &mut listener);
            continue_rewrites |= crate::region_simplify::simplify_region(
                &mut rw,
                region,
                config.region_simplify == RegionSimplify::Aggressive,
            );
        }
        if !continue_rewrites {
            break;
        }
    }
    GreedyResult { converged: !continue_rewrites, changed: iteration > 1, iterations: iteration }
}

/// Fills the worklist with the region's ops, uniquing constants on the way.
fn populate(ctx: &Context, body: &mut Body, region: Region, config: &GreedyConfig, listener: &mut DriverListener) {
    let mut order: Vec<Op> = Vec::new();
    if config.top_down {
        body.walk_region_pre(region, &mut |op| order.push(op));
    } else {
        body.walk_region_post(region, &mut |op| order.push(op));
    }
    let mut folder = ConstantFolder::default();
    for op in order {
        if body.is_erased(op) {
            continue;
        }
        if config.cse_constants && is_constant_like(ctx, body, op) {
            let mut rw = PatternRewriter::new(ctx, body, listener);
            if !folder.insert_known_constant(ctx, &mut rw, op) {
                // A duplicate constant, replaced by the kept one and erased.
                continue;
            }
        }
        listener.add(body, op);
    }
    if config.top_down {
        listener.worklist.reverse();
    }
}

/// Processes the worklist; true if anything changed.
fn process_worklist(
    ctx: &Context,
    body: &mut Body,
    patterns: &FrozenPatternSet,
    config: &GreedyConfig,
    listener: &mut DriverListener,
) -> bool {
    let mut changed = false;
    let mut num_rewrites = 0i64;
    loop {
        if config.max_num_rewrites >= 0 && num_rewrites >= config.max_num_rewrites {
            break;
        }
        let Some(op) = listener.worklist.pop() else { break };
        // An op erased after it was queued (the listener dequeues erased
        // ops, this guards any path that misses it).
        if body.is_erased(op) {
            continue;
        }
        if is_op_trivially_dead(ctx, body, op) {
            let mut rw = PatternRewriter::new(ctx, body, listener);
            rw.erase_op(op);
            changed = true;
            continue;
        }
        if config.fold && !is_constant_like(ctx, body, op) {
            let operands = operand_constants(ctx, body, op);
            match fold_op(ctx, body, op, &operands) {
                FoldResult::Failed => {}
                FoldResult::InPlace => {
                    listener.notify_modified(body, op);
                    changed = true;
                    continue;
                }
                FoldResult::Replace(values) => {
                    let mut rw = PatternRewriter::new(ctx, body, listener);
                    if replace_with_fold_results(&mut rw, op, &values) {
                        changed = true;
                        continue;
                    }
                }
            }
        }
        let name = body.op_name(op);
        let mut rw = PatternRewriter::new(ctx, body, listener);
        for p in patterns.for_op(name) {
            let before = config.expensive_checks.then(|| crate::fingerprint::body_fingerprint(rw.body()));
            let applied = p.match_and_rewrite(op, &mut rw);
            if let Some(before) = before {
                let after = crate::fingerprint::body_fingerprint(rw.body());
                if applied && before == after {
                    panic!("pattern '{}' returned success but IR did not change", p.name());
                }
                if !applied && before != after {
                    panic!("pattern '{}' returned failure but IR did change", p.name());
                }
            }
            if applied {
                changed = true;
                num_rewrites += 1;
                break;
            }
        }
    }
    changed
}

/// Materializes constants for attribute results right before `op` and
/// replaces it; false (and nothing changed) if a constant cannot be built.
fn replace_with_fold_results(rw: &mut PatternRewriter<'_>, op: Op, values: &[FoldValue]) -> bool {
    let saved = rw.insertion_point();
    rw.set_insertion_point_before(op);
    let types = rw.body().result_types(op);
    let loc = rw.body().op_loc(op);
    let mut replacements: SmallVec<[Value; 2]> = SmallVec::new();
    let mut created: SmallVec<[Op; 2]> = SmallVec::new();
    let mut ok = true;
    for (v, &ty) in values.iter().zip(types.iter()) {
        match *v {
            FoldValue::Value(v) => replacements.push(v),
            FoldValue::Attr(a) => match rw.materialize_constant(op, a, ty, loc) {
                Some(c) => {
                    created.push(c);
                    replacements.push(rw.body().result(c, 0));
                }
                None => {
                    ok = false;
                    break;
                }
            },
        }
    }
    if !ok {
        for c in created {
            rw.erase_op(c);
        }
        rw.restore_insertion_point(saved);
        return false;
    }
    rw.replace_op(op, &replacements);
    rw.restore_insertion_point(saved);
    true
}
