//! Affine memory dependence between two `affine.load`/`affine.store` ops,
//! as `affine-scalrep` asks it (MLIR's `MemRefAccess::operator==`,
//! `getNumCommonSurroundingLoops` and `checkMemrefAccessDependence`).
//!
//! MLIR decides dependence with integer constraint systems. Here the
//! question "is there a pair of iterations, ordered at loop depth `d`,
//! where both ops touch the same element?" is answered exactly when it can
//! be: terms over symbols shared by both accesses cancel, an equation with
//! a free unit-coefficient term is always solvable, and what remains is
//! decided by enumerating the induction variables of constant-bound loops
//! (with their steps). When that is not possible the answer is "unknown",
//! which every caller treats conservatively.

use rustc_hash::FxHashMap;
use strata_ir::affine::{flatten_affine_expr, simplify_affine_expr, AffineExpr, AffineMap};
use strata_ir::{Body, Context, Op, Value};

use crate::affine_access::{access, is, is_symbol_leaf, map_attr};

/// Enumeration budget: iteration tuples tried before giving up.
const MAX_POINTS: u64 = 1 << 16;

/// The `affine.for` ops around `op`, outermost first (MLIR's
/// `getAffineForIVs`).
pub(crate) fn enclosing_loops(ctx: &Context, body: &Body, op: Op) -> Vec<Op> {
    let mut loops = Vec::new();
    let mut cur = body.parent_op(op);
    while let Some(p) = cur {
        if is(ctx, body, p, "affine.for") {
            loops.push(p);
        }
        cur = body.parent_op(p);
    }
    loops.reverse();
    loops
}

/// MLIR's `getNumCommonSurroundingLoops`.
pub(crate) fn common_loops(ctx: &Context, body: &Body, a: Op, b: Op) -> usize {
    let (la, lb) = (enclosing_loops(ctx, body, a), enclosing_loops(ctx, body, b));
    la.iter().zip(&lb).take_while(|(x, y)| x == y).count()
}

fn remap(e: &AffineExpr, nd: u32, positions: &[usize]) -> AffineExpr {
    let r = |x: &AffineExpr| Box::new(remap(x, nd, positions));
    match e {
        AffineExpr::Dim(i) => AffineExpr::Dim(positions[*i as usize] as u32),
        AffineExpr::Symbol(i) => AffineExpr::Dim(positions[(nd + i) as usize] as u32),
        AffineExpr::Constant(_) => e.clone(),
        AffineExpr::Add(a, b) => AffineExpr::Add(r(a), r(b)),
        AffineExpr::Mul(a, b) => AffineExpr::Mul(r(a), r(b)),
        AffineExpr::Mod(a, b) => AffineExpr::Mod(r(a), r(b)),
        AffineExpr::FloorDiv(a, b) => AffineExpr::FloorDiv(r(a), r(b)),
        AffineExpr::CeilDiv(a, b) => AffineExpr::CeilDiv(r(a), r(b)),
    }
}

/// An `affine.load`/`affine.store` whose subscripts have the expressions
/// of the `affine.apply` ops producing its operands substituted in, as
/// MLIR's `MemRefAccess::getAccessMap` composes them: every operand left
/// is a dim.
pub(crate) struct ComposedAccess {
    pub memref: Value,
    pub is_store: bool,
    pub map: AffineMap,
    pub indices: Vec<Value>,
}

fn substitute(e: &AffineExpr, nd: u32, repl: &[AffineExpr]) -> AffineExpr {
    let r = |x: &AffineExpr| Box::new(substitute(x, nd, repl));
    match e {
        AffineExpr::Dim(i) => repl[*i as usize].clone(),
        AffineExpr::Symbol(i) => repl[(nd + i) as usize].clone(),
        AffineExpr::Constant(_) => e.clone(),
        AffineExpr::Add(a, b) => AffineExpr::Add(r(a), r(b)),
        AffineExpr::Mul(a, b) => AffineExpr::Mul(r(a), r(b)),
        AffineExpr::Mod(a, b) => AffineExpr::Mod(r(a), r(b)),
        AffineExpr::FloorDiv(a, b) => AffineExpr::FloorDiv(r(a), r(b)),
        AffineExpr::CeilDiv(a, b) => AffineExpr::CeilDiv(r(a), r(b)),
    }
}

