//! `tx8be-opt-barrier` (the seed's opt_barrier): decides after which groups
//! the tiles synchronise (`barrier` on `tx8be.group`, the seed's
//! `need_barrier`).
//!
//! A group must not read a DDR tensor before every tile of the group that
//! wrote it has finished (another tile may have produced the rows it
//! loads), so between a writer and each of its readers there must be a
//! barrier. Barriers cost every tile `barrier_cycles`, so they are shared:
//! the groups are put in layers of their DAG (a group's layer is one more
//! than the highest layer of the groups it reads; groups reading only
//! inputs and constants are layer 1), reordered by layer (stably, so the
//! order inside a layer is program order), and only the last group of each
//! layer gets a barrier. Every group of layer L+1 then runs after the
//! barrier closing layer L, which follows every group it reads. The last
//! layer needs none: the host reads the outputs after every tile finished.
//!
//! The barrier is then placed greedily in the new order (a barrier right
//! before the first group that reads a group written since the last
//! barrier), which gives exactly "last group of each layer" on a layered
//! order and never a missing barrier on any order.

use std::collections::{HashMap, HashSet};

use strata_ir::{Body, Context, Diagnostic, Op, ValueDef};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8be::{op_kind, OpKind};

use tx8be::schedule::groups::entry_ops;
use tx8be::schedule::groups::groups;

strata_pass::option_free_pass! {
    pub struct OptBarrier;
    argument: "tx8be-opt-barrier",
    name: "Tx8beOptBarrier",
    description: "Order the groups by DAG layer and mark the last group of each layer as a barrier",
    anchor: Some("func.func"),
}

/// The entry-level op an operand of an op inside `group` comes from, if it
/// is defined outside the group (a value of the function's entry block).
fn outside_def(body: &Body, group: Op, v: strata_ir::Value) -> Option<Op> {
    let d = body.defining_op(v)?;
    (body.parent_op(d) != Some(group) && d != group).then_some(d)
}

/// The groups whose DDR output `group` reads, found through the ops
/// between groups (reshapes share their operand's bytes), in program order
/// of discovery, without duplicates.
pub fn group_reads(ctx: &Context, body: &Body, group: Op) -> Vec<Op> {
    let mut found = Vec::new();
    let mut seen = HashSet::new();
    let mut work: Vec<Op> = Vec::new();
    let Some(&region) = body.local_regions(group).first() else { return found };
    let Some(block) = body.first_block(region) else { return found };
    for op in body.block_ops(block) {
        for v in body.operands(op) {
            if let Some(d) = outside_def(body, group, v) {
                work.push(d);
            }
        }
    }
    while let Some(d) = work.pop() {
        if !seen.insert(d) {
            continue;
        }
        if op_kind(ctx, body, d) == Some(OpKind::Group) {
            found.push(d);
            continue;
        }
        for v in body.operands(d) {
            if let Some(p) = body.defining_op(v) {
                work.push(p);
            }
        }
    }
    found
}

/// Whether `v` is a block argument (a function input).
fn is_arg(body: &Body, v: strata_ir::Value) -> bool {
    matches!(body.value_def(v), ValueDef::BlockArg(..))
}

/// Each entry op's layer: a group is one above the highest layer of what it
/// reads (constants, inputs and ops reading only them are layer 0); any
/// other op takes the highest layer of its operands.
fn layers(ctx: &Context, body: &Body, ops: &[Op]) -> HashMap<Op, u64> {
    let mut layer: HashMap<Op, u64> = HashMap::new();
    for &op in ops {
        let l = if op_kind(ctx, body, op) == Some(OpKind::Group) {
            1 + group_reads(ctx, body, op).iter().map(|g| layer.get(g).copied().unwrap_or(0)).max().unwrap_or(0)
        } else {
            body.operands(op)
                .filter(|&v| !is_arg(body, v))
                .filter_map(|v| body.defining_op(v))
                .map(|d| layer.get(&d).copied().unwrap_or(0))
                .max()
                .unwrap_or(0)
        };
        layer.insert(op, l);
    }
    layer
}

impl OptBarrier {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let ops = entry_ops(body);
        let Some(&terminator) = ops.last() else { return Ok(PreservedAnalyses::none()) };
        // Reorder by layer, stably: (layer, program position); the
        // terminator stays last. Every op's operands are of a lower layer
        // or of the same layer and earlier, so the order stays valid.
        let layer = layers(ctx, body, &ops[..ops.len() - 1]);
        let mut order: Vec<(u64, usize, Op)> =
            ops[..ops.len() - 1].iter().enumerate().map(|(i, &op)| (layer[&op], i, op)).collect();
        order.sort();
        if order.iter().enumerate().any(|(i, &(_, at, _))| i != at) {
            for &(_, _, op) in &order {
                body.move_op_before(op, terminator);
            }
        }
        // Barriers: before the first group that reads a group written since
        // the last barrier, i.e. on the group just before it.
        let gs = groups(ctx, body);
        let mut pending: HashSet<Op> = HashSet::new();
        let mut barrier = vec![false; gs.len()];
        for (i, &g) in gs.iter().enumerate() {
            if i > 0 && group_reads(ctx, body, g).iter().any(|r| pending.contains(r)) {
                barrier[i - 1] = true;
                pending.clear();
            }
            pending.insert(g);
        }
        for (&g, &b) in gs.iter().zip(&barrier) {
            body.set_op_attr(ctx, g, "barrier", Some(ctx.bool_attr(b)));
        }
        Ok(PreservedAnalyses::none())
    }
}

/// The barrier epoch of every group of a function body whose barriers are
/// decided: the number of barriers the tiles pass before it starts. A
/// DDR buffer read in epoch e may be written again only in an epoch after
/// e (the C model's race detector checks exactly that).
pub fn epochs(ctx: &Context, body: &Body, gs: &[Op]) -> Vec<u64> {
    let mut e = 0;
    gs.iter()
        .map(|&g| {
            let mine = e;
            // Codegen's reading: a group without the attribute syncs.
            if tx8be::dialect::values::attr_bool(ctx, body, g, "barrier").unwrap_or(true) {
                e += 1;
            }
            mine
        })
        .collect()
}
