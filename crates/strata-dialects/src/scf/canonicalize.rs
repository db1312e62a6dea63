//! Canonicalization of `scf.for` and `scf.if`, upstream `SCF.cpp`'s
//! patterns in upstream's order:
//!
//! - `scf.for`: `ForOpIterArgsFolder` (an iter_arg yielded unchanged, or
//!   unused in the body while its init is yielded or its result unused, is
//!   dropped: its uses become the init) and `SimplifyTrivialLoops` (equal
//!   bounds, a constant step that is not positive or constant bounds with a
//!   non-positive span: the loop is its inits; a
//!   step covering the span: the body runs once, inlined; an empty body of
//!   a loop that runs: the loop is the values it yields from outside).
//! - `scf.if`: `ConditionPropagation` (uses of the condition inside a
//!   branch become `true`/`false`), `ConvertTrivialIfToSelect` (results
//!   yielded from outside the op become `arith.select`), `RemoveEmptyElseBranch`,
//!   `RemoveStaticCondition` (a constant condition inlines one branch),
//!   `RemoveUnusedResults`, `ReplaceIfYieldWithConditionOrValue` (a result
//!   both branches yield the same value for is that value; a `true`/`false`
//!   pair is the condition or its negation).
//!
//! `scf.if` also folds (`IfOp::fold`): on `xori %c, true` with an else
//! region it takes `%c` and swaps its branches.
//!
//! Before these, in upstream's order, run `CombineIfs` and
//! `CombineNestedIfs` (`if_combine.rs`).

use strata_ir::fold::{constant_value, FoldResult};
use strata_ir::{Attribute, Block, Body, Context, Op, OpSpec, Region, Type, Value};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

pub fn populate_for(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("scf.for"), name: "ForOpIterArgsFolder", benefit: 1, f: for_iter_args_folder });
    set.add(FnPattern { root: Some("scf.for"), name: "SimplifyTrivialLoops", benefit: 1, f: simplify_trivial_loops });
    super::region_branch::populate(set, "scf.for");
}

pub fn populate_if(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("scf.if"), name: "CombineIfs", benefit: 1, f: super::if_combine::combine_ifs });
    set.add(FnPattern {
        root: Some("scf.if"),
        name: "CombineNestedIfs",
        benefit: 1,
        f: super::if_combine::combine_nested_ifs,
    });
    set.add(FnPattern { root: Some("scf.if"), name: "ConditionPropagation", benefit: 1, f: condition_propagation });
    set.add(FnPattern {
        root: Some("scf.if"),
        name: "ConvertTrivialIfToSelect",
        benefit: 1,
        f: convert_trivial_if_to_select,
    });
    set.add(FnPattern { root: Some("scf.if"), name: "RemoveEmptyElseBranch", benefit: 1, f: remove_empty_else_branch });
    set.add(FnPattern { root: Some("scf.if"), name: "RemoveStaticCondition", benefit: 1, f: remove_static_condition });
    set.add(FnPattern { root: Some("scf.if"), name: "RemoveUnusedResults", benefit: 1, f: remove_unused_results });
    set.add(FnPattern {
        root: Some("scf.if"),
        name: "ReplaceIfYieldWithConditionOrValue",
        benefit: 1,
        f: replace_yield_with_condition_or_value,
    });
    super::region_branch::populate(set, "scf.if");
}

// ---- helpers ----

/// The single block of region `index` of `op` and its terminator.
pub(super) fn block_and_terminator(body: &Body, op: Op, index: usize) -> Option<(Block, Op)> {
    let region = *body.local_regions(op).get(index)?;
    let block = body.first_block(region)?;
    Some((block, body.last_op(block)?))
}

/// The region a value is defined in (`Value::getParentRegion`).
pub(super) fn parent_region(body: &Body, v: Value) -> Option<Region> {
    body.value_parent_block(v).and_then(|b| body.block_region(b))
}

/// True if `v` is defined inside one of `op`'s regions, at any depth.
fn defined_inside(body: &Body, v: Value, op: Op) -> bool {
    let mut region = parent_region(body, v);
    while let Some(r) = region {
        let Some(owner) = body.region_parent_op(r) else { return false };
        if owner == op {
            return true;
        }
        region = body.op_block(owner).and_then(|b| body.block_region(b));
    }
    false
}

