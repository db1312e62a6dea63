//! Merging of identical blocks, run by region simplification under
//! `region-simplify=aggressive` (MLIR's `mergeIdenticalBlocks` in
//! `RegionUtils.cpp`).
//!
//! Two non-entry blocks with the same successors merge when they hold the
//! same ops in the same order (names, attributes, types) and differ only
//! in operands defined outside the block: those become new arguments of
//! the kept (leader) block, fed by each predecessor's branch. Blocks whose
//! ops have non-empty regions, or whose values are used outside them, are
//! left alone, as in MLIR.

use std::hash::{Hash, Hasher};

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use strata_ir::branch::branch_interface;
use strata_ir::{Block, Body, Context, Location, Op, Region, Value, ValueDef};

use crate::rewriter::PatternRewriter;

/// Values defined in a block, numbered as MLIR's `BlockEquivalenceData`
/// does: arguments first, then op results in order.
struct BlockOrder {
    block: Block,
    result_order: FxHashMap<Op, usize>,
}

impl BlockOrder {
    fn new(body: &Body, block: Block) -> BlockOrder {
        let mut next = body.block_args(block).len();
        let mut result_order = FxHashMap::default();
        for op in body.block_ops(block) {
            let n = body.results(op).len();
            if n > 0 {
                result_order.insert(op, next);
                next += n;
            }
        }
        BlockOrder { block, result_order }
    }

    fn order_of(&self, body: &Body, v: Value) -> Option<usize> {
        match body.value_def(v) {
            ValueDef::BlockArg(_, i) => Some(i as usize),
            ValueDef::Result(op, i) => self.result_order.get(&op).map(|o| o + i as usize),
        }
    }
}

/// A leader block and the blocks found identical to it.
struct Cluster {
    leader: BlockOrder,
    members: Vec<Block>,
    /// (op index, operand index) pairs whose values differ between the
    /// blocks and become arguments of the merged block.
    operands_to_merge: std::collections::BTreeSet<(usize, usize)>,
}

fn is_used_outside(body: &Body, v: Value, block: Block) -> bool {
    body.uses(v).any(|(user, _)| body.op_block(user) != Some(block))
}

/// (terminator, successor number) of every edge into `b`.
fn predecessors(body: &Body, b: Block) -> Vec<(Op, usize)> {
    body.predecessor_edges(b).collect()
}

/// A value produced by the terminator of a predecessor of `block` cannot
/// be forwarded to `block` as a successor operand (it would not dominate).
fn is_valid_successor_arg(body: &Body, block: Block, v: Value) -> bool {
    let Some(def) = body.defining_op(v) else { return true };
    let Some(def_block) = body.op_block(def) else { return true };
    if body.last_op(def_block) != Some(def) {
        return true;
    }
    !predecessors(body, block).iter().any(|&(t, _)| body.op_block(t) == Some(def_block))
}

/// A hash of what `Cluster::try_add` requires to be equal in two blocks:
/// argument types and, op by op, what `same_shape` compares.
fn shape_hash(body: &Body, b: Block) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    for &a in body.block_args(b) {
        body.value_type(a).hash(&mut h);
    }
    for op in body.block_ops(b) {
        body.op_name(op).hash(&mut h);
        body.op_attrs(op).hash(&mut h);
        body.result_types(op).hash(&mut h);
        body.operand_types(op).hash(&mut h);
        body.num_regions(op).hash(&mut h);
        body.successors(op).len().hash(&mut h);
    }
    h.finish()
}

/// Same op up to operand values and locations (MLIR's
/// `OperationEquivalence::isEquivalentTo` with `ignoreValueEquivalence`).
fn same_shape(body: &Body, l: Op, r: Op) -> bool {
    body.op_name(l) == body.op_name(r)
        && body.op_attrs(l) == body.op_attrs(r)
        && body.result_types(l) == body.result_types(r)
        && body.operand_types(l) == body.operand_types(r)
        && body.num_regions(l) == body.num_regions(r)
        && body.successors(l).len() == body.successors(r).len()
}

