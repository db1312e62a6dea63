//! Canonicalization of `scf.parallel`, upstream's two patterns in order:
//!
//! - `ParallelOpSingleOrZeroIterationDimsFolder`: a dimension that runs
//!   zero times makes the loop its init values; dimensions that run once
//!   are dropped (their induction variable becomes the lower bound); when
//!   none is left, the body and then each reduction are inlined, the
//!   reductions combining the init values with the reduced operands.
//! - `MergeNestedParallelLoops`: a loop whose body is only another loop
//!   (bounds independent of the outer induction variables, no reductions
//!   on either) becomes one loop over both sets of dimensions.
//!
//! Like upstream, the new loops get no discardable attributes of the old.

use strata_ir::surgery::IrMapping;
use strata_ir::{Body, Context, Op, OpSpec, Value};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

use super::parallel::{parallel_operands, parallel_segments};
use super::trip_count::{constant_trip_count, Bound};

pub fn populate(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern {
        root: Some("scf.parallel"),
        name: "ParallelOpSingleOrZeroIterationDimsFolder",
        benefit: 1,
        f: fold_single_or_zero_iteration_dims,
    });
    set.add(FnPattern {
        root: Some("scf.parallel"),
        name: "MergeNestedParallelLoops",
        benefit: 1,
        f: merge_nested_parallel_loops,
    });
}

/// The single block of `op`'s body.
fn body_block(body: &Body, op: Op) -> Option<strata_ir::Block> {
    body.local_regions(op).first().and_then(|&r| body.first_block(r))
}

/// A detached `scf.parallel` with `op`'s location over the given
/// dimensions, with an empty region.
fn detached_parallel(
    rw: &mut PatternRewriter<'_>,
    op: Op,
    lbs: &[Value],
    ubs: &[Value],
    steps: &[Value],
    inits: &[Value],
) -> Op {
    let ctx = rw.ctx;
    let loc = rw.body().op_loc(op);
    let types: Vec<_> = inits.iter().map(|&v| rw.body().value_type(v)).collect();
    let mut operands = lbs.to_vec();
    operands.extend(ubs);
    operands.extend(steps);
    operands.extend(inits);
    let attrs =
        ctx.dictionary(vec![(ctx.intern_str("operandSegmentSizes"), parallel_segments(ctx, lbs.len(), inits.len()))]);
    rw.body_mut_unnotified()
        .create_op(OpSpec::new(ctx, "scf.parallel", loc).operands(&operands).results(&types).attrs(attrs).regions(1))
}

fn fold_single_or_zero_iteration_dims(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let ops = parallel_operands(ctx, body, op);
    let Some(block) = body_block(body, op) else { return false };
    let ivs = body.block_args(block).to_vec();
    if ivs.len() != ops.steps.len() {
        return false;
    }
    let mut map = IrMapping::default();
    let (mut lbs, mut ubs, mut steps) = (Vec::new(), Vec::new(), Vec::new());
    for (i, &iv) in ivs.iter().enumerate() {
        let (lb, ub, step) = (ops.lbs[i], ops.ubs[i], ops.steps[i]);
        match constant_trip_count(ctx, body, Bound::Value(lb), Bound::Value(ub), Bound::Value(step)) {
            Some(0) => {
                rw.replace_op(op, &ops.inits);
                return true;
            }
            Some(1) => {
                map.map_value(iv, lb);
                continue;
            }
            _ => {}
        }
        lbs.push(lb);
        ubs.push(ub);
        steps.push(step);
    }
    if lbs.len() == ivs.len() {
        return false;
    }
    if lbs.is_empty() {
        return inline_single_iteration(rw, op, block, &ops.inits, map);
    }
    let new = detached_parallel(rw, op, &lbs, &ubs, &steps, &ops.inits);
    rw.set_insertion_point_before(op);
    rw.insert(new);
    let (from, to) = (rw.body().local_regions(op)[0], rw.body().local_regions(new)[0]);
    rw.clone_region_before(from, to, None, &mut map);
    let results: Vec<Value> = rw.body().results(new).collect();
    rw.replace_op(op, &results);
    true
}