/// True if `r` is `ancestor` or nested in it.
pub(super) fn region_within(body: &Body, mut r: Region, ancestor: Region) -> bool {
    loop {
        if r == ancestor {
            return true;
        }
        let Some(owner) = body.region_parent_op(r) else { return false };
        let Some(next) = body.op_block(owner).and_then(|b| body.block_region(b)) else { return false };
        r = next;
    }
}

/// The constant integer `v` holds, sign-extended.
pub(super) fn constant_int(ctx: &Context, body: &Body, v: Value) -> Option<i64> {
    constant_value(ctx, body, v).and_then(|a| ctx.as_i64(a))
}

/// upstream's `replaceOpWithRegion`: the single block of region `index`
/// is inlined before `op` (its arguments replaced by `args`), and `op` is
/// replaced by what the block's terminator yields.
pub(super) fn replace_op_with_region(rw: &mut PatternRewriter<'_>, op: Op, index: usize, args: &[Value]) -> bool {
    let Some((block, terminator)) = block_and_terminator(rw.body(), op, index) else { return false };
    let Some(dest) = rw.body().op_block(op) else { return false };
    let results: Vec<Value> = rw.body().operands(terminator).collect();
    rw.inline_block_before(block, dest, Some(op), args);
    rw.replace_op(op, &results);
    rw.erase_op(terminator);
    true
}

/// A new op `name` before `op` with `op`'s attributes, given operands and
/// result types, and `regions` empty regions.
pub(super) fn create_like(
    rw: &mut PatternRewriter<'_>,
    op: Op,
    name: &str,
    operands: &[Value],
    results: &[Type],
    regions: usize,
) -> Op {
    let ctx = rw.ctx;
    let loc = rw.body().op_loc(op);
    let attrs = rw.body().op_attrs(op);
    rw.set_insertion_point_before(op);
    rw.create(OpSpec::new(ctx, name, loc).operands(operands).results(results).attrs(attrs).regions(regions))
}

/// Moves the blocks of region `from_index` of `from` into region
/// `to_index` of `to`.
pub(super) fn take_body(rw: &mut PatternRewriter<'_>, from: Op, from_index: usize, to: Op, to_index: usize) {
    let b = rw.body_mut_unnotified();
    let (src, dst) = (b.local_regions(from)[from_index], b.local_regions(to)[to_index]);
    let blocks: Vec<Block> = b.blocks(src).collect();
    for blk in blocks {
        b.remove_block(blk);
        b.append_block(dst, blk);
    }
}

fn set_operands(rw: &mut PatternRewriter<'_>, op: Op, operands: &[Value]) {
    rw.modify_in_place(op, |b| b.set_operands(op, operands));
}

pub(super) fn op_is(ctx: &Context, body: &Body, op: Op, name: &str) -> bool {
    ctx.op_name_str(body.op_name(op)) == name
}

// ---- scf.for ----

