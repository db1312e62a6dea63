//! Branch ops (MLIR's `BranchOpInterface`): which operands of a terminator
//! are forwarded to each successor's block arguments, and removing one.
//!
//! Region simplification and CFG patterns use this to drop dead block
//! arguments together with the operands that feed them. Dialects attach a
//! [`BranchOpInterface`] to their branch op definitions; the helpers here
//! cover the common layouts (all operands to one successor, and operand
//! groups described by `operandSegmentSizes`).

use std::ops::Range;

use crate::attributes::{AttrKind, Attribute};
use crate::body::Body;
use crate::context::Context;
use crate::entity::{Op, Value};

/// The successor operands of a branch op.
#[derive(Clone, Copy)]
pub struct BranchOpInterface {
    /// The operand indices forwarded to successor `i`.
    pub successor_operands: fn(&Context, &Body, Op, usize) -> Range<usize>,
    /// Removes operand `idx` of successor `i`'s operands (keeping the op's
    /// segment attributes consistent).
    pub erase_successor_operand: fn(&Context, &mut Body, Op, usize, usize),
    /// Appends a value to successor `i`'s operands (MLIR's
    /// `SuccessorOperands::append`), keeping segment attributes consistent.
    pub append_successor_operand: fn(&Context, &mut Body, Op, usize, Value),
}

/// The branch interface of `op`, if its definition has one.
pub fn branch_interface(ctx: &Context, body: &Body, op: Op) -> Option<BranchOpInterface> {
    ctx.op_def(body.op_name(op))?.interfaces.get::<BranchOpInterface>().copied()
}

/// The values `op` forwards to successor `i`, when it is a branch op.
pub fn successor_operands(ctx: &Context, body: &Body, op: Op, i: usize) -> Option<Vec<Value>> {
    let iface = branch_interface(ctx, body, op)?;
    let r = (iface.successor_operands)(ctx, body, op, i);
    Some(r.map(|k| body.operand(op, k)).collect())
}

/// Reads a dense `i32` array attribute (`operandSegmentSizes`).
pub fn dense_i32_values(ctx: &Context, a: Option<Attribute>) -> Vec<i32> {
    match a.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { element, data, len }) if ctx.is_signless_integer_of_width(*element, 32) => (0
            ..*len)
            .map(|i| i32::from_le_bytes([data[i * 4], data[i * 4 + 1], data[i * 4 + 2], data[i * 4 + 3]]))
            .collect(),
        _ => vec![],
    }
}

pub fn dense_i32_array(ctx: &Context, v: &[i32]) -> Attribute {
    let data: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    ctx.intern_attr(AttrKind::DenseArray { element: ctx.i32(), data: data.into(), len: v.len() })
}

/// Removes operand `index` of `op`.
pub fn remove_operand(body: &mut Body, op: Op, index: usize) {
    let mut ops = body.operand_vec(op);
    ops.remove(index);
    body.set_operands(op, &ops);
}

/// Inserts `v` as operand `index` of `op`.
pub fn insert_operand(body: &mut Body, op: Op, index: usize, v: Value) {
    let mut ops = body.operand_vec(op);
    ops.insert(index, v);
    body.set_operands(op, &ops);
}

/// Adds `delta` to entry `segment` of the dense `i32` array attribute `name`.
pub fn adjust_segment(ctx: &Context, body: &mut Body, op: Op, name: &str, segment: usize, delta: i32) {
    let mut seg = dense_i32_values(ctx, body.op_attr(ctx, op, name));
    if let Some(s) = seg.get_mut(segment) {
        *s += delta;
        let a = dense_i32_array(ctx, &seg);
        body.set_op_attr(ctx, op, name, Some(a));
    }
}

/// For ops whose operands all go to their single successor (`cf.br`).
pub const ALL_OPERANDS_TO_SUCCESSOR: BranchOpInterface = BranchOpInterface {
    successor_operands: |_, body, op, _| 0..body.num_operands(op),
    erase_successor_operand: |_, body, op, _, idx| remove_operand(body, op, idx),
    append_successor_operand: |_, body, op, _, v| {
        let n = body.num_operands(op);
        insert_operand(body, op, n, v)
    },
};
