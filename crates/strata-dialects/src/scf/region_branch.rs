//! The canonicalization patterns mlir-opt 22 gives every op it registers
//! them for through `populateRegionBranchOpInterfaceCanonicalizationPatterns`
//! (upstream `ControlFlowInterfaces.cpp`): `scf.for`, `scf.if`,
//! `scf.while`, `scf.index_switch` and `scf.execute_region` (not
//! `scf.parallel` nor `scf.forall`, whose canonicalizations mlir-opt 22
//! leaves as they were).
//!
//! They work on the op's *successor mapping*: every operand that control
//! flow forwards (an init, a yielded or a condition's value) and the
//! *successor inputs* it flows into (block arguments of a region, results
//! of the op):
//!
//! - `MakeRegionBranchOpSuccessorInputsDead`: an input that, followed back
//!   through the inputs it is forwarded from, can only ever hold one value
//!   defined where the input is visible is replaced by that value;
//! - `RemoveDuplicateSuccessorInputUses`: of two inputs of the same block
//!   or op that every predecessor gives the same value, the later one's
//!   uses become the earlier one;
//! - `RemoveDeadRegionBranchOpSuccessorInputs`: a set of *tied* inputs (fed
//!   by one operand, such as a loop's iter_arg and its result) with no use
//!   left goes, with the operands that feed it.
//!
//! The mapping is spelled out per op below, as each op's
//! `RegionBranchOpInterface` implementation upstream defines it (an
//! `scf.for` may run zero times, so its inits flow to its results too).

use strata_ir::{Body, Context, Op, Type, Value, ValueDef};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

use super::canonicalize::{create_like, op_is, take_body};

/// Adds the three patterns for the ops named `root`.
pub(super) fn populate(set: &mut PatternSet, root: &'static str) {
    set.add(FnPattern { root: Some(root), name: "MakeRegionBranchOpSuccessorInputsDead", benefit: 1, f: make_dead });
    set.add(FnPattern {
        root: Some(root),
        name: "RemoveDuplicateSuccessorInputUses",
        benefit: 1,
        f: remove_duplicates,
    });
    set.add(FnPattern {
        root: Some(root),
        name: "RemoveDeadRegionBranchOpSuccessorInputs",
        benefit: 1,
        f: remove_dead,
    });
}

/// Operand `index` of `owner` (the op itself or a terminator in it).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Forwarded {
    owner: Op,
    index: usize,
}

/// Every forwarded operand with the inputs it flows into, in the order the
/// op's regions and terminators come.
type Mapping = Vec<(Forwarded, Vec<Value>)>;

fn terminator_named(ctx: &Context, body: &Body, block: strata_ir::Block, name: &str) -> Option<Op> {
    body.last_op(block).filter(|&t| op_is(ctx, body, t, name))
}

/// Adds `terminator`'s operands from `first` on, operand `first + i`
/// flowing into `targets[i]` (each a list of inputs).
fn forward(mapping: &mut Mapping, body: &Body, owner: Op, first: usize, targets: &[Vec<Value>]) -> Option<()> {
    if body.num_operands(owner) != first + targets.len() {
        return None;
    }
    for (i, inputs) in targets.iter().enumerate() {
        mapping.push((Forwarded { owner, index: first + i }, inputs.clone()));
    }
    Some(())
}

fn successor_mapping(ctx: &Context, body: &Body, op: Op) -> Option<Mapping> {
    let results: Vec<Value> = body.results(op).collect();
    let to_results: Vec<Vec<Value>> = results.iter().map(|&r| vec![r]).collect();
    let regions = body.local_regions(op).to_vec();
    let mut mapping = Mapping::new();
    let name = ctx.op_name_str(body.op_name(op));
    match name {
        "scf.for" => {
            let block = body.first_block(*regions.first()?)?;
            let yield_op = terminator_named(ctx, body, block, "scf.yield")?;
            let args = body.block_args(block).get(1..)?.to_vec();
            if args.len() != results.len() {
                return None;
            }
            let targets: Vec<Vec<Value>> = args.iter().zip(&results).map(|(&a, &r)| vec![a, r]).collect();
            forward(&mut mapping, body, op, 3, &targets)?;
            forward(&mut mapping, body, yield_op, 0, &targets)?;
        }
        "scf.if" | "scf.index_switch" => {
            for &region in &regions {
                let Some(block) = body.first_block(region) else { continue };
                let yield_op = terminator_named(ctx, body, block, "scf.yield")?;
                forward(&mut mapping, body, yield_op, 0, &to_results)?;
            }
        }
        "scf.execute_region" => {
            for block in body.blocks(*regions.first()?) {
                if let Some(yield_op) = terminator_named(ctx, body, block, "scf.yield") {
                    forward(&mut mapping, body, yield_op, 0, &to_results)?;
                }
            }
        }
        "scf.while" => {
            let before = body.first_block(*regions.first()?)?;
            let after = body.first_block(*regions.get(1)?)?;
            let cond = terminator_named(ctx, body, before, "scf.condition")?;
            let yield_op = terminator_named(ctx, body, after, "scf.yield")?;
            let before_args: Vec<Vec<Value>> = body.block_args(before).iter().map(|&a| vec![a]).collect();
            let after_args = body.block_args(after);
            if after_args.len() != results.len() {
                return None;
            }
            let cond_targets: Vec<Vec<Value>> = after_args.iter().zip(&results).map(|(&a, &r)| vec![a, r]).collect();
            forward(&mut mapping, body, op, 0, &before_args)?;
            forward(&mut mapping, body, cond, 1, &cond_targets)?;
            forward(&mut mapping, body, yield_op, 0, &before_args)?;
        }
        _ => return None,
    }
    Some(mapping)
}

