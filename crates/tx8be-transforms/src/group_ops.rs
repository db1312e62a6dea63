//! `tx8be-group-ops` (the seed's GroupOptimization + GroupLdSt for the
//! simple schedule): every compute op of a function becomes its own
//! `tx8be.group`, whose body loads the operands from DDR (`load_var`, or
//! `load_const` for weights), runs the op and stores its result
//! (`store_var`). Reshapes stay outside groups: a dense reshape is the same
//! DDR bytes under other dims, so it costs nothing. Groups are numbered in
//! program order (`group_id`).
//!
//! A weight comes in through the graph-level `load_const` that
//! `tx8be-move-constant` made for this use: it moves into the group with
//! its attributes (`const_map_id`, `bypasscodegen`, `dev_info`); a weight
//! used directly (the pipeline without move-constant) gets a new
//! `load_const` in its constant's placement.

use strata_ir::{Body, Context, Diagnostic, Op, OpSpec, Value};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-group-ops",
    description: "Put every tx8be compute op in its own tx8be.group with loads and a store",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-group-ops", |_, _| None)?;
        Ok(Box::new(GroupOps))
    },
};

pub struct GroupOps;

/// Ops that are not computations: they stay outside groups.
pub fn is_structural(name: &str) -> bool {
    matches!(
        name,
        "tx8be.const" | "tx8be.Reshape" | "tx8be.group" | "tx8be.yield" | "tx8be.load_var" | "tx8be.load_const" | "tx8be.store_var" | "func.return"
    )
}

impl Pass for GroupOps {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beGroupOps"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let mut next_id = 0i64;
        for op in entry_ops(body) {
            let name = ctx.op_name_str(body.op_name(op));
            if !name.starts_with("tx8be.") || is_structural(name) {
                continue;
            }
            if body.num_results(op) != 1 {
                return Err(Diagnostic::error(body.op_loc(op), format!("'{name}' must have one result to be grouped")));
            }
            wrap_in_group(ctx, body, op, next_id);
            next_id += 1;
        }
        Ok(PreservedAnalyses::unless_changed(next_id > 0))
    }
}

/// The ops of the first block of the body's first region, in order.
pub fn entry_ops(body: &Body) -> Vec<Op> {
    let Some(&r) = body.root_regions().first() else { return Vec::new() };
    let Some(b) = body.first_block(r) else { return Vec::new() };
    body.block_ops(b).collect()
}

/// Whether `v` is produced by a `tx8be.const` (possibly through reshapes).
pub fn is_weight(ctx: &Context, body: &Body, mut v: Value) -> bool {
    loop {
        let Some(d) = body.defining_op(v) else { return false };
        match ctx.op_name_str(body.op_name(d)) {
            "tx8be.const" => return true,
            "tx8be.Reshape" => v = body.operand(d, 0),
            _ => return false,
        }
    }
}

/// The top-level `tx8be.load_const` defining `v`, if any (one inside a
/// group is that group's).
fn graph_load_const(ctx: &Context, body: &Body, v: Value) -> Option<Op> {
    let d = body.defining_op(v)?;
    let top = body.root_regions().first().and_then(|&r| body.first_block(r));
    (ctx.op_name_str(body.op_name(d)) == "tx8be.load_const" && body.op_block(d) == top).then_some(d)
}

fn wrap_in_group(ctx: &Context, body: &mut Body, op: Op, id: i64) {
    let loc = body.op_loc(op);
    let result = body.result(op, 0);
    let ty = body.value_type(result);
    let attrs = ctx.dictionary(vec![(ctx.intern_str("group_id"), ctx.integer_attr(ctx.i64(), id)), (ctx.intern_str("group_tag"), ctx.integer_attr(ctx.i64(), 0))]);
    let group = body.create_op(OpSpec::new(ctx, "tx8be.group", loc).results(&[ty]).attrs(attrs).regions(1));
    body.insert_op_before(op, group);
    let region = body.local_regions(group)[0];
    let block = body.create_block();
    body.append_block(region, block);
    // Loads of every operand.
    let operands: Vec<Value> = body.operands(op).collect();
    let mut emptied = Vec::new();
    for (i, v) in operands.into_iter().enumerate() {
        if body.defining_op(v).is_some_and(|d| body.op_block(d) == Some(block)) {
            continue; // loaded for an earlier operand already
        }
        if let Some(load) = graph_load_const(ctx, body, v) {
            if body.uses(v).all(|(user, _)| user == op) {
                // tx8be-move-constant's load of this operand: it becomes the group's load.
                body.remove_op(load);
                body.append_op(block, load);
            } else {
                // Shared by several ops (a folded channel_norm had several
                // users): each group loads it with the same attributes.
                let copy = body.create_op(OpSpec::new(ctx, "tx8be.load_const", body.op_loc(load)).operands(&[body.operand(load, 0)]).results(&[body.value_type(v)]).attrs(body.op_attrs(load)));
                body.append_op(block, copy);
                body.set_operand(op, i, body.result(copy, 0));
                emptied.push(load);
            }
            continue;
        }
        let name = if is_weight(ctx, body, v) { "tx8be.load_const" } else { "tx8be.load_var" };
        let vt = body.value_type(v);
        let load = body.create_op(OpSpec::new(ctx, name, loc).operands(&[v]).results(&[vt]));
        body.append_op(block, load);
        if name == "tx8be.load_const" {
            // A load keeps its constant's placement; no dev_info means dense.
            let mode = tx8be::layout::value_mem_layout(ctx, body, v);
            if tx8be::layout::is_blocked(mode) {
                tx8be::layout::set_mem_layout(ctx, body, load, mode);
            }
        }
        let lv = body.result(load, 0);
        body.set_operand(op, i, lv);
    }
    for load in emptied {
        if !body.is_erased(load) && body.op_results_unused(load) {
            body.erase_op(load);
        }
    }
    body.remove_op(op);
    body.append_op(block, op);
    let store = body.create_op(OpSpec::new(ctx, "tx8be.store_var", loc).operands(&[result]).results(&[ty]));
    body.append_op(block, store);
    let stored = body.result(store, 0);
    let y = body.create_op(OpSpec::new(ctx, "tx8be.yield", loc).operands(&[stored]));
    body.append_op(block, y);
    let gv = body.result(group, 0);
    // Every use of the op's result outside the group now reads the group's.
    body.replace_uses_if(result, gv, |b, user| user != store && b.op_block(user) != Some(block));
}
