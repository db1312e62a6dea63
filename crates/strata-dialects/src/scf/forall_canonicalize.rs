//! Canonicalization of `scf.forall`, upstream's patterns in upstream's
//! order, less the two on tensor ops (`DimOfForallOp`,
//! `FoldTensorCastOfOutputIntoForallOp`: Strata has no `tensor` dialect
//! here):
//!
//! - `ForallOpControlOperandsFolder`: constant dynamic bounds and steps
//!   become static;
//! - `ForallOpIterArgsFolder`: a shared output with an unused result or no
//!   combining op in the terminator goes, its uses becoming the output
//!   (every one here: `in_parallel` holds no op in Strata);
//! - `ForallOpSingleOrZeroIterationDimsFolder` (unmapped loops only): a
//!   dimension that never runs makes the loop its outputs; dimensions that
//!   run once are dropped; with none left the body is inlined;
//! - `ForallOpReplaceConstantInductionVar`: the induction variable of a
//!   dimension that runs once is its lower bound.

use strata_ir::fold::constant_value;
use strata_ir::surgery::IrMapping;
use strata_ir::{AttrKind, Body, Context, Op, OpSpec, Value};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

use super::forall::{forall_loop, forall_operands, ForallLoop, INHERENT_LAYOUT};
use super::trip_count::{constant_trip_count, Bound};

pub fn populate(_: &Context, set: &mut PatternSet) {
    let patterns: [(&'static str, fn(Op, &mut PatternRewriter<'_>) -> bool); 4] = [
        ("ForallOpControlOperandsFolder", fold_control_operands),
        ("ForallOpIterArgsFolder", fold_iter_args),
        ("ForallOpSingleOrZeroIterationDimsFolder", fold_single_or_zero_iteration_dims),
        ("ForallOpReplaceConstantInductionVar", replace_constant_induction_vars),
    ];
    for (name, f) in patterns {
        set.add(FnPattern { root: Some("scf.forall"), name, benefit: 1, f });
    }
}

fn body_block(body: &Body, op: Op) -> Option<strata_ir::Block> {
    body.local_regions(op).first().and_then(|&r| body.first_block(r))
}

/// `op`'s attributes with the operand layout of `lp` in place of its own.
fn attrs_for(ctx: &Context, body: &Body, op: Op, lp: &ForallLoop) -> (Vec<Value>, strata_ir::Attribute) {
    let (operands, layout) = forall_operands(ctx, lp);
    let mut entries: Vec<_> = ctx
        .dict_entries(body.op_attrs(op))
        .iter()
        .filter(|(n, _)| !INHERENT_LAYOUT.contains(&ctx.str(*n)))
        .copied()
        .collect();
    entries.extend(layout);
    (operands, ctx.dictionary(entries))
}

/// An `index` constant for a static bound, or the bound's value
/// (`getValueOrCreateConstantIndexOp`), created before `op`.
fn bound_value(rw: &mut PatternRewriter<'_>, op: Op, b: Bound) -> Value {
    match b {
        Bound::Value(v) => v,
        Bound::Static(s) => {
            let ctx = rw.ctx;
            let loc = rw.body().op_loc(op);
            let index = ctx.index_type();
            let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), ctx.integer_attr(index, s))]);
            rw.set_insertion_point_before(op);
            let c = rw.create(OpSpec::new(ctx, "arith.constant", loc).results(&[index]).attrs(attrs));
            rw.body().result(c, 0)
        }
    }
}

fn fold_control_operands(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let mut lp = forall_loop(ctx, body, op);
    let mut changed = false;
    for list in [&mut lp.lbs, &mut lp.ubs, &mut lp.steps] {
        for b in list.iter_mut() {
            if let Bound::Value(v) = *b {
                if let Some(c) = constant_value(ctx, body, v).and_then(|a| ctx.as_i64(a)) {
                    *b = Bound::Static(c);
                    changed = true;
                }
            }
        }
    }
    if !changed {
        return false;
    }
    let (operands, attrs) = attrs_for(ctx, body, op, &lp);
    rw.modify_in_place(op, |b| {
        b.set_operands(op, &operands);
        b.set_op_attrs(op, attrs);
    });
    true
}

