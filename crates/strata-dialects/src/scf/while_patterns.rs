//! Canonicalization of `scf.while`, upstream's nine patterns in upstream's
//! order:
//!
//! - `RemoveLoopInvariantArgsFromBeforeBlock`: a before-argument that the
//!   yield gives back unchanged (its init, or the after-argument the
//!   condition forwarded it as) becomes its init;
//! - `RemoveLoopInvariantValueYielded`: a value the condition passes on
//!   from outside the before block replaces its result and after-argument;
//! - `WhileConditionTruth`: an after-argument that is the condition is
//!   `true`;
//! - `WhileCmpCond`: in the after block, an `arith.cmpi` of a forwarded
//!   operand of the condition's `cmpi` (same other operand) is `true`, or
//!   `false` under the inverse predicate;
//! - `WhileUnusedResult`: a result unused both after the loop and in the
//!   after block goes;
//! - `WhileRemoveDuplicatedResults`: a value the condition passes twice is
//!   passed once;
//! - `WhileRemoveUnusedArgs`: an unused before-argument goes with its init
//!   and yielded value;
//! - `WhileOpAlignBeforeArgs`: a condition forwarding the before-arguments
//!   in another order forwards them in block order;
//! - `WhileMoveIfDown`: an `scf.if` on the loop condition right before
//!   `scf.condition` (else branch only yielding) moves into the after
//!   block, the before-region values it uses passed along.
//!
//! Like upstream, the rebuilt loops keep no discardable attributes.

use strata_ir::{Block, Body, Context, Location, Op, OpSpec, Region, Type, Value, ValueDef};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

pub fn populate(_: &Context, set: &mut PatternSet) {
    let patterns: [(&'static str, fn(Op, &mut PatternRewriter<'_>) -> bool); 9] = [
        ("RemoveLoopInvariantArgsFromBeforeBlock", remove_invariant_before_args),
        ("RemoveLoopInvariantValueYielded", remove_invariant_values_yielded),
        ("WhileConditionTruth", condition_truth),
        ("WhileCmpCond", cmp_cond),
        ("WhileUnusedResult", unused_result),
        ("WhileRemoveDuplicatedResults", remove_duplicated_results),
        ("WhileRemoveUnusedArgs", remove_unused_args),
        ("WhileOpAlignBeforeArgs", align_before_args),
        ("WhileMoveIfDown", move_if_down),
    ];
    for (name, f) in patterns {
        set.add(FnPattern { root: Some("scf.while"), name, benefit: 1, f });
    }
    super::region_branch::populate(set, "scf.while");
}

/// The blocks and terminators of a verified `scf.while`.
struct Parts {
    before: Block,
    after: Block,
    cond: Op,
    yield_op: Op,
}

fn parts(ctx: &Context, body: &Body, op: Op) -> Option<Parts> {
    let regions = body.local_regions(op);
    let before = body.first_block(*regions.first()?)?;
    let after = body.first_block(*regions.get(1)?)?;
    let cond = body.last_op(before).filter(|&t| ctx.op_name_is(body.op_name(t), "scf.condition"))?;
    let yield_op = body.last_op(after).filter(|&t| ctx.op_name_is(body.op_name(t), "scf.yield"))?;
    Some(Parts { before, after, cond, yield_op })
}

/// The values `scf.condition` passes on (all operands but the condition).
fn cond_args(body: &Body, cond: Op) -> Vec<Value> {
    body.operand_vec(cond)[1..].to_vec()
}

/// Where a value is defined (`Value::getLoc`).
fn value_loc(body: &Body, v: Value) -> Location {
    match body.value_def(v) {
        ValueDef::Result(op, _) => body.op_loc(op),
        ValueDef::BlockArg(b, i) => body.block_arg_locs(b)[i as usize],
    }
}

