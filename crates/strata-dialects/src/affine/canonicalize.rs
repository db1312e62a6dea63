//! Canonicalization of `affine.load`, `affine.store` and `affine.apply`
//! (MLIR's `SimplifyAffineOp`): operands produced by `affine.apply` are
//! composed into the map (`composeAffineMapAndOperands`), constant index
//! operands are folded into it, repeated operands merged and unused ones
//! dropped (`canonicalizeMapAndOperands`), and the map is simplified by
//! flattening (`simplifyAffineMap`) and with the bounds of loop induction
//! variables (`simplifyMapWithOperands`). An `affine.apply` whose result
//! is a constant becomes an `arith.constant`, one that is a single operand
//! is replaced by it; one whose constant operands make it divide by zero
//! becomes `ub.poison`, as upstream's folder has it.

use strata_ir::affine::{simplify_affine_map, AffineExpr, AffineMap, ConstantFold};
use strata_ir::{AttrKind, Body, Context, Op, OpSpec, Value};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

use crate::affine::operand_bounds::simplify_map_with_operands;
use crate::affine::{is_valid_symbol, map_attr, map_of};

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
        AffineExpr::Add(a, b)
        | AffineExpr::Mul(a, b)
        | AffineExpr::Mod(a, b)
        | AffineExpr::FloorDiv(a, b)
        | AffineExpr::CeilDiv(a, b) => {
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

/// The canonical map and operands, or `None` when nothing changes:
/// dims that are valid symbols become symbols (after the existing ones),
/// constants are folded in, repeated operands merged, unused ones dropped.
pub fn canonicalize_map_and_operands(
    ctx: &Context,
    body: &Body,
    m: &AffineMap,
    operands: &[Value],
) -> Option<(AffineMap, Vec<Value>)> {
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
    let promoted: Vec<bool> = (0..nd)
        .map(|i| constant_index(ctx, body, operands[i]).is_none() && is_valid_symbol(ctx, body, operands[i]))
        .collect();
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

/// [`canonicalize_map_and_operands`], returning the input when nothing
/// changes.
fn canonicalized(ctx: &Context, body: &Body, m: AffineMap, operands: Vec<Value>) -> (AffineMap, Vec<Value>) {
    canonicalize_map_and_operands(ctx, body, &m, &operands).unwrap_or((m, operands))
}

/// The `affine.apply` defining `v`, with its map and operands.
fn defining_apply(ctx: &Context, body: &Body, v: Value) -> Option<(AffineMap, Vec<Value>)> {
    let def = body.defining_op(v)?;
    if ctx.op_name_str(body.op_name(def)) != "affine.apply" {
        return None;
    }
    let m = map_of(ctx, body.op_attr(ctx, def, "map"))?.clone();
    let operands = body.operand_vec(def).to_vec();
    (m.results.len() == 1 && operands.len() == (m.num_dims + m.num_symbols) as usize).then_some((m, operands))
}

fn shift(e: &AffineExpr, dims_by: u32, syms_by: u32) -> AffineExpr {
    match e {
        AffineExpr::Dim(i) => AffineExpr::Dim(i + dims_by),
        AffineExpr::Symbol(i) => AffineExpr::Symbol(i + syms_by),
        AffineExpr::Constant(_) => e.clone(),
        AffineExpr::Add(a, b) => {
            AffineExpr::Add(Box::new(shift(a, dims_by, syms_by)), Box::new(shift(b, dims_by, syms_by)))
        }
        AffineExpr::Mul(a, b) => {
            AffineExpr::Mul(Box::new(shift(a, dims_by, syms_by)), Box::new(shift(b, dims_by, syms_by)))
        }
        AffineExpr::Mod(a, b) => {
            AffineExpr::Mod(Box::new(shift(a, dims_by, syms_by)), Box::new(shift(b, dims_by, syms_by)))
        }
        AffineExpr::FloorDiv(a, b) => {
            AffineExpr::FloorDiv(Box::new(shift(a, dims_by, syms_by)), Box::new(shift(b, dims_by, syms_by)))
        }
        AffineExpr::CeilDiv(a, b) => {
            AffineExpr::CeilDiv(Box::new(shift(a, dims_by, syms_by)), Box::new(shift(b, dims_by, syms_by)))
        }
    }
}

/// One step of MLIR's `replaceDimOrSym`: if the operand at `pos` comes
/// from an `affine.apply`, its (canonicalized) expression replaces that
/// dim or symbol, its operands are appended, and the slot is emptied.
fn replace_dim_or_sym(
    ctx: &Context,
    body: &Body,
    map: &mut AffineMap,
    pos: usize,
    dims: &mut Vec<Option<Value>>,
    syms: &mut Vec<Option<Value>>,
) -> bool {
    let is_dim = pos < dims.len();
    let slot = if is_dim { &mut dims[pos] } else { &mut syms[pos - dims.len()] };
    let Some(v) = *slot else { return false };
    let Some((apply_map, apply_operands)) = defining_apply(ctx, body, v) else { return false };
    *slot = None;
    let (apply_map, apply_operands) = canonicalized(ctx, body, apply_map, apply_operands);
    let replacement = shift(&apply_map.results[0], dims.len() as u32, syms.len() as u32);
    let (apply_dims, apply_syms) = apply_operands.split_at(apply_map.num_dims as usize);
    let old_dims = dims.len();
    dims.extend(apply_dims.iter().map(|&v| Some(v)));
    syms.extend(apply_syms.iter().map(|&v| Some(v)));
    let mut dim_repl: Vec<AffineExpr> = (0..dims.len() as u32).map(AffineExpr::Dim).collect();
    let mut sym_repl: Vec<AffineExpr> = (0..syms.len() as u32).map(AffineExpr::Symbol).collect();
    if is_dim {
        dim_repl[pos] = replacement;
    } else {
        sym_repl[pos - old_dims] = replacement;
    }
    let results = map.results.iter().map(|e| substitute(e, &dim_repl, &sym_repl)).collect();
    *map = AffineMap { num_dims: dims.len() as u32, num_symbols: syms.len() as u32, results };
    true
}

/// MLIR's `composeAffineMapAndOperands`: every operand produced by an
/// `affine.apply` is replaced, repeatedly, by that apply's expression and
/// operands; the result is canonicalized and simplified.
pub fn compose_map_and_operands(
    ctx: &Context,
    body: &Body,
    m: AffineMap,
    operands: Vec<Value>,
) -> (AffineMap, Vec<Value>) {
    if m.results.is_empty() || operands.len() != (m.num_dims + m.num_symbols) as usize {
        let (m, operands) = canonicalized(ctx, body, m, operands);
        return (simplify_affine_map(&m), operands);
    }
    let mut map = m;
    let (d, s) = operands.split_at(map.num_dims as usize);
    let mut dims: Vec<Option<Value>> = d.iter().map(|&v| Some(v)).collect();
    let mut syms: Vec<Option<Value>> = s.iter().map(|&v| Some(v)).collect();
    // Restart from the first position after every replacement, as MLIR
    // does, so the order operands are appended in matches its output.
    while (0..dims.len() + syms.len()).any(|pos| replace_dim_or_sym(ctx, body, &mut map, pos, &mut dims, &mut syms)) {}
    let mut new_operands = Vec::new();
    let mut renumber = |slots: &[Option<Value>], make: fn(u32) -> AffineExpr| -> Vec<AffineExpr> {
        let mut next = 0;
        slots
            .iter()
            .map(|slot| match slot {
                Some(v) => {
                    new_operands.push(*v);
                    next += 1;
                    make(next - 1)
                }
                None => AffineExpr::Constant(0),
            })
            .collect()
    };
    let dim_repl = renumber(&dims, AffineExpr::Dim);
    let sym_repl = renumber(&syms, AffineExpr::Symbol);
    let num_dims = dims.iter().flatten().count() as u32;
    let num_symbols = syms.iter().flatten().count() as u32;
    let results = map.results.iter().map(|e| substitute(e, &dim_repl, &sym_repl)).collect();
    let map = AffineMap { num_dims, num_symbols, results };
    let (map, new_operands) = canonicalized(ctx, body, map, new_operands);
    (simplify_affine_map(&map), new_operands)
}

/// What `SimplifyAffineOp` does to a map and its operands before deciding
/// whether anything changed: compose, canonicalize, simplify with the
/// operands' bounds.
fn simplified_map_and_operands(
    ctx: &Context,
    body: &Body,
    m: &AffineMap,
    operands: &[Value],
) -> Option<(AffineMap, Vec<Value>)> {
    let (map, new_operands) = compose_map_and_operands(ctx, body, m.clone(), operands.to_vec());
    let (map, new_operands) = canonicalized(ctx, body, map, new_operands);
    let map = simplify_map_with_operands(ctx, body, map, &new_operands);
    (map != *m || new_operands != operands).then_some((map, new_operands))
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
    let Some((map, indices)) = simplified_map_and_operands(ctx, body, &m, &operands[first..]) else { return false };
    let mut all: Vec<Value> = operands[..first].to_vec();
    all.extend(indices);
    let attr = map_attr(ctx, map);
    rw.modify_in_place(op, |b| {
        b.set_operands(op, &all);
        b.set_op_attr(ctx, op, "map", Some(attr));
    });
    true
}

/// `op`'s one `index` result becomes `arith.constant c`.
fn replace_with_index_constant(rw: &mut PatternRewriter<'_>, op: Op, c: i64) {
    let ctx = rw.ctx;
    let loc = rw.body().op_loc(op);
    let index = ctx.index_type();
    let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), ctx.integer_attr(index, c))]);
    rw.replace_op_with_new(op, OpSpec::new(ctx, "arith.constant", loc).attrs(attrs).results(&[index]));
}

