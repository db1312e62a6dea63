//! The `scf.if` canonicalization patterns that merge ifs, upstream
//! `SCF.cpp`'s `CombineIfs` and `CombineNestedIfs`:
//!
//! - `CombineIfs`: an `scf.if` right after another on the same condition
//!   (or on its `xori .., true` negation, either way round) becomes one
//!   `scf.if` whose branches run the first op's code, then the second's;
//!   its results are the first op's followed by the second's. Inside the
//!   second op, uses of the first op's results become what the matching
//!   branch of the first op yields.
//! - `CombineNestedIfs`: an `scf.if` whose then block holds only another
//!   `scf.if` (and the yield), neither with an else doing more than yield,
//!   becomes one `scf.if` on `arith.andi` of the two conditions. An outer
//!   result yielded from outside the ifs becomes an `arith.select` on the
//!   outer condition; one yielded from the inner if is kept only when the
//!   inner else yields what the outer else yields.

use strata_ir::{Block, Body, Context, Location, Op, OpSpec, Region, Type, Value};
use strata_rewrite::PatternRewriter;

use super::canonicalize::{block_and_terminator, constant_int, op_is, parent_region, region_within};

/// An `scf.if` at the insertion point with no attributes and two empty
/// regions, as upstream's builders make the combined op.
fn create_if(rw: &mut PatternRewriter<'_>, cond: Value, types: &[Type], loc: Location) -> Op {
    let ctx = rw.ctx;
    rw.create(OpSpec::new(ctx, "scf.if", loc).operands(&[cond]).results(types).regions(2))
}

/// True if `v` is `xori %of, <1>`.
fn is_negation_of(ctx: &Context, body: &Body, v: Value, of: Value) -> bool {
    body.defining_op(v).is_some_and(|not| {
        op_is(ctx, body, not, "arith.xori")
            && body.operand(not, 0) == of
            && constant_int(ctx, body, body.operand(not, 1)).is_some_and(|c| c & 1 == 1)
    })
}

/// The single block of region `index` of `op`, `None` when the region is
/// empty.
fn region_block(body: &Body, op: Op, index: usize) -> Option<Block> {
    body.local_regions(op).get(index).and_then(|&r| body.first_block(r))
}

/// Appends `src`'s ops to `dest`, whose terminator `dest_yield` and
/// `src`'s `src_yield` become one `scf.yield` of both operand lists
/// (located at `src_yield`).
fn merge_yielding_blocks(rw: &mut PatternRewriter<'_>, src: Block, dest: Block) -> Option<()> {
    let ctx = rw.ctx;
    let dest_yield = rw.body().last_op(dest)?;
    let src_yield = rw.body().last_op(src)?;
    rw.merge_blocks(src, dest, &[]);
    let mut values: Vec<Value> = rw.body().operand_vec(dest_yield).to_vec();
    values.extend(rw.body().operands(src_yield));
    let loc = rw.body().op_loc(src_yield);
    rw.set_insertion_point_to_end(dest);
    rw.create(OpSpec::new(ctx, "scf.yield", loc).operands(&values));
    rw.erase_op(dest_yield);
    rw.erase_op(src_yield);
    Some(())
}

/// Moves the blocks of `src` to the front of `dst`.
fn move_region_to_front(rw: &mut PatternRewriter<'_>, src: Region, dst: Region) {
    let b = rw.body_mut_unnotified();
    let blocks: Vec<Block> = b.blocks(src).collect();
    let first = b.first_block(dst);
    for blk in blocks {
        b.remove_block(blk);
        match first {
            Some(f) => b.insert_block_before(f, blk),
            None => b.append_block(dst, blk),
        }
    }
}

pub(super) fn combine_ifs(next: Op, rw: &mut PatternRewriter<'_>) -> bool {
    combine_ifs_impl(next, rw).is_some()
}

fn combine_ifs_impl(next: Op, rw: &mut PatternRewriter<'_>) -> Option<()> {
    let ctx = rw.ctx;
    let body = rw.body();
    let prev = body.prev_op(next)?;
    if !op_is(ctx, body, prev, "scf.if") {
        return None;
    }
    let (prev_cond, next_cond) = (body.operand(prev, 0), body.operand(next, 0));
    // The blocks of `next` that run when `prev`'s then and else run.
    let (mut next_then, mut next_else) = (None, None);
    if next_cond == prev_cond {
        next_then = region_block(body, next, 0);
        next_else = region_block(body, next, 1);
    }
    if is_negation_of(ctx, body, next_cond, prev_cond) || is_negation_of(ctx, body, prev_cond, next_cond) {
        next_else = region_block(body, next, 0);
        next_then = region_block(body, next, 1);
    }
    if next_then.is_none() && next_else.is_none() {
        return None;
    }
    let prev_then_yield = block_and_terminator(body, prev, 0)?.1;
    let prev_else_yield = block_and_terminator(body, prev, 1).map(|(_, t)| t);
    let prev_results: Vec<Value> = body.results(prev).collect();
    let then_values = body.operand_vec(prev_then_yield);
    let else_values = prev_else_yield.map(|y| body.operand_vec(y)).unwrap_or_default();
    // Inside `next`, `prev`'s results are what `prev` yields on the same
    // path; without an else `prev` has no results. One pass over each
    // result's uses, in use-list order, as upstream notifies the users.
    let region_of = |b: &Body, blk: Option<Block>| blk.and_then(|blk| b.block_region(blk));
    let (then_region, else_region) = (region_of(body, next_then), region_of(body, next_else));
    for ((&r, &t), &e) in prev_results.iter().zip(&then_values).zip(&else_values) {
        let uses: Vec<(Op, usize)> = rw.body().uses(r).collect();
        for (user, index) in uses {
            let b = rw.body();
            let Some(user_region) = b.op_block(user).and_then(|ub| b.block_region(ub)) else { continue };
            let inside = |region: Option<Region>| region.is_some_and(|reg| region_within(b, user_region, reg));
            let value = if inside(then_region) {
                t
            } else if inside(else_region) {
                e
            } else {
                continue;
            };
            rw.modify_in_place(user, |b| b.set_operand(user, index, value));
        }
    }
    let body = rw.body();
    let mut types: Vec<Type> = body.result_types(prev).to_vec();
    types.extend(body.result_types(next));
    let loc = body.op_loc(next);
    rw.set_insertion_point_before(next);
    let combined = create_if(rw, prev_cond, &types, loc);
    let regions = rw.body().local_regions(combined).to_vec();
    let prev_regions = rw.body().local_regions(prev).to_vec();
    move_region_to_front(rw, prev_regions[0], regions[0]);
    if let Some(src) = next_then {
        let dest = rw.body().first_block(regions[0])?;
        merge_yielding_blocks(rw, src, dest)?;
    }
    move_region_to_front(rw, prev_regions[1], regions[1]);
    if let Some(src) = next_else {
        match rw.body().first_block(regions[1]) {
            Some(dest) => merge_yielding_blocks(rw, src, dest)?,
            None => {
                let src_region = rw.body().block_region(src)?;
                move_region_to_front(rw, src_region, regions[1]);
            }
        }
    }
    let results: Vec<Value> = rw.body().results(combined).collect();
    let (prev_values, next_values) = results.split_at(prev_results.len());
    rw.replace_op(prev, prev_values);
    rw.replace_op(next, next_values);
    Some(())
}

