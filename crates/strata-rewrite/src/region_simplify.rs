//! Region simplification, run by the greedy driver after each iteration
//! (MLIR's `simplifyRegions` in `RegionUtils.cpp`): unreachable blocks are
//! erased, then a liveness analysis over the CFG deletes ops and block
//! arguments that nothing live uses (including dead cycles through block
//! arguments), and under `aggressive` identical blocks are merged
//! (`block_merge.rs`) and block arguments that receive the same value from
//! every predecessor are dropped.
//!
//! Only the regions of this body are simplified; isolated ops nested in it
//! own their bodies and are simplified by their own driver run.

use rustc_hash::FxHashSet;
use smallvec::SmallVec;

use strata_ir::branch::branch_interface;
use strata_ir::effects::would_op_be_trivially_dead;
use strata_ir::opdef::Traits;
use strata_ir::{Block, Body, Context, Op, Region, Value, ValueDef};

use crate::rewriter::PatternRewriter;

/// Simplifies `region` and the regions nested in it; true if ops or blocks
/// were erased (or, when `aggressive`, blocks merged or arguments dropped).
pub fn simplify_region(rw: &mut PatternRewriter<'_>, region: Region, aggressive: bool) -> bool {
    let erased_blocks = erase_unreachable_blocks(rw, region);
    let erased_ops = run_region_dce(rw, region);
    let merged = aggressive && crate::block_merge::merge_identical_blocks(rw.ctx, rw, region);
    let dropped = aggressive && drop_redundant_arguments(rw, region);
    erased_blocks || erased_ops || merged || dropped
}

fn successors(body: &Body, b: Block) -> SmallVec<[Block; 2]> {
    match body.last_op(b) {
        Some(t) => body.successors(t).into(),
        None => SmallVec::new(),
    }
}

/// Blocks reachable from the entry block, in LLVM's post-order (children in
/// successor order, each block after all its unvisited successors).
fn post_order(body: &Body, region: Region) -> Vec<Block> {
    let Some(entry) = body.first_block(region) else { return vec![] };
    let mut visited: FxHashSet<Block> = FxHashSet::default();
    let mut out = Vec::new();
    let mut stack: Vec<(Block, SmallVec<[Block; 2]>, usize)> = vec![(entry, successors(body, entry), 0)];
    visited.insert(entry);
    while let Some((b, succs, i)) = stack.last_mut() {
        if *i < succs.len() {
            let s = succs[*i];
            *i += 1;
            if visited.insert(s) {
                let ss = successors(body, s);
                stack.push((s, ss, 0));
            }
        } else {
            out.push(*b);
            stack.pop();
        }
    }
    out
}

fn local_regions_of_block(body: &Body, b: Block, out: &mut Vec<Region>) {
    for op in body.block_ops(b) {
        out.extend_from_slice(body.local_regions(op));
    }
}

/// Erases the blocks of `region` (and of the regions nested in its
/// reachable ops) that the entry block cannot reach; true if any were
/// (`eraseUnreachableBlocks`; the greedy driver also runs it at the start of
/// each iteration).
pub(crate) fn erase_unreachable_blocks(rw: &mut PatternRewriter<'_>, region: Region) -> bool {
    let mut erased = false;
    let mut worklist = vec![region];
    while let Some(r) = worklist.pop() {
        let blocks: Vec<Block> = rw.body().blocks(r).collect();
        if blocks.is_empty() {
            continue;
        }
        if blocks.len() == 1 {
            local_regions_of_block(rw.body(), blocks[0], &mut worklist);
            continue;
        }
        let reachable: FxHashSet<Block> = post_order(rw.body(), r).into_iter().collect();
        for b in blocks {
            if !reachable.contains(&b) {
                rw.erase_block(b);
                erased = true;
                continue;
            }
            local_regions_of_block(rw.body(), b, &mut worklist);
        }
    }
    erased
}

/// Ops and block arguments proven live (the lattice only grows), as flags
/// indexed by op and value number.
struct LiveMap {
    ops: Vec<bool>,
    args: Vec<bool>,
    changed: bool,
}

