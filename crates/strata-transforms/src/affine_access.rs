//! What the affine passes (`affine-loop-fusion`, `affine-scalrep`) ask of
//! affine ops, by op name (this crate does not depend on the dialects):
//! constant-bound loops, perfect loop nests, the memref accesses of
//! `affine.load`/`affine.store`, and whether two memrefs may alias.

use strata_ir::affine::{AffineExpr, AffineMap};
use strata_ir::{AttrKind, Block, Body, Context, Op, Value};

pub(crate) fn is(ctx: &Context, body: &Body, op: Op, name: &str) -> bool {
    ctx.op_name_str(body.op_name(op)) == name
}

/// Whether a leaf of a composed access (a value not produced by
/// `affine.apply`: those are composed away) is a valid affine symbol, as
/// MLIR's `isValidSymbol` decides for such a value: it is constant-like,
/// or defined at the top level of the function's region.
pub(crate) fn is_symbol_leaf(ctx: &Context, body: &Body, v: Value) -> bool {
    if body.defining_op(v).is_some_and(|d| strata_ir::fold::is_constant_like(ctx, body, d)) {
        return true;
    }
    body.value_parent_block(v).and_then(|b| body.block_region(b)).is_some_and(|r| body.region_parent_op(r).is_none())
}

pub(crate) fn map_attr<'c>(ctx: &'c Context, body: &Body, op: Op, name: &str) -> Option<&'c AffineMap> {
    match ctx.attr_kind(body.op_attr(ctx, op, name)?) {
        AttrKind::AffineMap(m) => Some(m),
        _ => None,
    }
}

/// `affine.for %iv = lb to ub` with constant bounds, step 1 and no
/// iter_args: `(lb, ub, body block)`.
pub(crate) fn constant_loop(ctx: &Context, body: &Body, op: Op) -> Option<(i64, i64, Block)> {
    if !is(ctx, body, op, "affine.for") || body.num_operands(op) != 0 || body.num_results(op) != 0 {
        return None;
    }
    if body.op_attr(ctx, op, "step").and_then(|a| ctx.as_i64(a)) != Some(1) {
        return None;
    }
    let constant = |name| match map_attr(ctx, body, op, name)?.results.as_slice() {
        [AffineExpr::Constant(c)] => Some(*c),
        _ => None,
    };
    let region = *body.local_regions(op).first()?;
    let block = body.first_block(region)?;
    Some((constant("lowerBoundMap")?, constant("upperBoundMap")?, block))
}

/// A perfect nest of constant loops rooted at `op`.
pub(crate) struct Nest {
    pub loops: Vec<Op>,
    pub bounds: Vec<(i64, i64)>,
    /// Induction variables, outermost first.
    pub ivs: Vec<Value>,
    pub innermost: Block,
}

pub(crate) fn perfect_nest(ctx: &Context, body: &Body, op: Op) -> Option<Nest> {
    let mut nest =
        Nest { loops: Vec::new(), bounds: Vec::new(), ivs: Vec::new(), innermost: constant_loop(ctx, body, op)?.2 };
    let mut cur = op;
    loop {
        let (lb, ub, block) = constant_loop(ctx, body, cur)?;
        nest.loops.push(cur);
        nest.bounds.push((lb, ub));
        nest.ivs.push(*body.block_args(block).first()?);
        nest.innermost = block;
        let ops: Vec<Op> = body.block_ops(block).collect();
        match ops.as_slice() {
            [inner, y] if is(ctx, body, *y, "affine.yield") && constant_loop(ctx, body, *inner).is_some() => {
                cur = *inner
            }
            _ => return Some(nest),
        }
    }
}

/// An `affine.load` or `affine.store`: the memref, the map and its operands.
pub(crate) struct Access<'c> {
    pub memref: Value,
    pub map: &'c AffineMap,
    pub indices: Vec<Value>,
    pub is_store: bool,
}

pub(crate) fn access<'c>(ctx: &'c Context, body: &Body, op: Op) -> Option<Access<'c>> {
    let is_store = is(ctx, body, op, "affine.store");
    if !is_store && !is(ctx, body, op, "affine.load") {
        return None;
    }
    let first = usize::from(is_store);
    let operands = body.operand_vec(op);
    Some(Access {
        memref: *operands.get(first)?,
        map: map_attr(ctx, body, op, "map")?,
        indices: operands[first + 1..].to_vec(),
        is_store,
    })
}

/// The loop level each subscript names when every result of the map is a
/// distinct dim bound to one of `ivs` (a permutation of the nest's
/// variables); `None` otherwise.
pub(crate) fn iv_levels(a: &Access<'_>, ivs: &[Value]) -> Option<Vec<usize>> {
    if a.map.num_symbols != 0 || a.map.results.len() != ivs.len() {
        return None;
    }
    let mut levels = Vec::new();
    for e in &a.map.results {
        let AffineExpr::Dim(d) = e else { return None };
        let v = *a.indices.get(*d as usize)?;
        let level = ivs.iter().position(|&iv| iv == v)?;
        if levels.contains(&level) {
            return None;
        }
        levels.push(level);
    }
    Some(levels)
}

/// Results of distinct `memref.alloc`s never alias; anything else may.
pub(crate) fn may_alias(ctx: &Context, body: &Body, a: Value, b: Value) -> bool {
    if a == b {
        return true;
    }
    let is_alloc = |v| body.defining_op(v).is_some_and(|d| is(ctx, body, d, "memref.alloc"));
    !(is_alloc(a) && is_alloc(b))
}

/// Memrefs an op (and everything nested in it) reads and writes; `None`
/// when some op's effects are not known to be only those.
pub(crate) fn memref_effects(ctx: &Context, body: &Body, op: Op) -> Option<(Vec<Value>, Vec<Value>)> {
    let mut reads = Vec::new();
    let mut writes = Vec::new();
    let mut known = true;
    let mut visit = |o: Op| {
        if let Some(a) = access(ctx, body, o) {
            if a.is_store {
                writes.push(a.memref);
            } else {
                reads.push(a.memref);
            }
        } else if is(ctx, body, o, "memref.dealloc") {
            writes.push(body.operand(o, 0));
        } else if !(is(ctx, body, o, "affine.for")
            || is(ctx, body, o, "affine.yield")
            || is(ctx, body, o, "memref.alloc")
            || strata_ir::effects::is_memory_effect_free(ctx, body, o))
        {
            known = false;
        }
    };
    visit(op);
    for &r in body.local_regions(op) {
        body.walk_region_pre(r, &mut visit);
    }
    known.then_some((reads, writes))
}
