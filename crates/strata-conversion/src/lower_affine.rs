//! `lower-affine` (upstream `Conversion/AffineToStandard`): `affine.for`
//! becomes `scf.for` over bounds computed with `arith` (`arith.maxsi` /
//! `arith.minsi` chains for multi-result bound maps), `affine.load` and
//! `affine.store` become `memref.load` / `memref.store` on expanded
//! subscripts, `affine.apply` its expanded expression, `affine.yield`
//! `scf.yield`.
//!
//! Expressions expand as upstream's `expandAffineExpr` does, operation for
//! operation, so the output matches mlir-opt's text: `mod`, `floordiv` and
//! `ceildiv` by positive divisors become branch-free `remsi` / `divsi`
//! sequences with a `select` correction, multiplications carry `nsw`, and
//! every constant is a fresh `arith.constant`.
//!
//! Upstream's dialect conversion folds an op that is not legal before its
//! patterns; the conversion here runs with folding on (the ops' fold hooks:
//! `affine.for` bounds, identity casts, ...), and `affine.apply`, which has
//! no fold hook in Strata, folds in its pattern as upstream's
//! `AffineApplyOp::fold` would: to an operand or to a constant
//! (materialized as `arith.constant`).

use std::sync::{Arc, Mutex};
use strata_dialects::affine::map_of;
use strata_ir::affine::{AffineExpr, AffineMap};
use strata_ir::branch::dense_i32_values;

use strata_ir::{Diagnostic, Location, Op, OpSpec, Value};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_rewrite::conversion::{
    apply_conversion_with_config, ConversionConfig, ConversionMode, ConversionPattern, ConversionPatternSet,
    ConversionRewriter, ConversionTarget,
};
use strata_rewrite::PatternRewriter;

use crate::build::{binary, cmpi, const_index, op1, select, CmpI};

pub const INFO: PassInfo = PassInfo {
    argument: "lower-affine",
    description: "Lower Affine operations to a combination of Arith and SCF operations",
    options: &[],
    ctor: |opts| {
        opts.apply("lower-affine", |_, _| None)?;
        Ok(Box::new(LowerAffinePass))
    },
};

pub struct LowerAffinePass;

impl Pass for LowerAffinePass {
    fn argument(&self) -> &'static str {
        "lower-affine"
    }
    fn name(&self) -> &'static str {
        "LowerAffinePass"
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let mut legal = ConversionTarget::new();
        for d in ["arith", "memref", "scf"] {
            legal.add_legal_dialect(d);
        }
        let error = Arc::new(Mutex::new(Vec::new()));
        let mut patterns = ConversionPatternSet::new();
        for kind in [Kind::For, Kind::Load, Kind::Store, Kind::Apply, Kind::Yield] {
            patterns.add(AffineLowering { kind, error: error.clone() });
        }
        // Upstream's driver folds every op that is not legal first (affine
        // ops, identity casts, ...): `affine.for` bounds fold in place that
        // way before the loop is lowered.
        let config = ConversionConfig { fold: true };
        apply_conversion_with_config(
            target.ctx,
            target.body,
            &legal,
            &patterns,
            None,
            ConversionMode::Partial,
            config,
        )?;
        // An op whose maps cannot be expanded stays, and the pass goes on:
        // upstream reports the error and still succeeds.
        for d in error.lock().expect("not poisoned").drain(..) {
            target.emit(d);
        }
        Ok(PreservedAnalyses::none())
    }
}

#[derive(Copy, Clone)]
enum Kind {
    For,
    Load,
    Store,
    Apply,
    Yield,
}

struct AffineLowering {
    kind: Kind,
    /// Expansion errors (a division by a non-positive constant).
    error: Arc<Mutex<Vec<Diagnostic>>>,
}