/// Every dimension runs once: the body's ops are cloned before `op`, then
/// each reduction with the init value as its left and the reduced operand
/// as its right argument; what the reductions return replaces the results.
fn inline_single_iteration(
    rw: &mut PatternRewriter<'_>,
    op: Op,
    block: strata_ir::Block,
    inits: &[Value],
    mut map: IrMapping,
) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(reduce) = body.last_op(block).filter(|&t| ctx.op_name_is(body.op_name(t), "scf.reduce")) else {
        return false;
    };
    let ops: Vec<Op> = body.block_ops(block).filter(|&o| o != reduce).collect();
    let reduced = body.operand_vec(reduce);
    let reductions = body.local_regions(reduce).to_vec();
    if reductions.len() != inits.len() || reduced.len() != inits.len() {
        return false;
    }
    rw.set_insertion_point_before(op);
    for o in ops {
        rw.clone_op(o, &mut map);
    }
    let mut results = Vec::new();
    for (i, &r) in reductions.iter().enumerate() {
        let body = rw.body();
        let Some(rblock) = body.first_block(r) else { return false };
        let args = body.block_args(rblock).to_vec();
        let Some(ret) = body.last_op(rblock) else { return false };
        let rops: Vec<Op> = body.block_ops(rblock).filter(|&o| o != ret).collect();
        let returned = body.operand(ret, 0);
        if args.len() != 2 {
            return false;
        }
        map.map_value(args[0], inits[results.len()]);
        let rhs = map.value(reduced[i]);
        map.map_value(args[1], rhs);
        for o in rops {
            rw.clone_op(o, &mut map);
        }
        results.push(map.value(returned));
    }
    rw.replace_op(op, &results);
    true
}

fn merge_nested_parallel_loops(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(outer_block) = body_block(body, op) else { return false };
    let outer_ops: Vec<Op> = body.block_ops(outer_block).collect();
    // One op besides the terminator, and that op a parallel loop.
    let [inner, _terminator] = outer_ops[..] else { return false };
    if !ctx.op_name_is(body.op_name(inner), "scf.parallel") {
        return false;
    }
    let outer_ivs = body.block_args(outer_block).to_vec();
    let outer = parallel_operands(ctx, body, op);
    let inner_ops = parallel_operands(ctx, body, inner);
    let uses_outer_iv = |vs: &[Value]| vs.iter().any(|v| outer_ivs.contains(v));
    if uses_outer_iv(&inner_ops.lbs) || uses_outer_iv(&inner_ops.ubs) || uses_outer_iv(&inner_ops.steps) {
        return false;
    }
    if !outer.inits.is_empty() || !inner_ops.inits.is_empty() {
        return false;
    }
    let Some(inner_block) = body_block(body, inner) else { return false };
    let inner_ivs = body.block_args(inner_block).to_vec();
    let inner_body: Vec<Op> = {
        let all: Vec<Op> = body.block_ops(inner_block).collect();
        let n = all.len().saturating_sub(1);
        all[..n].to_vec()
    };
    let loc = body.op_loc(op);
    let cat = |a: &[Value], b: &[Value]| [a, b].concat();
    let new = detached_parallel(
        rw,
        op,
        &cat(&outer.lbs, &inner_ops.lbs),
        &cat(&outer.ubs, &inner_ops.ubs),
        &cat(&outer.steps, &inner_ops.steps),
        &[],
    );
    // The builder's block: one index argument per dimension, at the
    // loop's location.
    let b = rw.body_mut_unnotified();
    let block = b.create_block();
    b.append_block(b.local_regions(new)[0], block);
    let index = ctx.index_type();
    let mut map = IrMapping::default();
    for &iv in outer_ivs.iter().chain(&inner_ivs) {
        let a = rw.body_mut_unnotified().add_block_arg(block, index, loc);
        map.map_value(iv, a);
    }
    // The body is built while the new loop is detached, as upstream's
    // body builder runs before the loop is inserted: the greedy driver does
    // not queue these ops (they are outside its scope), nor the implicit
    // terminator, made without the rewriter.
    rw.set_insertion_point_to_end(block);
    for o in inner_body {
        rw.clone_op(o, &mut map);
    }
    let b = rw.body_mut_unnotified();
    let reduce = b.create_op(OpSpec::new(ctx, "scf.reduce", loc));
    b.append_op(block, reduce);
    rw.set_insertion_point_before(op);
    rw.insert(new);
    rw.replace_op(op, &[]);
    true
}
