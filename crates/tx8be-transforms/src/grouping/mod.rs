//! Grouping: the seed's GroupPattern, GroupOptimization, GroupLdSt and
//! GroupMapping passes, one file each, building the multi-op groups of the
//! group contract (a group holds a topologically ordered DAG of compute
//! ops with a single output; see crates/tx8be/OPS.md, "Groups", and
//! crates/tx8be-transforms/DESIGN.md, "Grouping"):
//!
//! | pass | file |
//! | --- | --- |
//! | `tx8be-group-pattern` | `group_pattern.rs` (patterns in `automaton.rs`) |
//! | `tx8be-group-chains` | `group_chains.rs` (chains along sole users, for the DP) |
//! | `tx8be-group-boundaries` | `group_boundaries.rs` (interval DP over each pattern's or chain's group) |
//! | `tx8be-group-optimization` | `group_optimization.rs` |
//! | `tx8be-group-ldst` | `group_ldst.rs` |
//! | `tx8be-group-mapping` | `group_mapping.rs` |
//!
//! This file owns what they share: which ops are computations, and how a
//! list of ops becomes a `tx8be.group` before its loads and stores exist
//! ([`create_group`]).

pub mod automaton;
pub mod group_boundaries;
pub mod group_chains;
pub mod group_ldst;
pub mod group_mapping;
pub mod group_optimization;
pub mod group_pattern;

use strata_ir::{Body, Context, Op, OpSpec, Value};
use tx8be::schedule::groups::{entry_ops, groups as top_level_groups};
use tx8be::{op_kind, OpKind};

/// Ops that are not computations: they stay outside groups (a Reshape
/// is a view of its operand).
pub fn is_structural(ctx: &Context, body: &Body, op: Op) -> bool {
    match op_kind(ctx, body, op) {
        Some(k) => !k.is_compute() || k == OpKind::Reshape,
        None => ctx.op_name_str(body.op_name(op)) == "func.return",
    }
}

/// Whether `op` is a top-level tx8be computation a grouping pass may put
/// in a group.
pub fn is_groupable(ctx: &Context, body: &Body, op: Op) -> bool {
    op_kind(ctx, body, op).is_some() && !is_structural(ctx, body, op)
}

/// Whether `v` is produced by a `tx8be.const` (possibly through reshapes).
pub fn is_weight(ctx: &Context, body: &Body, mut v: Value) -> bool {
    loop {
        let Some(d) = body.defining_op(v) else { return false };
        match op_kind(ctx, body, d) {
            Some(OpKind::Const) => return true,
            Some(OpKind::Reshape) => v = body.operand(d, 0),
            _ => return false,
        }
    }
}

/// The top-level `tx8be.load_const` defining `v`, if any (one inside a
/// group is that group's).
pub fn graph_load_const(ctx: &Context, body: &Body, v: Value) -> Option<Op> {
    let d = body.defining_op(v)?;
    let top = body.root_regions().first().and_then(|&r| body.first_block(r));
    (op_kind(ctx, body, d) == Some(OpKind::LoadConst) && body.op_block(d) == top).then_some(d)
}

/// Moves `ops` (top-level compute ops in program order, each with one
/// result; the last one is the output: no other op's result may be used
/// after the group) into a new `tx8be.group` placed where the last op was,
/// yielding its result. The ops keep reading outer values directly;
/// `tx8be-group-ldst` adds the loads and the store later. The graph-level
/// `load_const`s feeding the ops (tx8be-move-constant's) move in as the
/// group's internal dependencies, as the seed's createSingleGroup does: a
/// load used only by these ops moves, one shared with other ops is copied
/// with its attributes (each user then has its own load).
///
/// Placing the group at its last op keeps every external input defined
/// before the group (each was defined before the op reading it) and every
/// outside user after it; with a single output this is also why grouping
/// never makes two groups depend on each other.
pub fn create_group(ctx: &Context, body: &mut Body, ops: &[Op], id: i64) -> Op {
    let anchor = *ops.last().expect("a group has ops");
    let loc = body.op_loc(anchor);
    let result = body.result(anchor, 0);
    let ty = body.value_type(result);
    let attrs = ctx.dictionary(vec![
        (ctx.intern_str("group_id"), ctx.integer_attr(ctx.i64(), id)),
        (ctx.intern_str("group_tag"), ctx.integer_attr(ctx.i64(), 0)),
    ]);
    let group = body.create_op(OpSpec::new(ctx, OpKind::Group.name(), loc).results(&[ty]).attrs(attrs).regions(1));
    body.insert_op_before(anchor, group);
    let region = body.local_regions(group)[0];
    let block = body.create_block();
    body.append_block(region, block);
    let mut emptied = Vec::new();
    for &op in ops {
        let operands: Vec<Value> = body.operands(op).collect();
        for (i, v) in operands.into_iter().enumerate() {
            let Some(load) = graph_load_const(ctx, body, v) else { continue };
            if body.uses(v).all(|(user, _)| user == op) {
                body.remove_op(load);
                body.append_op(block, load);
            } else {
                let copy = body.create_op(
                    OpSpec::new(ctx, OpKind::LoadConst.name(), body.op_loc(load))
                        .operands(&[body.operand(load, 0)])
                        .results(&[body.value_type(v)])
                        .attrs(body.op_attrs(load)),
                );
                body.append_op(block, copy);
                body.set_operand(op, i, body.result(copy, 0));
                emptied.push(load);
            }
        }
        body.remove_op(op);
        body.append_op(block, op);
    }
    for load in emptied {
        if !body.is_erased(load) && body.op_results_unused(load) {
            body.erase_op(load);
        }
    }
    let y = body.create_op(OpSpec::new(ctx, OpKind::Yield.name(), loc).operands(&[result]));
    body.append_op(block, y);
    let gv = body.result(group, 0);
    body.replace_uses_if(result, gv, |b, user| b.op_block(user) != Some(block));
    group
}

/// Numbers the top-level groups 0, 1, ... in program order (`group_id`),
/// so ids follow the program whichever pass made each group.
pub fn number_groups(ctx: &Context, body: &mut Body) {
    for (i, g) in top_level_groups(ctx, body).into_iter().enumerate() {
        body.set_op_attr(ctx, g, "group_id", Some(ctx.integer_attr(ctx.i64(), i as i64)));
    }
}
