//! `tx8be-group-pattern` (the seed's GroupPatternPass): finds chains of
//! compute ops that match a configured pattern (`automaton.rs`) and moves
//! each chain into one `tx8be.group`, without loads or stores yet
//! (`tx8be-group-ldst` adds them; `tx8be-group-optimization` groups the
//! ops no pattern took).
//!
//! Options: `opt_group` (the seed's module config: 0 = no patterns, 1 =
//! the built-in set `automaton::DEFAULT_PATTERNS`, the default) and
//! `patterns=<path>` (a pattern file in the format of `automaton.rs`; it
//! replaces the built-in set; an unreadable or malformed file is an error
//! naming the file, line and column).
//!
//! The search (the seed's `search` / `searchOp`): from each op, walk the
//! trie from the root along the op and then its user, its user's user,
//! ...; every trie node where a pattern ends is a match. Matches are taken
//! longest first, the higher priority between equally long ones
//! (`find_matches`); each op lands in at most one group. The group
//! contract holds by construction:
//! - single output: a chain continues from an op to its sole user, or to
//!   the next op in program order when that one reads a result or an
//!   input of the chain (a DAG: a downsample conv beside its block); a
//!   match counts only when every op but the last has all its users in
//!   the chain (`closed`), so only the last op's result is used outside
//!   the group;
//! - no cycles between groups: the chain is in program order and nothing
//!   outside uses an op before the last, so nothing outside sits between
//!   two of its ops, and the group sits where its last op was (see
//!   `create_group`);
//! - Reshape is never matched (patterns cannot name it).
//!
//! A Conv or Gemm that `tx8be-fuse-activation` gave a psum input and an
//! activation reads as the ops it replaced (`pattern_tokens`: `Conv
//! Binary Unary`), so the patterns name the model's graph whether or not
//! the NE took the add and the relu.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;

use super::automaton::{parse_patterns, Pattern, Trie, DEFAULT_PATTERNS};
use super::{create_group, entry_ops, is_groupable, number_groups};
use tx8be::dialect::ops::{op_kind, OpKind};

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-group-pattern",
    description: "Group chains of tx8be compute ops that match the configured patterns (no loads/stores yet)",
    options: &[
        ("opt_group", "pattern set: 0 = none, 1 = the built-in set (default)"),
        ("patterns", "a pattern file (lines 'PRIORITY: OP OP|OP OP*'), instead of the built-in set"),
    ],
    ctor: |opts| {
        let mut opt_group = 1;
        let mut file: Option<String> = None;
        opts.apply("tx8be-group-pattern", |k, v| {
            Some(match k {
                "opt_group" => match v {
                    "0" | "1" => {
                        opt_group = if v == "0" { 0 } else { 1 };
                        Ok(())
                    }
                    _ => Err("expected 0 (none) or 1 (the built-in set)".to_string()),
                },
                "patterns" => {
                    file = Some(v.to_string());
                    Ok(())
                }
                _ => return None,
            })
        })?;
        let patterns = match (&file, opt_group) {
            (Some(path), _) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("{path}: error: cannot read the pattern file: {e}"))?;
                parse_patterns(&text).map_err(|e| format!("{path}:{}:{}: error: {}", e.line, e.column, e.message))?
            }
            (None, 0) => Vec::new(),
            (None, _) => parse_patterns(DEFAULT_PATTERNS)
                .map_err(|e| format!("the built-in pattern set, line {}:{}: {}", e.line, e.column, e.message))?,
        };
        Ok(Box::new(GroupPattern::new(&patterns)))
    },
};

pub struct GroupPattern {
    trie: Trie,
}

impl GroupPattern {
    pub fn new(patterns: &[Pattern]) -> GroupPattern {
        GroupPattern { trie: Trie::build(patterns) }
    }
}

impl Pass for GroupPattern {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beGroupPattern"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let matches = find_matches(ctx, body, &self.trie);
        for (i, chain) in matches.iter().enumerate() {
            create_group(ctx, body, chain, i as i64);
        }
        if !matches.is_empty() {
            number_groups(ctx, body);
        }
        Ok(PreservedAnalyses::unless_changed(!matches.is_empty()))
    }
}

/// The chains to group, in program order of their last ops (a
/// topological order of the groups: see the module doc).
///
/// Selection is global and greedy: the best match from every op (see
/// [`best_from`]) is a candidate; the longest candidate is taken first,
/// the higher priority between equally long ones, the earlier start
/// between equal ones. A candidate that overlaps ops taken since it was
/// found is searched again from its start without them (it can only get
/// shorter, so taking candidates in this order stays longest-first).
pub fn find_matches(ctx: &Context, body: &Body, trie: &Trie) -> Vec<Vec<Op>> {
    let ops = entry_ops(body);
    let position: HashMap<Op, usize> = ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();
    // The next op in program order, constants and their loads skipped (no
    // path between two compute ops goes through one).
    let computing: Vec<Op> = ops
        .iter()
        .copied()
        .filter(|&o| !matches!(op_kind(ctx, body, o), Some(OpKind::Const | OpKind::LoadConst)))
        .collect();
    let next: HashMap<Op, Op> = computing.windows(2).map(|w| (w[0], w[1])).collect();
    let mut taken: HashSet<Op> = HashSet::new();
    let mut heap = BinaryHeap::new();
    let push = |heap: &mut BinaryHeap<Candidate>, taken: &HashSet<Op>, start: usize| {
        let mut chain = Vec::new();
        if let Some((ops, priority)) = best_from(ctx, body, trie, Trie::ROOT, ops[start], taken, &next, &mut chain) {
            heap.push(Candidate { len: ops.len(), priority, start: Reverse(start), ops });
        }
    };
    for (start, &op) in ops.iter().enumerate() {
        if candidate(ctx, body, op, &taken) {
            push(&mut heap, &taken, start);
        }
    }
    let mut out = Vec::new();
    while let Some(c) = heap.pop() {
        if c.ops.iter().any(|o| taken.contains(o)) {
            if !taken.contains(&ops[c.start.0]) {
                push(&mut heap, &taken, c.start.0);
            }
            continue;
        }
        taken.extend(c.ops.iter().copied());
        out.push(c.ops);
    }
    out.sort_by_key(|chain| position[chain.last().expect("a match has ops")]);
    out
}

