//! A group's schedule and SPM buffers as the passes record them:
//! the output sharding over the tiles and the time split
//! (`tile_parallel`, `dev_info.temporal_mem_slice`: `tx8be-sharding`), the
//! buffer count (`dev_info.multi_buf_*`), the SPM addresses
//! (`dev_info.mem_addr`, `subbox_addr`: `tx8be-spm-alloc`) and the NE/CT
//! overlap their second address set stands for.

use strata_ir::{Body, Context, Diagnostic, Op};

use super::group_calls::GroupCalls;
use crate::{DevAttr, ParallelAttr};

/// The buffer count the IR records for a compute op (`dev_info`'s
/// `multi_buf_num` when `multi_buf_en`, else 1).
pub fn recorded_buffers(ctx: &Context, body: &Body, op: Op) -> u32 {
    let d = body.op_attr(ctx, op, "dev_info").and_then(|a| DevAttr::from_attr(ctx, a)).unwrap_or_default();
    if d.multi_buf_en {
        d.multi_buf_num.max(1) as u32
    } else {
        1
    }
}

/// The attribute on an in-group op naming, per operand, the SPM buffer
/// its narrowed read's box is copied into (0: none).
pub const SUBBOX_ADDR: &str = "subbox_addr";

/// The `dev_info` an op records (the default when it has none).
pub fn dev_info(ctx: &Context, body: &Body, op: Op) -> DevAttr {
    body.op_attr(ctx, op, "dev_info").and_then(|a| DevAttr::from_attr(ctx, a)).unwrap_or_default()
}

/// The group's schedule as the IR records it: (sharding, slice).
pub fn recorded_schedule(ctx: &Context, body: &Body, op: Op) -> Result<(Vec<i64>, Vec<i64>), Diagnostic> {
    let rank = ctx.shape(body.value_type(body.result(op, 0))).map(|s| s.len()).unwrap_or(0);
    let shard: Vec<i64> = body
        .op_attr(ctx, op, "tile_parallel")
        .and_then(|a| ParallelAttr::from_attr(ctx, a))
        .map(|p| p.shape_spatial_sharding.iter().map(|&s| s as i64).collect())
        .unwrap_or_else(|| vec![1; rank]);
    let slice = dev_info(ctx, body, op).temporal_mem_slice;
    if shard.len() != rank || slice.len() != rank {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!("'{}' op has no schedule (run tx8be-sharding first): tile_parallel and dev_info.temporal_mem_slice must have one entry per result dim", ctx.op_name_str(body.op_name(op))),
        ));
    }
    Ok((shard, slice))
}

/// Whether group `g` overlaps its NE and CT across steps
/// (`tx8be-spm-alloc`, after `ne_overlap::eligible`): its first call
/// records two result buffers.
pub fn ne_overlapped(ctx: &Context, body: &Body, g: &GroupCalls) -> bool {
    g.calls.len() >= 2
        && body
            .op_attr(ctx, g.calls[0], "dev_info")
            .and_then(|a| crate::DevAttr::from_attr(ctx, a))
            .is_some_and(|d| d.mem_addr.len() == 2)
}

/// The group attribute recording that the group before runs this group's
/// prologue during its own steps (`tx8be-prologue-ahead`).
pub const PROLOGUE_AHEAD: &str = "prologue_ahead";

/// Whether `group` records that the group before runs its prologue.
pub fn recorded_prologue_ahead(ctx: &Context, body: &Body, group: Op) -> bool {
    crate::dialect::values::attr_bool(ctx, body, group, PROLOGUE_AHEAD).unwrap_or(false)
}
