//! Canonicalization patterns of the `cf` dialect (MLIR's
//! `ControlFlowOps.cpp`): `cf.assert` of a constant true is erased;
//! `cf.br` merges into a single-predecessor successor or skips a block that
//! only branches on; `cf.cond_br` folds constant conditions, skips
//! pass-through successors, turns identical successors into a `cf.br`
//! (with `arith.select` for differing operands), reuses the decision of a
//! dominating `cf.cond_br` on the same condition and propagates the
//! condition's truth into its successors; `cf.switch` gets the same
//! treatment for its cases. All patterns have benefit 1, so each op's
//! patterns are tried in upstream's registration order.

use strata_ir::apint::ApInt;
use strata_ir::branch::{dense_i32_array, dense_i32_values};
use strata_ir::fold::constant_value;
use strata_ir::{AttrKind, Attribute, Block, Body, Context, Op, OpSpec, Value, ValueDef};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

use crate::cf::{case_value_ints, case_values_attr};

type PatternFn = fn(Op, &mut PatternRewriter<'_>) -> bool;

fn add(set: &mut PatternSet, root: &'static str, name: &'static str, f: PatternFn) {
    set.add(FnPattern { root: Some(root), name, benefit: 1, f });
}

// ---- CFG queries ----

/// The predecessor when exactly one edge enters `b` (`getSinglePredecessor`).
fn single_predecessor(body: &Body, b: Block) -> Option<Block> {
    body.single_predecessor(b)
}

/// The predecessor when every edge into `b` comes from one block
/// (`getUniquePredecessor`).
fn unique_predecessor(body: &Body, b: Block) -> Option<Block> {
    body.unique_predecessor(b)
}

fn is_op(rw: &PatternRewriter<'_>, op: Op, name: &str) -> bool {
    rw.body().op_name(op) == rw.ctx.op_name(name)
}

/// The terminator of `b` when it is an op named `name`.
fn terminator_named(rw: &PatternRewriter<'_>, b: Block, name: &str) -> Option<Op> {
    rw.body().last_op(b).filter(|&t| is_op(rw, t, name))
}

// ---- constant matching ----

/// The value of an integer (or `i1`) constant `v` (`m_ConstantInt`).
fn const_int(rw: &PatternRewriter<'_>, v: Value) -> Option<ApInt> {
    let a = constant_value(rw.ctx, rw.body(), v)?;
    match rw.ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(value.clone()),
        AttrKind::Bool(b) => Some(ApInt::from_bool(*b)),
        _ => None,
    }
}

// ---- operand layout of the branch ops ----

fn operands_range(body: &Body, op: Op, range: std::ops::Range<usize>) -> Vec<Value> {
    range.map(|i| body.operand(op, i)).collect()
}

fn segments(rw: &PatternRewriter<'_>, op: Op, name: &str) -> Vec<usize> {
    dense_i32_values(rw.ctx, rw.body().op_attr(rw.ctx, op, name)).iter().map(|&n| n.max(0) as usize).collect()
}

/// `cf.cond_br`'s true and false destination operands.
fn cond_br_operands(rw: &PatternRewriter<'_>, op: Op) -> (Vec<Value>, Vec<Value>) {
    let range = |succ| (crate::cf::COND_BR_BRANCH.successor_operands)(rw.ctx, rw.body(), op, succ);
    (operands_range(rw.body(), op, range(0)), operands_range(rw.body(), op, range(1)))
}

/// A `cf.switch` taken apart.
struct Switch {
    flag: Value,
    default_dest: Block,
    default_operands: Vec<Value>,
    case_values: Vec<ApInt>,
    case_dests: Vec<Block>,
    case_operands: Vec<Vec<Value>>,
}

