//! Folding and canonicalization of `affine.for` (LLVM 22 `AffineOps.cpp`):
//! `AffineForOp::fold` (bounds whose results fold with their constant
//! operands become constant bounds, the others go through
//! `canonicalizeLoopBounds`: composition, canonicalization, redundant
//! min/max results dropped with the operands' loop bounds, duplicates
//! removed; and a loop with results that never runs is its inits) and the
//! `AffineForEmptyLoopFolder` pattern (a loop whose body is only its yield
//! is replaced by what it yields, when that is known without running it).

use strata_ir::affine::{AffineExpr, AffineMap};
use strata_ir::branch::{dense_i32_array, dense_i32_values};
use strata_ir::fold::{FoldResult, FoldValue};
use strata_ir::{Attribute, Body, Context, Op, Value};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

use crate::affine::canonicalize::{
    canonicalize_map_and_operands, compose_map_and_operands, constant_index, substitute,
};
use crate::affine::operand_bounds::simplify_min_or_max;
use crate::affine::{map_attr, map_of};

/// The two bounds of a loop: maps and operand groups, plus the inits.
struct Bounds {
    lb: AffineMap,
    ub: AffineMap,
    lb_operands: Vec<Value>,
    ub_operands: Vec<Value>,
    inits: Vec<Value>,
}

fn bounds(ctx: &Context, body: &Body, op: Op) -> Option<Bounds> {
    let seg = dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
    let (nl, nu) = (usize::try_from(*seg.first()?).ok()?, usize::try_from(*seg.get(1)?).ok()?);
    let operands = body.operand_vec(op);
    if operands.len() < nl + nu {
        return None;
    }
    Some(Bounds {
        lb: map_of(ctx, body.op_attr(ctx, op, "lowerBoundMap"))?.clone(),
        ub: map_of(ctx, body.op_attr(ctx, op, "upperBoundMap"))?.clone(),
        lb_operands: operands[..nl].to_vec(),
        ub_operands: operands[nl..nl + nu].to_vec(),
        inits: operands[nl + nu..].to_vec(),
    })
}

fn constant_of(m: &AffineMap) -> Option<i64> {
    match m.results[..] {
        [AffineExpr::Constant(c)] => Some(c),
        _ => None,
    }
}

fn constant_map(c: i64) -> AffineMap {
    AffineMap { num_dims: 0, num_symbols: 0, results: vec![AffineExpr::Constant(c)] }
}

/// `foldLoopBounds` for one bound: when every result folds with the
/// operands that are constants (`AffineMap::constantFold` needs only the
/// operands a result uses), the max (lower) or min (upper) of the results.
fn fold_bound(ctx: &Context, body: &Body, m: &AffineMap, operands: &[Value], lower: bool) -> Option<i64> {
    if constant_of(m).is_some() || operands.len() != (m.num_dims + m.num_symbols) as usize {
        return None;
    }
    // Operands that are not constants stay as they are: a result using
    // them does not fold to a constant.
    let values: Vec<AffineExpr> = operands
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            constant_index(ctx, body, v).map(AffineExpr::Constant).unwrap_or(if i < m.num_dims as usize {
                AffineExpr::Dim(i as u32)
            } else {
                AffineExpr::Symbol((i - m.num_dims as usize) as u32)
            })
        })
        .collect();
    let (dims, syms) = values.split_at(m.num_dims as usize);
    let results: Vec<i64> = m
        .results
        .iter()
        .map(|e| match substitute(e, dims, syms) {
            AffineExpr::Constant(c) => Some(c),
            _ => None,
        })
        .collect::<Option<_>>()?;
    if lower {
        results.into_iter().max()
    } else {
        results.into_iter().min()
    }
}

/// `removeDuplicateExprs`.
fn remove_duplicate_exprs(map: &mut AffineMap) {
    let mut seen: Vec<AffineExpr> = Vec::new();
    for e in map.results.drain(..) {
        if !seen.contains(&e) {
            seen.push(e);
        }
    }
    map.results = seen;
}

/// `composeAffineMapAndOperands` (which also canonicalizes and simplifies
/// the map, so expressions come out in the flattened form's term order)
/// then `canonicalizeMapAndOperands`.
fn composed(ctx: &Context, body: &Body, m: &AffineMap, operands: &[Value]) -> (AffineMap, Vec<Value>) {
    let (map, ops) = compose_map_and_operands(ctx, body, m.clone(), operands.to_vec());
    canonicalize_map_and_operands(ctx, body, &map, &ops).unwrap_or((map, ops))
}

/// upstream's `canonicalizeLoopBounds`, in its order: the lower bound is
/// composed and canonicalized, then both bounds drop redundant min/max
/// results (the upper one still over its original operands), then the
/// upper bound is composed and canonicalized; duplicates go. `None` when
/// nothing changed.
fn canonicalize_loop_bounds(ctx: &Context, body: &Body, b: &Bounds) -> Option<Bounds> {
    let (mut lb, lb_operands) = composed(ctx, body, &b.lb, &b.lb_operands);
    simplify_min_or_max(ctx, body, &mut lb, &lb_operands, true);
    let mut ub = b.ub.clone();
    simplify_min_or_max(ctx, body, &mut ub, &b.ub_operands, false);
    remove_duplicate_exprs(&mut lb);
    let (mut ub, ub_operands) = composed(ctx, body, &ub, &b.ub_operands);
    remove_duplicate_exprs(&mut ub);
    if lb == b.lb && ub == b.ub {
        return None;
    }
    // Upstream replaces only the bound whose map changed.
    let (lb, lb_operands) = if lb != b.lb { (lb, lb_operands) } else { (b.lb.clone(), b.lb_operands.clone()) };
    let (ub, ub_operands) = if ub != b.ub { (ub, ub_operands) } else { (b.ub.clone(), b.ub_operands.clone()) };
    Some(Bounds { lb, ub, lb_operands, ub_operands, inits: b.inits.clone() })
}

