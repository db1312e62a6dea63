//! `tx8be-merge-sibling-gemms`: GEMMs that read the same activations with
//! constant weights become one GEMM over the weights side by side, and
//! each former result a slice of its output.
//!
//! A BERT layer projects its input three times (query, key, value), each
//! a group that reads the whole input from DDR and streams its own
//! weights; merged, the input is read once, the card works on one N of
//! three times the width, and the slices are free: each feeds only the
//! split into heads (reshape, transpose), so `tx8be-load-views` turns the
//! slices into views the attention's loads read through. GPT-2 exports
//! its projection merged already (`c_attn`, then `Split`).
//!
//! Merged: `tx8be.Gemm` ops of one block with the same first operand (or
//! reshapes of one value to one type), no
//! transposed operands and no activation, whose weights are 2-D
//! `tx8be.const`s with one K and element type, with f32 constant biases
//! all or none, and whose results only reshapes or transposes read (an
//! epilogue op would lose its group with the GEMM). The merged weights and
//! bias are new constants (values copied, exact); the merged GEMM sits
//! where the first one was, the slices right after it.
//!
//! Runs after `tx8be-fold-constants` (biases folded into the GEMMs),
//! before the layout passes.

use strata_ir::{Body, Context, Diagnostic, Op, OpSpec, Value};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;
use strata_stablehlo::attrs::i64_array_attr;
use tx8be::dialect::ops::{op_kind, OpKind};

use crate::dense::ConstTensor;
use crate::fold_constants::{const_value, new_const};
use tx8be::schedule::groups::entry_ops;

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-merge-sibling-gemms",
    description:
        "Merge GEMMs of one input and constant weights into one GEMM whose output slices feed the former readers",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-merge-sibling-gemms", |_, _| None)?;
        Ok(Box::new(MergeSiblingGemms))
    },
};

pub struct MergeSiblingGemms;

/// A GEMM that may merge: its weights ([K, N]) and its bias (if any).
struct Sibling {
    op: Op,
    weights: ConstTensor,
    bias: Option<ConstTensor>,
}

impl Sibling {
    fn n(&self) -> i64 {
        self.weights.dims[1]
    }
}

/// The value under `v`'s reshapes.
fn through_reshapes(ctx: &Context, body: &Body, mut v: Value) -> Value {
    while let Some(d) = body.defining_op(v).filter(|&d| op_kind(ctx, body, d) == Some(OpKind::Reshape)) {
        v = body.operand(d, 0);
    }
    v
}

fn sibling(ctx: &Context, body: &Body, op: Op) -> Option<Sibling> {
    if op_kind(ctx, body, op) != Some(OpKind::Gemm) || !(2..=3).contains(&body.num_operands(op)) {
        return None;
    }
    // Plain operands and no activation: the merged op says the same for all.
    for flag in ["trans_a", "trans_b"] {
        if tx8be::dialect::values::attr_bool(ctx, body, op, flag).unwrap_or(false) {
            return None;
        }
    }
    if body.op_attr(ctx, op, "activation").is_some() {
        return None;
    }
    // Only reshapes and transposes read it (the split into heads): checked
    // before the weights are read as numbers.
    let r = body.result(op, 0);
    if body.uses(r).any(|(u, _)| !matches!(op_kind(ctx, body, u), Some(OpKind::Reshape | OpKind::Transpose))) {
        return None;
    }
    let weights = const_value(ctx, body, body.operand(op, 1))?;
    if weights.dims.len() != 2 {
        return None;
    }
    let bias = match body.num_operands(op) {
        3 => Some(const_value(ctx, body, body.operand(op, 2)).filter(|b| b.dims == [weights.dims[1]])?),
        _ => None,
    };
    Some(Sibling { op, weights, bias })
}

/// `parts` side by side along the last dim (each [rows, n_i] row-major).
fn side_by_side(parts: &[&ConstTensor], rows: i64) -> ConstTensor {
    let total: i64 = parts.iter().map(|p| *p.dims.last().unwrap_or(&1)).sum();
    // Each part's values once (a splat expanded), then row by row.
    let all: Vec<(usize, Vec<f64>)> =
        parts.iter().map(|p| (*p.dims.last().unwrap_or(&1) as usize, p.expanded())).collect();
    let mut values = Vec::with_capacity((rows * total) as usize);
    for r in 0..rows as usize {
        for (n, v) in &all {
            values.extend_from_slice(&v[r * n..(r + 1) * n]);
        }
    }
    let mut dims = parts[0].dims.clone();
    *dims.last_mut().expect("rank >= 1") = total;
    ConstTensor { dims, elem: parts[0].elem, values, splat: false }
}