/// Every input with the operands forwarded into it, inputs in the order
/// they first appear.
fn inverse(mapping: &Mapping) -> Vec<(Value, Vec<Forwarded>)> {
    let mut out: Vec<(Value, Vec<Forwarded>)> = Vec::new();
    for (operand, inputs) in mapping {
        for &input in inputs {
            match out.iter_mut().find(|(v, _)| *v == input) {
                Some((_, ops)) => ops.push(*operand),
                None => out.push((input, vec![*operand])),
            }
        }
    }
    out
}

fn operand_value(body: &Body, f: Forwarded) -> Value {
    body.operand(f.owner, f.index)
}

/// The values other than inputs that `input` can hold: its forwarded
/// operands, followed back through the operands that are inputs themselves.
fn reachable_values(body: &Body, input: Value, inv: &[(Value, Vec<Forwarded>)]) -> Vec<Value> {
    let mut reachable = Vec::new();
    let mut visited = Vec::new();
    let mut worklist = vec![input];
    while let Some(next) = worklist.pop() {
        match inv.iter().find(|(v, _)| *v == next) {
            None => {
                if !reachable.contains(&next) {
                    reachable.push(next);
                }
            }
            Some((_, operands)) => {
                for &f in operands {
                    let v = operand_value(body, f);
                    if !visited.contains(&v) {
                        visited.push(v);
                        worklist.push(v);
                    }
                }
            }
        }
    }
    reachable
}

/// Whether `a`, reachable from input `b`, may stand in for it: a value
/// from outside `op` always can; one defined directly in `op` only if it
/// is an argument of the same block as `b`.
fn defined_before(body: &Body, op: Op, a: Value, b: Value) -> bool {
    let a_block = body.value_parent_block(a);
    let a_in_op = a_block.and_then(|blk| body.block_region(blk)).and_then(|r| body.region_parent_op(r)) == Some(op);
    if !a_in_op {
        return true;
    }
    match (body.value_def(a), body.value_def(b)) {
        (ValueDef::BlockArg(ab, _), ValueDef::BlockArg(bb, _)) => ab == bb,
        _ => false,
    }
}

fn make_dead(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let Some(mapping) = successor_mapping(ctx, rw.body(), op) else { return false };
    let inv = inverse(&mapping);
    let mut changed = false;
    for (input, _) in &inv {
        let body = rw.body();
        if body.use_empty(*input) {
            continue;
        }
        let reachable = reachable_values(body, *input, &inv);
        let [only] = reachable[..] else { continue };
        if !defined_before(body, op, only, *input) {
            continue;
        }
        rw.replace_all_uses_with(*input, only);
        changed = true;
    }
    changed
}

/// A block argument's or result's number (`getArgOrResultNumber`).
fn number(body: &Body, v: Value) -> u32 {
    match body.value_def(v) {
        ValueDef::Result(_, i) | ValueDef::BlockArg(_, i) => i,
    }
}

fn same_owner(body: &Body, a: Value, b: Value) -> bool {
    match (body.value_def(a), body.value_def(b)) {
        (ValueDef::Result(x, _), ValueDef::Result(y, _)) => x == y,
        (ValueDef::BlockArg(x, _), ValueDef::BlockArg(y, _)) => x == y,
        _ => false,
    }
}

/// What each predecessor (the op owning a forwarded operand) gives `input`.
fn predecessor_values(body: &Body, operands: &[Forwarded]) -> Vec<(Op, Value)> {
    let mut out: Vec<(Op, Value)> = operands.iter().map(|&f| (f.owner, operand_value(body, f))).collect();
    out.sort_by_key(|&(owner, _)| owner);
    out
}