/// `v` as an expression over leaf values (those not produced by a
/// single-result `affine.apply` or an index constant), appending new
/// leaves.
fn compose_value(ctx: &Context, body: &Body, v: Value, leaves: &mut Vec<Value>) -> AffineExpr {
    // Constant operands are folded in (MLIR canonicalizes the composed
    // access map).
    if let Some(def) = body.defining_op(v).filter(|&d| is(ctx, body, d, "arith.constant")) {
        if let Some(c) = body.op_attr(ctx, def, "value").and_then(|a| ctx.as_i64(a)) {
            return AffineExpr::Constant(c);
        }
    }
    if let Some(def) = body.defining_op(v).filter(|&d| is(ctx, body, d, "affine.apply")) {
        if let Some(m) = map_attr(ctx, body, def, "map").filter(|m| m.results.len() == 1) {
            let operands = body.operand_vec(def);
            if operands.len() == (m.num_dims + m.num_symbols) as usize {
                let repl: Vec<AffineExpr> = operands.iter().map(|&o| compose_value(ctx, body, o, leaves)).collect();
                return substitute(&m.results[0], m.num_dims, &repl);
            }
        }
    }
    let p = match leaves.iter().position(|&l| l == v) {
        Some(p) => p,
        None => {
            leaves.push(v);
            leaves.len() - 1
        }
    };
    AffineExpr::Dim(p as u32)
}

pub(crate) fn composed_access(ctx: &Context, body: &Body, op: Op) -> Option<ComposedAccess> {
    let a = access(ctx, body, op)?;
    if a.indices.len() != (a.map.num_dims + a.map.num_symbols) as usize {
        return None;
    }
    let mut leaves = Vec::new();
    let repl: Vec<AffineExpr> = a.indices.iter().map(|&v| compose_value(ctx, body, v, &mut leaves)).collect();
    let results = a.map.results.iter().map(|e| substitute(e, a.map.num_dims, &repl)).collect();
    Some(ComposedAccess {
        memref: a.memref,
        is_store: a.is_store,
        map: AffineMap { num_dims: leaves.len() as u32, num_symbols: 0, results },
        indices: leaves,
    })
}

/// Positions of `values` in `unified`, appending the ones not yet there.
fn positions(values: &[Value], unified: &mut Vec<Value>) -> Vec<usize> {
    values
        .iter()
        .map(|v| match unified.iter().position(|u| u == v) {
            Some(p) => p,
            None => {
                unified.push(*v);
                unified.len() - 1
            }
        })
        .collect()
}

/// Both ops access the same element of the same memref for all values of
/// their operands (MLIR's `MemRefAccess::operator==`: the difference of the
/// two access maps over their unified operands simplifies to zero). The
/// operands that are valid symbols are symbols of that difference, as in
/// upstream's canonical access maps, so that semi-affine terms divided by
/// them simplify (`(s0 * s0) floordiv s0` is `s0`).
pub(crate) fn same_access(ctx: &Context, body: &Body, a: &ComposedAccess, b: &ComposedAccess) -> bool {
    if a.memref != b.memref || a.map.results.len() != b.map.results.len() {
        return false;
    }
    let mut unified = Vec::new();
    let pa = positions(&a.indices, &mut unified);
    let pb = positions(&b.indices, &mut unified);
    let (mut num_dims, mut num_symbols) = (0u32, 0u32);
    let leaves: Vec<AffineExpr> = unified
        .iter()
        .map(|&v| {
            if is_symbol_leaf(ctx, body, v) {
                num_symbols += 1;
                AffineExpr::Symbol(num_symbols - 1)
            } else {
                num_dims += 1;
                AffineExpr::Dim(num_dims - 1)
            }
        })
        .collect();
    let leaf_of = |positions: &[usize]| positions.iter().map(|&p| leaves[p].clone()).collect::<Vec<_>>();
    let (la, lb) = (leaf_of(&pa), leaf_of(&pb));
    a.map.results.iter().zip(&b.map.results).all(|(x, y)| {
        let diff = substitute(x, a.map.num_dims, &la) - substitute(y, b.map.num_dims, &lb);
        simplify_affine_expr(&diff, num_dims, num_symbols) == AffineExpr::Constant(0)
    })
}