impl LiveMap {
    fn new(body: &Body) -> LiveMap {
        LiveMap {
            ops: vec![false; body.num_ops_allocated()],
            args: vec![false; body.num_values_allocated()],
            changed: false,
        }
    }
    fn op_live(&self, op: Op) -> bool {
        self.ops[op.index()]
    }
    fn arg_live(&self, v: Value) -> bool {
        self.args[v.index()]
    }
    fn value_live(&self, body: &Body, v: Value) -> bool {
        match body.value_def(v) {
            ValueDef::Result(op, _) => self.op_live(op),
            ValueDef::BlockArg(..) => self.arg_live(v),
        }
    }
    fn set_value_live(&mut self, body: &Body, v: Value) {
        match body.value_def(v) {
            ValueDef::Result(op, _) => self.set_op_live(op),
            ValueDef::BlockArg(..) => {
                self.changed |= !self.args[v.index()];
                self.args[v.index()] = true;
            }
        }
    }
    fn set_op_live(&mut self, op: Op) {
        self.changed |= !self.ops[op.index()];
        self.ops[op.index()] = true;
    }
}

fn is_terminator(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.op_def(body.op_name(op)).is_some_and(|d| d.traits.contains(Traits::IS_TERMINATOR))
}

/// The block argument a successor operand feeds, if `op` is a branch.
fn successor_block_argument(ctx: &Context, body: &Body, op: Op, operand: usize) -> Option<Value> {
    let iface = branch_interface(ctx, body, op)?;
    for (i, &s) in body.successors(op).iter().enumerate() {
        let r = (iface.successor_operands)(ctx, body, op, i);
        if r.contains(&operand) {
            return body.block_args(s).get(operand - r.start).copied();
        }
    }
    None
}

fn process_value(ctx: &Context, body: &Body, v: Value, live: &mut LiveMap) {
    let proved = body.uses(v).any(|(owner, idx)| {
        if is_terminator(ctx, body, owner) {
            if let Some(arg) = successor_block_argument(ctx, body, owner, idx) {
                return live.arg_live(arg);
            }
        }
        live.op_live(owner)
    });
    if proved {
        live.set_value_live(body, v);
    }
}

fn propagate_terminator(ctx: &Context, body: &Body, op: Op, live: &mut LiveMap) {
    live.set_op_live(op);
    if branch_interface(ctx, body, op).is_none() {
        for &s in body.successors(op) {
            for &a in body.block_args(s) {
                live.set_value_live(body, a);
            }
        }
    }
}

fn propagate_op(ctx: &Context, body: &Body, op: Op, live: &mut LiveMap) {
    for &r in body.local_regions(op) {
        propagate_region(ctx, body, r, live);
    }
    if is_terminator(ctx, body, op) {
        return propagate_terminator(ctx, body, op, live);
    }
    if live.op_live(op) {
        return;
    }
    if !would_op_be_trivially_dead(ctx, body, op) {
        return live.set_op_live(op);
    }
    for v in body.results(op) {
        process_value(ctx, body, v, live);
    }
}

fn propagate_region(ctx: &Context, body: &Body, region: Region, live: &mut LiveMap) {
    for b in post_order(body, region) {
        let ops: SmallVec<[Op; 16]> = body.block_ops(b).collect();
        for &op in ops.iter().rev() {
            propagate_op(ctx, body, op, live);
        }
        if body.is_entry_block(b) {
            continue;
        }
        for &a in body.block_args(b) {
            if !live.value_live(body, a) {
                process_value(ctx, body, a, live);
            }
        }
    }
}

fn erase_dead_successor_operands(ctx: &Context, body: &mut Body, terminator: Op, live: &LiveMap) {
    let Some(iface) = branch_interface(ctx, body, terminator) else { return };
    let succs: SmallVec<[Block; 2]> = body.successors(terminator).into();
    for (i, &s) in succs.iter().enumerate().rev() {
        let n = (iface.successor_operands)(ctx, body, terminator, i).len();
        for k in (0..n).rev() {
            let arg = body.block_args(s)[k];
            if !live.arg_live(arg) {
                (iface.erase_successor_operand)(ctx, body, terminator, i, k);
            }
        }
    }
}