/// A match waiting to be taken, ordered longest, then highest priority,
/// then earliest start.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Candidate {
    len: usize,
    priority: i64,
    start: Reverse<usize>,
    ops: Vec<Op>,
}

/// Whether `op` may join a chain: a top-level compute op with one result
/// that no earlier match took (not one inside an existing group).
fn candidate(ctx: &Context, body: &Body, op: Op, taken: &HashSet<Op>) -> bool {
    let top = body.root_regions().first().and_then(|&r| body.first_block(r));
    body.op_block(op) == top && is_groupable(ctx, body, op) && body.num_results(op) == 1 && !taken.contains(&op)
}

/// The best match of the trie below `node` along `op` and its chain of
/// sole users: (the ops, the pattern's priority), longest first, then the
/// highest priority.
fn best_from(
    ctx: &Context,
    body: &Body,
    trie: &Trie,
    node: usize,
    op: Op,
    taken: &HashSet<Op>,
    next_op: &HashMap<Op, Op>,
    chain: &mut Vec<Op>,
) -> Option<(Vec<Op>, i64)> {
    let next = pattern_tokens(ctx, body, op)?.into_iter().try_fold(node, |n, t| trie.step(n, t))?;
    chain.push(op);
    let mut best = trie.terminal(next).filter(|_| closed(body, chain)).map(|p| (chain.clone(), p));
    // The chain goes on to the op's sole user, or to the next op in program
    // order when that one reads a result of the chain or an input of it (a
    // residual block's downsample conv, then the block's first conv, both
    // reading the block's input): a DAG, kept only where `closed`.
    let mut followers: Vec<Op> = sole_user(body, op).into_iter().collect();
    if let Some(&n) = next_op.get(&op) {
        if !followers.contains(&n) && joins(ctx, body, chain, n) {
            followers.push(n);
        }
    }
    for user in followers {
        if !candidate(ctx, body, user, taken) || chain.contains(&user) {
            continue;
        }
        if let Some(longer) = best_from(ctx, body, trie, next, user, taken, next_op, chain) {
            let better = match &best {
                None => true,
                Some((b, p)) => (longer.0.len(), longer.1) > (b.len(), *p),
            };
            if better {
                best = Some(longer);
            }
        }
    }
    chain.pop();
    best
}

/// Whether every op of `chain` but the last has all its users in the
/// chain (the single-output rule; with ops in program order, nothing
/// outside can then sit on a path between two of them).
fn closed(body: &Body, chain: &[Op]) -> bool {
    let Some((_, rest)) = chain.split_last() else { return true };
    rest.iter()
        .all(|&o| (0..body.num_results(o)).all(|r| body.uses(body.result(o, r)).all(|(u, _)| chain.contains(&u))))
}

/// Whether `n` reads a result of `chain` or a value (not a weight) that an
/// op of `chain` reads too.
fn joins(ctx: &Context, body: &Body, chain: &[Op], n: Op) -> bool {
    (0..body.num_operands(n)).any(|i| {
        let v = body.operand(n, i);
        body.defining_op(v).is_some_and(|d| chain.contains(&d))
            || (!super::is_weight(ctx, body, v)
                && chain.iter().any(|&c| (0..body.num_operands(c)).any(|j| body.operand(c, j) == v)))
    })
}

/// The op names `op` stands for in a pattern: its mnemonic, then `Binary`
/// for a Conv's psum (a residual add) and `Unary` for a Conv's or Gemm's
/// activation (the ops `tx8be-fuse-activation` folded into it).
fn pattern_tokens(ctx: &Context, body: &Body, op: Op) -> Option<Vec<&'static str>> {
    let kind = op_kind(ctx, body, op)?;
    let mut tokens = vec![kind.mnemonic()];
    if kind == OpKind::Conv && body.num_operands(op) == 4 {
        tokens.push(OpKind::Binary.mnemonic());
    }
    if matches!(kind, OpKind::Conv | OpKind::Gemm) && body.op_attr(ctx, op, "activation").is_some() {
        tokens.push(OpKind::Unary.mnemonic());
    }
    Some(tokens)
}

/// The one op using `op`'s result, if every use is by the same op (the
/// single-output rule: an op whose result is also used elsewhere ends a
/// chain).
pub(super) fn sole_user(body: &Body, op: Op) -> Option<Op> {
    let mut users = body.uses(body.result(op, 0)).map(|(u, _)| u);
    let first = users.next()?;
    users.all(|u| u == first).then_some(first)
}