/// `lb`, `ub`, `step` of an `affine.for` with constant bounds.
fn constant_domain(ctx: &Context, body: &Body, for_op: Op) -> Option<(i64, i64, i64)> {
    let constant = |name| match map_attr(ctx, body, for_op, name)?.results.as_slice() {
        [AffineExpr::Constant(c)] => Some(*c),
        _ => None,
    };
    let step = body.op_attr(ctx, for_op, "step").and_then(|a| ctx.as_i64(a))?;
    (step > 0).then_some((constant("lowerBoundMap")?, constant("upperBoundMap")?, step))
}

/// The induction variable of an `affine.for`.
fn induction_variable(body: &Body, for_op: Op) -> Option<Value> {
    let region = *body.local_regions(for_op).first()?;
    body.first_block(region).and_then(|b| body.block_args(b).first().copied())
}

/// One unknown of the dependence system.
struct Var {
    /// Values the variable takes (`lb`, `ub`, `step`), when known.
    domain: Option<(i64, i64, i64)>,
}

/// The unknowns and how each access's operands map onto them.
struct System {
    vars: Vec<Var>,
    /// (value, side) -> variable; side `None` when shared by both ops.
    index: FxHashMap<(Value, Option<u8>), usize>,
    /// Pairs `(s, d)` with `s < d` required.
    ordered: Vec<(usize, usize)>,
}

impl System {
    fn var(&mut self, key: (Value, Option<u8>), domain: Option<(i64, i64, i64)>) -> usize {
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        self.vars.push(Var { domain });
        self.index.insert(key, self.vars.len() - 1);
        self.vars.len() - 1
    }
}