fn fold_iter_args(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let mut lp = forall_loop(ctx, body, op);
    if lp.outputs.is_empty() {
        return false;
    }
    let Some(block) = body_block(body, op) else { return false };
    let rank = lp.lbs.len();
    let args = body.block_args(block).to_vec();
    let results: Vec<Value> = body.results(op).collect();
    if args.len() != rank + lp.outputs.len() || results.len() != lp.outputs.len() {
        return false;
    }
    // No op of the terminator combines into an output, so all of them go.
    for (k, &out) in lp.outputs.iter().enumerate() {
        rw.replace_all_uses_with(args[rank + k], out);
        rw.replace_all_uses_with(results[k], out);
    }
    rw.modify_in_place(op, |b| {
        for k in (0..lp.outputs.len()).rev() {
            b.erase_block_arg(block, rank + k);
        }
    });
    lp.outputs.clear();
    let body = rw.body();
    let (operands, attrs) = attrs_for(ctx, body, op, &lp);
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let new = rw.create(OpSpec::new(ctx, "scf.forall", loc).operands(&operands).attrs(attrs).regions(1));
    let b = rw.body_mut_unnotified();
    let (from, to) = (b.local_regions(op)[0], b.local_regions(new)[0]);
    let blocks: Vec<_> = b.blocks(from).collect();
    for blk in blocks {
        b.remove_block(blk);
        b.append_block(to, blk);
    }
    rw.replace_op(op, &results);
    true
}

/// True if `op` has a non-empty `mapping`.
fn is_mapped(ctx: &Context, body: &Body, op: Op) -> bool {
    body.op_attr(ctx, op, "mapping").is_some_and(|m| matches!(ctx.attr_kind(m), AttrKind::Array(v) if !v.is_empty()))
}

fn fold_single_or_zero_iteration_dims(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    if is_mapped(ctx, body, op) {
        return false;
    }
    let lp = forall_loop(ctx, body, op);
    let Some(block) = body_block(body, op) else { return false };
    let ivs = body.block_args(block).to_vec();
    let rank = lp.lbs.len();
    if ivs.len() < rank {
        return false;
    }
    let mut map = IrMapping::default();
    let mut kept = ForallLoop { lbs: vec![], ubs: vec![], steps: vec![], outputs: lp.outputs.clone() };
    for i in 0..rank {
        let (lb, ub, step) = (lp.lbs[i], lp.ubs[i], lp.steps[i]);
        match constant_trip_count(ctx, rw.body(), lb, ub, step) {
            Some(0) => {
                rw.replace_op(op, &lp.outputs);
                return true;
            }
            Some(1) => {
                let v = bound_value(rw, op, lb);
                map.map_value(ivs[i], v);
                continue;
            }
            _ => {}
        }
        kept.lbs.push(lb);
        kept.ubs.push(ub);
        kept.steps.push(step);
    }
    if kept.lbs.is_empty() {
        return promote(rw, op, &lp);
    }
    if kept.lbs.len() == rank {
        return false;
    }
    let body = rw.body();
    let (operands, attrs) = attrs_for(ctx, body, op, &kept);
    let loc = body.op_loc(op);
    let types = body.result_types(op);
    rw.set_insertion_point_before(op);
    let new =
        rw.create(OpSpec::new(ctx, "scf.forall", loc).operands(&operands).results(&types).attrs(attrs).regions(1));
    let (from, to) = (rw.body().local_regions(op)[0], rw.body().local_regions(new)[0]);
    rw.clone_region_before(from, to, None, &mut map);
    let results: Vec<Value> = rw.body().results(new).collect();
    rw.replace_op(op, &results);
    true
}

/// Every dimension runs once: the body goes before the loop, the induction
/// variables replaced by the lower bounds and the shared outputs by the
/// outputs (upstream's `promote`; with nothing to combine there are no
/// results left to replace).
fn promote(rw: &mut PatternRewriter<'_>, op: Op, lp: &ForallLoop) -> bool {
    let body = rw.body();
    if body.num_results(op) != 0 {
        return false;
    }
    let Some(block) = body_block(body, op) else { return false };
    let Some(terminator) = body.last_op(block) else { return false };
    let Some(dest) = body.op_block(op) else { return false };
    let mut args: Vec<Value> = lp.lbs.iter().map(|&b| bound_value(rw, op, b)).collect();
    args.extend(&lp.outputs);
    if args.len() != rw.body().block_args(block).len() {
        return false;
    }
    rw.inline_block_before(block, dest, Some(op), &args);
    rw.erase_op(terminator);
    rw.replace_op(op, &[]);
    true
}

fn replace_constant_induction_vars(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let lp = forall_loop(ctx, body, op);
    let Some(block) = body_block(body, op) else { return false };
    let ivs = body.block_args(block).to_vec();
    let mut changed = false;
    for i in 0..lp.lbs.len().min(ivs.len()) {
        if rw.body().use_empty(ivs[i]) {
            continue;
        }
        if constant_trip_count(ctx, rw.body(), lp.lbs[i], lp.ubs[i], lp.steps[i]) != Some(1) {
            continue;
        }
        let v = bound_value(rw, op, lp.lbs[i]);
        rw.replace_all_uses_with(ivs[i], v);
        changed = true;
    }
    changed
}