fn delete_deadness(rw: &mut PatternRewriter<'_>, regions: &[Region], live: &LiveMap) -> bool {
    let ctx = rw.ctx;
    let mut erased = false;
    for &region in regions {
        let blocks = post_order(rw.body(), region);
        if blocks.is_empty() {
            continue;
        }
        let single = rw.body().blocks(region).count() == 1;
        for b in blocks {
            if !single {
                if let Some(t) = rw.body().last_op(b) {
                    erase_dead_successor_operands(ctx, rw.body_mut_unnotified(), t, live);
                }
            }
            let ops: SmallVec<[Op; 16]> = rw.body().block_ops(b).collect();
            for &op in ops.iter().rev() {
                if !live.op_live(op) {
                    erased = true;
                    for v in rw.body().results(op).collect::<SmallVec<[Value; 2]>>() {
                        rw.body_mut_unnotified().drop_all_uses(v);
                    }
                    rw.erase_op(op);
                } else {
                    let inner: SmallVec<[Region; 1]> = rw.body().local_regions(op).into();
                    erased |= delete_deadness(rw, &inner, live);
                }
            }
        }
        let rest: Vec<Block> = rw.body().blocks(region).skip(1).collect();
        for b in rest {
            let n = rw.body().block_args(b).len();
            for i in (0..n).rev() {
                let a = rw.body().block_args(b)[i];
                if !live.arg_live(a) {
                    rw.body_mut_unnotified().erase_block_arg(b, i);
                }
            }
        }
    }
    erased
}

/// Deletes ops and block arguments nothing live uses; true if ops were erased.
fn run_region_dce(rw: &mut PatternRewriter<'_>, region: Region) -> bool {
    let mut live = LiveMap::new(rw.body());
    loop {
        live.changed = false;
        propagate_region(rw.ctx, rw.body(), region, &mut live);
        if !live.changed {
            break;
        }
    }
    delete_deadness(rw, &[region], &live)
}

/// Drops block arguments that every predecessor feeds the same value.
fn drop_redundant_arguments(rw: &mut PatternRewriter<'_>, region: Region) -> bool {
    let ctx = rw.ctx;
    let mut changed = false;
    let mut worklist = vec![region];
    while let Some(r) = worklist.pop() {
        let blocks: Vec<Block> = rw.body().blocks(r).collect();
        for b in blocks {
            changed |= drop_redundant_arguments_of(ctx, rw, b);
            local_regions_of_block(rw.body(), b, &mut worklist);
        }
    }
    changed
}

fn drop_redundant_arguments_of(ctx: &Context, rw: &mut PatternRewriter<'_>, b: Block) -> bool {
    if rw.body().block_region(b).is_none() {
        return false;
    }
    let preds: Vec<(Op, usize)> = rw.body().predecessor_edges(b).collect();
    let nargs = rw.body().block_args(b).len();
    let mut to_erase = Vec::new();
    for i in 0..nargs {
        let mut common: Option<Value> = None;
        let mut same = true;
        for &(t, s) in &preds {
            let Some(iface) = branch_interface(ctx, rw.body(), t) else {
                same = false;
                break;
            };
            let r = (iface.successor_operands)(ctx, rw.body(), t, s);
            let v = rw.body().operand(t, r.start + i);
            match common {
                None => common = Some(v),
                Some(c) if c != v => {
                    same = false;
                    break;
                }
                _ => {}
            }
        }
        if let (Some(c), true) = (common, same) {
            to_erase.push(i);
            let arg = rw.body().block_args(b)[i];
            rw.replace_all_uses_with(arg, c);
        }
    }
    for &i in to_erase.iter().rev() {
        rw.body_mut_unnotified().erase_block_arg(b, i);
        for &(t, s) in &preds {
            if let Some(iface) = branch_interface(ctx, rw.body(), t) {
                (iface.erase_successor_operand)(ctx, rw.body_mut_unnotified(), t, s, i);
            }
        }
    }
    !to_erase.is_empty()
}