impl ConversionPattern for AffineLowering {
    fn root(&self) -> Option<&str> {
        Some(match self.kind {
            Kind::For => "affine.for",
            Kind::Load => "affine.load",
            Kind::Store => "affine.store",
            Kind::Apply => "affine.apply",
            Kind::Yield => "affine.yield",
        })
    }
    fn name(&self) -> &str {
        match self.kind {
            Kind::For => "AffineForLowering",
            Kind::Load => "AffineLoadLowering",
            Kind::Store => "AffineStoreLowering",
            Kind::Apply => "AffineApplyLowering",
            Kind::Yield => "AffineYieldOpLowering",
        }
    }
    fn match_and_rewrite(&self, op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> bool {
        let result = match self.kind {
            Kind::For => lower_for(op, rw),
            Kind::Load => lower_access(op, operands, rw, false),
            Kind::Store => lower_access(op, operands, rw, true),
            Kind::Apply => lower_apply(op, operands, rw),
            Kind::Yield => {
                let ctx = rw.ctx;
                let loc = rw.body().op_loc(op);
                rw.replace_op_with_new(op, OpSpec::new(ctx, "scf.yield", loc).operands(operands));
                Ok(true)
            }
        };
        match result {
            Ok(done) => done,
            Err(d) => {
                self.error.lock().expect("not poisoned").push(d);
                false
            }
        }
    }
}

/// Builds the ops computing `e` over `dims` and `syms` (upstream's
/// `AffineApplyExpander`); `None` after reporting a division or modulo by
/// a non-positive constant, which upstream refuses too.
fn expand_expr(
    rw: &mut PatternRewriter<'_>,
    e: &AffineExpr,
    dims: &[Value],
    syms: &[Value],
    loc: Location,
) -> Result<Value, Diagnostic> {
    let divisor_check = |rhs: &AffineExpr, what: &str| match rhs {
        AffineExpr::Constant(c) if *c <= 0 => {
            Err(Diagnostic::error(loc, format!("{what} by non-positive value is not supported")))
        }
        _ => Ok(()),
    };
    Ok(match e {
        AffineExpr::Dim(i) => dims[*i as usize],
        AffineExpr::Symbol(i) => syms[*i as usize],
        AffineExpr::Constant(c) => const_index(rw, *c, loc),
        AffineExpr::Add(l, r) => {
            let (a, b) = (expand_expr(rw, l, dims, syms, loc)?, expand_expr(rw, r, dims, syms, loc)?);
            binary(rw, "arith.addi", a, b, loc)
        }
        AffineExpr::Mul(l, r) => {
            let (a, b) = (expand_expr(rw, l, dims, syms, loc)?, expand_expr(rw, r, dims, syms, loc)?);
            let ctx = rw.ctx;
            let ty = rw.body().value_type(a);
            op1(rw, "arith.muli", &[a, b], ty, &[("overflowFlags", strata_dialects::arith::overflow_attr(ctx, 1))], loc)
        }
        AffineExpr::Mod(l, r) => {
            divisor_check(r, "modulo")?;
            let (a, b) = (expand_expr(rw, l, dims, syms, loc)?, expand_expr(rw, r, dims, syms, loc)?);
            // a mod b = let r = a rem b in (r < 0 ? r + b : r)
            let rem = binary(rw, "arith.remsi", a, b, loc);
            let zero = const_index(rw, 0, loc);
            let negative = cmpi(rw, CmpI::Slt, rem, zero, loc);
            let corrected = binary(rw, "arith.addi", rem, b, loc);
            select(rw, negative, corrected, rem, loc)
        }
        AffineExpr::FloorDiv(l, r) => {
            divisor_check(r, "division")?;
            let (a, b) = (expand_expr(rw, l, dims, syms, loc)?, expand_expr(rw, r, dims, syms, loc)?);
            // One division: negative dividends go through -a - 1 and back.
            let zero = const_index(rw, 0, loc);
            let minus_one = const_index(rw, -1, loc);
            let negative = cmpi(rw, CmpI::Slt, a, zero, loc);
            let negated = binary(rw, "arith.subi", minus_one, a, loc);
            let dividend = select(rw, negative, negated, a, loc);
            let quotient = binary(rw, "arith.divsi", dividend, b, loc);
            let corrected = binary(rw, "arith.subi", minus_one, quotient, loc);
            select(rw, negative, corrected, quotient, loc)
        }
        AffineExpr::CeilDiv(l, r) => {
            divisor_check(r, "division")?;
            let (a, b) = (expand_expr(rw, l, dims, syms, loc)?, expand_expr(rw, r, dims, syms, loc)?);
            // One division: non-positive dividends are negated, positive
            // ones decremented, and the quotient adjusted back.
            let zero = const_index(rw, 0, loc);
            let one = const_index(rw, 1, loc);
            let non_positive = cmpi(rw, CmpI::Sle, a, zero, loc);
            let negated = binary(rw, "arith.subi", zero, a, loc);
            let decremented = binary(rw, "arith.subi", a, one, loc);
            let dividend = select(rw, non_positive, negated, decremented, loc);
            let quotient = binary(rw, "arith.divsi", dividend, b, loc);
            let negated_quotient = binary(rw, "arith.subi", zero, quotient, loc);
            let incremented = binary(rw, "arith.addi", quotient, one, loc);
            select(rw, non_positive, negated_quotient, incremented, loc)
        }
    })
}

/// Every result of `map` over `operands` (dims first, then symbols).
fn expand_map(
    rw: &mut PatternRewriter<'_>,
    map: &AffineMap,
    operands: &[Value],
    loc: Location,
) -> Result<Vec<Value>, Diagnostic> {
    let (dims, syms) = operands.split_at((map.num_dims as usize).min(operands.len()));
    map.results.iter().map(|e| expand_expr(rw, e, dims, syms, loc)).collect()
}

/// Expands `map` and reduces its results left to right with `arith.maxsi`
/// (`max`) or `arith.minsi` (upstream's `buildMinMaxReductionSeq`).
fn expand_bound(
    rw: &mut PatternRewriter<'_>,
    map: &AffineMap,
    operands: &[Value],
    max: bool,
    loc: Location,
) -> Result<Value, Diagnostic> {
    let values = expand_map(rw, map, operands, loc)?;
    let mut it = values.into_iter();
    let Some(mut acc) = it.next() else { return Err(Diagnostic::error(loc, "empty min/max chain")) };
    for v in it {
        acc = binary(rw, if max { "arith.maxsi" } else { "arith.minsi" }, acc, v, loc);
    }
    Ok(acc)
}

/// What a pattern does: `Ok(false)` leaves the op alone, `Err` too but
/// reports why. Maps are checked before anything is built
/// (`check_expandable`), so a refused op leaves no ops behind, as
/// upstream's rollback ensures.
type Outcome = Result<bool, Diagnostic>;

/// The error `expand_expr` would report for `map`, found before any op is
/// created: a `mod`, `floordiv` or `ceildiv` by a non-positive constant.
fn check_expandable(map: &AffineMap, loc: Location) -> Result<(), Diagnostic> {
    fn check(e: &AffineExpr, loc: Location) -> Result<(), Diagnostic> {
        match e {
            AffineExpr::Mod(l, r) | AffineExpr::FloorDiv(l, r) | AffineExpr::CeilDiv(l, r) => {
                if matches!(**r, AffineExpr::Constant(c) if c <= 0) {
                    let what = if matches!(e, AffineExpr::Mod(..)) { "modulo" } else { "division" };
                    return Err(Diagnostic::error(loc, format!("{what} by non-positive value is not supported")));
                }
                check(l, loc)?;
                check(r, loc)
            }
            AffineExpr::Add(l, r) | AffineExpr::Mul(l, r) => {
                check(l, loc)?;
                check(r, loc)
            }
            _ => Ok(()),
        }
    }
    map.results.iter().try_for_each(|e| check(e, loc))
}

fn lower_for(op: Op, rw: &mut ConversionRewriter<'_, '_>) -> Outcome {
    let ctx = rw.ctx;
    let body = rw.body();
    let loc = body.op_loc(op);
    let seg = dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
    let (nl, nu) =
        (seg.first().copied().unwrap_or(0).max(0) as usize, seg.get(1).copied().unwrap_or(0).max(0) as usize);
    let operands = body.operand_vec(op);
    let (Some(lb_map), Some(ub_map)) = (
        map_of(ctx, body.op_attr(ctx, op, "lowerBoundMap")).cloned(),
        map_of(ctx, body.op_attr(ctx, op, "upperBoundMap")).cloned(),
    ) else {
        return Ok(false);
    };
    let step = body.op_attr(ctx, op, "step").and_then(|a| ctx.as_i64(a)).unwrap_or(1);
    let result_types = body.result_types(op);
    check_expandable(&lb_map, loc)?;
    check_expandable(&ub_map, loc)?;
    rw.set_insertion_point_before(op);
    let lb = expand_bound(rw, &lb_map, &operands[..nl], true, loc)?;
    let ub = expand_bound(rw, &ub_map, &operands[nl..nl + nu], false, loc)?;
    let step = const_index(rw, step, loc);
    let mut for_operands = vec![lb, ub, step];
    for_operands.extend_from_slice(&operands[nl + nu..]);
    let new = rw.create(OpSpec::new(ctx, "scf.for", loc).operands(&for_operands).results(&result_types).regions(1));
    // The body moves over as it is: the induction variable and iter_args
    // are the same block arguments.
    let b = rw.body_mut_unnotified();
    let from = b.local_regions(op)[0];
    let to = b.local_regions(new)[0];
    let blocks: Vec<_> = b.blocks(from).collect();
    for blk in blocks {
        b.remove_block(blk);
        b.append_block(to, blk);
    }
    let results: Vec<Value> = rw.body().results(new).collect();
    rw.replace_op(op, &results);
    Ok(true)
}

/// `affine.load`/`affine.store` -> `memref.load`/`memref.store` on the
/// expanded subscripts.
fn lower_access(op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>, is_store: bool) -> Outcome {
    let ctx = rw.ctx;
    let body = rw.body();
    let loc = body.op_loc(op);
    let Some(map) = map_of(ctx, body.op_attr(ctx, op, "map")).cloned() else { return Ok(false) };
    let mi = usize::from(is_store);
    let result_types = body.result_types(op);
    check_expandable(&map, loc)?;
    rw.set_insertion_point_before(op);
    let indices = expand_map(rw, &map, &operands[mi + 1..], loc)?;
    let mut new_operands = operands[..=mi].to_vec();
    new_operands.extend(indices);
    let name = if is_store { "memref.store" } else { "memref.load" };
    let attrs = ctx.dictionary(vec![(ctx.intern_str("nontemporal"), ctx.bool_attr(false))]);
    rw.replace_op_with_new(op, OpSpec::new(ctx, name, loc).operands(&new_operands).results(&result_types).attrs(attrs));
    Ok(true)
}

/// `AffineApplyOp::fold` (a dim or symbol result is that operand; all
/// results constant make a constant), else the expanded expression.
fn lower_apply(op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> Outcome {
    let ctx = rw.ctx;
    let body = rw.body();
    let loc = body.op_loc(op);
    let Some(map) = map_of(ctx, body.op_attr(ctx, op, "map")).cloned() else { return Ok(false) };
    let Some(e) = map.results.first() else { return Ok(false) };
    rw.set_insertion_point_before(op);
    match e {
        AffineExpr::Dim(i) => {
            rw.replace_op(op, &[operands[*i as usize]]);
            return Ok(true);
        }
        AffineExpr::Symbol(i) => {
            rw.replace_op(op, &[operands[(map.num_dims + *i) as usize]]);
            return Ok(true);
        }
        _ => {}
    }
    // Only the operands the expression uses need to be constants, as the
    // conversion found them (see `original_constants`).
    let constants: Vec<Option<i64>> = match rw.original_constants(op) {
        Some(c) => c.iter().map(|a| a.and_then(|a| ctx.as_i64(a))).collect(),
        None => operands
            .iter()
            .map(|&v| strata_ir::fold::constant_value(ctx, rw.body(), v).and_then(|a| ctx.as_i64(a)))
            .collect(),
    };
    let (dims, syms) = constants.split_at((map.num_dims as usize).min(constants.len()));
    if let Some(c) = evaluate(e, dims, syms) {
        let v = const_index(rw, c, loc);
        rw.replace_op(op, &[v]);
        return Ok(true);
    }
    check_expandable(&map, loc)?;
    let values = expand_map(rw, &map, operands, loc)?;
    rw.replace_op(op, &values);
    Ok(true)
}

/// The value of `e` given the dims and symbols that are constants
/// (`AffineMap::constantFold`); `None` when it uses another operand, on
/// overflow, or for a non-positive divisor, which stay unfolded.
fn evaluate(e: &AffineExpr, dims: &[Option<i64>], syms: &[Option<i64>]) -> Option<i64> {
    Some(match e {
        AffineExpr::Dim(i) => (*dims.get(*i as usize)?)?,
        AffineExpr::Symbol(i) => (*syms.get(*i as usize)?)?,
        AffineExpr::Constant(c) => *c,
        AffineExpr::Add(l, r) => evaluate(l, dims, syms)?.checked_add(evaluate(r, dims, syms)?)?,
        AffineExpr::Mul(l, r) => evaluate(l, dims, syms)?.checked_mul(evaluate(r, dims, syms)?)?,
        AffineExpr::Mod(l, r) | AffineExpr::FloorDiv(l, r) | AffineExpr::CeilDiv(l, r) => {
            let (a, b) = (evaluate(l, dims, syms)?, evaluate(r, dims, syms)?);
            if b <= 0 {
                return None;
            }
            match e {
                AffineExpr::Mod(..) => a.rem_euclid(b),
                AffineExpr::FloorDiv(..) => a.div_euclid(b),
                _ => a.checked_neg()?.div_euclid(b).checked_neg()?,
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use strata_ir::{Body, Context};
    use strata_rewrite::rewriter::NoListener;

    /// Runs the straight-line `arith` code `expand_expr` emitted, with `a`
    /// and `b` for dims 0 and 1.
    fn run(ctx: &Context, body: &Body, block: strata_ir::Block, args: &[Value], inputs: &[i64], result: Value) -> i64 {
        let mut values: std::collections::HashMap<Value, i64> =
            args.iter().copied().zip(inputs.iter().copied()).collect();
        for op in body.block_ops(block) {
            let name = ctx.op_name_str(body.op_name(op));
            let x: Vec<i64> = body.operands(op).map(|v| values[&v]).collect();
            let out = match name {
                "arith.constant" => ctx.as_i64(body.op_attr(ctx, op, "value").unwrap()).unwrap(),
                "arith.addi" => x[0] + x[1],
                "arith.subi" => x[0] - x[1],
                "arith.muli" => x[0] * x[1],
                "arith.divsi" => x[0] / x[1],
                "arith.remsi" => x[0] % x[1],
                "arith.select" => {
                    if x[0] != 0 {
                        x[1]
                    } else {
                        x[2]
                    }
                }
                "arith.cmpi" => {
                    let pred = ctx.as_i64(body.op_attr(ctx, op, "predicate").unwrap()).unwrap();
                    i64::from(match pred {
                        2 => x[0] < x[1],
                        3 => x[0] <= x[1],
                        _ => panic!("unexpected predicate {pred}"),
                    })
                }
                other => panic!("unexpected op {other}"),
            };
            values.insert(body.result(op, 0), out);
        }
        values[&result]
    }

    /// The branch-free sequences for `mod`, `floordiv` and `ceildiv`
    /// compute the mathematical operations for negative and positive
    /// dividends alike, and `evaluate` (the fold) agrees with them.
    #[test]
    fn expansions_compute_euclidean_division() {
        let ctx = strata_dialects::context();
        let d0 = || AffineExpr::Dim(0);
        let exprs = [
            (
                AffineExpr::Mod(Box::new(d0()), Box::new(AffineExpr::Constant(3))),
                (|a: i64| a.rem_euclid(3)) as fn(i64) -> i64,
            ),
            (AffineExpr::FloorDiv(Box::new(d0()), Box::new(AffineExpr::Constant(4))), |a: i64| a.div_euclid(4)),
            (AffineExpr::CeilDiv(Box::new(d0()), Box::new(AffineExpr::Constant(5))), |a: i64| -((-a).div_euclid(5))),
            (
                AffineExpr::Add(
                    Box::new(AffineExpr::Mul(Box::new(d0()), Box::new(AffineExpr::Constant(-2)))),
                    Box::new(AffineExpr::Constant(7)),
                ),
                |a: i64| 7 - 2 * a,
            ),
        ];
        for (e, expected) in exprs {
            let mut body = Body::with_root_regions(1);
            let block = body.create_block();
            body.append_block(body.root_regions()[0], block);
            let a = body.add_block_arg(block, ctx.index_type(), strata_ir::Location::Unknown);
            let mut listener = NoListener;
            let mut rw = PatternRewriter::new(&ctx, &mut body, &mut listener);
            rw.set_insertion_point_to_end(block);
            let result = expand_expr(&mut rw, &e, &[a], &[], strata_ir::Location::Unknown).unwrap();
            for x in -13..=13 {
                assert_eq!(run(&ctx, &body, block, &[a], &[x], result), expected(x), "{e:?} at {x}");
                assert_eq!(evaluate(&e, &[Some(x)], &[]), Some(expected(x)), "fold of {e:?} at {x}");
            }
        }
    }

    /// Folding needs only the operands a result uses; a non-positive
    /// divisor is left to the expansion, which reports it.
    #[test]
    fn fold_uses_only_referenced_operands() {
        let e = AffineExpr::FloorDiv(Box::new(AffineExpr::Symbol(1)), Box::new(AffineExpr::Constant(2)));
        assert_eq!(evaluate(&e, &[None], &[None, Some(-7)]), Some(-4));
        assert_eq!(evaluate(&e, &[Some(1)], &[Some(1), None]), None);
        let bad = AffineExpr::Mod(Box::new(AffineExpr::Dim(0)), Box::new(AffineExpr::Constant(0)));
        assert_eq!(evaluate(&bad, &[Some(5)], &[]), None);
        let ctx = strata_dialects::context();
        let mut body = Body::with_root_regions(1);
        let block = body.create_block();
        body.append_block(body.root_regions()[0], block);
        let a = body.add_block_arg(block, ctx.index_type(), strata_ir::Location::Unknown);
        let mut listener = NoListener;
        let mut rw = PatternRewriter::new(&ctx, &mut body, &mut listener);
        rw.set_insertion_point_to_end(block);
        let err = expand_expr(&mut rw, &bad, &[a], &[], strata_ir::Location::Unknown).unwrap_err();
        assert!(err.message.contains("modulo by non-positive value is not supported"), "{}", err.message);
    }
}
