//! The groups of a function body (`tx8be-group-ops` and the grouping
//! passes make them): its top-level ops and groups in program order, a
//! group's anchor (the compute op carrying its schedule) and the value it
//! stores.

use strata_ir::{Body, Context, Op, Value};

use crate::dialect::ops::{op_kind, OpKind};

/// The ops of the first block of the body's first region, in order.
pub fn entry_ops(body: &Body) -> Vec<Op> {
    let Some(&r) = body.root_regions().first() else { return Vec::new() };
    let Some(b) = body.first_block(r) else { return Vec::new() };
    body.block_ops(b).collect()
}

/// The top-level groups of a function body, in program order.
pub fn groups(ctx: &Context, body: &Body) -> Vec<Op> {
    entry_ops(body).into_iter().filter(|&op| op_kind(ctx, body, op) == Some(OpKind::Group)).collect()
}

/// The anchor of a group: its last compute op, whose result it stores and
/// which carries the group's schedule (the only compute op of a
/// single-op group).
pub fn group_compute_op(ctx: &Context, body: &Body, group: Op) -> Option<Op> {
    let region = *body.local_regions(group).first()?;
    let block = body.first_block(region)?;
    body.block_ops(block)
        .filter(|&op| {
            !matches!(
                op_kind(ctx, body, op),
                Some(OpKind::LoadVar | OpKind::LoadConst | OpKind::StoreVar | OpKind::Yield)
            )
        })
        .last()
}

/// The value a group yields (its store_var's result).
pub fn group_store(ctx: &Context, body: &Body, group: Op) -> Option<Value> {
    let region = *body.local_regions(group).first()?;
    let block = body.first_block(region)?;
    let y = body.last_op(block)?;
    (op_kind(ctx, body, y) == Some(OpKind::Yield)).then(|| body.operand(y, 0))
}
