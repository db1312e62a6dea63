//! `stablehlo-fold-batchnorm`: a `batch_norm_inference` whose operand is a
//! `convolution` used only by it, with a constant kernel and constant
//! scale, offset, mean and variance, becomes the convolution with its
//! kernel scaled per output feature, plus a bias:
//!
//!   k'[o, ...] = k[o, ...] * scale[o] / sqrt(variance[o] + epsilon)
//!   bias[o]    = offset[o] - mean[o] * scale[o] / sqrt(variance[o] + epsilon)
//!   result     = add(convolution(x, k'), broadcast_in_dim(bias))
//!
//! A bias between them (`add(conv, broadcast_in_dim(bias))`, constant,
//! along the feature dimension, as the importer emits ONNX Conv's bias) is
//! absorbed: it shifts the mean (`mean' = mean - bias`).
//!
//! Legal only when the batch norm's feature dimension is the
//! convolution's output feature dimension; anything else is left alone.
//! Arithmetic is done in f64 and rounded once to the element type.

use strata_ir::{Attribute, Body, Context, Diagnostic, Op, OpSpec, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;

use crate::attrs::{i64_array_attr, read_conv_dims};
use crate::dense::{self, elem_kind, from_bytes, push_f64, to_f64, view};
use crate::shapes::ranked;

strata_pass::option_free_pass! {
    pub struct FoldBatchnorm;
    argument: "stablehlo-fold-batchnorm",
    name: "StablehloFoldBatchnorm",
    description: "Fold batch_norm_inference into a preceding convolution with constant kernel",
    anchor: Some("func.func"),
}

impl FoldBatchnorm {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let bn_name = ctx.op_name("stablehlo.batch_norm_inference");
        let mut candidates = vec![];
        target.body.walk_pre(&mut |op| candidates.push(op));
        let mut changed = false;
        for op in candidates {
            if !target.body.is_erased(op) && target.body.op_name(op) == bn_name {
                changed |= fold_one(ctx, target.body, op);
            }
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

fn constant_of(ctx: &Context, body: &Body, v: Value) -> Option<Attribute> {
    strata_ir::fold::constant_value(ctx, body, v)
}

fn create_constant(ctx: &Context, body: &mut Body, value: Attribute, before: Op) -> Value {
    let ty = ctx.attr_type(value).expect("dense attribute has a type");
    let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), value)]);
    let op = body.create_op(OpSpec::new(ctx, "stablehlo.constant", body.op_loc(before)).results(&[ty]).attrs(attrs));
    body.insert_op_before(before, op);
    body.result(op, 0)
}

/// Folds one batch norm; false (IR untouched) when it is not legal.
/// A convolution bias as the importer emits it: `add(conv, B(bias))` with
/// `B` a `broadcast_in_dim` of a constant vector along `feature`, used only
/// by the batch norm: (conv result, the add, bias values).
fn conv_with_bias(ctx: &Context, body: &Body, v: Value, feature: i64) -> Option<(Value, Op, Vec<f64>)> {
    let add = body.defining_op(v).filter(|&d| ctx.op_name_str(body.op_name(d)) == "stablehlo.add")?;
    if !body.has_one_use(v) {
        return None;
    }
    for (c, b) in [(0, 1), (1, 0)] {
        let (cv, bv) = (body.operand(add, c), body.operand(add, b));
        let Some(bcast) =
            body.defining_op(bv).filter(|&d| ctx.op_name_str(body.op_name(d)) == "stablehlo.broadcast_in_dim")
        else {
            continue;
        };
        if crate::verify::i64_array_of(ctx, body, bcast, "broadcast_dimensions") != Some(vec![feature]) {
            continue;
        }
        let Some(bias) = constant_of(ctx, body, body.operand(bcast, 0)).and_then(|a| dense::f64_values(ctx, a)) else {
            continue;
        };
        if body.defining_op(cv).is_some_and(|d| ctx.op_name_str(body.op_name(d)) == "stablehlo.convolution") {
            return Some((cv, add, bias));
        }
    }
    None
}