/// A new `scf.while` before `op` with two block-less regions (the ODS
/// builder).
fn create_while(rw: &mut PatternRewriter<'_>, op: Op, results: &[Type], inits: &[Value]) -> Op {
    let ctx = rw.ctx;
    let loc = rw.body().op_loc(op);
    rw.set_insertion_point_before(op);
    rw.create(OpSpec::new(ctx, "scf.while", loc).operands(inits).results(results).regions(2))
}

/// Appends a block with arguments of `types` at `locs` to `region`.
fn create_block(rw: &mut PatternRewriter<'_>, region: Region, types: &[Type], locs: &[Location]) -> Block {
    let b = rw.body_mut_unnotified();
    let block = b.create_block();
    b.append_block(region, block);
    for (&t, &l) in types.iter().zip(locs) {
        b.add_block_arg(block, t, l);
    }
    block
}

/// A new `scf.while` with the blocks upstream's region builder gives it:
/// before-arguments typed and placed as the inits, after-arguments of the
/// result types at the loop's location.
fn create_while_with_blocks(
    rw: &mut PatternRewriter<'_>,
    op: Op,
    results: &[Type],
    inits: &[Value],
) -> (Op, Block, Block) {
    let new = create_while(rw, op, results, inits);
    let body = rw.body();
    let init_types: Vec<Type> = inits.iter().map(|&v| body.value_type(v)).collect();
    let init_locs: Vec<Location> = inits.iter().map(|&v| value_loc(body, v)).collect();
    let loc = body.op_loc(op);
    let regions = body.local_regions(new).to_vec();
    let before = create_block(rw, regions[0], &init_types, &init_locs);
    let after = create_block(rw, regions[1], results, &vec![loc; results.len()]);
    (new, before, after)
}

/// Moves the blocks of `from` to the (empty) region `to`
/// (`inlineRegionBefore`, which tells the listener of no op).
fn move_blocks(rw: &mut PatternRewriter<'_>, from: Region, to: Region) {
    let b = rw.body_mut_unnotified();
    let blocks: Vec<Block> = b.blocks(from).collect();
    for blk in blocks {
        b.remove_block(blk);
        b.append_block(to, blk);
    }
}

fn region(body: &Body, op: Op, i: usize) -> Region {
    body.local_regions(op)[i]
}

/// Replaces terminator `t` with a new op of the same name, location and
/// attributes over `operands`.
fn replace_terminator(rw: &mut PatternRewriter<'_>, t: Op, operands: &[Value]) {
    let ctx = rw.ctx;
    let body = rw.body();
    let spec =
        OpSpec::new(ctx, ctx.op_name_str(body.op_name(t)), body.op_loc(t)).operands(operands).attrs(body.op_attrs(t));
    rw.replace_op_with_new(t, spec);
}

/// The result values of `op`.
fn results(body: &Body, op: Op) -> Vec<Value> {
    body.results(op).collect()
}

// ---- the patterns ----

fn remove_invariant_before_args(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(p) = parts(ctx, body, op) else { return false };
    let inits = body.operand_vec(op);
    let before_args = body.block_args(p.before).to_vec();
    let after_args = body.block_args(p.after).to_vec();
    let cargs = cond_args(body, p.cond);
    let yielded = body.operand_vec(p.yield_op);
    let invariant = |i: usize| -> bool {
        let (init, y) = (inits[i], yielded[i]);
        if y == init {
            return true;
        }
        match after_args.iter().position(|&a| a == y) {
            Some(k) => cargs.get(k).is_some_and(|&c| c == before_args[i] || c == init),
            None => false,
        }
    };
    let n = inits.len().min(yielded.len()).min(before_args.len());
    if !(0..n).any(invariant) {
        return false;
    }
    let mut new_inits = Vec::new();
    let mut new_yields = Vec::new();
    let mut new_locs = Vec::new();
    let mut keep = vec![false; n];
    for i in 0..n {
        if invariant(i) {
            continue;
        }
        keep[i] = true;
        new_inits.push(inits[i]);
        new_yields.push(yielded[i]);
        new_locs.push(body.block_arg_locs(p.before)[i]);
    }
    let result_types = body.result_types(op);
    let new_types: Vec<Type> = new_yields.iter().map(|&v| body.value_type(v)).collect();
    replace_terminator(rw, p.yield_op, &new_yields);
    let new = create_while(rw, op, &result_types, &new_inits);
    let new_before = create_block(rw, region(rw.body(), new, 0), &new_types, &new_locs);
    let new_args = rw.body().block_args(new_before).to_vec();
    let mut j = 0;
    let replacements: Vec<Value> = (0..before_args.len())
        .map(|i| {
            if i < n && !keep[i] {
                inits[i]
            } else {
                j += 1;
                new_args[j - 1]
            }
        })
        .collect();
    rw.merge_blocks(p.before, new_before, &replacements);
    move_blocks(rw, region(rw.body(), op, 1), region(rw.body(), new, 1));
    let rs = results(rw.body(), new);
    rw.replace_op(op, &rs);
    true
}