fn for_iter_args_folder(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some((block, terminator)) = block_and_terminator(body, op, 0) else { return false };
    if !op_is(ctx, body, terminator, "scf.yield") {
        return false;
    }
    let operands = body.operand_vec(op);
    let inits = &operands[3..];
    let args = body.block_args(block).to_vec();
    let yielded = body.operand_vec(terminator);
    if args.len() != inits.len() + 1 || yielded.len() != inits.len() {
        return false;
    }
    let results: Vec<Value> = body.results(op).collect();
    let mut keep = Vec::new();
    for (i, &init) in inits.iter().enumerate() {
        let arg = args[i + 1];
        let forwarded =
            arg == yielded[i] || (body.use_empty(arg) && (init == yielded[i] || body.use_empty(results[i])));
        keep.push(!forwarded);
    }
    if keep.iter().all(|&k| k) {
        return false;
    }
    let new_inits: Vec<Value> = inits.iter().zip(&keep).filter(|(_, &k)| k).map(|(&v, _)| v).collect();
    let types: Vec<Type> = new_inits.iter().map(|&v| body.value_type(v)).collect();
    let iv_type = body.value_type(args[0]);
    let loc = body.op_loc(op);
    let arg_locs: Vec<_> = body.block_arg_locs(block).to_vec();
    let mut new_operands = operands[..3].to_vec();
    new_operands.extend(&new_inits);
    let new = create_like(rw, op, "scf.for", &new_operands, &types, 1);
    let b = rw.body_mut_unnotified();
    let new_block = b.create_block();
    b.append_block(b.local_regions(new)[0], new_block);
    let new_iv = b.add_block_arg(new_block, iv_type, arg_locs[0]);
    let mut transfer = vec![new_iv];
    let mut replacements = Vec::new();
    let mut next = 0;
    for (i, &init) in inits.iter().enumerate() {
        if keep[i] {
            let a = b.add_block_arg(new_block, types[next], arg_locs[i + 1]);
            transfer.push(a);
            replacements.push(b.result(new, next));
            next += 1;
        } else {
            transfer.push(init);
            replacements.push(init);
        }
    }
    if new_inits.is_empty() {
        // The builder's implicit terminator stays; the old one goes.
        rw.set_insertion_point_to_end(new_block);
        let y = rw.create(OpSpec::new(ctx, "scf.yield", loc));
        rw.inline_block_before(block, new_block, Some(y), &transfer);
        rw.erase_op(terminator);
    } else {
        rw.inline_block_before(block, new_block, None, &transfer);
        // Read after inlining: a yielded old iter_arg is now its
        // replacement.
        let yielded = rw.body().operand_vec(terminator);
        let kept: Vec<Value> = yielded.iter().zip(&keep).filter(|(_, &k)| k).map(|(&v, _)| v).collect();
        let yloc = rw.body().op_loc(terminator);
        rw.set_insertion_point_before(terminator);
        rw.create(OpSpec::new(ctx, "scf.yield", yloc).operands(&kept));
        rw.erase_op(terminator);
    }
    rw.replace_op(op, &replacements);
    true
}

/// The trip span `ub - lb` when both bounds are constants, wrapped to the
/// bounds' width (mlir-opt 22 does not look through `lb + c` here).
fn const_diff(ctx: &Context, body: &Body, lb: Value, ub: Value) -> Option<i64> {
    let width = if ctx.is_index(body.value_type(lb)) { 64 } else { ctx.int_or_float_width(body.value_type(lb))? };
    let shift = 128 - width.min(128);
    let (l, u) = (constant_int(ctx, body, lb)?, constant_int(ctx, body, ub)?);
    Some((((u as i128 - l as i128) << shift) >> shift) as i64)
}

fn simplify_trivial_loops(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let operands = body.operand_vec(op);
    if operands.len() < 3 {
        return false;
    }
    let (lb, ub, step) = (operands[0], operands[1], operands[2]);
    let inits = operands[3..].to_vec();
    if lb == ub {
        rw.replace_op(op, &inits);
        return true;
    }
    // mlir-opt 22 takes a constant step that is zero or negative (read as
    // signed, for `unsigned` loops too) as a loop that never runs.
    if constant_int(ctx, body, step).is_some_and(|s| s <= 0) {
        rw.replace_op(op, &inits);
        return true;
    }
    let Some(diff) = const_diff(ctx, body, lb, ub) else { return false };
    if diff <= 0 {
        rw.replace_op(op, &inits);
        return true;
    }
    let Some(step_value) = constant_int(ctx, body, step) else { return false };
    if step_value >= diff {
        let mut args = vec![lb];
        args.extend(&inits);
        return replace_op_with_region(rw, op, 0, &args);
    }
    let Some((block, terminator)) = block_and_terminator(body, op, 0) else { return false };
    if body.first_op(block) != Some(terminator) {
        return false;
    }
    let yielded: Vec<Value> = body.operands(terminator).collect();
    if yielded.iter().any(|&v| defined_inside(body, v, op)) {
        return false;
    }
    rw.replace_op(op, &yielded);
    true
}

// ---- scf.if ----

