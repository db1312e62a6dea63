//! `stablehlo-fuse-composites`: finds the decomposed softmax, layer norm
//! and GELU (erf and tanh forms) sequences, as JAX emits them (and the ONNX importer after
//! it), and replaces each with `stablehlo.composite "tx8.softmax" |
//! "tx8.layernorm" | "tx8.gelu"` whose decomposition function holds the
//! original sequence (`decomposition.rs`).
//!
//! Shapes of a sequence:
//! - softmax: `e = exp(x - B(reduce_max(x)))`, `e / B(reduce_add(e))`
//!   (attributes: `axis`);
//! - layer norm: `m = B(reduce_add(x) / N)`, `c = x - m`,
//!   `r = B(rsqrt(reduce_add(c * c) / N + eps))`, `c * r * G(gamma) [+ G(beta)]`
//!   (or `c / B(sqrt(...))`; `* (1/N)` for `/ N`)
//!   (attributes: `axis` (first normalized dimension), `epsilon`);
//! - gelu: any product of `x`, `1 + erf(x * k)` (or `x / s`) and splat
//!   constants equal to `0.5 * x * (1 + erf(x / sqrt(2)))`; or of `x`,
//!   `1 + tanh(k * (x + c * x^3))` and splat constants equal to GPT-2's
//!   `0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))`, the cube
//!   `power(x, 3)` or `x * x * x` (attributes: `approximate = "tanh"`).
//!
//! `B(...)` is a chain of `broadcast_in_dim` / `reshape` that takes the
//! reduced value back to the input's shape along the reduced dimensions
//! (checked dimension by dimension); splat constants may be written as a
//! broadcast of a scalar constant. Reductions must be single-input with
//! the `add` / `maximum` reducer and a 0 / -inf (or lowest) init value.

use strata_ir::{Attribute, Body, Context, Diagnostic, Op, Value};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;

use crate::decomposition::{build_decomposition, is_closed, module_symbols, replace_with_composite, unique_symbol, Outline};
use crate::shapes::ranked;

pub const INFO: PassInfo = PassInfo {
    argument: "stablehlo-fuse-composites",
    description: "Recognise decomposed softmax, layer norm and gelu and outline them as stablehlo.composite",
    options: &[],
    ctor: |opts| {
        opts.apply("stablehlo-fuse-composites", |_, _| None)?;
        Ok(Box::new(FuseComposites))
    },
};

pub struct FuseComposites;