fn remove_invariant_values_yielded(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(p) = parts(ctx, body, op) else { return false };
    let cargs = cond_args(body, p.cond);
    let outside = |v: Value| body.value_parent_block(v) != Some(p.before);
    if !cargs.iter().any(|&v| outside(v)) {
        return false;
    }
    let after_locs = body.block_arg_locs(p.after).to_vec();
    let mut kept = Vec::new();
    let mut kept_types = Vec::new();
    let mut kept_locs = Vec::new();
    for (i, &v) in cargs.iter().enumerate() {
        if !outside(v) {
            kept.push(v);
            kept_types.push(body.value_type(v));
            kept_locs.push(after_locs[i]);
        }
    }
    let is_outside: Vec<bool> = cargs.iter().map(|&v| outside(v)).collect();
    let inits = body.operand_vec(op);
    let condition = body.operand(p.cond, 0);
    let mut operands = vec![condition];
    operands.extend(&kept);
    replace_terminator(rw, p.cond, &operands);
    let new = create_while(rw, op, &kept_types, &inits);
    let new_after = create_block(rw, region(rw.body(), new, 1), &kept_types, &kept_locs);
    let new_args = rw.body().block_args(new_after).to_vec();
    let new_results = results(rw.body(), new);
    let (mut args, mut rs) = (Vec::new(), Vec::new());
    let mut j = 0;
    for (i, &v) in cargs.iter().enumerate() {
        if is_outside[i] {
            args.push(v);
            rs.push(v);
        } else {
            args.push(new_args[j]);
            rs.push(new_results[j]);
            j += 1;
        }
    }
    rw.merge_blocks(p.after, new_after, &args);
    move_blocks(rw, region(rw.body(), op, 0), region(rw.body(), new, 0));
    rw.replace_op(op, &rs);
    true
}

fn condition_truth(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(p) = parts(ctx, body, op) else { return false };
    let condition = body.operand(p.cond, 0);
    let pairs: Vec<(Value, Value)> =
        cond_args(body, p.cond).into_iter().zip(body.block_args(p.after).to_vec()).collect();
    let loc = body.op_loc(op);
    let mut truth = None;
    let mut replaced = false;
    for (passed, arg) in pairs {
        if passed != condition || rw.body().use_empty(arg) {
            continue;
        }
        let t = match truth {
            Some(t) => t,
            None => {
                let ty = rw.body().value_type(condition);
                rw.set_insertion_point_before(op);
                let c = rw.create(constant_bool(ctx, loc, ty, true));
                let v = rw.body().result(c, 0);
                truth = Some(v);
                v
            }
        };
        rw.replace_all_uses_with(arg, t);
        replaced = true;
    }
    replaced
}

/// `arith.constant true/false` of type `ty` (i1).
fn constant_bool(ctx: &Context, loc: Location, ty: Type, value: bool) -> OpSpec {
    let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), ctx.integer_attr(ty, i64::from(value)))]);
    OpSpec::new(ctx, "arith.constant", loc).results(&[ty]).attrs(attrs)
}

