//! `stablehlo-fuse-composites`: finds element-wise sequences that compute
//! a softmax, a layer norm, an RMSNorm, a GELU (erf, tanh or sigmoid
//! form), SiLU / Swish, HardSigmoid, HardSwish, LeakyRelu, ELU or Softplus, and replaces each with
//! `stablehlo.composite "tx8.<name>"` whose decomposition function holds
//! the original sequence (`decomposition.rs`), so the lowering can emit
//! one operator-library call for it.
//!
//! The matchers decide by what a sequence computes, not by how one
//! exporter spelled it: each reads the expression through the algebraic
//! view of `crate::algebra` (operand order, divide vs multiply by a
//! reciprocal, `pow(x, 2)` vs `x * x`, `reduce_add / N` vs `* (1/N)`,
//! folded-away unit scales and zero biases, exact widening converts all
//! look alike), finds the candidate input among the values the expression
//! is built from and checks, with that input held whole, that the whole
//! expression is exactly the operation's. One file per family:
//! `norm.rs` (layer norm, RMSNorm), `softmax.rs`, `gelu.rs` (erf and tanh
//! forms), `activations.rs` (sigmoid-gated: SiLU, sigmoid GELU, Swish;
//! hard: HardSigmoid, HardSwish; leaky: LeakyRelu; elu; softplus), with `stats.rs` (reductions, per-row
//! statistics, per-feature parameters).
//!
//! Composites (operands; `composite_attributes`):
//! - `tx8.softmax` (x; `axis`);
//! - `tx8.layernorm`, `tx8.rmsnorm` (x, gamma?, beta?; `axis` the first
//!   normalised dim, `epsilon`): gamma and beta as the model has them (a
//!   splat one, such as a unit gamma next to a beta, made a constant);
//! - `tx8.gelu` (x; none: erf, `approximate = "tanh"` or `"sigmoid"`);
//! - `tx8.silu` (x), `tx8.swish` (x; `beta`), `tx8.hard_sigmoid` (x;
//!   `alpha`, `beta`), `tx8.hard_swish` (x), `tx8.leaky_relu` (x; `alpha`),
//!   `tx8.elu` (x; `alpha`), `tx8.softplus` (x).
//!
//! Roots are tried last op first, so the largest expression is matched
//! before its parts; an expression with more in it than the operation
//! (a residual add after a norm) is no match at its root, and the op
//! before it is tried in turn.

mod activations;
mod gelu;
mod norm;
mod softmax;
mod stats;