fn read_switch(rw: &PatternRewriter<'_>, op: Op) -> Option<Switch> {
    let body = rw.body();
    let seg = segments(rw, op, "operandSegmentSizes");
    let case_seg = segments(rw, op, "case_operand_segments");
    let succs = body.successors(op);
    let default_n = seg.get(1).copied().unwrap_or(0);
    let mut start = 1 + default_n;
    let mut case_operands = Vec::new();
    for &n in &case_seg {
        case_operands.push(operands_range(body, op, start..start + n));
        start += n;
    }
    let case_values = case_value_ints(rw.ctx, body.op_attr(rw.ctx, op, "case_values"));
    let case_dests = succs.get(1..)?.to_vec();
    if case_values.len() != case_dests.len() || case_operands.len() != case_dests.len() || start > body.num_operands(op)
    {
        return None;
    }
    Some(Switch {
        flag: body.operand(op, 0),
        default_dest: *succs.first()?,
        default_operands: operands_range(body, op, 1..1 + default_n),
        case_values,
        case_dests,
        case_operands,
    })
}

// ---- building ----

fn replace_with_br(rw: &mut PatternRewriter<'_>, op: Op, dest: Block, operands: &[Value]) -> bool {
    let loc = rw.body().op_loc(op);
    rw.replace_op_with_new(op, OpSpec::new(rw.ctx, "cf.br", loc).operands(operands).successors(&[dest]));
    true
}

fn dictionary(ctx: &Context, entries: Vec<(&str, Attribute)>) -> Attribute {
    ctx.dictionary(entries.into_iter().map(|(n, a)| (ctx.intern_str(n), a)).collect())
}

/// Replaces `op` with `cf.switch flag, default, cases` (upstream's builder:
/// only the attributes describing the switch; discardable ones are dropped).
fn replace_with_switch(rw: &mut PatternRewriter<'_>, op: Op, sw: &Switch) -> bool {
    let ctx = rw.ctx;
    let flag_t = rw.body().value_type(sw.flag);
    let mut operands = vec![sw.flag];
    operands.extend(&sw.default_operands);
    let mut case_seg = Vec::new();
    for ops in &sw.case_operands {
        operands.extend(ops);
        case_seg.push(ops.len() as i32);
    }
    let case_total: i32 = case_seg.iter().sum();
    let mut entries = vec![
        ("case_operand_segments", dense_i32_array(ctx, &case_seg)),
        ("operandSegmentSizes", dense_i32_array(ctx, &[1, sw.default_operands.len() as i32, case_total])),
    ];
    if let Some(values) = case_values_attr(ctx, flag_t, &sw.case_values) {
        entries.push(("case_values", values));
    }
    let mut succs = vec![sw.default_dest];
    succs.extend(&sw.case_dests);
    let loc = rw.body().op_loc(op);
    let spec =
        OpSpec::new(ctx, "cf.switch", loc).operands(&operands).successors(&succs).attrs(dictionary(ctx, entries));
    rw.replace_op_with_new(op, spec);
    true
}

// ---- collapsing pass-through blocks ----

/// When `succ` holds nothing but a `cf.br` whose block arguments feed only
/// that branch, the block it branches to and the operands it would get
/// when entered with `operands` (upstream's `collapseBranch`). A block
/// branching to itself is left alone.
fn collapse_branch(rw: &PatternRewriter<'_>, succ: Block, operands: &[Value]) -> Option<(Block, Vec<Value>)> {
    let body = rw.body();
    let br = body.first_op(succ)?;
    if body.next_op(br).is_some() || !is_op(rw, br, "cf.br") {
        return None;
    }
    let args = body.block_args(succ);
    if args.iter().any(|&a| body.uses(a).any(|(user, _)| user != br)) {
        return None;
    }
    let dest = *body.successors(br).first()?;
    if dest == succ {
        return None;
    }
    // Nor when the chain of unconditional branches from the target loops
    // back: collapsing would chase the cycle forever (mlir-opt 22 checks
    // this too).
    let mut visited: std::collections::HashSet<Block> = [succ, dest].into_iter().collect();
    let mut next = terminator_named(rw, dest, "cf.br");
    while let Some(br) = next {
        let target = *body.successors(br).first()?;
        if !visited.insert(target) {
            return None;
        }
        next = terminator_named(rw, target, "cf.br");
    }
    let forwarded = body
        .operands(br)
        .map(|v| match body.value_def(v) {
            ValueDef::BlockArg(b, i) if b == succ => operands.get(i as usize).copied().unwrap_or(v),
            _ => v,
        })
        .collect();
    Some((dest, forwarded))
}

// ---- cf.assert ----