fn condition_propagation(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let cond = body.operand(op, 0);
    if constant_value(ctx, body, cond).is_some() {
        return false;
    }
    let regions = body.local_regions(op).to_vec();
    let uses: Vec<(Op, usize)> = body.uses(cond).collect();
    let mut constants: [Option<Value>; 2] = [None, None];
    let mut changed = false;
    for (user, index) in uses {
        let Some(user_region) = rw.body().op_block(user).and_then(|b| rw.body().block_region(b)) else { continue };
        let branch = regions.iter().position(|&r| region_within(rw.body(), user_region, r));
        let Some(branch) = branch else { continue };
        let value = match constants[branch] {
            Some(v) => v,
            None => {
                let i1 = ctx.i1();
                let loc = rw.body().op_loc(op);
                let attrs =
                    ctx.dictionary(vec![(ctx.intern_str("value"), ctx.integer_attr(i1, i64::from(branch == 0)))]);
                rw.set_insertion_point_before(op);
                let c = rw.create(OpSpec::new(ctx, "arith.constant", loc).results(&[i1]).attrs(attrs));
                let v = rw.body().result(c, 0);
                constants[branch] = Some(v);
                v
            }
        };
        rw.modify_in_place(user, |b| b.set_operand(user, index, value));
        changed = true;
    }
    changed
}

fn convert_trivial_if_to_select(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    if body.num_results(op) == 0 {
        return false;
    }
    let (Some((_, then_yield)), Some((_, else_yield))) =
        (block_and_terminator(body, op, 0), block_and_terminator(body, op, 1))
    else {
        return false;
    };
    let regions = body.local_regions(op).to_vec();
    let cond = body.operand(op, 0);
    let then_values = body.operand_vec(then_yield);
    let else_values = body.operand_vec(else_yield);
    let inside = |v: Value, r: Region| parent_region(body, v) == Some(r);
    let stays: Vec<bool> =
        then_values.iter().zip(&else_values).map(|(&t, &e)| inside(t, regions[0]) || inside(e, regions[1])).collect();
    if stays.iter().all(|&s| s) {
        return false;
    }
    let result_types = body.result_types(op);
    let kept_types: Vec<Type> = result_types.iter().zip(&stays).filter(|(_, &s)| s).map(|(&t, _)| t).collect();
    let loc = body.op_loc(op);
    let replacement = create_like(rw, op, "scf.if", &[cond], &kept_types, 2);
    take_body(rw, op, 0, replacement, 0);
    take_body(rw, op, 1, replacement, 1);
    rw.set_insertion_point_before(replacement);
    let mut results = Vec::new();
    let (mut true_yields, mut false_yields) = (Vec::new(), Vec::new());
    for (i, (&t, &e)) in then_values.iter().zip(&else_values).enumerate() {
        if stays[i] {
            results.push(rw.body().result(replacement, true_yields.len()));
            true_yields.push(t);
            false_yields.push(e);
        } else if t == e {
            results.push(t);
        } else {
            let ty = result_types[i];
            let s = rw.create(OpSpec::new(ctx, "arith.select", loc).operands(&[cond, t, e]).results(&[ty]));
            results.push(rw.body().result(s, 0));
        }
    }
    for (y, values) in [(then_yield, true_yields), (else_yield, false_yields)] {
        let yloc = rw.body().op_loc(y);
        rw.set_insertion_point_before(y);
        rw.replace_op_with_new(y, OpSpec::new(ctx, "scf.yield", yloc).operands(&values));
    }
    rw.replace_op(op, &results);
    true
}

fn remove_empty_else_branch(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let body = rw.body();
    if body.num_results(op) != 0 {
        return false;
    }
    let Some((block, terminator)) = block_and_terminator(body, op, 1) else { return false };
    if body.first_op(block) != Some(terminator) {
        return false;
    }
    let new = create_like(rw, op, "scf.if", &[body.operand(op, 0)], &[], 2);
    take_body(rw, op, 0, new, 0);
    rw.erase_op(op);
    true
}

fn remove_static_condition(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(c) = constant_int(ctx, body, body.operand(op, 0)) else { return false };
    if c != 0 {
        return replace_op_with_region(rw, op, 0, &[]);
    }
    if block_and_terminator(body, op, 1).is_some() {
        return replace_op_with_region(rw, op, 1, &[]);
    }
    rw.erase_op(op);
    true
}