fn remove_duplicates(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let Some(mapping) = successor_mapping(ctx, rw.body(), op) else { return false };
    let mut inv = inverse(&mapping);
    inv.sort_by_key(|(v, _)| number(rw.body(), *v));
    let mut changed = false;
    for i in 0..inv.len() {
        for j in i + 1..inv.len() {
            let body = rw.body();
            let (input1, input2) = (inv[i].0, inv[j].0);
            if body.use_empty(input2) || !same_owner(body, input1, input2) {
                continue;
            }
            if predecessor_values(body, &inv[i].1) == predecessor_values(body, &inv[j].1) {
                rw.replace_all_uses_with(input2, input1);
                changed = true;
            }
        }
    }
    changed
}

/// Union-find root of input `i`.
fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

fn remove_dead(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let Some(mapping) = successor_mapping(ctx, rw.body(), op) else { return false };
    let inv = inverse(&mapping);
    let index_of = |v: Value| inv.iter().position(|(x, _)| *x == v).expect("every input is in the inverse mapping");
    // Inputs fed by one operand are tied: they go together or not at all.
    let mut parent: Vec<usize> = (0..inv.len()).collect();
    for (_, inputs) in &mapping {
        let first = index_of(inputs[0]);
        for &other in &inputs[1..] {
            let (a, b) = (find(&mut parent, first), find(&mut parent, index_of(other)));
            parent[b] = a;
        }
    }
    let body = rw.body();
    let mut live_set = vec![false; inv.len()];
    for (i, (v, _)) in inv.iter().enumerate() {
        if !body.use_empty(*v) {
            let root = find(&mut parent, i);
            live_set[root] = true;
        }
    }
    let dead: Vec<usize> = (0..inv.len()).filter(|&i| !live_set[find(&mut parent, i)]).collect();
    if dead.is_empty() {
        return false;
    }
    // The operands feeding the dead inputs, per owner.
    let mut operands: Vec<(Op, Vec<usize>)> = Vec::new();
    for &i in &dead {
        for f in &inv[i].1 {
            match operands.iter_mut().find(|(o, _)| *o == f.owner) {
                Some((_, idx)) => idx.push(f.index),
                None => operands.push((f.owner, vec![f.index])),
            }
        }
    }
    for (owner, mut indices) in operands {
        indices.sort_unstable();
        indices.dedup();
        let kept: Vec<Value> = rw
            .body()
            .operand_vec(owner)
            .iter()
            .enumerate()
            .filter(|(i, _)| indices.binary_search(i).is_err())
            .map(|(_, &v)| v)
            .collect();
        rw.modify_in_place(owner, |b| b.set_operands(owner, &kept));
    }
    let mut results = Vec::new();
    let mut args: Vec<(strata_ir::Block, u32)> = Vec::new();
    for &i in &dead {
        match rw.body().value_def(inv[i].0) {
            ValueDef::Result(_, n) => results.push(n as usize),
            ValueDef::BlockArg(b, n) => args.push((b, n)),
        }
    }
    args.sort_unstable_by_key(|a| std::cmp::Reverse(a.1));
    if !args.is_empty() {
        rw.modify_in_place(op, |b| {
            for (block, n) in args {
                b.erase_block_arg(block, n as usize);
            }
        });
    }
    if !results.is_empty() {
        erase_results(rw, op, &results);
    }
    true
}

/// `RewriterBase::eraseOpResults`: a new op like `op` without the results
/// numbered in `erased` (all unused), which takes over `op`'s regions.
fn erase_results(rw: &mut PatternRewriter<'_>, op: Op, erased: &[usize]) {
    let ctx = rw.ctx;
    let body = rw.body();
    let kept: Vec<Value> = body.results(op).enumerate().filter(|(i, _)| !erased.contains(i)).map(|(_, v)| v).collect();
    let types: Vec<Type> = kept.iter().map(|&v| body.value_type(v)).collect();
    let regions = body.local_regions(op).len();
    let (name, operands) = (ctx.op_name_str(body.op_name(op)), body.operand_vec(op));
    let new = create_like(rw, op, name, &operands, &types, regions);
    for index in 0..regions {
        take_body(rw, op, index, new, index);
    }
    let new_results: Vec<Value> = rw.body().results(new).collect();
    for (&old, &new_v) in kept.iter().zip(&new_results) {
        rw.replace_all_uses_with(old, new_v);
    }
    rw.erase_op(op);
}