fn cmpi_predicate(ctx: &Context, body: &Body, op: Op) -> Option<i64> {
    body.op_attr(ctx, op, "predicate").and_then(|a| ctx.as_i64(a))
}

fn cmp_cond(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(p) = parts(ctx, body, op) else { return false };
    let Some(cmp) = body.defining_op(body.operand(p.cond, 0)) else { return false };
    if !ctx.op_name_is(body.op_name(cmp), "arith.cmpi") {
        return false;
    }
    let Some(pred) = cmpi_predicate(ctx, body, cmp) else { return false };
    let cmp_operands = [body.operand(cmp, 0), body.operand(cmp, 1)];
    let pairs: Vec<(Value, Value)> =
        cond_args(body, p.cond).into_iter().zip(body.block_args(p.after).to_vec()).collect();
    let mut changed = false;
    for (passed, arg) in pairs {
        for idx in 0..2 {
            if passed != cmp_operands[idx] {
                continue;
            }
            let users: Vec<Op> = rw.body().uses(arg).map(|(u, _)| u).collect();
            for user in users {
                let b = rw.body();
                // A user already replaced (it used the argument twice).
                if !b.operands(user).any(|v| v == arg) || !ctx.op_name_is(b.op_name(user), "arith.cmpi") {
                    continue;
                }
                if b.operand(user, 1 - idx) != cmp_operands[1 - idx] {
                    continue;
                }
                let Some(pred2) = cmpi_predicate(ctx, b, user) else { continue };
                let same = if pred2 == pred {
                    true
                } else if pred2 == crate::arith::fold_int::invert_cmpi(pred) {
                    false
                } else {
                    continue;
                };
                let (loc, ty) = (b.op_loc(user), b.value_type(b.result(user, 0)));
                rw.replace_op_with_new(user, constant_bool(ctx, loc, ty, same));
                changed = true;
            }
        }
    }
    changed
}

fn unused_result(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(p) = parts(ctx, body, op) else { return false };
    let rs = results(body, op);
    let after_args = body.block_args(p.after).to_vec();
    let cargs = cond_args(body, p.cond);
    let n = rs.len().min(after_args.len()).min(cargs.len());
    let kept: Vec<usize> = (0..n).filter(|&i| !body.use_empty(rs[i]) || !body.use_empty(after_args[i])).collect();
    if kept.len() == n {
        return false;
    }
    let loc = body.op_loc(op);
    let types: Vec<Type> = kept.iter().map(|&i| body.value_type(rs[i])).collect();
    let condition = body.operand(p.cond, 0);
    let mut operands = vec![condition];
    operands.extend(kept.iter().map(|&i| cargs[i]));
    let inits = body.operand_vec(op);
    replace_terminator(rw, p.cond, &operands);
    let new = create_while(rw, op, &types, &inits);
    let new_after = create_block(rw, region(rw.body(), new, 1), &types, &vec![loc; types.len()]);
    let new_args = rw.body().block_args(new_after).to_vec();
    let new_results = results(rw.body(), new);
    // Dropped entries have no uses: they stand for themselves.
    let (mut args, mut replacements) = (after_args.clone(), rs.clone());
    for (k, &i) in kept.iter().enumerate() {
        args[i] = new_args[k];
        replacements[i] = new_results[k];
    }
    move_blocks(rw, region(rw.body(), op, 0), region(rw.body(), new, 0));
    rw.merge_blocks(p.after, new_after, &args);
    rw.replace_op(op, &replacements);
    true
}