/// Whether `a` (an op before `b` in their common block, at the ancestor
/// level) comes first (MLIR's `srcAppearsBeforeDstInAncestralBlock`).
fn appears_before(body: &Body, a: Op, b: Op) -> bool {
    // Ancestors of `b` that share a block with an ancestor of `a`.
    let mut x = Some(a);
    while let Some(ao) = x {
        let block = body.op_block(ao);
        let mut y = Some(b);
        while let Some(bo) = y {
            if body.op_block(bo) == block {
                let mut cur = body.next_op(ao);
                while let Some(c) = cur {
                    if c == bo {
                        return true;
                    }
                    cur = body.next_op(c);
                }
                return false;
            }
            y = body.parent_op(bo);
        }
        x = body.parent_op(ao);
    }
    false
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn mark_dims(e: &AffineExpr, seen: &mut [bool]) {
    match e {
        AffineExpr::Dim(i) => seen[*i as usize] = true,
        AffineExpr::Symbol(_) | AffineExpr::Constant(_) => {}
        AffineExpr::Add(a, b)
        | AffineExpr::Mul(a, b)
        | AffineExpr::Mod(a, b)
        | AffineExpr::FloorDiv(a, b)
        | AffineExpr::CeilDiv(a, b) => {
            mark_dims(a, seen);
            mark_dims(b, seen);
        }
    }
}

fn floor_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if a.wrapping_rem(b) != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn eval(e: &AffineExpr, nd: u32, operands: &[i64]) -> Option<i64> {
    Some(match e {
        AffineExpr::Dim(i) => operands[*i as usize],
        AffineExpr::Symbol(i) => operands[(nd + i) as usize],
        AffineExpr::Constant(c) => *c,
        AffineExpr::Add(a, b) => eval(a, nd, operands)?.wrapping_add(eval(b, nd, operands)?),
        AffineExpr::Mul(a, b) => eval(a, nd, operands)?.wrapping_mul(eval(b, nd, operands)?),
        AffineExpr::Mod(a, b) => {
            let d = eval(b, nd, operands)?;
            if d <= 0 {
                return None;
            }
            eval(a, nd, operands)?.rem_euclid(d)
        }
        AffineExpr::FloorDiv(a, b) => {
            let d = eval(b, nd, operands)?;
            if d <= 0 {
                return None;
            }
            floor_div(eval(a, nd, operands)?, d)
        }
        AffineExpr::CeilDiv(a, b) => {
            let d = eval(b, nd, operands)?;
            if d <= 0 {
                return None;
            }
            -floor_div(-eval(a, nd, operands)?, d)
        }
    })
}

/// MLIR's `checkMemrefAccessDependence(src, dst, depth)`: `Some(true)`
/// when some iteration of `src` before one of `dst` (ordered at loop
/// `depth`, 1-based; `common + 1` means the same iteration of every common
/// loop) touches the element `dst` touches, `Some(false)` when none does,
/// `None` when this analysis cannot tell.
pub(crate) fn check_dependence(ctx: &Context, body: &Body, src: Op, dst: Op, depth: usize) -> Option<bool> {
    let (a, b) = (composed_access(ctx, body, src)?, composed_access(ctx, body, dst)?);
    if a.memref != b.memref || (!a.is_store && !b.is_store) {
        return Some(false);
    }
    let (la, lb) = (enclosing_loops(ctx, body, src), enclosing_loops(ctx, body, dst));
    let common = la.iter().zip(&lb).take_while(|(x, y)| x == y).count();
    if depth > common && !appears_before(body, src, dst) {
        return Some(false);
    }
    let mut sys = System { vars: Vec::new(), index: FxHashMap::default(), ordered: Vec::new() };
    // Per op: induction variable -> unknown.
    let mut iv_vars: [FxHashMap<Value, usize>; 2] = [FxHashMap::default(), FxHashMap::default()];
    for (side, loops) in [(0u8, &la), (1u8, &lb)] {
        for (k, &l) in loops.iter().enumerate() {
            let iv = induction_variable(body, l)?;
            // Common loops outside the carrying level run the same
            // iteration for both ops; the carrying level and the common
            // loops inside it are separate unknowns per op.
            let key = if k < common && k + 1 >= depth { (iv, Some(side)) } else { (iv, None) };
            let v = sys.var(key, constant_domain(ctx, body, l));
            iv_vars[side as usize].insert(iv, v);
            if side == 1 && k < common && k + 1 == depth {
                let s = iv_vars[0][&iv];
                sys.ordered.push((s, v));
            }
        }
    }
    let operand_vars = |acc: &ComposedAccess, side: usize, sys: &mut System| -> Vec<usize> {
        acc.indices
            .iter()
            .map(|&v| iv_vars[side].get(&v).copied().unwrap_or_else(|| sys.var((v, None), None)))
            .collect()
    };
    let va = operand_vars(&a, 0, &mut sys);
    let vb = operand_vars(&b, 1, &mut sys);
    let nvars = sys.vars.len();
    // Each subscript pair over the unknowns: a linear equation
    // `sum c_v v + c = 0` when the difference flattens without `mod` or
    // division terms (equal ones cancel), else kept for evaluation.
    let mut equations: Vec<Vec<i64>> = Vec::new();
    let mut nonlinear: Vec<(AffineExpr, AffineExpr)> = Vec::new();
    for (x, y) in a.map.results.iter().zip(&b.map.results) {
        let (x, y) = (remap(x, a.map.num_dims, &va), remap(y, b.map.num_dims, &vb));
        let (flat, _) = flatten_affine_expr(&(x.clone() - y.clone()), nvars as u32, 0)?;
        if flat[nvars..flat.len() - 1].iter().any(|&c| c != 0) {
            nonlinear.push((x, y));
        } else {
            let mut eq = flat[..nvars].to_vec();
            eq.push(flat[flat.len() - 1]);
            equations.push(eq);
        }
    }
    let mut in_nonlinear = vec![false; nvars];
    for (x, y) in &nonlinear {
        mark_dims(x, &mut in_nonlinear);
        mark_dims(y, &mut in_nonlinear);
    }
    // GCD test: an equation whose coefficients' gcd does not divide its
    // constant has no integer solution (this covers subscripts that
    // differ by a non-zero constant).
    if equations.iter().any(|eq| {
        let g = eq[..nvars].iter().fold(0u64, |g, &c| gcd(g, c.unsigned_abs()));
        if g == 0 {
            eq[nvars] != 0
        } else {
            eq[nvars].unsigned_abs() % g != 0
        }
    }) {
        return Some(false);
    }
    // An equation holding an unbounded unknown with coefficient +-1 that
    // appears nowhere else can always be satisfied, and so can one over
    // such unknowns only (it passed the GCD test).
    let ordered_vars: Vec<usize> = sys.ordered.iter().flat_map(|&(s, d)| [s, d]).collect();
    let exclusive = |equations: &[Vec<i64>], i: usize, v: usize| {
        sys.vars[v].domain.is_none()
            && !in_nonlinear[v]
            && !ordered_vars.contains(&v)
            && equations.iter().enumerate().all(|(j, eq)| j == i || eq[v] == 0)
    };
    while let Some(i) = (0..equations.len()).find(|&i| {
        let eq = &equations[i];
        (0..nvars).any(|v| eq[v].abs() == 1 && exclusive(&equations, i, v))
            || (0..nvars).all(|v| eq[v] == 0 || exclusive(&equations, i, v))
    }) {
        equations.remove(i);
    }
    // Enumerate the bounded unknowns the remaining constraints involve.
    let involved: Vec<usize> = (0..nvars)
        .filter(|&v| {
            in_nonlinear[v]
                || equations.iter().any(|eq| eq[v] != 0)
                || sys.ordered.iter().any(|&(s, d)| s == v || d == v)
        })
        .collect();
    let mut ranges = Vec::new();
    let mut points: u64 = 1;
    for &v in &involved {
        let (lb, ub, step) = sys.vars[v].domain?;
        let n = if ub > lb { ((ub - lb + step - 1) / step) as u64 } else { 0 };
        if n == 0 {
            return Some(false);
        }
        points = points.saturating_mul(n);
        ranges.push((lb, step, n));
    }
    if points > MAX_POINTS {
        return None;
    }
    let mut values = vec![0i64; nvars];
    for p in 0..points {
        let mut rest = p;
        for (k, &v) in involved.iter().enumerate() {
            let (lb, step, n) = ranges[k];
            values[v] = lb + step * (rest % n) as i64;
            rest /= n;
        }
        if sys.ordered.iter().any(|&(s, d)| values[s] >= values[d]) {
            continue;
        }
        let holds = equations.iter().all(|eq| {
            eq[..nvars].iter().zip(&values).fold(eq[nvars], |acc, (c, x)| acc.wrapping_add(c.wrapping_mul(*x))) == 0
        });
        let holds = holds && {
            let mut all = true;
            for (x, y) in &nonlinear {
                match (eval(x, nvars as u32, &values), eval(y, nvars as u32, &values)) {
                    (Some(p), Some(q)) if p == q => {}
                    (Some(_), Some(_)) => {
                        all = false;
                        break;
                    }
                    _ => return None,
                }
            }
            all
        };
        if holds {
            return Some(true);
        }
    }
    Some(false)
}