fn assert_const_true(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let arg = rw.body().operand(op, 0);
    if const_int(rw, arg).is_some_and(|v| v.to_u64() == 1) {
        rw.erase_op(op);
        return true;
    }
    false
}

// ---- cf.br ----

/// Merges the destination into this block when this branch is its only
/// entry.
fn br_to_block_with_single_pred(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let body = rw.body();
    let (Some(parent), Some(&succ)) = (body.op_block(op), body.successors(op).first()) else { return false };
    if succ == parent || body.single_predecessor(succ).is_none() {
        return false;
    }
    let operands = body.operand_vec(op);
    rw.erase_op(op);
    rw.merge_blocks(succ, parent, &operands);
    true
}

/// `br ^bb1` where `^bb1` only branches on: branch to its target directly.
fn pass_through_br(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let body = rw.body();
    let Some(&dest) = body.successors(op).first() else { return false };
    if Some(dest) == body.op_block(op) {
        return false;
    }
    let operands = body.operand_vec(op);
    let Some((dest, operands)) = collapse_branch(rw, dest, &operands) else { return false };
    replace_with_br(rw, op, dest, &operands)
}

/// `BranchOp::canonicalize`: the two simplifications as one pattern.
fn br_canonicalize(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    br_to_block_with_single_pred(op, rw) || pass_through_br(op, rw)
}

// ---- cf.cond_br ----

/// A `cf.cond_br` taken apart: condition, destinations and their operands.
struct CondBr {
    cond: Value,
    t: Block,
    f: Block,
    to: Vec<Value>,
    fo: Vec<Value>,
}

fn cond_br_parts(rw: &PatternRewriter<'_>, op: Op) -> Option<CondBr> {
    let body = rw.body();
    let succs = body.successors(op);
    let (&t, &f) = (succs.first()?, succs.get(1)?);
    let (to, fo) = cond_br_operands(rw, op);
    Some(CondBr { cond: body.operand(op, 0), t, f, to, fo })
}

fn const_cond_branch(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(CondBr { cond, t, f, to, fo }) = cond_br_parts(rw, op) else { return false };
    match const_int(rw, cond) {
        Some(v) if !v.is_zero() => replace_with_br(rw, op, t, &to),
        Some(_) => replace_with_br(rw, op, f, &fo),
        None => false,
    }
}

fn pass_through_cond_branch(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(CondBr { cond, t, f, to, fo }) = cond_br_parts(rw, op) else { return false };
    let new_true = collapse_branch(rw, t, &to);
    let new_false = collapse_branch(rw, f, &fo);
    if new_true.is_none() && new_false.is_none() {
        return false;
    }
    let (t, to) = new_true.unwrap_or((t, to));
    let (f, fo) = new_false.unwrap_or((f, fo));
    let ctx = rw.ctx;
    // The rebuilt branch keeps its weights (mlir-opt 22 does) but no other
    // attribute.
    let mut entries = vec![("operandSegmentSizes", dense_i32_array(ctx, &[1, to.len() as i32, fo.len() as i32]))];
    if let Some(w) = rw.body().op_attr(ctx, op, "branch_weights") {
        entries.push(("branch_weights", w));
    }
    let mut operands = vec![cond];
    operands.extend(&to);
    operands.extend(&fo);
    let loc = rw.body().op_loc(op);
    let spec =
        OpSpec::new(ctx, "cf.cond_br", loc).operands(&operands).successors(&[t, f]).attrs(dictionary(ctx, entries));
    rw.replace_op_with_new(op, spec);
    true
}

fn cond_branch_identical_successors(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(CondBr { cond, t, f, to, fo }) = cond_br_parts(rw, op) else { return false };
    if t != f {
        return false;
    }
    if to == fo {
        return replace_with_br(rw, op, t, &to);
    }
    if unique_predecessor(rw.body(), t) != rw.body().op_block(op) {
        return false;
    }
    let loc = rw.body().op_loc(op);
    rw.set_insertion_point_before(op);
    let mut merged = Vec::with_capacity(to.len());
    for (&a, &b) in to.iter().zip(&fo) {
        if a == b {
            merged.push(a);
        } else {
            let ty = rw.body().value_type(a);
            let select = rw.create(OpSpec::new(rw.ctx, "arith.select", loc).operands(&[cond, a, b]).results(&[ty]));
            merged.push(rw.body().result(select, 0));
        }
    }
    replace_with_br(rw, op, t, &merged)
}