impl Cluster {
    /// MLIR's `BlockMergeCluster::addToCluster`.
    fn try_add(&mut self, body: &Body, data: &BlockOrder) -> bool {
        let (lb, mb) = (self.leader.block, data.block);
        let arg_types = |b: Block| body.block_args(b).iter().map(|&a| body.value_type(a)).collect::<SmallVec<[_; 4]>>();
        if arg_types(lb) != arg_types(mb) {
            return false;
        }
        let lops: Vec<Op> = body.block_ops(lb).collect();
        let rops: Vec<Op> = body.block_ops(mb).collect();
        if lops.len() != rops.len() {
            return false;
        }
        let mut mismatched = Vec::new();
        for (i, (&l, &r)) in lops.iter().zip(&rops).enumerate() {
            if !same_shape(body, l, r) {
                return false;
            }
            for (k, (lv, rv)) in body.operands(l).zip(body.operands(r)).enumerate() {
                if lv == rv {
                    continue;
                }
                let l_in = body.value_parent_block(lv) == Some(lb);
                let r_in = body.value_parent_block(rv) == Some(mb);
                if l_in != r_in {
                    return false;
                }
                if !l_in {
                    if !is_valid_successor_arg(body, lb, lv) || !is_valid_successor_arg(body, mb, rv) {
                        return false;
                    }
                    mismatched.push((i, k));
                    continue;
                }
                if self.leader.order_of(body, lv) != data.order_of(body, rv) {
                    return false;
                }
            }
            if body.results(r).any(|v| is_used_outside(body, v, mb))
                || body.results(l).any(|v| is_used_outside(body, v, lb))
            {
                return false;
            }
        }
        self.operands_to_merge.extend(mismatched);
        self.members.push(mb);
        true
    }

    /// MLIR's `BlockMergeCluster::merge`.
    fn merge(self, ctx: &Context, rw: &mut PatternRewriter<'_>) -> bool {
        if self.members.is_empty() {
            return false;
        }
        let leader = self.leader.block;
        if !self.operands_to_merge.is_empty() {
            let updatable = |b: Block| {
                predecessors(rw.body(), b).iter().all(|&(t, _)| branch_interface(ctx, rw.body(), t).is_some())
            };
            if !updatable(leader) || !self.members.iter().all(|&b| updatable(b)) {
                return false;
            }
            let blocks: Vec<Block> = std::iter::once(leader).chain(self.members.iter().copied()).collect();
            let block_ops: Vec<Vec<Op>> = blocks.iter().map(|&b| rw.body().block_ops(b).collect()).collect();
            let num_old_args = rw.body().block_args(leader).len();
            let mut new_args: Vec<Vec<Value>> = vec![Vec::new(); blocks.len()];
            for &(op_index, operand) in &self.operands_to_merge {
                for (i, ops) in block_ops.iter().enumerate() {
                    let op = ops[op_index];
                    let v = rw.body().operand(op, operand);
                    new_args[i].push(v);
                    if i == 0 {
                        let loc = value_loc(rw.body(), v);
                        let ty = rw.body().value_type(v);
                        let arg = rw.body_mut_unnotified().add_block_arg(leader, ty, loc);
                        rw.body_mut_unnotified().set_operand(op, operand, arg);
                    }
                }
            }
            let new_args = prune_redundant_arguments(rw, new_args, num_old_args, leader);
            for (i, &b) in blocks.iter().enumerate() {
                for (t, succ) in predecessors(rw.body(), b) {
                    let iface = branch_interface(ctx, rw.body(), t).expect("checked above");
                    for &v in &new_args[i] {
                        (iface.append_successor_operand)(ctx, rw.body_mut_unnotified(), t, succ, v);
                    }
                }
            }
        }
        for &b in &self.members {
            for (t, succ) in predecessors(rw.body(), b) {
                rw.body_mut_unnotified().set_successor(t, succ, leader);
            }
            rw.erase_block(b);
        }
        true
    }
}

fn value_loc(body: &Body, v: Value) -> Location {
    match body.value_def(v) {
        ValueDef::Result(op, _) => body.op_loc(op),
        ValueDef::BlockArg(b, i) => body.block_arg_locs(b)[i as usize],
    }
}

