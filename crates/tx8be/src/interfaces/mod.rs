//! The seed's four op interfaces (OpLib, Compute, ShapeInference,
//! Sharding) as typed hook tables stored on each tx8be op definition
//! (`strata_ir::interfaces`, keyed by the table's Rust type), and the
//! public functions passes call without knowing the op.
//!
//! Alike ops share one implementation: every element-wise op has the same
//! sharding hooks, every op that keeps its input's shape the same layout
//! rule, and so on; `attach` picks the tables by `OpKind`. Each public
//! function looks the table up on the op's definition and reports an op
//! without the interface as an error at the op's location.

pub mod compute;
pub mod interpret;
pub mod oplib;
pub mod shape_inference;
pub mod sharding;
pub mod tensor;

use strata_ir::opdef::OpDef;
use strata_ir::{Body, Context, Diagnostic, Op};

use crate::dialect::ops::OpKind;
use crate::window::{BackWindow, RowRange};
use oplib::OpAttr;
use sharding::{ShardingSplitParam, SliceBox};
use tensor::TensorData;

/// What a Compute hook returns: the results, or why it cannot compute.
pub type ComputeResult = Result<Vec<TensorData>, String>;
/// What a `tile_sharding_split` hook returns.
pub type SplitResult = Result<Vec<ShardingSplitParam>, String>;
/// What a `temporal_slice_shape` hook returns.
pub type BoxesResult = Result<Vec<SliceBox>, String>;

/// OpLib: what the operator library needs from the op (seed `queryOpAttr`,
/// `getImmSpSize`).
#[derive(Copy, Clone)]
pub struct OpLibInterface {
    pub query_op_attr: fn(&Context, &Body, Op) -> OpAttr,
    /// Scratch bytes for one call on an output slice of the given dims.
    pub imm_bytes: fn(&Context, &Body, Op, &[i64], &tx8_target::HardwareConfig) -> u64,
}

/// Compute: the op's CPU reference on whole tensors (f64 arithmetic,
/// results rounded to the result element type).
#[derive(Copy, Clone)]
pub struct ComputeInterface {
    pub compute: fn(&Context, &Body, Op, &[TensorData]) -> ComputeResult,
}

/// ShapeInference: result type and layout from the operands.
#[derive(Copy, Clone)]
pub struct ShapeInferenceInterface {
    /// The op's whole `layout_str` (operands, then result) from its
    /// operands' layouts, `None` when it cannot be inferred (the seed's
    /// layoutTransmitPass stops there).
    pub inferred_layout: fn(&Context, &Body, Op) -> Option<String>,
    /// The op's whole `layout_str` when its result must have the given
    /// layout (propagation backwards from a user), `None` when not inferable.
    pub layout_from_result: fn(&Context, &Body, Op, &str) -> Option<String>,
}

/// Sharding: from the output's sharding/split and slices to the operands'.
#[derive(Copy, Clone)]
pub struct ShardingInterface {
    pub tile_sharding_split: fn(&Context, &Body, Op, &ShardingSplitParam) -> SplitResult,
    pub temporal_slice_shape: fn(&Context, &Body, Op, &SliceBox) -> BoxesResult,
    pub back_window: fn(&Context, &Body, Op, usize, RowRange) -> Result<BackWindow, String>,
}

/// Attaches the four interface tables of `kind` to its op definition.
pub(crate) fn attach(def: OpDef, kind: OpKind) -> OpDef {
    def.interface(oplib::HOOKS)
        .interface(compute::hooks(kind))
        .interface(shape_inference::hooks(kind))
        .interface(sharding::HOOKS)
}

fn op_error(ctx: &Context, body: &Body, op: Op, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(body.op_loc(op), format!("'{}' op {msg}", ctx.op_name_str(body.op_name(op))))
}