fn remove_duplicated_results(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(p) = parts(ctx, body, op) else { return false };
    let cargs = cond_args(body, p.cond);
    let mut unique: Vec<Value> = Vec::new();
    let mut position = Vec::new();
    for &v in &cargs {
        match unique.iter().position(|&u| u == v) {
            Some(k) => position.push(k),
            None => {
                position.push(unique.len());
                unique.push(v);
            }
        }
    }
    if unique.len() == cargs.len() {
        return false;
    }
    let types: Vec<Type> = unique.iter().map(|&v| body.value_type(v)).collect();
    let inits = body.operand_vec(op);
    let condition = body.operand(p.cond, 0);
    let (new, new_before, new_after) = create_while_with_blocks(rw, op, &types, &inits);
    let new_after_args = rw.body().block_args(new_after).to_vec();
    let new_results = results(rw.body(), new);
    let after_map: Vec<Value> = position.iter().map(|&k| new_after_args[k]).collect();
    let result_map: Vec<Value> = position.iter().map(|&k| new_results[k]).collect();
    let mut operands = vec![condition];
    operands.extend(&unique);
    replace_terminator(rw, p.cond, &operands);
    let before_args = rw.body().block_args(new_before).to_vec();
    rw.merge_blocks(p.before, new_before, &before_args);
    rw.merge_blocks(p.after, new_after, &after_map);
    rw.replace_op(op, &result_map);
    true
}

fn remove_unused_args(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(p) = parts(ctx, body, op) else { return false };
    let before_args = body.block_args(p.before).to_vec();
    if !before_args.iter().any(|&a| body.use_empty(a)) {
        return false;
    }
    let inits = body.operand_vec(op);
    let yielded = body.operand_vec(p.yield_op);
    let (mut new_inits, mut new_yields) = (Vec::new(), Vec::new());
    let mut erase = Vec::new();
    for (i, &a) in before_args.iter().enumerate() {
        if body.use_empty(a) {
            erase.push(i);
        } else if let (Some(&init), Some(&y)) = (inits.get(i), yielded.get(i)) {
            new_inits.push(init);
            new_yields.push(y);
        }
    }
    let result_types = body.result_types(op);
    // Upstream erases the block arguments directly, not through the
    // rewriter: they have no uses.
    let b = rw.body_mut_unnotified();
    for &i in erase.iter().rev() {
        b.erase_block_arg(p.before, i);
    }
    let (new, new_before, new_after) = create_while_with_blocks(rw, op, &result_types, &new_inits);
    replace_terminator(rw, p.yield_op, &new_yields);
    let before = rw.body().block_args(new_before).to_vec();
    let after = rw.body().block_args(new_after).to_vec();
    rw.merge_blocks(p.before, new_before, &before);
    rw.merge_blocks(p.after, new_after, &after);
    let rs = results(rw.body(), new);
    rw.replace_op(op, &rs);
    true
}

fn align_before_args(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(p) = parts(ctx, body, op) else { return false };
    let before_args = body.block_args(p.before).to_vec();
    let cargs = cond_args(body, p.cond);
    if before_args == cargs || before_args.len() != cargs.len() {
        return false;
    }
    let has_duplicates = cargs.iter().enumerate().any(|(i, v)| cargs[..i].contains(v));
    if has_duplicates {
        return false;
    }
    // mapping[j] = i: the condition's j-th value is the i-th argument.
    let mut mapping = vec![0; cargs.len()];
    for (i, a) in before_args.iter().enumerate() {
        let Some(j) = cargs.iter().position(|c| c == a) else { return false };
        mapping[j] = i;
    }
    let old_results = results(body, op);
    let mut types = vec![ctx.index_type(); before_args.len()];
    for (j, &i) in mapping.iter().enumerate() {
        types[i] = body.value_type(old_results[j]);
    }
    let inits = body.operand_vec(op);
    let condition = body.operand(p.cond, 0);
    let mut operands = vec![condition];
    operands.extend(&before_args);
    replace_terminator(rw, p.cond, &operands);
    let (new, new_before, new_after) = create_while_with_blocks(rw, op, &types, &inits);
    let new_results = results(rw.body(), new);
    let new_after_args = rw.body().block_args(new_after).to_vec();
    let rs: Vec<Value> = mapping.iter().map(|&i| new_results[i]).collect();
    let after_map: Vec<Value> = mapping.iter().map(|&i| new_after_args[i]).collect();
    let before = rw.body().block_args(new_before).to_vec();
    let first = rw.body().first_op(new_before);
    rw.inline_block_before(p.before, new_before, first, &before);
    let first = rw.body().first_op(new_after);
    rw.inline_block_before(p.after, new_after, first, &after_map);
    rw.replace_op(op, &rs);
    true
}