use strata_ir::{Attribute, Body, Context, Diagnostic, Op, OpSpec, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;

use crate::algebra::{sees_through, Leaf, Poly, View};
use crate::decomposition::{
    build_decomposition, is_closed, module_symbols, replace_with_composite, unique_symbol, Outline,
};
use crate::shapes::ranked;

strata_pass::option_free_pass! {
    pub struct FuseComposites;
    argument: "stablehlo-fuse-composites",
    name: "StablehloFuseComposites",
    description: "Recognise softmax, layer norm, RMSNorm, gelu, silu, hard, leaky, elu and softplus activations by what they compute and outline them as stablehlo.composite",
    anchor: Some("builtin.module"),
}

/// Most ops one outlined sequence may hold.
const MAX_OUTLINED_OPS: usize = 256;

/// An operand of a composite found by a matcher.
pub enum Input {
    Value(Value),
    /// A splat constant of this shape (the root's element type), made
    /// when the composite is built: a norm's gamma or beta the model wrote
    /// as a number.
    Splat(f64, Vec<i64>),
}

/// What a matcher found at a root.
pub struct Match {
    pub name: &'static str,
    pub inputs: Vec<Input>,
    pub attributes: Vec<(&'static str, Attribute)>,
}

/// A matcher: the root's value, a view of the function without stops
/// and the root's polynomial in it.
type Matcher = fn(&Context, &Body, Value, &mut View<'_>, &Poly) -> Option<Match>;

const MATCHERS: [Matcher; 8] = [
    norm::match_norm,
    softmax::match_softmax,
    gelu::match_gelu,
    activations::match_sigmoid_gated,
    activations::match_hard,
    activations::match_leaky_relu,
    activations::match_softplus,
    activations::match_elu,
];

impl FuseComposites {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
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
            let is_decomposition = mb
                .op_attr(ctx, f, "sym_name")
                .and_then(|a| ctx.as_string(a))
                .is_some_and(|n| decompositions.iter().any(|d| d.as_bytes() == n));
            if is_decomposition {
                continue;
            }
            let Some(mut fb) = mb.take_nested(f) else { continue };
            let mut ops = vec![];
            fb.walk_pre(&mut |op| ops.push(op));
            for &op in ops.iter().rev() {
                if fb.is_erased(op) || !may_be_root(ctx, &fb, op) {
                    continue;
                }
                let y = fb.result(op, 0);
                let found = {
                    let mut v0 = View::new(ctx, &fb, &[]);
                    let p0 = v0.poly(y);
                    MATCHERS.iter().find_map(|m| m(ctx, &fb, y, &mut v0, &p0))
                };
                let Some(found) = found else { continue };
                let Some(o) = outline(ctx, &mut fb, op, found) else { continue };
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

/// An op whose single float tensor result may end a fused sequence: one
/// the algebra sees through, a clamp (HardSigmoid's last op) or a select
/// (LeakyRelu's).
fn may_be_root(ctx: &Context, body: &Body, op: Op) -> bool {
    if body.num_results(op) != 1 {
        return false;
    }
    let name = ctx.op_name_str(body.op_name(op));
    let Some(short) = name.strip_prefix("stablehlo.") else { return false };
    let float = ranked(ctx, body.value_type(body.result(op, 0))).is_some_and(|(_, e)| ctx.is_float(e));
    float
        && short != "broadcast_in_dim"
        && short != "reshape"
        && (sees_through(short) || matches!(short, "clamp" | "minimum" | "maximum" | "select"))
}

/// Every op from `root` back to `inputs` (the sequence to outline);
/// `None` when that reaches a block argument that is not an input or
/// grows past `MAX_OUTLINED_OPS`. The matchers checked that everything
/// between is the operation, so these are exactly its ops.
fn collect_between(body: &Body, root: Op, inputs: &[Value]) -> Option<Vec<Op>> {
    let mut ops = vec![];
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        if ops.contains(&op) {
            continue;
        }
        ops.push(op);
        if ops.len() > MAX_OUTLINED_OPS {
            return None;
        }
        for v in body.operands(op) {
            if inputs.contains(&v) {
                continue;
            }
            stack.push(body.defining_op(v)?);
        }
    }
    Some(ops)
}

/// The outline of a match at `root`, its splat inputs made constants
/// right before it.
fn outline(ctx: &Context, fb: &mut Body, root: Op, m: Match) -> Option<Outline> {
    let values: Vec<Value> =
        m.inputs.iter().filter_map(|i| if let Input::Value(v) = i { Some(*v) } else { None }).collect();
    let ops = collect_between(fb, root, &values)?;
    let elem = ranked(ctx, fb.value_type(fb.result(root, 0)))?.1;
    let mut inputs = Vec::with_capacity(m.inputs.len());
    for i in m.inputs {
        inputs.push(match i {
            Input::Value(v) => v,
            Input::Splat(c, shape) => {
                let ty = ctx.ranked_tensor_type(&shape, elem);
                let value = crate::dense::splat_f64(ctx, ty, c)?;
                let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), value)]);
                let loc = fb.op_loc(root);
                let c = fb.create_op(OpSpec::new(ctx, "stablehlo.constant", loc).results(&[ty]).attrs(attrs));
                fb.insert_op_before(root, c);
                fb.result(c, 0)
            }
        });
    }
    let o = Outline { name: m.name, inputs, ops, root, attributes: m.attributes };
    is_closed(fb, &o).then_some(o)
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
            if let Some(strata_ir::AttrKind::SymbolRef { root, .. }) =
                fb.op_attr(ctx, op, "decomposition").map(|a| ctx.attr_kind(a))
            {
                names.push(ctx.str(*root).to_string());
            }
        });
    }
    names
}

/// The candidate inputs of an element-wise activation whose inner argument
/// is built at `arg`: the values of its cone at the result's shape `full`
/// that are not splat constants, each with a view stopping at it and its
/// leaf at `full`.
pub(crate) fn elementwise_inputs<'a>(
    ctx: &'a Context,
    body: &'a Body,
    arg: Value,
    full: &[i64],
) -> Vec<(View<'a>, Leaf)> {
    crate::algebra::candidates(ctx, body, arg)
        .into_iter()
        .filter(|&x| stats::shape_of(ctx, body, x) == full)
        .filter_map(|x| {
            let mut v = View::new(ctx, body, &[x]);
            v.splat(x).is_none().then(|| (v, Leaf { value: x, map: crate::algebra::identity_map(full) }))
        })
        .collect()
}