fn fold_one(ctx: &Context, body: &mut Body, bn: Op) -> bool {
    let Some(fi) = body.op_attr(ctx, bn, "feature_index").and_then(|a| ctx.as_i64(a)) else { return false };
    // conv -> batch norm, or conv -> add bias -> batch norm (the bias then
    // shifts the mean: mean' = mean - bias).
    let (input, bias_add, conv_bias) = match conv_with_bias(ctx, body, body.operand(bn, 0), fi) {
        Some((cv, add, bias)) => (cv, Some(add), Some(bias)),
        None => (body.operand(bn, 0), None, None),
    };
    let Some(conv) = body.defining_op(input) else { return false };
    if ctx.op_name_str(body.op_name(conv)) != "stablehlo.convolution" || !body.has_one_use(input) {
        return false;
    }
    let Some(dims) = body.op_attr(ctx, conv, "dimension_numbers").and_then(|a| read_conv_dims(ctx, a)) else {
        return false;
    };
    if fi != dims.output_feature {
        return false;
    }
    let Some(eps) = body.op_attr(ctx, bn, "epsilon").and_then(|a| match ctx.attr_kind(a) {
        strata_ir::AttrKind::Float { bits, ty } => ctx.float_kind(*ty).map(|k| strata_ir::apfloat::to_f64(k, *bits)),
        _ => None,
    }) else {
        return false;
    };
    let vectors: Option<Vec<Vec<f64>>> =
        (1..5).map(|i| constant_of(ctx, body, body.operand(bn, i)).and_then(|a| dense::f64_values(ctx, a))).collect();
    let Some(vectors) = vectors else { return false };
    let (scale, offset, var) = (&vectors[0], &vectors[1], &vectors[3]);
    let mean: Vec<f64> = match &conv_bias {
        Some(b) if b.len() == vectors[2].len() => vectors[2].iter().zip(b).map(|(m, b)| m - b).collect(),
        Some(_) => return false,
        None => vectors[2].clone(),
    };
    let Some(kernel_attr) = constant_of(ctx, body, body.operand(conv, 1)) else { return false };
    let Some(k) = view(ctx, kernel_attr) else { return false };
    let Some(kind) = elem_kind(ctx, k.elem) else { return false };
    if !matches!(kind, dense::ElemKind::Float(_)) {
        return false;
    }
    let ko = dims.kernel_output_feature as usize;
    let channels = k.shape[ko];
    if channels < 0 || scale.len() != channels as usize {
        return false;
    }
    let factor: Vec<f64> = (0..scale.len()).map(|o| scale[o] / (var[o] + eps).sqrt()).collect();
    // The kernel, scaled along its output-feature dimension.
    let n = k.num_elements();
    if n as u64 > crate::fold::MAX_FOLDED_ELEMENTS {
        return false;
    }
    let inner: usize = k.shape[ko + 1..].iter().product::<i64>() as usize;
    let mut bytes = Vec::with_capacity(n * k.per);
    for i in 0..n {
        let o = (i / inner) % channels as usize;
        push_f64(kind, to_f64(kind, k.raw(i)) * factor[o], k.per, &mut bytes);
    }
    let new_kernel = from_bytes(ctx, k.ty, bytes, k.per, false);
    // The bias, in the batch norm's element type.
    let rt = body.value_type(body.result(bn, 0));
    let Some((rshape, relem)) = ranked(ctx, rt) else { return false };
    let rshape = rshape.to_vec();
    let Some(rkind) = elem_kind(ctx, relem) else { return false };
    let Some(rper) = strata_ir::parser::dense_element_bytes(ctx, relem) else { return false };
    let mut bias_bytes = vec![];
    for o in 0..scale.len() {
        push_f64(rkind, offset[o] - mean[o] * factor[o], rper, &mut bias_bytes);
    }
    let bias_ty = ctx.ranked_tensor_type(&[scale.len() as i64], relem);
    let bias = from_bytes(ctx, bias_ty, bias_bytes, rper, false);
    if rshape.get(fi as usize).copied() != Some(scale.len() as i64) {
        return false;
    }

    let kernel_value = create_constant(ctx, body, new_kernel, conv);
    let old_kernel = body.operand(conv, 1);
    body.set_operand(conv, 1, kernel_value);
    if let Some(old) = body.defining_op(old_kernel) {
        if body.use_empty(old_kernel) {
            body.erase_op(old);
        }
    }
    let loc = body.op_loc(bn);
    let bias_value = create_constant(ctx, body, bias, bn);
    let dims_attr = ctx.dictionary(vec![(ctx.intern_str("broadcast_dimensions"), i64_array_attr(ctx, &[fi]))]);
    let bcast = body.create_op(
        OpSpec::new(ctx, "stablehlo.broadcast_in_dim", loc).operands(&[bias_value]).results(&[rt]).attrs(dims_attr),
    );
    body.insert_op_before(bn, bcast);
    let add =
        body.create_op(OpSpec::new(ctx, "stablehlo.add", loc).operands(&[input, body.result(bcast, 0)]).results(&[rt]));
    body.insert_op_before(bn, add);
    body.replace_all_uses_with(body.result(bn, 0), body.result(add, 0));
    let stats: Vec<Value> = (1..5).map(|i| body.operand(bn, i)).collect();
    body.erase_op(bn);
    let mut maybe_dead = stats;
    if let Some(old_add) = bias_add {
        // The old bias add lost its only use; its broadcast and the bias
        // constant may follow.
        let bias_value = body.operands(old_add).find(|&v| v != input);
        body.erase_op(old_add);
        if let Some(bv) = bias_value {
            if let Some(bcast) = body.defining_op(bv).filter(|_| body.use_empty(bv)) {
                maybe_dead.push(body.operand(bcast, 0));
                body.erase_op(bcast);
            }
        }
    }
    // Constants only the removed ops used are dead now.
    for v in maybe_dead {
        if let Some(d) = body.defining_op(v) {
            if !body.is_erased(d) && body.use_empty(v) {
                body.erase_op(d);
            }
        }
    }
    true
}
