//! `tx8be-group-ldst` (the seed's GroupLdStPass): gives every group made
//! by `tx8be-group-pattern` / `tx8be-group-optimization` its boundary,
//! as the group contract says:
//!
//! - one load per (external value, using op): right before each compute
//!   op, in operand order, a `load_var` of each operand defined outside the
//!   group (`load_const` when it is a weight, in its constant's placement);
//!   the same value used by two ops of the group gets two loads (their
//!   boxes may differ); used twice by one op, one load when both operands
//!   read the same box of it at any output box (an element-wise `x * x`),
//!   else one per operand (`x @ x^T` reads rows of x as A, all of it as
//!   B: one buffer cannot hold both boxes). A graph-level
//!   `load_const` the group took in (tx8be-move-constant's, with its
//!   `const_map_id` / `bypasscodegen` / `dev_info`) is that load: it moves
//!   right before its op.
//! - one `store_var` of the group's output (the last compute op's result),
//!   yielded.
//!
//! Every group keeps `group_tag = 0` (needs the sharding search): the
//! seed's tag 2 marks groups of DDR-only ops (reshapes), which stay
//! outside groups here. A group that already has its store (grouped input)
//! is left alone.

use strata_ir::{Body, Context, Diagnostic, Op, OpSpec, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8be::{op_kind, OpKind};

use super::{is_weight, top_level_groups};

strata_pass::option_free_pass! {
    pub struct GroupLdSt;
    argument: "tx8be-group-ldst",
    name: "Tx8beGroupLdSt",
    description: "Insert the loads and the store at every tx8be.group's boundary",
    anchor: Some("func.func"),
}

impl GroupLdSt {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let changed = insert_loads_and_stores(target.ctx, target.body)?;
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// The pass's work, callable by other passes (tx8be-group-ops): whether a
/// group changed.
pub fn insert_loads_and_stores(ctx: &Context, body: &mut Body) -> Result<bool, Diagnostic> {
    let mut changed = false;
    for g in top_level_groups(ctx, body) {
        let block = body.first_block(body.local_regions(g)[0]).expect("verified: one block");
        let Some(y) = body.last_op(block).filter(|&t| op_kind(ctx, body, t) == Some(OpKind::Yield)) else {
            return Err(Diagnostic::error(body.op_loc(g), "'tx8be.group' body must end with 'tx8be.yield'"));
        };
        if body.num_operands(y) != 1 {
            return Err(Diagnostic::error(
                body.op_loc(y),
                "a group must yield exactly one value (single-output groups)",
            ));
        }
        let out = body.operand(y, 0);
        let producer = body.defining_op(out).filter(|&d| body.op_block(d) == Some(block));
        let Some(anchor) = producer else {
            return Err(Diagnostic::error(body.op_loc(y), "a group must yield a value computed inside it"));
        };
        if op_kind(ctx, body, anchor) == Some(OpKind::StoreVar) {
            continue; // already has its boundary
        }
        let compute: Vec<Op> = body.block_ops(block).filter(|&o| !is_boundary(ctx, body, o)).collect();
        for op in compute {
            load_operands(ctx, body, block, op);
        }
        let loc = body.op_loc(anchor);
        let ty = body.value_type(out);
        let store = body.create_op(OpSpec::new(ctx, OpKind::StoreVar.name(), loc).operands(&[out]).results(&[ty]));
        body.insert_op_before(y, store);
        body.set_operand(y, 0, body.result(store, 0));
        changed = true;
    }
    Ok(changed)
}

fn is_boundary(ctx: &Context, body: &Body, op: Op) -> bool {
    matches!(op_kind(ctx, body, op), Some(OpKind::LoadVar | OpKind::LoadConst | OpKind::StoreVar | OpKind::Yield))
}

/// Whether operands `i` and `j` of `op` read the same box of their
/// values whatever output box `op` computes (the Sharding interface's
/// boxes for the whole output and for each half of each dim); `false`
/// when the interface does not say.
fn same_boxes(ctx: &Context, body: &Body, op: Op, i: usize, j: usize) -> bool {
    use tx8be::interfaces::sharding::SliceBox;
    let Some(dims) = ctx.shape(body.value_type(body.result(op, 0))).map(|s| s.to_vec()) else { return false };
    let whole = SliceBox::whole(&dims);
    let mut probes = vec![whole.clone()];
    for d in 0..dims.len() {
        if dims[d] > 1 {
            let half = (dims[d] + 1) / 2;
            let mut lo = whole.clone();
            lo.size[d] = half;
            let mut hi = whole.clone();
            hi.start[d] = half;
            hi.size[d] = dims[d] - half;
            probes.extend([lo, hi]);
        }
    }
    probes.iter().all(|p| {
        tx8be::interfaces::temporal_slice_shape(ctx, body, op, p)
            .is_ok_and(|b| b.get(i).is_some() && b.get(i) == b.get(j))
    })
}

/// Puts a load of each of `op`'s operands right before it, in operand
/// order: the group's own load when there is one, a new one for a value
/// from outside (shared by the operands reading the same box of it).
fn load_operands(ctx: &Context, body: &mut Body, block: strata_ir::Block, op: Op) {
    let loc = body.op_loc(op);
    let operands: Vec<Value> = body.operands(op).collect();
    // outer value -> its load and the first operand it fills, for this op
    let mut loaded: Vec<(Value, Value, usize)> = Vec::new();
    for (i, v) in operands.into_iter().enumerate() {
        if let Some(d) = body.defining_op(v).filter(|&d| body.op_block(d) == Some(block)) {
            let is_load = matches!(op_kind(ctx, body, d), Some(OpKind::LoadConst | OpKind::LoadVar));
            if is_load && !loaded.iter().any(|&(_, l, _)| l == v) {
                body.move_op_before(d, op);
                loaded.push((v, v, i));
            }
            continue; // an intermediate of the group, or loaded for an earlier operand
        }
        if let Some(&(_, l, _)) =
            loaded.iter().find(|&&(outer, _, first)| outer == v && same_boxes(ctx, body, op, first, i))
        {
            body.set_operand(op, i, l);
            continue;
        }
        let kind = if is_weight(ctx, body, v) { OpKind::LoadConst } else { OpKind::LoadVar };
        let vt = body.value_type(v);
        let load = body.create_op(OpSpec::new(ctx, kind.name(), loc).operands(&[v]).results(&[vt]));
        body.insert_op_before(op, load);
        if kind == OpKind::LoadConst {
            // A load keeps its constant's placement; no dev_info means dense.
            let mode = tx8be::layout::value_mem_layout(ctx, body, v);
            if tx8be::layout::is_blocked(mode) {
                tx8be::layout::set_mem_layout(ctx, body, load, mode);
            }
        }
        let lv = body.result(load, 0);
        body.set_operand(op, i, lv);
        loaded.push((v, lv, i));
    }
}