fn lookup<'c, T: std::any::Any + Send + Sync>(
    ctx: &'c Context,
    body: &Body,
    op: Op,
    what: &str,
) -> Result<&'c T, Diagnostic> {
    ctx.op_def(body.op_name(op))
        .and_then(|d| d.interfaces.get::<T>())
        .ok_or_else(|| op_error(ctx, body, op, format!("does not implement the {what} interface")))
}

/// OpLib `queryOpAttr`: engine, alignment, default layout, load/store masks.
pub fn query_op_attr(ctx: &Context, body: &Body, op: Op) -> Result<OpAttr, Diagnostic> {
    Ok((lookup::<OpLibInterface>(ctx, body, op, "OpLib")?.query_op_attr)(ctx, body, op))
}

/// OpLib: scratch (imm) bytes the operator-library call needs when it
/// produces an output slice of dims `out_slice`.
pub fn imm_bytes(
    ctx: &Context,
    body: &Body,
    op: Op,
    out_slice: &[i64],
    hw: &tx8_target::HardwareConfig,
) -> Result<u64, Diagnostic> {
    Ok((lookup::<OpLibInterface>(ctx, body, op, "OpLib")?.imm_bytes)(ctx, body, op, out_slice, hw))
}

/// Compute: the op's results from its operands' values.
pub fn compute(ctx: &Context, body: &Body, op: Op, inputs: &[TensorData]) -> Result<Vec<TensorData>, Diagnostic> {
    let hook = lookup::<ComputeInterface>(ctx, body, op, "Compute")?;
    if inputs.len() != body.num_operands(op) {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("compute got {} inputs for {} operands", inputs.len(), body.num_operands(op)),
        ));
    }
    for (i, t) in inputs.iter().enumerate() {
        let want = crate::dialect::shape_rules::shape_of(ctx, body.value_type(body.operand(op, i)));
        let n: i64 = t.dims.iter().product();
        if t.dims != want || t.values.len() as i64 != n {
            return Err(op_error(
                ctx,
                body,
                op,
                format!("input #{i} has dims {:?} and {} values, operand #{i} is {want:?}", t.dims, t.values.len()),
            ));
        }
    }
    (hook.compute)(ctx, body, op, inputs).map_err(|m| op_error(ctx, body, op, m))
}

/// ShapeInference `inferShapes`: sets the result type from the operands
/// and attributes (Reshape and Cast keep theirs: it says the target);
/// returns the new type.
pub fn infer_shapes(ctx: &Context, body: &mut Body, op: Op) -> Result<strata_ir::Type, Diagnostic> {
    lookup::<ShapeInferenceInterface>(ctx, body, op, "ShapeInference")?;
    let t = crate::dialect::shape_rules::infer_result_type(ctx, body, op).map_err(|m| op_error(ctx, body, op, m))?;
    let r = body.result(op, 0);
    body.set_value_type(r, t);
    Ok(t)
}

/// ShapeInference: the `layout_str` (operand entries, then the result's,
/// joined by `-`) the op would get from its operands, without changing the
/// IR (`None`: not inferable from the operands).
pub fn inferred_layout(ctx: &Context, body: &Body, op: Op) -> Result<Option<String>, Diagnostic> {
    Ok((lookup::<ShapeInferenceInterface>(ctx, body, op, "ShapeInference")?.inferred_layout)(ctx, body, op))
}

/// ShapeInference, backwards: the `layout_str` the op would get if its
/// result had layout `result` (a user's entry for it), without changing
/// the IR (`None`: the op stops the propagation).
pub fn inferred_layout_from_result(
    ctx: &Context,
    body: &Body,
    op: Op,
    result: &str,
) -> Result<Option<String>, Diagnostic> {
    Ok((lookup::<ShapeInferenceInterface>(ctx, body, op, "ShapeInference")?.layout_from_result)(ctx, body, op, result))
}