fn simplify_apply(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(m) = map_of(ctx, body.op_attr(ctx, op, "map")).cloned() else { return false };
    let operands = body.operand_vec(op);
    let loc = body.op_loc(op);
    // MLIR's `AffineApplyOp::fold` runs before the pattern: a result that
    // is one of the operands is that operand, whatever else the map holds.
    let forwarded = match m.results.as_slice() {
        [AffineExpr::Dim(i)] => operands.get(*i as usize),
        [AffineExpr::Symbol(i)] => operands.get((m.num_dims + i) as usize),
        _ => None,
    };
    if let Some(&v) = forwarded {
        rw.replace_op(op, &[v]);
        return true;
    }
    // Then it folds the map over the constant operands; a division by zero
    // or a `mod` by a non-positive value between constants is poison.
    if let [result] = m.results.as_slice() {
        let known: Vec<Option<i64>> = operands.iter().map(|&v| constant_index(ctx, body, v)).collect();
        let (dims, syms) = known.split_at((m.num_dims as usize).min(known.len()));
        let index = ctx.index_type();
        match result.constant_fold(dims, syms) {
            ConstantFold::Value(c) => {
                replace_with_index_constant(rw, op, c);
                return true;
            }
            ConstantFold::Poison => {
                rw.replace_op_with_new(op, OpSpec::new(ctx, "ub.poison", loc).results(&[index]));
                return true;
            }
            ConstantFold::Unknown => {}
        }
    }
    let canonical = simplified_map_and_operands(ctx, body, &m, &operands);
    let (map, operands) = canonical.clone().unwrap_or((m, operands.to_vec()));
    if map.results.len() != 1 {
        return false;
    }
    match map.results[0] {
        AffineExpr::Constant(c) => {
            replace_with_index_constant(rw, op, c);
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
    set.add(FnPattern {
        root: Some("affine.load"),
        name: "SimplifyAffineOp<AffineLoadOp>",
        benefit: 1,
        f: |op, rw: &mut PatternRewriter<'_>| simplify_access(op, rw, 1),
    });
}

pub fn populate_store(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern {
        root: Some("affine.store"),
        name: "SimplifyAffineOp<AffineStoreOp>",
        benefit: 1,
        f: |op, rw: &mut PatternRewriter<'_>| simplify_access(op, rw, 2),
    });
}

pub fn populate_apply(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern {
        root: Some("affine.apply"),
        name: "SimplifyAffineOp<AffineApplyOp>",
        benefit: 1,
        f: simplify_apply,
    });
}