fn cond_branch_from_cond_branch_on_same_condition(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(current) = rw.body().op_block(op) else { return false };
    let Some(pred) = single_predecessor(rw.body(), current) else { return false };
    let Some(pred_br) = terminator_named(rw, pred, "cf.cond_br") else { return false };
    let Some(CondBr { cond, t, f, to, fo }) = cond_br_parts(rw, op) else { return false };
    if rw.body().operand(pred_br, 0) != cond {
        return false;
    }
    if rw.body().successors(pred_br).first() == Some(&current) {
        replace_with_br(rw, op, t, &to)
    } else {
        replace_with_br(rw, op, f, &fo)
    }
}

/// Uses of the condition inside a successor entered only from this branch
/// see a known value: replace them with `true` / `false` constants.
fn cond_branch_truth_propagation(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(CondBr { cond, t, f, .. }) = cond_br_parts(rw, op) else { return false };
    let loc = rw.body().op_loc(op);
    let i1 = rw.ctx.i1();
    let mut replaced = false;
    for (dest, truth) in [(t, true), (f, false)] {
        if single_predecessor(rw.body(), dest).is_none() {
            continue;
        }
        let uses: Vec<(Op, usize)> =
            rw.body().uses(cond).filter(|&(user, _)| rw.body().op_block(user) == Some(dest)).collect();
        if uses.is_empty() {
            continue;
        }
        replaced = true;
        rw.set_insertion_point_before(op);
        let attrs = dictionary(rw.ctx, vec![("value", rw.ctx.bool_attr(truth))]);
        let c = rw.create(OpSpec::new(rw.ctx, "arith.constant", loc).results(&[i1]).attrs(attrs));
        let cv = rw.body().result(c, 0);
        for (user, idx) in uses {
            rw.modify_in_place(user, |b| b.set_operand(user, idx, cv));
        }
    }
    replaced
}

// ---- cf.switch ----

fn switch_with_only_default(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(sw) = read_switch(rw, op) else { return false };
    if !sw.case_dests.is_empty() {
        return false;
    }
    replace_with_br(rw, op, sw.default_dest, &sw.default_operands)
}

fn drop_switch_cases_that_match_default(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(mut sw) = read_switch(rw, op) else { return false };
    let keep: Vec<bool> = (0..sw.case_dests.len())
        .map(|i| !(sw.case_dests[i] == sw.default_dest && sw.case_operands[i] == sw.default_operands))
        .collect();
    if keep.iter().all(|&k| k) {
        return false;
    }
    retain_cases(&mut sw, &keep);
    replace_with_switch(rw, op, &sw)
}

fn retain_cases(sw: &mut Switch, keep: &[bool]) {
    let mut k = keep.iter();
    sw.case_values.retain(|_| *k.next().unwrap_or(&true));
    let mut k = keep.iter();
    sw.case_dests.retain(|_| *k.next().unwrap_or(&true));
    let mut k = keep.iter();
    sw.case_operands.retain(|_| *k.next().unwrap_or(&true));
}

/// Branches to where `sw` goes for `value` (upstream's `foldSwitch`).
fn fold_switch(rw: &mut PatternRewriter<'_>, op: Op, sw: &Switch, value: &ApInt) -> bool {
    match sw.case_values.iter().position(|v| v == value) {
        Some(i) => replace_with_br(rw, op, sw.case_dests[i], &sw.case_operands[i]),
        None => replace_with_br(rw, op, sw.default_dest, &sw.default_operands),
    }
}

fn const_switch_value(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(sw) = read_switch(rw, op) else { return false };
    let Some(value) = const_int(rw, sw.flag) else { return false };
    fold_switch(rw, op, &sw, &value)
}

