//! Canonicalization of `affine.load`, `affine.store` and `affine.apply`
//! (MLIR's `SimplifyAffineOp` through `canonicalizeMapAndOperands`):
//! constant index operands are folded into the map, repeated operands
//! merged, unused ones dropped; an `affine.apply` whose result is a
//! constant becomes an `arith.constant`, one that is a single operand is
//! replaced by it.

use strata_ir::affine::{AffineExpr, AffineMap};
use strata_ir::{AttrKind, Body, Context, Op, OpSpec, Value};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

use crate::affine::{map_attr, map_of};

/// Rebuilds `e` with dims and symbols replaced (through the simplifying
/// builders, as MLIR's `replaceDimsAndSymbols`).
pub fn substitute(e: &AffineExpr, dims: &[AffineExpr], syms: &[AffineExpr]) -> AffineExpr {
    let s = |x: &AffineExpr| substitute(x, dims, syms);
    match e {
        AffineExpr::Dim(i) => dims.get(*i as usize).cloned().unwrap_or_else(|| e.clone()),
        AffineExpr::Symbol(i) => syms.get(*i as usize).cloned().unwrap_or_else(|| e.clone()),
        AffineExpr::Constant(_) => e.clone(),
        AffineExpr::Add(a, b) => s(a) + s(b),
        AffineExpr::Mul(a, b) => s(a) * s(b),
        AffineExpr::Mod(a, b) => s(a) % s(b),
        AffineExpr::FloorDiv(a, b) => s(a).floor_div(s(b)),
        AffineExpr::CeilDiv(a, b) => s(a).ceil_div(s(b)),
    }
}

fn uses(e: &AffineExpr, dims: &mut [bool], syms: &mut [bool]) {
    match e {
        AffineExpr::Dim(i) => {
            if let Some(d) = dims.get_mut(*i as usize) {
                *d = true;
            }
        }
        AffineExpr::Symbol(i) => {
            if let Some(d) = syms.get_mut(*i as usize) {
                *d = true;
            }
        }
        AffineExpr::Constant(_) => {}
        AffineExpr::Add(a, b) | AffineExpr::Mul(a, b) | AffineExpr::Mod(a, b) | AffineExpr::FloorDiv(a, b) | AffineExpr::CeilDiv(a, b) => {
            uses(a, dims, syms);
            uses(b, dims, syms);
        }
    }
}

pub(crate) fn constant_index(ctx: &Context, body: &Body, v: Value) -> Option<i64> {
    let def = body.defining_op(v)?;
    if ctx.op_name_str(body.op_name(def)) != "arith.constant" {
        return None;
    }
    match ctx.attr_kind(body.op_attr(ctx, def, "value")?) {
        AttrKind::Integer { value, .. } => Some(value.to_i64()),
        _ => None,
    }
}

/// MLIR's `isValidSymbol` for what Strata's arenas can tell: constants,
/// and values defined at the top level of the arena's root region (the
/// region of an affine scope such as `func.func`).
fn is_valid_symbol(ctx: &Context, body: &Body, v: Value) -> bool {
    if constant_index(ctx, body, v).is_some() {
        return true;
    }
    body.value_parent_block(v).and_then(|b| body.block_region(b)).is_some_and(|r| body.region_parent_op(r).is_none())
}

