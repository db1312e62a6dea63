//! What the search passes read off a group: its anchor (the last compute
//! op, whose result the group's `store_var` stores), the anchor's output
//! alignment (getFactor's `GetAlignBase`), its legal shardings and splits
//! (the Sharding interface) and its reduction (DS_TileSplit's
//! `reduceSplit`).

use strata_ir::{Body, Context, Op};
use tx8be::interfaces::sharding::ShardingSplitParam;
use tx8be::interfaces::tensor::ElementType;
use tx8be::{op_kind, OpKind};

/// The anchor of `group`: the op defining the value its `store_var` stores.
pub fn group_anchor(ctx: &Context, body: &Body, group: Op) -> Option<Op> {
    let ops = super::template_cache::group_block_ops(body, group);
    let store = ops.iter().copied().find(|&o| op_kind(ctx, body, o) == Some(OpKind::StoreVar))?;
    body.defining_op(body.operand(store, 0))
}

/// The `tx8be.group` ops of a function body, in order.
pub fn groups(ctx: &Context, body: &Body) -> Vec<Op> {
    tx8be::schedule::groups::entry_ops(body)
        .into_iter()
        .filter(|&op| op_kind(ctx, body, op) == Some(OpKind::Group))
        .collect()
}

/// The anchor's output dims.
pub fn out_dims(ctx: &Context, body: &Body, op: Op) -> Vec<i64> {
    ctx.shape(body.value_type(body.result(op, 0))).unwrap_or(&[]).to_vec()
}

/// The block the last dim is cut in: a channel-blocked output is laid out
/// in blocks of 64 channels (128 for int8) when it has more than 32, as
/// one padded block otherwise; a dense output cuts anywhere.
pub fn last_dim_align(ctx: &Context, body: &Body, op: Op) -> i64 {
    let v = body.result(op, 0);
    if !tx8be::layout::is_blocked(tx8be::layout::value_mem_layout(ctx, body, v)) {
        return 1;
    }
    let ty = body.value_type(v);
    let last = ctx.shape(ty).and_then(|s| s.last().copied()).unwrap_or(1);
    let int8 = ctx.element_type(ty).and_then(|e| ElementType::from_type(ctx, e)) == Some(ElementType::I8);
    if last <= 32 {
        last
    } else if int8 {
        128
    } else {
        64
    }
}

/// Whether the op's Sharding interface accepts `shard` and `split` of its output.
pub fn legal(ctx: &Context, body: &Body, op: Op, shard: &[i64], split: &[i64]) -> bool {
    let p = ShardingSplitParam { out_sharding: shard.to_vec(), out_split: split.to_vec() };
    tx8be::interfaces::tile_sharding_split(ctx, body, op, &p).is_ok()
}

/// The reduction DS_TileSplit splits first: a GEMM's K (A's last dim, or
/// its second to last when `trans_a`). Other ops: none.
pub fn reduce_extent(ctx: &Context, body: &Body, op: Op) -> Option<i64> {
    if op_kind(ctx, body, op) != Some(OpKind::Gemm) {
        return None;
    }
    let a = ctx.shape(body.value_type(body.operand(op, 0)))?;
    let ta = tx8be::dialect::values::attr_bool(ctx, body, op, "trans_a").unwrap_or(false);
    let k = if ta { a.len().checked_sub(2)? } else { a.len().checked_sub(1)? };
    a.get(k).copied()
}