fn merge(ctx: &Context, body: &mut Body, group: &[Sibling]) {
    let first = group[0].op;
    let a = body.operand(first, 0);
    let k = group[0].weights.dims[0];
    let weights = side_by_side(&group.iter().map(|s| &s.weights).collect::<Vec<_>>(), k);
    let w = new_const(ctx, body, &weights, first, first);
    let mut operands = vec![a, w];
    if group[0].bias.is_some() {
        let biases: Vec<&ConstTensor> = group.iter().filter_map(|s| s.bias.as_ref()).collect();
        operands.push(new_const(ctx, body, &side_by_side(&biases, 1), first, first));
    }
    let out0 = body.value_type(body.result(first, 0));
    let mut out_dims = ctx.shape(out0).unwrap_or(&[]).to_vec();
    let total: i64 = group.iter().map(Sibling::n).sum();
    *out_dims.last_mut().expect("a GEMM result has rank >= 2") = total;
    let elem = ctx.element_type(out0).unwrap_or(out0);
    let merged = body.create_op(
        OpSpec::new(ctx, OpKind::Gemm.name(), body.op_loc(first))
            .operands(&operands)
            .results(&[ctx.ranked_tensor_type(&out_dims, elem)]),
    );
    body.insert_op_before(first, merged);
    let mv = body.result(merged, 0);
    let rank = out_dims.len();
    let mut at = 0i64;
    let mut after = merged;
    for s in group {
        let r = body.result(s.op, 0);
        let mut starts = vec![0i64; rank];
        starts[rank - 1] = at;
        let mut limits = out_dims.clone();
        limits[rank - 1] = at + s.n();
        let attrs = ctx.dictionary(vec![
            (ctx.intern_str("limits"), i64_array_attr(ctx, &limits)),
            (ctx.intern_str("starts"), i64_array_attr(ctx, &starts)),
            (ctx.intern_str("strides"), i64_array_attr(ctx, &vec![1; rank])),
        ]);
        let slice = body.create_op(
            OpSpec::new(ctx, OpKind::Slice.name(), body.op_loc(s.op))
                .operands(&[mv])
                .results(&[body.value_type(r)])
                .attrs(attrs),
        );
        body.insert_op_after(after, slice);
        after = slice;
        body.replace_all_uses_with(r, body.result(slice, 0));
        at += s.n();
    }
    for s in group {
        let dead: Vec<Value> = body.operands(s.op).skip(1).collect();
        body.erase_op(s.op);
        for v in dead {
            if let Some(d) = body.defining_op(v) {
                if body.op_results_unused(d) && matches!(op_kind(ctx, body, d), Some(OpKind::Const | OpKind::Reshape)) {
                    body.erase_op(d);
                }
            }
        }
    }
}

impl Pass for MergeSiblingGemms {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beMergeSiblingGemms"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        // Siblings by their first operand (the same value, or reshapes of
        // one value to one type: the lowering reshapes the input for each
        // projection), in program order.
        let mut groups: Vec<((Value, strata_ir::Type), Vec<Sibling>)> = Vec::new();
        for op in entry_ops(body) {
            let Some(s) = sibling(ctx, body, op) else { continue };
            let a = body.operand(op, 0);
            let key = (through_reshapes(ctx, body, a), body.value_type(a));
            match groups.iter_mut().find(|(k, g)| {
                *k == key
                    && g[0].weights.dims[0] == s.weights.dims[0]
                    && g[0].weights.elem == s.weights.elem
                    && g[0].bias.is_some() == s.bias.is_some()
            }) {
                Some((_, g)) => g.push(s),
                None => groups.push((key, vec![s])),
            }
        }
        let mut changed = false;
        for (_, group) in groups.into_iter().filter(|(_, g)| g.len() >= 2) {
            merge(ctx, body, &group);
            changed = true;
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}