fn pass_through_switch(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(mut sw) = read_switch(rw, op) else { return false };
    let mut changed = false;
    for i in 0..sw.case_dests.len() {
        if let Some((dest, operands)) = collapse_branch(rw, sw.case_dests[i], &sw.case_operands[i]) {
            sw.case_dests[i] = dest;
            sw.case_operands[i] = operands;
            changed = true;
        }
    }
    if let Some((dest, operands)) = collapse_branch(rw, sw.default_dest, &sw.default_operands) {
        sw.default_dest = dest;
        sw.default_operands = operands;
        changed = true;
    }
    changed && replace_with_switch(rw, op, &sw)
}

/// The `cf.switch` ending the single predecessor of `op`'s block, when it
/// switches on the same flag.
fn switch_on_same_flag_in_pred(rw: &PatternRewriter<'_>, op: Op, flag: Value) -> Option<(Block, Switch)> {
    let current = rw.body().op_block(op)?;
    let pred = single_predecessor(rw.body(), current)?;
    let pred_switch = terminator_named(rw, pred, "cf.switch")?;
    let pred_sw = read_switch(rw, pred_switch)?;
    (pred_sw.flag == flag).then_some((current, pred_sw))
}

fn switch_from_switch_on_same_condition(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(sw) = read_switch(rw, op) else { return false };
    let Some((current, pred_sw)) = switch_on_same_flag_in_pred(rw, op, sw.flag) else { return false };
    if pred_sw.default_dest == current {
        return false;
    }
    match pred_sw.case_dests.iter().position(|&d| d == current) {
        Some(i) => fold_switch(rw, op, &sw, &pred_sw.case_values[i]),
        None => replace_with_br(rw, op, sw.default_dest, &sw.default_operands),
    }
}

fn switch_from_default_switch_on_same_condition(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(mut sw) = read_switch(rw, op) else { return false };
    let Some((current, pred_sw)) = switch_on_same_flag_in_pred(rw, op, sw.flag) else { return false };
    if pred_sw.default_dest != current {
        return false;
    }
    // Values the predecessor sends elsewhere cannot reach this switch.
    let impossible: Vec<&ApInt> =
        pred_sw.case_values.iter().zip(&pred_sw.case_dests).filter(|&(_, &d)| d != current).map(|(v, _)| v).collect();
    let keep: Vec<bool> = sw.case_values.iter().map(|v| !impossible.contains(&v)).collect();
    if keep.iter().all(|&k| k) {
        return false;
    }
    retain_cases(&mut sw, &keep);
    replace_with_switch(rw, op, &sw)
}

// ---- registration ----

pub(crate) fn populate_assert(_: &Context, set: &mut PatternSet) {
    add(set, "cf.assert", "AssertOp::canonicalize", assert_const_true);
}

pub(crate) fn populate_br(_: &Context, set: &mut PatternSet) {
    add(set, "cf.br", "BranchOp::canonicalize", br_canonicalize);
}

pub(crate) fn populate_cond_br(_: &Context, set: &mut PatternSet) {
    add(set, "cf.cond_br", "SimplifyConstCondBranchPred", const_cond_branch);
    add(set, "cf.cond_br", "SimplifyPassThroughCondBranch", pass_through_cond_branch);
    add(set, "cf.cond_br", "SimplifyCondBranchIdenticalSuccessors", cond_branch_identical_successors);
    add(
        set,
        "cf.cond_br",
        "SimplifyCondBranchFromCondBranchOnSameCondition",
        cond_branch_from_cond_branch_on_same_condition,
    );
    add(set, "cf.cond_br", "CondBranchTruthPropagation", cond_branch_truth_propagation);
}

pub(crate) fn populate_switch(_: &Context, set: &mut PatternSet) {
    add(set, "cf.switch", "simplifySwitchWithOnlyDefault", switch_with_only_default);
    add(set, "cf.switch", "dropSwitchCasesThatMatchDefault", drop_switch_cases_that_match_default);
    add(set, "cf.switch", "simplifyConstSwitchValue", const_switch_value);
    add(set, "cf.switch", "simplifyPassThroughSwitch", pass_through_switch);
    add(set, "cf.switch", "simplifySwitchFromSwitchOnSameCondition", switch_from_switch_on_same_condition);
    add(
        set,
        "cf.switch",
        "simplifySwitchFromDefaultSwitchOnSameCondition",
        switch_from_default_switch_on_same_condition,
    );
}