fn move_if_down(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(p) = parts(ctx, body, op) else { return false };
    let Some(if_op) = body.prev_op(p.cond).filter(|&o| ctx.op_name_is(body.op_name(o), "scf.if")) else {
        return false;
    };
    let condition = body.operand(p.cond, 0);
    if body.operand(if_op, 0) != condition {
        return false;
    }
    let if_regions = body.local_regions(if_op).to_vec();
    let (Some(then_block), else_block) = (body.first_block(if_regions[0]), body.first_block(if_regions[1])) else {
        return false;
    };
    let Some(then_yield) = body.last_op(then_block) else { return false };
    let else_yield = else_block.and_then(|b| body.last_op(b));
    if let Some(eb) = else_block {
        if body.first_op(eb) != else_yield {
            return false;
        }
    }
    let if_results = results(body, if_op);
    // A result of the if used other than by the condition breaks the move
    // (upstream asserts this cannot happen once the if is right before it).
    if if_results.iter().any(|&r| body.uses(r).any(|(u, _)| u != p.cond)) {
        return false;
    }
    let loc = body.op_loc(op);
    let nargs = body.num_operands(p.cond) - 1;
    for idx in 0..nargs {
        let b = rw.body();
        let arg = b.operand(p.cond, idx + 1);
        let Some(k) = if_results.iter().position(|&r| r == arg) else { continue };
        let then_value = b.operand(then_yield, k);
        let Some(else_value) = else_yield.map(|y| b.operand(y, k)) else { return false };
        let after_arg = b.block_args(p.after)[idx];
        rw.replace_all_uses_with(if_results[k], else_value);
        rw.replace_all_uses_with(after_arg, then_value);
    }
    // Values of the before region the then branch uses (post-order walk,
    // first use first).
    let body = rw.body();
    let before_region = region(body, op, 0);
    let mut used: Vec<Value> = Vec::new();
    body.walk_region_post(if_regions[0], &mut |o| {
        for v in body.operands(o) {
            let r = body.value_parent_block(v).and_then(|b| body.block_region(b));
            if r == Some(before_region) && !used.contains(&v) {
                used.push(v);
            }
        }
    });
    let mut types = body.result_types(op);
    let extra_types: Vec<Type> = used.iter().map(|&v| body.value_type(v)).collect();
    types.extend(extra_types.iter().copied());
    let inits = body.operand_vec(op);
    let new = create_while(rw, op, &types, &inits);
    move_blocks(rw, region(rw.body(), op, 0), region(rw.body(), new, 0));
    move_blocks(rw, region(rw.body(), op, 1), region(rw.body(), new, 1));
    let extra_args: Vec<Value> =
        rw.modify_in_place(new, |b| extra_types.iter().map(|&t| b.add_block_arg(p.after, t, loc)).collect());
    rw.modify_in_place(p.cond, |b| {
        let mut operands = b.operand_vec(p.cond);
        operands.extend(used.iter().copied());
        b.set_operands(p.cond, &operands);
    });
    let then_region = if_regions[0];
    for (&v, &a) in used.iter().zip(&extra_args) {
        rw.replace_uses_with_if(v, a, |b, user| {
            b.op_block(user)
                .and_then(|blk| b.block_region(blk))
                .is_some_and(|r| super::canonicalize::region_within(b, r, then_region))
        });
    }
    rw.erase_op(then_yield);
    let first = rw.body().first_op(p.after);
    rw.inline_block_before(then_block, p.after, first, &[]);
    rw.erase_op(if_op);
    let rs = results(rw.body(), new);
    rw.replace_op(op, &rs[..rs.len() - used.len()]);
    true
}