/// MLIR's `pruneRedundantArguments`: a new argument that repeats an
/// earlier one in every predecessor list is replaced by that one.
fn prune_redundant_arguments(
    rw: &mut PatternRewriter<'_>,
    lists: Vec<Vec<Value>>,
    num_old_args: usize,
    block: Block,
) -> Vec<Vec<Value>> {
    let Some(first) = lists.first() else { return lists };
    let n = first.len();
    let mut first_index: FxHashMap<Value, usize> = FxHashMap::default();
    for (j, &v) in first.iter().enumerate() {
        first_index.entry(v).or_insert(j);
    }
    let mut replacement: FxHashMap<usize, usize> = FxHashMap::default();
    for j in 0..n {
        let k = first_index[&first[j]];
        if k != j && lists[1..].iter().all(|l| l[k] == l[j]) {
            replacement.insert(j, k);
        }
    }
    let pruned =
        lists.iter().map(|l| (0..n).filter(|j| !replacement.contains_key(j)).map(|j| l[j]).collect()).collect();
    let mut to_erase: Vec<usize> = Vec::new();
    for j in 0..n {
        if let Some(&k) = replacement.get(&j) {
            let args = rw.body().block_args(block);
            let (old, new) = (args[num_old_args + j], args[num_old_args + k]);
            rw.replace_all_uses_with(old, new);
            to_erase.push(num_old_args + j);
        }
    }
    for &i in to_erase.iter().rev() {
        rw.body_mut_unnotified().erase_block_arg(block, i);
    }
    pruned
}

/// Merges identical blocks of one region; true if any merged.
fn merge_in_region(ctx: &Context, rw: &mut PatternRewriter<'_>, region: Region) -> bool {
    let blocks: Vec<Block> = rw.body().blocks(region).collect();
    if blocks.len() < 2 {
        return false;
    }
    // Group the non-entry blocks by their successor lists, in block order
    // (upstream's `MapVector`).
    let mut groups: Vec<Vec<Block>> = Vec::new();
    let mut group_of: FxHashMap<SmallVec<[Block; 2]>, usize> = FxHashMap::default();
    for &b in &blocks[1..] {
        let succs: SmallVec<[Block; 2]> = match rw.body().last_op(b) {
            Some(t) => rw.body().successors(t).into(),
            None => SmallVec::new(),
        };
        let next = groups.len();
        let g = *group_of.entry(succs).or_insert(next);
        if g == next {
            groups.push(Vec::new());
        }
        groups[g].push(b);
    }
    let mut merged = false;
    for group in groups {
        if group.len() < 2 {
            continue;
        }
        let mut clusters: Vec<Cluster> = Vec::new();
        // Clusters by the shape of their leader: a block can only join a
        // cluster whose leader has its shape, so only those are tried (in
        // creation order, as upstream tries them all).
        let mut by_shape: FxHashMap<u64, SmallVec<[usize; 1]>> = FxHashMap::default();
        for b in group {
            let body = rw.body();
            let has_region =
                body.block_ops(b).any(|op| body.local_regions(op).iter().any(|&r| body.first_block(r).is_some()));
            if has_region || body.block_args(b).iter().any(|&a| is_used_outside(body, a, b)) {
                continue;
            }
            let data = BlockOrder::new(body, b);
            let candidates = by_shape.entry(shape_hash(body, b)).or_default();
            if !candidates.iter().any(|&c| clusters[c].try_add(body, &data)) {
                candidates.push(clusters.len());
                clusters.push(Cluster { leader: data, members: Vec::new(), operands_to_merge: Default::default() });
            }
        }
        for c in clusters {
            merged |= c.merge(ctx, rw);
        }
    }
    merged
}

/// Merges identical blocks in `region` and every region nested in it,
/// revisiting a region until nothing more merges.
pub fn merge_identical_blocks(ctx: &Context, rw: &mut PatternRewriter<'_>, region: Region) -> bool {
    let mut worklist = vec![region];
    let mut changed = false;
    while let Some(r) = worklist.pop() {
        if merge_in_region(ctx, rw, r) {
            worklist.push(r);
            changed = true;
            continue;
        }
        let body = rw.body();
        for b in body.blocks(r) {
            for op in body.block_ops(b) {
                worklist.extend(body.local_regions(op).iter().copied());
            }
        }
    }
    changed
}