/// ShapeInference `inferLayout`: sets `layout_str` from the operands and,
/// for ops that keep their input's placement, copies the input's
/// `dev_info` `mem_layout` (as the seed's BatchNorm does). Returns the
/// layout set, `None` (IR unchanged) when it cannot be inferred.
pub fn infer_layout(ctx: &Context, body: &mut Body, op: Op) -> Result<Option<String>, Diagnostic> {
    let Some(layout) = inferred_layout(ctx, body, op)? else { return Ok(None) };
    body.set_op_attr(ctx, op, "layout_str", Some(ctx.string_attr(&layout)));
    if let Some(mode) = shape_inference::propagated_mem_layout(ctx, body, op) {
        crate::layout::set_mem_layout(ctx, body, op, mode);
    }
    Ok(Some(layout))
}

/// ShapeInference `inferLayout` backwards: sets `layout_str` as its result
/// had layout `result`. Returns the layout set, `None` (IR unchanged) when
/// the op stops the propagation.
pub fn infer_layout_from_result(
    ctx: &Context,
    body: &mut Body,
    op: Op,
    result: &str,
) -> Result<Option<String>, Diagnostic> {
    let Some(layout) = inferred_layout_from_result(ctx, body, op, result)? else { return Ok(None) };
    body.set_op_attr(ctx, op, "layout_str", Some(ctx.string_attr(&layout)));
    Ok(Some(layout))
}

/// Sharding `tileShardingSplit`: the sharding and split of each operand
/// that produce `out` on the result; an error says why the op cannot be
/// split that way (a reduced axis, Gemm's K, ...).
pub fn tile_sharding_split(
    ctx: &Context,
    body: &Body,
    op: Op,
    out: &ShardingSplitParam,
) -> Result<Vec<ShardingSplitParam>, Diagnostic> {
    let hook = lookup::<ShardingInterface>(ctx, body, op, "Sharding")?;
    let rank = crate::dialect::shape_rules::shape_of(ctx, body.value_type(body.result(op, 0))).len();
    for (what, v) in [("sharding", &out.out_sharding), ("split", &out.out_split)] {
        if v.len() != rank || v.iter().any(|&f| f < 1) {
            return Err(op_error(ctx, body, op, format!("output {what} {v:?} must have {rank} factors >= 1")));
        }
    }
    (hook.tile_sharding_split)(ctx, body, op, out).map_err(|m| op_error(ctx, body, op, m))
}

/// Sharding `temporalSliceShape`: the box of each operand (whole-tensor
/// coordinates) needed to compute the output box `out`.
pub fn temporal_slice_shape(ctx: &Context, body: &Body, op: Op, out: &SliceBox) -> Result<Vec<SliceBox>, Diagnostic> {
    let hook = lookup::<ShardingInterface>(ctx, body, op, "Sharding")?;
    let shape = crate::dialect::shape_rules::shape_of(ctx, body.value_type(body.result(op, 0)));
    if !out.fits(&shape) {
        return Err(op_error(ctx, body, op, format!("output box {out:?} is not inside the result shape {shape:?}")));
    }
    (hook.temporal_slice_shape)(ctx, body, op, out).map_err(|m| op_error(ctx, body, op, m))
}

/// Sharding `backWindow` along H: the input rows that output rows `out`
/// read, with the padding the slice sees at the tensor's borders.
pub fn back_window(ctx: &Context, body: &Body, op: Op, out: RowRange) -> Result<BackWindow, Diagnostic> {
    back_window_axis(ctx, body, op, 0, out)
}

/// `back_window` along `axis` of the window (0 = H, 1 = W).
pub fn back_window_axis(
    ctx: &Context,
    body: &Body,
    op: Op,
    axis: usize,
    out: RowRange,
) -> Result<BackWindow, Diagnostic> {
    let hook = lookup::<ShardingInterface>(ctx, body, op, "Sharding")?;
    (hook.back_window)(ctx, body, op, axis, out).map_err(|m| op_error(ctx, body, op, m))
}