/// The canonical map and operands, or `None` when nothing changes:
/// dims that are valid symbols become symbols (after the existing ones),
/// constants are folded in, repeated operands merged, unused ones dropped.
pub fn canonicalize_map_and_operands(ctx: &Context, body: &Body, m: &AffineMap, operands: &[Value]) -> Option<(AffineMap, Vec<Value>)> {
    let nd = m.num_dims as usize;
    let ns = m.num_symbols as usize;
    if operands.len() != nd + ns {
        return None;
    }
    let mut used_d = vec![false; nd];
    let mut used_s = vec![false; ns];
    for e in &m.results {
        uses(e, &mut used_d, &mut used_s);
    }
    // Operands in their new order: kept dims, symbols, promoted dims.
    let promoted: Vec<bool> = (0..nd).map(|i| constant_index(ctx, body, operands[i]).is_none() && is_valid_symbol(ctx, body, operands[i])).collect();
    let mut order: Vec<(usize, bool)> = Vec::new();
    order.extend((0..nd).filter(|&i| !promoted[i]).map(|i| (i, false)));
    order.extend((nd..nd + ns).map(|i| (i, true)));
    order.extend((0..nd).filter(|&i| promoted[i]).map(|i| (i, true)));
    let mut new_dims: Vec<Value> = Vec::new();
    let mut new_syms: Vec<Value> = Vec::new();
    let mut dim_repl = vec![AffineExpr::Constant(0); nd];
    let mut sym_repl = vec![AffineExpr::Constant(0); ns];
    for (i, as_symbol) in order {
        let v = operands[i];
        let used = if i < nd { used_d[i] } else { used_s[i - nd] };
        let repl = if !used {
            AffineExpr::Constant(0)
        } else if let Some(c) = constant_index(ctx, body, v) {
            AffineExpr::Constant(c)
        } else {
            let list = if as_symbol { &mut new_syms } else { &mut new_dims };
            let pos = match list.iter().position(|&x| x == v) {
                Some(p) => p,
                None => {
                    list.push(v);
                    list.len() - 1
                }
            };
            if as_symbol {
                AffineExpr::Symbol(pos as u32)
            } else {
                AffineExpr::Dim(pos as u32)
            }
        };
        if i < nd {
            dim_repl[i] = repl;
        } else {
            sym_repl[i - nd] = repl;
        }
    }
    let results: Vec<AffineExpr> = m.results.iter().map(|e| substitute(e, &dim_repl, &sym_repl)).collect();
    let new_map = AffineMap { num_dims: new_dims.len() as u32, num_symbols: new_syms.len() as u32, results };
    let mut new_operands = new_dims;
    new_operands.extend(new_syms);
    if new_map == *m && new_operands == operands {
        return None;
    }
    Some((new_map, new_operands))
}

/// `affine.load`/`affine.store`: map operands start after `first`.
fn simplify_access(op: Op, rw: &mut PatternRewriter<'_>, first: usize) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(m) = map_of(ctx, body.op_attr(ctx, op, "map")).cloned() else { return false };
    let operands = body.operand_vec(op);
    if operands.len() < first {
        return false;
    }
    let Some((map, indices)) = canonicalize_map_and_operands(ctx, body, &m, &operands[first..]) else { return false };
    let mut all: Vec<Value> = operands[..first].to_vec();
    all.extend(indices);
    let attr = map_attr(ctx, map);
    rw.modify_in_place(op, |b| {
        b.set_operands(op, &all);
        b.set_op_attr(ctx, op, "map", Some(attr));
    });
    true
}

fn simplify_apply(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(m) = map_of(ctx, body.op_attr(ctx, op, "map")).cloned() else { return false };
    let operands = body.operand_vec(op);
    let loc = body.op_loc(op);
    let canonical = canonicalize_map_and_operands(ctx, body, &m, &operands);
    let (map, operands) = canonical.clone().unwrap_or((m, operands.to_vec()));
    if map.results.len() != 1 {
        return false;
    }
    match map.results[0] {
        AffineExpr::Constant(c) => {
            let index = ctx.index_type();
            let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), ctx.integer_attr(index, c))]);
            rw.replace_op_with_new(op, OpSpec::new(ctx, "arith.constant", loc).attrs(attrs).results(&[index]));
            true
        }
        AffineExpr::Dim(0) | AffineExpr::Symbol(0) if operands.len() == 1 => {
            rw.replace_op(op, &[operands[0]]);
            true
        }
        _ => {
            if canonical.is_none() {
                return false;
            }
            let attr = map_attr(ctx, map);
            rw.modify_in_place(op, |b| {
                b.set_operands(op, &operands);
                b.set_op_attr(ctx, op, "map", Some(attr));
            });
            true
        }
    }
}

pub fn populate_load(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("affine.load"), name: "SimplifyAffineOp<AffineLoadOp>", benefit: 1, f: |op, rw: &mut PatternRewriter<'_>| simplify_access(op, rw, 1) });
}

pub fn populate_store(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("affine.store"), name: "SimplifyAffineOp<AffineStoreOp>", benefit: 1, f: |op, rw: &mut PatternRewriter<'_>| simplify_access(op, rw, 2) });
}

pub fn populate_apply(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("affine.apply"), name: "SimplifyAffineOp<AffineApplyOp>", benefit: 1, f: simplify_apply });
}