fn remove_unused_results(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let body = rw.body();
    let results: Vec<Value> = body.results(op).collect();
    let used: Vec<usize> = (0..results.len()).filter(|&i| !body.use_empty(results[i])).collect();
    if used.len() == results.len() {
        return false;
    }
    let (Some((_, then_yield)), Some((_, else_yield))) =
        (block_and_terminator(body, op, 0), block_and_terminator(body, op, 1))
    else {
        return false;
    };
    let types: Vec<Type> = used.iter().map(|&i| body.value_type(results[i])).collect();
    let cond = body.operand(op, 0);
    let new = create_like(rw, op, "scf.if", &[cond], &types, 2);
    take_body(rw, op, 0, new, 0);
    take_body(rw, op, 1, new, 1);
    for y in [then_yield, else_yield] {
        let values: Vec<Value> = used.iter().map(|&i| rw.body().operand(y, i)).collect();
        set_operands(rw, y, &values);
    }
    let mut replacements: Vec<Value> = results.clone();
    for (k, &i) in used.iter().enumerate() {
        replacements[i] = rw.body().result(new, k);
    }
    rw.replace_op(op, &replacements);
    true
}

fn replace_yield_with_condition_or_value(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    if body.num_results(op) == 0 {
        return false;
    }
    let (Some((_, then_yield)), Some((_, else_yield))) =
        (block_and_terminator(body, op, 0), block_and_terminator(body, op, 1))
    else {
        return false;
    };
    let then_values = body.operand_vec(then_yield);
    let else_values = body.operand_vec(else_yield);
    let results: Vec<Value> = body.results(op).collect();
    let cond = body.operand(op, 0);
    let loc = body.op_loc(op);
    let mut changed = false;
    for (i, &result) in results.iter().enumerate() {
        let (t, e) = (then_values[i], else_values[i]);
        if rw.body().use_empty(result) {
            continue;
        }
        if t == e {
            rw.replace_all_uses_with(result, t);
            changed = true;
            continue;
        }
        let is_bool = ctx.is_signless_integer_of_width(rw.body().value_type(t), 1);
        let (Some(tv), Some(ev)) = (constant_int(ctx, rw.body(), t), constant_int(ctx, rw.body(), e)) else { continue };
        if !is_bool {
            continue;
        }
        match (tv != 0, ev != 0) {
            (false, true) => {
                let i1 = ctx.i1();
                rw.set_insertion_point_before(op);
                let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), ctx.integer_attr(i1, 1))]);
                let one = rw.create(OpSpec::new(ctx, "arith.constant", loc).results(&[i1]).attrs(attrs));
                let one = rw.body().result(one, 0);
                let not = rw.create(OpSpec::new(ctx, "arith.xori", loc).operands(&[cond, one]).results(&[i1]));
                let not = rw.body().result(not, 0);
                rw.replace_all_uses_with(result, not);
                changed = true;
            }
            (true, false) => {
                rw.replace_all_uses_with(result, cond);
                changed = true;
            }
            _ => {}
        }
    }
    changed
}

/// `IfOp::fold`: `if (xori %c, true)` with an else region becomes `if %c`
/// with the branches swapped.
pub fn fold_if(ctx: &Context, body: &mut Body, op: Op, _: &[Option<Attribute>]) -> FoldResult {
    let regions = body.local_regions(op).to_vec();
    let (Some(&then_region), Some(&else_region)) = (regions.first(), regions.get(1)) else { return FoldResult::Failed };
    if body.region_is_empty(else_region) {
        return FoldResult::Failed;
    }
    let Some(not) = body.defining_op(body.operand(op, 0)) else { return FoldResult::Failed };
    if !op_is(ctx, body, not, "arith.xori") || constant_int(ctx, body, body.operand(not, 1)).is_none_or(|v| v == 0) {
        return FoldResult::Failed;
    }
    let cond = body.operand(not, 0);
    body.set_operand(op, 0, cond);
    let then_blocks: Vec<Block> = body.blocks(then_region).collect();
    let else_blocks: Vec<Block> = body.blocks(else_region).collect();
    for b in then_blocks {
        body.remove_block(b);
        body.append_block(else_region, b);
    }
    for b in else_blocks {
        body.remove_block(b);
        body.append_block(then_region, b);
    }
    FoldResult::InPlace
}
