//! `tx8be-layout-align-to-npu` (the seed's layoutAlignToNpuPass): decides
//! the physical placement of every value, dense (`Tensor`/`NTensor`) or
//! channel-blocked (`Cx`/`NCx`), from the placement rules of
//! `tx8be::query_op_attr` (`operand_align`, `result_align`; OPS.md
//! "Placement rules"), puts a `tx8be.ChannelNorm` on every edge whose two
//! ends disagree, and writes each op's placement as its `dev_info`
//! `mem_layout`.
//!
//! Placements are decided from the inputs over the graph in program order:
//! - function arguments (host inputs) and `tx8be.const` results are dense;
//! - an `Align` result is blocked, a `Compact` one dense;
//! - a `Both` op (element-wise, Gemm, ...) follows the majority of the
//!   votes of its non-constant operands (their placements) and of its
//!   users' strict requirements (`Align` votes blocked, `Compact` and
//!   `func.return` dense); on a tie its operands decide, and dense when
//!   they tie too. So Conv -> Relu -> Add -> Conv stays blocked end to
//!   end, and a Relu between a Conv and a Reshape stays blocked (one
//!   conversion either way, made where the dense consumer is);
//! - a `Both` op is never blocked when its result cannot be
//!   (`tx8be::layout::can_block`) or its `layout_str` entry is not
//!   channel-last (`NCHW`, `OIHW`: blocking would pad a spatial dim).
//!   An `Align` op is blocked whatever its label says: the operator
//!   library (and the C model) accepts nothing else.
//!
//! Then every (producer, user operand) edge is checked against what the
//! user requires of that operand (`Align`: blocked, `Compact`: dense,
//! `Both`: the user's own placement; `func.return`: dense, host outputs
//! are dense) and each conflict gets its own ChannelNorm right before the
//! user, converting in the direction the user needs;
//! `tx8be-layout-align-opt` shares and removes them afterwards.

use std::collections::HashMap;

