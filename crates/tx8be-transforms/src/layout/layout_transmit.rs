//! `tx8be-layout-transmit` (the seed's layoutTransmitPass): spreads the
//! layouts `tx8be-layout-init` fixed on Gemm and Conv over the graph.
//!
//! Every op is a node whose input nodes are its operands' producers and
//! whose output nodes are its results' users. Gemm and Conv (every op
//! whose `layout_str` is already complete) are the first start nodes; from
//! each start node the layout goes
//! - backwards to each producer still unknown: the start node's entry for
//!   that operand is what the producer's result must be
//!   (`tx8be::infer_layout_from_result`);
//! - forwards to each user still unknown, from its operands' layouts
//!   (`tx8be::infer_layout`).
//!
//! Every node that got a layout is a start node in turn. Reshape,
//! Gather and the ops whose layout cannot be inferred stop it. The first
//! layout a node gets is kept (breadth-first from the starts in program
//! order, so the nearest Gemm/Conv decides). The ops no Gemm/Conv reached
//! whose layout is their own (Pool and Resize are NHWC whatever their
//! neighbours) then start a second walk the same way. Whatever is still
//! unknown at the end becomes `Tensor`/`NTensor` for every entry.

use std::collections::VecDeque;

use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8be::interfaces::shape_inference::{dense_layout, entries, operand_entry, UNKNOWN};
use tx8be::{op_kind, OpKind};

use super::graph_ops;

strata_pass::option_free_pass! {
    pub struct LayoutTransmit;
    argument: "tx8be-layout-transmit",
    name: "Tx8beLayoutTransmit",
    description: "Propagate layout_str from tx8be.Gemm/Conv forwards and backwards through infer_layout; the rest becomes Tensor/NTensor",
    anchor: Some("func.func"),
}

impl LayoutTransmit {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let ops = graph_ops(ctx, body, INFO.argument)?;
        let starts: Vec<Op> =
            ops.iter().copied().filter(|&op| has_layout_str(ctx, body, op) && is_known(ctx, body, op)).collect();
        let mut changed = propagate(ctx, body, starts)?;
        // Ops whose layout is their own (Pool, Resize: NHWC) and that no
        // Gemm/Conv reached start a second round.
        let mut own = Vec::new();
        for &op in &ops {
            if has_layout_str(ctx, body, op)
                && !is_known(ctx, body, op)
                && tx8be::infer_layout(ctx, body, op)?.is_some()
            {
                own.push(op);
            }
        }
        changed |= !own.is_empty();
        changed |= propagate(ctx, body, own)?;
        for &op in &ops {
            if has_layout_str(ctx, body, op) && !is_known(ctx, body, op) {
                let layout = dense_layout(ctx, body, op);
                body.set_op_attr(ctx, op, "layout_str", Some(ctx.string_attr(&layout)));
                changed = true;
            }
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// Ops that carry a `layout_str`: compute ops and constants.
fn has_layout_str(ctx: &Context, body: &Body, op: Op) -> bool {
    op_kind(ctx, body, op).is_some_and(|k| k.is_compute() || k == OpKind::Const)
}

/// Whether `op`'s `layout_str` is complete: one known entry per operand
/// and one for the result.
fn is_known(ctx: &Context, body: &Body, op: Op) -> bool {
    let Some(l) = tx8be::dialect::values::attr_str(ctx, body, op, "layout_str") else { return false };
    let e = entries(&l);
    e.len() == body.num_operands(op) + 1 && !e.contains(&UNKNOWN)
}

/// The node-graph walk from `starts`; returns whether any layout was set.
fn propagate(ctx: &Context, body: &mut Body, starts: Vec<Op>) -> Result<bool, Diagnostic> {
    let mut queue: VecDeque<Op> = starts.into();
    let mut changed = false;
    while let Some(op) = queue.pop_front() {
        // Backwards: each unknown producer gets what this node expects of it.
        for i in 0..body.num_operands(op) {
            let v = body.operand(op, i);
            let Some(producer) = body.defining_op(v) else { continue };
            if !has_layout_str(ctx, body, producer) || is_known(ctx, body, producer) {
                continue;
            }
            let Some(want) = operand_entry(ctx, body, op, i) else { continue };
            if tx8be::infer_layout_from_result(ctx, body, producer, &want)?.is_some() {
                changed = true;
                queue.push_back(producer);
            }
        }
        // Forwards: each unknown user infers its layout from its operands.
        let users: Vec<Op> = body.results(op).flat_map(|r| body.uses(r).map(|(user, _)| user)).collect();
        for user in users {
            if !has_layout_str(ctx, body, user) || is_known(ctx, body, user) {
                continue;
            }
            if tx8be::infer_layout(ctx, body, user)?.is_some() {
                changed = true;
                queue.push_back(user);
            }
        }
    }
    Ok(changed)
}