impl Pass for FuseComposites {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "StablehloFuseComposites"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let mb = &mut *target.body;
        let Some(&root) = mb.root_regions().first() else { return Ok(PreservedAnalyses::unless_changed(false)) };
        let Some(module_block) = mb.first_block(root) else { return Ok(PreservedAnalyses::unless_changed(false)) };
        let func_name = ctx.op_name("func.func");
        let funcs: Vec<Op> = mb.block_ops(module_block).filter(|&op| mb.op_name(op) == func_name).collect();
        let decompositions = decomposition_symbols(ctx, mb, &funcs);
        let mut symbols = module_symbols(ctx, mb, module_block);
        let mut changed = false;
        for f in funcs {
            // A decomposition holds the sequence on purpose: fusing it again
            // would nest composites on every run of the pass.
            let is_decomposition = mb.op_attr(ctx, f, "sym_name").and_then(|a| ctx.as_string(a)).is_some_and(|n| decompositions.iter().any(|d| d.as_bytes() == n));
            if is_decomposition {
                continue;
            }
            let Some(mut fb) = mb.take_nested(f) else { continue };
            let mut ops = vec![];
            fb.walk_pre(&mut |op| ops.push(op));
            // Last first: the largest expression is matched before its parts.
            for &op in ops.iter().rev() {
                if fb.is_erased(op) {
                    continue;
                }
                let Some(mut o) = match_layernorm(ctx, &fb, op).or_else(|| match_softmax(ctx, &fb, op)).or_else(|| match_gelu(ctx, &fb, op)) else {
                    continue;
                };
                // Shared constants (one init value for two reductions) are
                // found more than once.
                let mut unique = Vec::with_capacity(o.ops.len());
                for &x in &o.ops {
                    if !unique.contains(&x) {
                        unique.push(x);
                    }
                }
                o.ops = unique;
                if !is_closed(&fb, &o) {
                    continue;
                }
                let sym = unique_symbol(&mut symbols, &format!("{}.impl", o.name));
                let func = build_decomposition(ctx, mb, &fb, &o, &sym);
                mb.append_op(module_block, func);
                replace_with_composite(ctx, &mut fb, &o, &sym);
                changed = true;
            }
            mb.put_nested(f, fb);
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// Names of the functions the module's composites decompose into.
fn decomposition_symbols(ctx: &Context, mb: &Body, funcs: &[Op]) -> Vec<String> {
    let composite = ctx.op_name("stablehlo.composite");
    let mut names = vec![];
    for &f in funcs {
        let Some(fb) = mb.nested(f) else { continue };
        fb.walk_pre(&mut |op| {
            if fb.op_name(op) != composite {
                return;
            }
            if let Some(strata_ir::AttrKind::SymbolRef { root, .. }) = fb.op_attr(ctx, op, "decomposition").map(|a| ctx.attr_kind(a)) {
                names.push(ctx.str(*root).to_string());
            }
        });
    }
    names
}

// ---- matching helpers ----

fn op_is(ctx: &Context, body: &Body, op: Op, short: &str) -> bool {
    ctx.op_name_str(body.op_name(op)).strip_prefix("stablehlo.") == Some(short)
}

/// The defining op of `v` when it is `stablehlo.<short>`.
fn def_is(ctx: &Context, body: &Body, v: Value, short: &str) -> Option<Op> {
    body.defining_op(v).filter(|&d| op_is(ctx, body, d, short))
}

/// The value of a splat constant, possibly broadcast / reshaped / converted
/// from a scalar constant; the ops that make it go to `ops`.
fn splat_const(ctx: &Context, body: &Body, v: Value, ops: &mut Vec<Op>) -> Option<f64> {
    let d = body.defining_op(v)?;
    let name = ctx.op_name_str(body.op_name(d));
    match name {
        "stablehlo.constant" => {
            let x = crate::dense::splat_value(ctx, body.op_attr(ctx, d, "value")?)?;
            ops.push(d);
            Some(x)
        }
        "stablehlo.broadcast_in_dim" | "stablehlo.reshape" | "stablehlo.convert" => {
            let x = splat_const(ctx, body, body.operand(d, 0), ops)?;
            ops.push(d);
            Some(x)
        }
        _ => None,
    }
}

/// The two operands of a binary op, in both orders for commutative ones.
fn operand_orders(ctx: &Context, body: &Body, op: Op) -> Vec<(Value, Value)> {
    let (a, b) = (body.operand(op, 0), body.operand(op, 1));
    if op_is(ctx, body, op, "add") || op_is(ctx, body, op, "multiply") {
        vec![(a, b), (b, a)]
    } else {
        vec![(a, b)]
    }
}

/// A reduction `reduce(input init: c) applies <reducer>`: (input, dims).
fn reduction(ctx: &Context, body: &Body, v: Value, reducer: &str, ops: &mut Vec<Op>) -> Option<(Value, Vec<i64>)> {
    let r = def_is(ctx, body, v, "reduce")?;
    if body.num_operands(r) != 2 || body.num_results(r) != 1 {
        return None;
    }
    let (rb, regions) = body.regions_of(r);
    let block = rb.first_block(*regions.first()?)?;
    let inner = rb.first_op(block)?;
    let ret = rb.next_op(inner)?;
    let args = rb.block_args(block);
    if !op_is(ctx, rb, inner, reducer) || rb.operand_vec(inner).as_slice() != args || rb.operand_vec(ret).as_slice() != [rb.result(inner, 0)] || rb.next_op(ret).is_some() {
        return None;
    }
    let mut init_ops = vec![];
    let init = splat_const(ctx, body, body.operand(r, 1), &mut init_ops)?;
    let ok = match reducer {
        "add" => init == 0.0,
        "maximum" => init == f64::NEG_INFINITY || init <= -3.0e38,
        _ => false,
    };
    if !ok {
        return None;
    }
    ops.extend(init_ops);
    ops.push(r);
    Some((body.operand(r, 0), crate::verify::i64_array_of(ctx, body, r, "dimensions")?))
}

/// Follows a `broadcast_in_dim` / `reshape` chain back from `v`; returns
/// the chain's source and its ops (source side first).
fn chain(ctx: &Context, body: &Body, v: Value) -> (Value, Vec<Op>) {
    let mut cur = v;
    let mut ops = vec![];
    while let Some(d) = body.defining_op(cur) {
        if !(op_is(ctx, body, d, "broadcast_in_dim") || op_is(ctx, body, d, "reshape")) {
            break;
        }
        ops.push(d);
        cur = body.operand(d, 0);
    }
    ops.reverse();
    (cur, ops)
}

/// For each dimension of the value after `ops` (a chain, source first,
/// possibly with shape-preserving elementwise ops in between), the source
/// dimension it carries, or `None` where it was broadcast (or is size 1).
fn dim_map(ctx: &Context, body: &Body, source_rank: usize, ops: &[Op]) -> Option<Vec<Option<usize>>> {
    let mut map: Vec<Option<usize>> = (0..source_rank).map(Some).collect();
    for &op in ops {
        let in_shape = ranked(ctx, body.value_type(body.operand(op, 0)))?.0.to_vec();
        let out_shape = ranked(ctx, body.value_type(body.result(op, 0)))?.0.to_vec();
        if op_is(ctx, body, op, "broadcast_in_dim") {
            let dims = crate::verify::i64_array_of(ctx, body, op, "broadcast_dimensions")?;
            let mut next = vec![None; out_shape.len()];
            for (i, &d) in dims.iter().enumerate() {
                let d = d as usize;
                next[d] = if in_shape[i] == out_shape[d] { map[i] } else { None };
            }
            map = next;
        } else if op_is(ctx, body, op, "reshape") {
            // Only reshapes that insert or drop size-1 dimensions keep a
            // meaning per dimension.
            let real_in: Vec<usize> = (0..in_shape.len()).filter(|&k| in_shape[k] != 1).collect();
            let real_out: Vec<usize> = (0..out_shape.len()).filter(|&k| out_shape[k] != 1).collect();
            if real_in.len() != real_out.len() || real_in.iter().zip(&real_out).any(|(&a, &b)| in_shape[a] != out_shape[b]) {
                return None;
            }
            let mut next = vec![None; out_shape.len()];
            for (&a, &b) in real_in.iter().zip(&real_out) {
                next[b] = map[a];
            }
            map = next;
        } else if in_shape != out_shape {
            return None;
        }
    }
    Some(map)
}

/// Whether `ops` take a value reduced over `axes` of `full` back to
/// `full`'s shape, each kept dimension landing where it came from.
fn broadcasts_back(ctx: &Context, body: &Body, full: &[i64], axes: &[i64], ops: &[Op], end: Value) -> bool {
    if ranked(ctx, body.value_type(end)).map(|r| r.0) != Some(full) {
        return false;
    }
    let kept: Vec<usize> = (0..full.len()).filter(|k| !axes.contains(&(*k as i64))).collect();
    let Some(map) = dim_map(ctx, body, kept.len(), ops) else { return false };
    (0..full.len()).all(|k| {
        if full[k] == 1 {
            return true;
        }
        match map[k] {
            None => axes.contains(&(k as i64)),
            Some(j) => kept.get(j) == Some(&k),
        }
    })
}

/// A statistic of `x` used at `x`'s shape: a reduction, then scalar steps
/// (`/ N`, `+ eps`, `rsqrt`, in `steps`, each with its constant), with
/// broadcast/reshape chains anywhere after the reduction.
struct Stat {
    input: Value,
    axes: Vec<i64>,
    /// (`divide` | `add` | `rsqrt`, constant) in order from the reduction.
    steps: Vec<(&'static str, f64)>,
}

fn stat_at_full_shape(ctx: &Context, body: &Body, v: Value, reducer: &str, full: &[i64], ops: &mut Vec<Op>) -> Option<Stat> {
    let mut path = vec![];
    let mut steps = vec![];
    let mut cur = v;
    loop {
        let d = body.defining_op(cur)?;
        if op_is(ctx, body, d, "broadcast_in_dim") || op_is(ctx, body, d, "reshape") {
            path.push(d);
            cur = body.operand(d, 0);
        } else if op_is(ctx, body, d, "rsqrt") || op_is(ctx, body, d, "sqrt") {
            path.push(d);
            steps.push((if op_is(ctx, body, d, "rsqrt") { "rsqrt" } else { "sqrt" }, 0.0));
            cur = body.operand(d, 0);
        } else if op_is(ctx, body, d, "divide") || op_is(ctx, body, d, "add") || op_is(ctx, body, d, "multiply") {
            // A splat constant on the right (or either side of add and
            // multiply); `* c` counts as `/ (1 / c)`.
            let commutes = !op_is(ctx, body, d, "divide");
            let mut c_ops = vec![];
            let c = splat_const(ctx, body, body.operand(d, 1), &mut c_ops)
                .map(|c| (c, 0))
                .or_else(|| if commutes { splat_const(ctx, body, body.operand(d, 0), &mut c_ops).map(|c| (c, 1)) } else { None })?;
            ops.extend(c_ops);
            path.push(d);
            steps.push(match () {
                _ if op_is(ctx, body, d, "add") => ("add", c.0),
                _ if op_is(ctx, body, d, "multiply") => ("divide", 1.0 / c.0),
                _ => ("divide", c.0),
            });
            cur = body.operand(d, c.1);
        } else {
            break;
        }
    }
    let (input, axes) = reduction(ctx, body, cur, reducer, ops)?;
    path.reverse();
    steps.reverse();
    if !broadcasts_back(ctx, body, full, &axes, &path, v) {
        return None;
    }
    ops.extend(path);
    Some(Stat { input, axes, steps })
}

fn shape_of<'c>(ctx: &'c Context, body: &Body, v: Value) -> Option<&'c [i64]> {
    ranked(ctx, body.value_type(v)).map(|r| r.0)
}

fn count(full: &[i64], axes: &[i64]) -> f64 {
    axes.iter().map(|&a| full[a as usize] as f64).product()
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs().max(1e-30)
}

fn i64_attr(ctx: &Context, v: i64) -> Attribute {
    ctx.integer_attr(ctx.i64(), v)
}

// ---- softmax ----

fn match_softmax(ctx: &Context, body: &Body, root: Op) -> Option<Outline> {
    if !op_is(ctx, body, root, "divide") {
        return None;
    }
    let mut ops = vec![root];
    let e = body.operand(root, 0);
    let exp = def_is(ctx, body, e, "exponential")?;
    let sub = def_is(ctx, body, body.operand(exp, 0), "subtract")?;
    let x = body.operand(sub, 0);
    let full = shape_of(ctx, body, x)?.to_vec();
    let max = stat_at_full_shape(ctx, body, body.operand(sub, 1), "maximum", &full, &mut ops)?;
    let sum = stat_at_full_shape(ctx, body, body.operand(root, 1), "add", &full, &mut ops)?;
    if max.input != x || sum.input != e || max.axes != sum.axes || max.axes.len() != 1 || !max.steps.is_empty() || !sum.steps.is_empty() {
        return None;
    }
    ops.extend([exp, sub]);
    Some(Outline { name: "tx8.softmax", inputs: vec![x], ops, root, attributes: vec![("axis", i64_attr(ctx, max.axes[0]))] })
}

// ---- layer norm ----

/// `n * G(gamma)` with `G` a broadcast chain of `gamma` (or `gamma` at full
/// shape): (n, gamma source).
fn scaled_by(ctx: &Context, body: &Body, op: Op, ops: &mut Vec<Op>, accept: impl Fn(Value) -> bool) -> Option<(Value, Value)> {
    for (a, b) in operand_orders(ctx, body, op) {
        if !accept(a) {
            continue;
        }
        let (src, chain_ops) = chain(ctx, body, b);
        ops.extend(chain_ops);
        return Some((a, src));
    }
    None
}

/// `(x - mean) * B(rsqrt(var + eps))` or `(x - mean) / B(sqrt(var + eps))`
/// with `mean` and `var` means over the same trailing dimensions:
/// (x, axes, eps).
fn normalized(ctx: &Context, body: &Body, v: Value, ops: &mut Vec<Op>) -> Option<(Value, Vec<i64>, f64)> {
    let m = body.defining_op(v)?;
    let (pairs, root_step) = if op_is(ctx, body, m, "multiply") {
        (operand_orders(ctx, body, m), "rsqrt")
    } else if op_is(ctx, body, m, "divide") {
        (vec![(body.operand(m, 0), body.operand(m, 1))], "sqrt")
    } else {
        return None;
    };
    for (c, r) in pairs {
        let Some(sub) = def_is(ctx, body, c, "subtract") else { continue };
        let x = body.operand(sub, 0);
        let Some(full) = shape_of(ctx, body, x).map(|s| s.to_vec()) else { continue };
        let mut local = vec![m, sub];
        let Some(mean) = stat_at_full_shape(ctx, body, body.operand(sub, 1), "add", &full, &mut local) else { continue };
        let Some(inv) = stat_at_full_shape(ctx, body, r, "add", &full, &mut local) else { continue };
        let Some(sq) = def_is(ctx, body, inv.input, "multiply") else { continue };
        if body.operand(sq, 0) != c || body.operand(sq, 1) != c || mean.input != x || mean.axes != inv.axes {
            continue;
        }
        let n = count(&full, &mean.axes);
        let [("divide", n1)] = mean.steps.as_slice() else { continue };
        let [("divide", n2), ("add", eps), (last, _)] = inv.steps.as_slice() else { continue };
        if *last != root_step || !close(*n1, n, 1e-6) || !close(*n2, n, 1e-6) {
            continue;
        }
        // The normalized dimensions must be the trailing ones (ONNX axis).
        let first = mean.axes.iter().copied().min()?;
        if mean.axes.len() as i64 != full.len() as i64 - first || (first..full.len() as i64).any(|a| !mean.axes.contains(&a)) {
            continue;
        }
        local.push(sq);
        ops.extend(local);
        return Some((x, mean.axes.clone(), *eps));
    }
    None
}

fn match_layernorm(ctx: &Context, body: &Body, root: Op) -> Option<Outline> {
    let mut ops = vec![root];
    // Optional bias: root = scaled + B(beta).
    let (scaled_op, beta) = if op_is(ctx, body, root, "add") {
        let (s, beta) = scaled_by(ctx, body, root, &mut ops, |a| def_is(ctx, body, a, "multiply").is_some())?;
        (body.defining_op(s)?, Some(beta))
    } else if op_is(ctx, body, root, "multiply") {
        (root, None)
    } else {
        return None;
    };
    if scaled_op != root {
        ops.push(scaled_op);
    }
    let mut tail = vec![];
    let normalized_op = |a: Value| def_is(ctx, body, a, "multiply").or_else(|| def_is(ctx, body, a, "divide")).is_some();
    let (n, gamma) = scaled_by(ctx, body, scaled_op, &mut tail, normalized_op)?;
    ops.extend(tail);
    let (x, axes, eps) = normalized(ctx, body, n, &mut ops)?;
    let mut inputs = vec![x, gamma];
    inputs.extend(beta);
    let eps_attr = ctx.f64_attr(ctx.f32(), eps);
    Some(Outline { name: "tx8.layernorm", inputs, ops, root, attributes: vec![("axis", i64_attr(ctx, axes[0])), ("epsilon", eps_attr)] })
}

// ---- gelu ----

/// Collects the factors of a product of multiplies / divides-by-constant:
/// the scalar coefficient, the non-constant leaves.
fn product(ctx: &Context, body: &Body, v: Value, coeff: &mut f64, leaves: &mut Vec<Value>, ops: &mut Vec<Op>, depth: usize) -> Option<()> {
    if depth > 8 {
        return None;
    }
    let mut c_ops = vec![];
    if let Some(c) = splat_const(ctx, body, v, &mut c_ops) {
        *coeff *= c;
        ops.extend(c_ops);
        return Some(());
    }
    match body.defining_op(v) {
        Some(d) if op_is(ctx, body, d, "multiply") => {
            ops.push(d);
            product(ctx, body, body.operand(d, 0), coeff, leaves, ops, depth + 1)?;
            product(ctx, body, body.operand(d, 1), coeff, leaves, ops, depth + 1)
        }
        Some(d) if op_is(ctx, body, d, "divide") => {
            let mut c_ops = vec![];
            let c = splat_const(ctx, body, body.operand(d, 1), &mut c_ops)?;
            ops.push(d);
            ops.extend(c_ops);
            *coeff /= c;
            product(ctx, body, body.operand(d, 0), coeff, leaves, ops, depth + 1)
        }
        _ => {
            leaves.push(v);
            Some(())
        }
    }
}

/// `1 + erf(x * k)`: (x, k).
fn one_plus_erf(ctx: &Context, body: &Body, v: Value, ops: &mut Vec<Op>) -> Option<(Value, f64)> {
    let add = def_is(ctx, body, v, "add")?;
    for (one, e) in operand_orders(ctx, body, add) {
        let mut c_ops = vec![];
        if splat_const(ctx, body, one, &mut c_ops) != Some(1.0) {
            continue;
        }
        let Some(erf) = body.defining_op(e).filter(|&d| ctx.op_name_str(body.op_name(d)) == "chlo.erf") else { continue };
        let mut k = 1.0;
        let mut leaves = vec![];
        let mut inner = vec![];
        product(ctx, body, body.operand(erf, 0), &mut k, &mut leaves, &mut inner, 0)?;
        let [x] = leaves.as_slice() else { continue };
        ops.extend(c_ops);
        ops.extend(inner);
        ops.extend([add, erf]);
        return Some((*x, k));
    }
    None
}

/// `power(x, 3)`: x.
fn power_cube(ctx: &Context, body: &Body, v: Value, ops: &mut Vec<Op>) -> Option<Value> {
    let p = def_is(ctx, body, v, "power")?;
    let mut c_ops = vec![];
    (splat_const(ctx, body, body.operand(p, 1), &mut c_ops) == Some(3.0)).then(|| {
        ops.extend(c_ops);
        ops.push(p);
        body.operand(p, 0)
    })
}

/// `1 + tanh(k * (x + c * x^3))` (GPT-2's gelu_new): (x, k, c).
fn one_plus_tanh(ctx: &Context, body: &Body, v: Value, ops: &mut Vec<Op>) -> Option<(Value, f64, f64)> {
    let add = def_is(ctx, body, v, "add")?;
    for (one, t) in operand_orders(ctx, body, add) {
        let mut local = vec![];
        if splat_const(ctx, body, one, &mut local) != Some(1.0) {
            continue;
        }
        let Some(tanh) = def_is(ctx, body, t, "tanh") else { continue };
        let (mut k, mut leaves) = (1.0, vec![]);
        product(ctx, body, body.operand(tanh, 0), &mut k, &mut leaves, &mut local, 0)?;
        let [inner] = leaves.as_slice() else { continue };
        let Some(sum) = def_is(ctx, body, *inner, "add") else { continue };
        for (x, term) in operand_orders(ctx, body, sum) {
            let mut mine = local.clone();
            let (mut c, mut cubed) = (1.0, vec![]);
            if product(ctx, body, term, &mut c, &mut cubed, &mut mine, 0).is_none() {
                continue;
            }
            // The product flattens x * x * x into three leaves; a power
            // stays one.
            let cubes = match cubed.as_slice() {
                [p, q, r] => *p == x && *q == x && *r == x,
                [x3] => power_cube(ctx, body, *x3, &mut mine) == Some(x),
                _ => false,
            };
            if !cubes {
                continue;
            }
            ops.extend(mine);
            ops.extend([add, tanh, sum]);
            return Some((x, k, c));
        }
    }
    None
}

fn match_gelu(ctx: &Context, body: &Body, root: Op) -> Option<Outline> {
    if !(op_is(ctx, body, root, "multiply") || op_is(ctx, body, root, "divide")) {
        return None;
    }
    let mut coeff = 1.0;
    let mut leaves = vec![];
    let mut ops = vec![];
    product(ctx, body, body.result(root, 0), &mut coeff, &mut leaves, &mut ops, 0)?;
    let [a, b] = leaves.as_slice() else { return None };
    for (x, t) in [(*a, *b), (*b, *a)] {
        let mut local = vec![];
        let Some((xe, k)) = one_plus_erf(ctx, body, t, &mut local) else { continue };
        if xe != x || !close(coeff, 0.5, 1e-6) || !close(k, std::f64::consts::FRAC_1_SQRT_2, 1e-3) {
            continue;
        }
        ops.extend(local);
        return Some(Outline { name: "tx8.gelu", inputs: vec![x], ops, root, attributes: vec![] });
    }
    for (x, t) in [(*a, *b), (*b, *a)] {
        let mut local = vec![];
        let Some((xt, k, c)) = one_plus_tanh(ctx, body, t, &mut local) else { continue };
        if xt != x || !close(coeff, 0.5, 1e-6) || !close(k, (2.0 / std::f64::consts::PI).sqrt(), 1e-3) || !close(c, 0.044715, 1e-3) {
            continue;
        }
        ops.extend(local);
        return Some(Outline { name: "tx8.gelu", inputs: vec![x], ops, root, attributes: vec![("approximate", ctx.string_attr("tanh"))] });
    }
    None
}