pub(super) fn combine_nested_ifs(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    combine_nested_ifs_impl(op, rw).is_some()
}

/// True if region `index` of `op` is empty or only yields.
fn only_yields(body: &Body, op: Op, index: usize) -> bool {
    region_block(body, op, index).is_none_or(|b| body.first_op(b) == body.last_op(b))
}

fn combine_nested_ifs_impl(op: Op, rw: &mut PatternRewriter<'_>) -> Option<()> {
    let ctx = rw.ctx;
    let body = rw.body();
    let (then_block, then_yield) = block_and_terminator(body, op, 0)?;
    let nested = body.first_op(then_block)?;
    if body.next_op(nested) != Some(then_yield) || !only_yields(body, op, 1) {
        return None;
    }
    if !op_is(ctx, body, nested, "scf.if") || !only_yields(body, nested, 1) {
        return None;
    }
    let mut then_values: Vec<Value> = body.operand_vec(then_yield).to_vec();
    let else_values: Vec<Value> =
        block_and_terminator(body, op, 1).map(|(_, y)| body.operand_vec(y).to_vec()).unwrap_or_default();
    let (_, nested_then_yield) = block_and_terminator(body, nested, 0)?;
    let nested_else_yield = block_and_terminator(body, nested, 1).map(|(_, y)| y);
    let then_region = body.local_regions(op)[0];
    // Results that need a select on the outer condition: the combined else
    // runs also when only the inner condition fails.
    let mut selects = Vec::new();
    for (i, v) in then_values.iter_mut().enumerate() {
        if body.defining_op(*v) == Some(nested) {
            let k = (0..body.num_results(nested)).find(|&k| body.result(nested, k) == *v)?;
            let inner_else = body.operand(nested_else_yield?, k);
            if else_values.get(i) != Some(&inner_else) {
                return None;
            }
            *v = body.operand(nested_then_yield, k);
            continue;
        }
        if parent_region(body, *v) == Some(then_region) {
            return None;
        }
        selects.push(i);
    }
    let loc = body.op_loc(op);
    let outer_cond = body.operand(op, 0);
    let inner_cond = body.operand(nested, 0);
    let i1 = body.value_type(outer_cond);
    let nested_then = region_block(body, nested, 0)?;
    let types = body.result_types(op);
    rw.set_insertion_point_before(op);
    let and = rw.create(OpSpec::new(ctx, "arith.andi", loc).operands(&[outer_cond, inner_cond]).results(&[i1]));
    let cond = rw.body().result(and, 0);
    let new_if = create_if(rw, cond, &types, loc);
    let regions = rw.body().local_regions(new_if).to_vec();
    let block = rw.body_mut_unnotified().create_block();
    rw.body_mut_unnotified().append_block(regions[0], block);
    let mut results: Vec<Value> = rw.body().results(new_if).collect();
    rw.set_insertion_point_before(new_if);
    for i in selects {
        let ty = rw.body().value_type(then_values[i]);
        let s = rw.create(
            OpSpec::new(ctx, "arith.select", loc)
                .operands(&[outer_cond, then_values[i], else_values[i]])
                .results(&[ty]),
        );
        results[i] = rw.body().result(s, 0);
    }
    rw.merge_blocks(nested_then, block, &[]);
    let yield_loc = rw.body().op_loc(nested_then_yield);
    rw.set_insertion_point_before(nested_then_yield);
    rw.replace_op_with_new(nested_then_yield, OpSpec::new(ctx, "scf.yield", yield_loc).operands(&then_values));
    if !else_values.is_empty() {
        let else_block = rw.body_mut_unnotified().create_block();
        rw.body_mut_unnotified().append_block(regions[1], else_block);
        rw.set_insertion_point_to_end(else_block);
        rw.create(OpSpec::new(ctx, "scf.yield", loc).operands(&else_values));
    }
    rw.replace_op(op, &results);
    Some(())
}