/// `getTrivialConstantTripCount`: both bounds constant.
fn constant_trip_count(ctx: &Context, body: &Body, op: Op, b: &Bounds) -> Option<u64> {
    let (lb, ub) = (constant_of(&b.lb)?, constant_of(&b.ub)?);
    let step = body.op_attr(ctx, op, "step").and_then(|a| ctx.as_i64(a)).filter(|&s| s > 0)?;
    if ub <= lb {
        return Some(0);
    }
    let span = (ub as i128) - (lb as i128);
    u64::try_from((span + step as i128 - 1) / step as i128).ok()
}

fn set_bounds(ctx: &Context, body: &mut Body, op: Op, b: &Bounds) {
    let mut operands = b.lb_operands.clone();
    operands.extend(&b.ub_operands);
    operands.extend(&b.inits);
    body.set_operands(op, &operands);
    let seg = [b.lb_operands.len() as i32, b.ub_operands.len() as i32, b.inits.len() as i32];
    body.set_op_attr(ctx, op, "operandSegmentSizes", Some(dense_i32_array(ctx, &seg)));
    body.set_op_attr(ctx, op, "lowerBoundMap", Some(map_attr(ctx, b.lb.clone())));
    body.set_op_attr(ctx, op, "upperBoundMap", Some(map_attr(ctx, b.ub.clone())));
}

/// `AffineForOp::fold`.
pub fn fold_for(ctx: &Context, body: &mut Body, op: Op, _: &[Option<Attribute>]) -> FoldResult {
    let Some(mut b) = bounds(ctx, body, op) else { return FoldResult::Failed };
    let mut changed = false;
    for lower in [true, false] {
        let (m, ops) = if lower { (&b.lb, &b.lb_operands) } else { (&b.ub, &b.ub_operands) };
        if let Some(c) = fold_bound(ctx, body, m, ops, lower) {
            if lower {
                (b.lb, b.lb_operands) = (constant_map(c), vec![]);
            } else {
                (b.ub, b.ub_operands) = (constant_map(c), vec![]);
            }
            changed = true;
        }
    }
    if let Some(c) = canonicalize_loop_bounds(ctx, body, &b) {
        b = c;
        changed = true;
    }
    if changed {
        set_bounds(ctx, body, op, &b);
    }
    if body.num_results(op) != 0 && constant_trip_count(ctx, body, op, &b) == Some(0) {
        return FoldResult::Replace(b.inits.iter().map(|&v| FoldValue::Value(v)).collect());
    }
    // A body that only yields its iter_args, each in its own place: the
    // results are the inits however often it runs (mlir-opt's fold does
    // this, so `-lower-affine`, which folds first, drops such loops).
    if body.num_results(op) != 0 && yields_own_iter_args(body, op) {
        return FoldResult::Replace(b.inits.iter().map(|&v| FoldValue::Value(v)).collect());
    }
    if changed {
        FoldResult::InPlace
    } else {
        FoldResult::Failed
    }
}

/// Whether the loop body is only an `affine.yield` of the iter_args in
/// their order.
fn yields_own_iter_args(body: &Body, op: Op) -> bool {
    let Some(region) = body.local_regions(op).first().copied() else { return false };
    let Some(block) = body.first_block(region) else { return false };
    let Some(y) = body.first_op(block) else { return false };
    if body.next_op(y).is_some() {
        return false;
    }
    let iter_args = body.block_args(block).get(1..).unwrap_or(&[]);
    iter_args.len() == body.num_operands(y) && body.operands(y).zip(iter_args).all(|(v, &a)| v == a)
}

/// `AffineForEmptyLoopFolder`: the body is only the yield. A loop that
/// never runs is its inits; otherwise each yielded value is replaced by
/// the init of the iter_arg it yields, or by itself when defined outside
/// the loop, as far as that does not depend on the trip count.
fn empty_loop_folder(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(region) = body.local_regions(op).first().copied() else { return false };
    let Some(block) = body.first_block(region) else { return false };
    let Some(yield_op) = body.first_op(block) else { return false };
    if body.next_op(yield_op).is_some() || body.num_results(op) == 0 {
        return false;
    }
    let Some(b) = bounds(ctx, body, op) else { return false };
    let trip = constant_trip_count(ctx, body, op, &b);
    if trip == Some(0) {
        rw.replace_op(op, &b.inits);
        return true;
    }
    let args = body.block_args(block).to_vec();
    let Some((&iv, iter_args)) = args.split_first() else { return false };
    let mut replacements = Vec::new();
    let (mut outside, mut out_of_order) = (false, false);
    for (i, v) in body.operands(yield_op).enumerate() {
        if v == iv {
            return false;
        }
        match iter_args.iter().position(|&a| a == v) {
            Some(pos) => {
                out_of_order |= pos != i;
                let Some(&init) = b.inits.get(pos) else { return false };
                replacements.push(init);
            }
            None => {
                outside = true;
                replacements.push(v);
            }
        }
    }
    if trip.is_none() && (outside || out_of_order) {
        return false;
    }
    if trip.is_some_and(|t| t >= 2) && out_of_order {
        return false;
    }
    rw.replace_op(op, &replacements);
    true
}

pub fn populate_for(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("affine.for"), name: "AffineForEmptyLoopFolder", benefit: 1, f: empty_loop_folder });
}