use strata_ir::{Body, Context, Diagnostic, Op, OpSpec, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8be::interfaces::shape_inference::{dense_entry, operand_entry, value_layout};
use tx8be::layout::{blocked_mode, can_block, dense_mode, set_mem_layout};
use tx8be::{op_kind, AlignMode, DevAttr, LayoutMode, OpKind};

use super::graph_ops;
use crate::grouping::is_weight;

strata_pass::option_free_pass! {
    pub struct LayoutAlignToNpu;
    argument: "tx8be-layout-align-to-npu",
    name: "Tx8beLayoutAlignToNpu",
    description: "Place every tx8be value dense or channel-blocked by the placement rules, insert tx8be.ChannelNorm on conflicting edges, write dev_info mem_layout",
    anchor: Some("func.func"),
}

impl LayoutAlignToNpu {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let ops = graph_ops(ctx, body, INFO.argument)?;
        let placed = decide_placements(ctx, body, &ops)?;
        let mut changed = false;
        for &op in &ops {
            changed |= convert_conflicting_operands(ctx, body, op, &placed)?;
        }
        for &op in &ops {
            if let Some(&blocked) = body.results(op).next().and_then(|r| placed.get(&r)) {
                let ty = body.value_type(body.result(op, 0));
                set_mem_layout(ctx, body, op, if blocked { blocked_mode(ctx, ty) } else { dense_mode(ctx, ty) });
                changed = true;
            }
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// Whether a value may be blocked when an op can choose: its type has a
/// blocked placement and its layout is channel-last (a whole-tensor layout,
/// or a per-dim one ending in a channel: `NHWC`, `HWIO`).
pub fn may_block(ctx: &Context, body: &Body, v: Value) -> bool {
    if !can_block(ctx, body.value_type(v)) {
        return false;
    }
    match value_layout(ctx, body, v) {
        Some(l) if l.chars().all(|c| c.is_ascii_uppercase()) => matches!(l.chars().last(), Some('C' | 'O')),
        _ => true,
    }
}

/// What a user requires of one operand's placement: `Some(true)` blocked,
/// `Some(false)` dense, `None` no requirement of its own (it follows the
/// user's placement, `Both`).
fn strict_requirement(ctx: &Context, body: &Body, user: Op, idx: usize) -> Result<Option<bool>, Diagnostic> {
    match op_kind(ctx, body, user) {
        // A ChannelNorm reads the placement it converts from.
        Some(OpKind::ChannelNorm) => {
            Ok(Some(!tx8be::dialect::values::attr_bool(ctx, body, user, "to_blocked").unwrap_or(false)))
        }
        Some(_) => {
            let attr = tx8be::query_op_attr(ctx, body, user)?;
            Ok(match attr.operand_align.get(idx) {
                Some(AlignMode::Align) => Some(true),
                Some(AlignMode::Compact) => Some(false),
                _ => None,
            })
        }
        // func.return (host outputs) and ops of other dialects read dense bytes.
        None => Ok(Some(false)),
    }
}

/// The placement (blocked or not) of every op result of the graph, in
/// program order (see the module doc).
fn decide_placements(ctx: &Context, body: &Body, ops: &[Op]) -> Result<HashMap<Value, bool>, Diagnostic> {
    let mut placed: HashMap<Value, bool> = HashMap::new();
    let is_blocked = |placed: &HashMap<Value, bool>, v: Value| placed.get(&v).copied().unwrap_or(false);
    for &op in ops {
        let Some(kind) = op_kind(ctx, body, op) else { continue };
        if body.num_results(op) == 0 || matches!(kind, OpKind::Group | OpKind::Yield) {
            continue;
        }
        let result = body.result(op, 0);
        let blocked = match kind {
            OpKind::Const => false,
            OpKind::ChannelNorm => tx8be::dialect::values::attr_bool(ctx, body, op, "to_blocked").unwrap_or(false),
            _ => match tx8be::query_op_attr(ctx, body, op)?.result_align {
                AlignMode::Align => true,
                AlignMode::Compact | AlignMode::Unknown => false,
                AlignMode::Both => {
                    let (mut ob, mut od) = (0usize, 0usize);
                    for v in body.operands(op) {
                        if is_weight(ctx, body, v) {
                            continue;
                        }
                        if is_blocked(&placed, v) {
                            ob += 1;
                        } else {
                            od += 1;
                        }
                    }
                    let (mut ub, mut ud) = (0usize, 0usize);
                    for (user, idx) in body.uses(result) {
                        match strict_requirement(ctx, body, user, idx)? {
                            Some(true) => ub += 1,
                            Some(false) => ud += 1,
                            None => {}
                        }
                    }
                    let (b, d) = (ob + ub, od + ud);
                    let wanted = if b != d { b > d } else { ob > od };
                    wanted && may_block(ctx, body, result) && body.operands(op).all(|v| may_block(ctx, body, v))
                }
            },
        };
        placed.insert(result, blocked);
    }
    Ok(placed)
}

/// Puts a ChannelNorm before `op` on each operand whose placement is not
/// the one `op` requires; returns whether any was inserted.
fn convert_conflicting_operands(
    ctx: &Context,
    body: &mut Body,
    op: Op,
    placed: &HashMap<Value, bool>,
) -> Result<bool, Diagnostic> {
    let own = body.results(op).next().and_then(|r| placed.get(&r)).copied().unwrap_or(false);
    let mut changed = false;
    for i in 0..body.num_operands(op) {
        let v = body.operand(op, i);
        let have = placed.get(&v).copied().unwrap_or(false);
        let need = strict_requirement(ctx, body, op, i)?.unwrap_or(own);
        if have == need {
            continue;
        }
        // The label: what the user calls the operand, else what its producer calls it.
        let label = operand_entry(ctx, body, op, i).or_else(|| value_layout(ctx, body, v));
        let cn = channel_norm(ctx, body, v, need, label, body.op_loc(op));
        body.insert_op_before(op, cn);
        let r = body.result(cn, 0);
        body.set_operand(op, i, r);
        changed = true;
    }
    Ok(changed)
}

/// `tx8be.ChannelNorm(v)` converting to blocked (`to_blocked`) or to
/// dense, its `dev_info` `mem_layout` the placement it produces, `label`
/// the `layout_str` entry of the value on both sides.
pub(crate) fn channel_norm(
    ctx: &Context,
    body: &mut Body,
    v: Value,
    to_blocked: bool,
    label: Option<String>,
    loc: strata_ir::Location,
) -> Op {
    let ty = body.value_type(v);
    let label = label.unwrap_or_else(|| dense_entry(ctx, ty).to_string());
    let mode: LayoutMode = if to_blocked { blocked_mode(ctx, ty) } else { dense_mode(ctx, ty) };
    let dev = DevAttr { mem_layout: mode, ..DevAttr::default() };
    let attrs = ctx.dictionary(vec![
        (ctx.intern_str("to_blocked"), ctx.bool_attr(to_blocked)),
        (ctx.intern_str("blocked"), ctx.string_attr(blocked_mode(ctx, ty).keyword())),
        (ctx.intern_str("layout_str"), ctx.string_attr(&format!("{label}-{label}"))),
        (ctx.intern_str("dev_info"), dev.to_attr(ctx)),
    ]);
    body.create_op(OpSpec::new(ctx, OpKind::ChannelNorm.name(), loc).operands(&[v]).results(&[ty]).attrs(attrs))
}
