//! ShapeInference interface: `inferShapes` is the op's shape rule
//! (`dialect/shape_rules.rs`, shared with the verifier); `inferLayout`
//! propagates `layout_str` as the seed's layoutTransmitPass needs it:
//! Conv, Pool and Resize produce `NHWC`, Gemm `Tensor`/`NTensor`, ops that
//! keep their input's element positions copy the input's layout (and its
//! `dev_info` `mem_layout`), Transpose permutes per-dim layouts
//! (`NCHW` by (0,2,3,1) is `NHWC`), and Reshape and Gather stop the
//! propagation.

use strata_ir::{Body, Context, Op, Value};

use super::ShapeInferenceInterface;
use crate::dialect::attrs::{DevAttr, LayoutMode};
use crate::dialect::ops::{op_kind, OpKind};
use crate::dialect::shape_rules::{perm_of, shape_of};
use crate::dialect::values::{attr_bool, attr_str};

pub(crate) fn hooks(kind: OpKind) -> ShapeInferenceInterface {
    let inferred_layout: fn(&Context, &Body, Op) -> Option<String> = match kind {
        OpKind::Conv | OpKind::Pool | OpKind::Resize => |_, _, _| Some("NHWC".to_string()),
        OpKind::Gemm => |ctx, body, op| Some(tensor_layout(ctx, body, op)),
        OpKind::Transpose => transpose_layout,
        OpKind::Reduce => |ctx, body, op| if attr_bool(ctx, body, op, "keepdims").unwrap_or(false) { input_layout(ctx, body, op) } else { None },
        OpKind::Reshape | OpKind::Gather | OpKind::Group | OpKind::Yield => |_, _, _| None,
        OpKind::Const => |ctx, body, op| attr_str(ctx, body, op, "layout_str").filter(|l| l != "Unknown"),
        _ => input_layout,
    };
    ShapeInferenceInterface { inferred_layout }
}

/// Whether the op keeps its input's element placement (so its `mem_layout`).
fn keeps_placement(kind: OpKind) -> bool {
    matches!(
        kind,
        OpKind::BatchNormInference
            | OpKind::Softmax
            | OpKind::LayerNorm
            | OpKind::Binary
            | OpKind::Unary
            | OpKind::Select
            | OpKind::Cast
            | OpKind::LoadVar
            | OpKind::LoadConst
            | OpKind::StoreVar
    )
}

/// `Tensor` when the result's dim 0 is 1, else `NTensor` (the seed's
/// non-CNN layouts).
fn tensor_layout(ctx: &Context, body: &Body, op: Op) -> String {
    let s = shape_of(ctx, body.value_type(body.result(op, 0)));
    if s.first().copied().unwrap_or(1) == 1 { "Tensor" } else { "NTensor" }.to_string()
}

/// The layout string of a value: its defining op's `layout_str`, looking
/// through groups and loads/stores; `None` for block arguments and
/// `Unknown`.
pub fn value_layout(ctx: &Context, body: &Body, v: Value) -> Option<String> {
    let def = body.defining_op(v)?;
    match op_kind(ctx, body, def) {
        Some(OpKind::LoadVar | OpKind::LoadConst | OpKind::StoreVar) => {
            attr_str(ctx, body, def, "layout_str").filter(|l| l != "Unknown").or_else(|| value_layout(ctx, body, body.operand(def, 0)))
        }
        Some(OpKind::Group) => {
            let i = body.results(def).position(|r| r == v)?;
            let (rbody, regions) = body.regions_of(def);
            let yield_op = rbody.last_op(rbody.first_block(*regions.first()?)?)?;
            value_layout(ctx, rbody, rbody.operand(yield_op, i))
        }
        _ => attr_str(ctx, body, def, "layout_str").filter(|l| l != "Unknown"),
    }
}

/// The layout of the first operand with the result's rank.
fn layout_source(ctx: &Context, body: &Body, op: Op) -> Option<Value> {
    let rank = shape_of(ctx, body.value_type(body.result(op, 0))).len();
    body.operands(op).find(|&v| shape_of(ctx, body.value_type(v)).len() == rank)
}

fn input_layout(ctx: &Context, body: &Body, op: Op) -> Option<String> {
    value_layout(ctx, body, layout_source(ctx, body, op)?)
}

fn transpose_layout(ctx: &Context, body: &Body, op: Op) -> Option<String> {
    let l = value_layout(ctx, body, body.operand(op, 0))?;
    let perm = perm_of(ctx, body, op).ok()?;
    if l == "Tensor" || l == "NTensor" {
        return Some(tensor_layout(ctx, body, op));
    }
    let letters: Vec<char> = l.chars().collect();
    if letters.len() != perm.len() {
        return None;
    }
    Some(perm.iter().map(|&p| letters[p]).collect())
}

/// The input's `dev_info` `mem_layout` for ops that keep their input's
/// placement (the seed's BatchNorm `inferLayout`).
pub(crate) fn propagated_mem_layout(ctx: &Context, body: &Body, op: Op) -> Option<LayoutMode> {
    if !keeps_placement(op_kind(ctx, body, op)?) {
        return None;
    }
    let def = body.defining_op(layout_source(ctx, body, op)?)?;
    Some(DevAttr::from_attr(ctx, body.op_attr(ctx, def, "dev_info")?)?.mem_layout)
}
