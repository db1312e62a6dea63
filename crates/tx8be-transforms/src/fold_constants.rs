//! `tx8be-fold-constants`: the constant operands of element-wise ops, made
//! as small as their meaning allows, before the layout and constant passes
//! place them in DDR.
//!
//! Graph-level folding turns `broadcast_in_dim` of a constant into a
//! constant of the full activation shape: a folded BatchNorm's bias, or
//! the zero of `max(x, 0)`, becomes a tensor as large as the feature map,
//! which every run then reads from DDR. This pass undoes that, exactly:
//! - **shrink**: a `tx8be.const` operand (or a reshape of one) of `Binary`/`Select` that does not
//!   vary along a dim becomes 1 on that dim (numpy broadcasting gives the
//!   same values), as long as the op's result shape is unchanged;
//! - **relu**: `Binary max` of a value and an all-zero constant becomes
//!   `Unary relu`;
//! - **bias**: `Binary add` (or `sub` with the constant on the right) of a
//!   Conv's or Gemm's only use and a constant that varies only along the
//!   output channel (the last dim) becomes that op's f32 bias (added to the
//!   bias it has), as the operator library adds it while accumulating.
//!   The bias is added in f64 and stored in f32, so the only change in the
//!   numbers is that the sum is no longer rounded to the activation type
//!   between the two steps.

use strata_ir::{Body, Context, Diagnostic, Op, OpSpec, Value};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;

use tx8be::dialect::kinds::{binary_kind, BinaryKind, UnaryKind};
use tx8be::dialect::shape_rules::broadcast_shapes;
use tx8be::{op_kind, OpKind};

use crate::dense::{dense_attr, read_dense, ConstTensor};
use tx8be::schedule::groups::entry_ops;

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-fold-constants",
    description:
        "Shrink broadcast constants of element-wise ops, max(x, 0) -> relu, per-channel adds -> Conv/Gemm bias",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-fold-constants", |_, _| None)?;
        Ok(Box::new(FoldConstants))
    },
};

pub struct FoldConstants;

impl Pass for FoldConstants {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beFoldConstants"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let mut changed = false;
        for op in entry_ops(body) {
            if body.is_erased(op) {
                continue;
            }
            let kind = op_kind(ctx, body, op);
            if matches!(kind, Some(OpKind::Binary | OpKind::Select)) {
                changed |= shrink_operands(ctx, body, op);
            }
            if kind == Some(OpKind::Binary) {
                changed |= max_zero_to_relu(ctx, body, op) || add_to_bias(ctx, body, op);
            }
        }
        changed |= erase_dead_consts(ctx, body);
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// The constant `v` holds when a `tx8be.const` defines it, directly or
/// through a `tx8be.Reshape` (the same values row-major in `v`'s dims: the
/// lowering reshapes a model's `[b, h, s, s]` scale into the batched
/// matmul's `[b*h, s, s]`).
pub(crate) fn const_value(ctx: &Context, body: &Body, v: Value) -> Option<ConstTensor> {
    let d = body.defining_op(v)?;
    match op_kind(ctx, body, d) {
        Some(OpKind::Const) => read_dense(ctx, body.op_attr(ctx, d, "value")?),
        Some(OpKind::Reshape) => {
            let mut t = const_value(ctx, body, body.operand(d, 0))?;
            t.dims = ctx.shape(body.value_type(v))?.to_vec();
            Some(t)
        }
        _ => None,
    }
}

/// `t` with every dim it does not vary along set to 1.
pub fn minimal(t: &ConstTensor) -> ConstTensor {
    if t.splat || t.elems() <= 1 {
        let v = t.values.first().copied().unwrap_or(0.0);
        return ConstTensor { dims: vec![1; t.dims.len()], elem: t.elem, values: vec![v], splat: false };
    }
    let mut cur = t.clone();
    for d in 0..cur.dims.len() {
        if cur.dims[d] > 1 && constant_along(&cur, d) {
            cur = first_slice(&cur, d);
        }
    }
    cur
}

fn strides(dims: &[i64]) -> Vec<usize> {
    let mut s = vec![1usize; dims.len()];
    for d in (0..dims.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1] * dims[d + 1].max(0) as usize;
    }
    s
}

/// Whether every element equals the one with index 0 along `d`.
fn constant_along(t: &ConstTensor, d: usize) -> bool {
    let s = strides(&t.dims);
    let extent = t.dims[d] as usize;
    (0..t.elems()).all(|i| {
        let k = (i / s[d]) % extent;
        t.values[i].to_bits() == t.values[i - k * s[d]].to_bits()
    })
}

/// The slice at index 0 of dim `d` (dim `d` becomes 1).
fn first_slice(t: &ConstTensor, d: usize) -> ConstTensor {
    let s = strides(&t.dims);
    let extent = t.dims[d] as usize;
    let values = (0..t.elems()).filter(|&i| (i / s[d]) % extent == 0).map(|i| t.values[i]).collect();
    let mut dims = t.dims.clone();
    dims[d] = 1;
    ConstTensor { dims, elem: t.elem, values, splat: false }
}

pub(crate) fn new_const(ctx: &Context, body: &mut Body, t: &ConstTensor, before: Op, like: Op) -> Value {
    let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), dense_attr(ctx, t, t.elem))]);
    let ty = ctx.ranked_tensor_type(&t.dims, t.elem);
    let c = body.create_op(OpSpec::new(ctx, OpKind::Const.name(), body.op_loc(like)).results(&[ty]).attrs(attrs));
    body.insert_op_before(before, c);
    body.result(c, 0)
}

/// Shrinks the constant operands of `op` while its result shape stays.
fn shrink_operands(ctx: &Context, body: &mut Body, op: Op) -> bool {
    let out = ctx.shape(body.value_type(body.result(op, 0))).unwrap_or(&[]).to_vec();
    let mut shapes: Vec<Vec<i64>> =
        body.operands(op).map(|v| ctx.shape(body.value_type(v)).unwrap_or(&[]).to_vec()).collect();
    let mut changed = false;
    for i in 0..body.num_operands(op) {
        let v = body.operand(op, i);
        let Some(c) = const_value(ctx, body, v) else { continue };
        let m = minimal(&c);
        if m.dims == c.dims {
            continue;
        }
        let mut trial = shapes.clone();
        trial[i] = m.dims.clone();
        if broadcast_shapes(&trial).ok().as_deref() != Some(&out[..]) {
            continue;
        }
        let def = body.defining_op(v).expect("a constant");
        let nv = new_const(ctx, body, &m, op, def);
        body.set_operand(op, i, nv);
        shapes = trial;
        changed = true;
    }
    changed
}

/// `max(x, 0)` / `max(0, x)` with `x` of the result's type -> `relu(x)`.
fn max_zero_to_relu(ctx: &Context, body: &mut Body, op: Op) -> bool {
    if binary_kind(ctx, body, op) != Some(BinaryKind::Max) || body.num_operands(op) != 2 {
        return false;
    }
    let r = body.result(op, 0);
    let rty = body.value_type(r);
    for (c, x) in [(1, 0), (0, 1)] {
        let Some(k) = const_value(ctx, body, body.operand(op, c)) else { continue };
        let xv = body.operand(op, x);
        if body.value_type(xv) != rty || !k.expanded().iter().all(|&v| v == 0.0) {
            continue;
        }
        let attrs = ctx.dictionary(vec![(ctx.intern_str("kind"), ctx.string_attr(UnaryKind::Relu.name()))]);
        let relu = body.create_op(
            OpSpec::new(ctx, OpKind::Unary.name(), body.op_loc(op)).operands(&[xv]).results(&[rty]).attrs(attrs),
        );
        body.insert_op_before(op, relu);
        let nr = body.result(relu, 0);
        body.replace_all_uses_with(r, nr);
        body.erase_op(op);
        return true;
    }
    false
}

/// `add(conv, c)` / `add(c, conv)` / `sub(conv, c)` with `c` per output
/// channel -> the conv's (or gemm's) bias.
fn add_to_bias(ctx: &Context, body: &mut Body, op: Op) -> bool {
    let sign = match binary_kind(ctx, body, op) {
        Some(BinaryKind::Add) => 1.0,
        Some(BinaryKind::Sub) => -1.0,
        _ => return false,
    };
    if body.num_operands(op) != 2 {
        return false;
    }
    let r = body.result(op, 0);
    let candidates: &[(usize, usize)] = if sign > 0.0 { &[(0, 1), (1, 0)] } else { &[(0, 1)] };
    for &(p, c) in candidates {
        let pv = body.operand(op, p);
        let Some(producer) = body.defining_op(pv) else { continue };
        if !matches!(op_kind(ctx, body, producer), Some(OpKind::Conv | OpKind::Gemm))
            || !body.has_one_use(pv)
            || body.value_type(pv) != body.value_type(r)
        {
            continue;
        }
        let Some(k) = const_value(ctx, body, body.operand(op, c)) else { continue };
        let out = ctx.shape(body.value_type(r)).unwrap_or(&[]).to_vec();
        let Some(&channels) = out.last() else { continue };
        let m = minimal(&k);
        // Only the last dim may vary, and the constant must not widen the result.
        let (last, rest) = m.dims.split_last().map_or((1, &[][..]), |(l, r)| (*l, r));
        if !rest.iter().all(|&d| d == 1) || !(last == 1 || last == channels) || m.dims.len() > out.len() {
            continue;
        }
        // The existing bias (a constant), or zero.
        let has_bias = body.num_operands(producer) == 3;
        let mut bias = vec![0.0f64; channels as usize];
        if has_bias {
            let Some(b) = const_value(ctx, body, body.operand(producer, 2)) else { continue };
            if b.elems() != channels as usize {
                continue;
            }
            bias = b.expanded();
        }
        for (i, b) in bias.iter_mut().enumerate() {
            *b += sign * m.values[if last == 1 { 0 } else { i }];
        }
        let t = ConstTensor { dims: vec![channels], elem: ctx.f32(), values: bias, splat: false };
        let nb = new_const(ctx, body, &t, producer, body.defining_op(body.operand(op, c)).expect("a constant"));
        let mut operands: Vec<Value> = body.operands(producer).collect();
        if has_bias {
            operands[2] = nb;
        } else {
            operands.push(nb);
        }
        body.set_operands(producer, &operands);
        body.replace_all_uses_with(r, pv);
        body.erase_op(op);
        return true;
    }
    false
}

fn erase_dead_consts(ctx: &Context, body: &mut Body) -> bool {
    let mut any = false;
    // Users before their operands: a dead reshape's constant dies with it.
    for op in entry_ops(body).into_iter().rev() {
        if matches!(op_kind(ctx, body, op), Some(OpKind::Const | OpKind::Reshape)) && body.op_results_unused(op) {
            body.erase_op(op);
            any = true;
        }
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(ctx: &Context, dims: &[i64], values: &[f64]) -> ConstTensor {
        ConstTensor { dims: dims.to_vec(), elem: ctx.f32(), values: values.to_vec(), splat: false }
    }

    #[test]
    fn minimal_keeps_only_the_dims_that_vary() {
        let ctx = Context::new();
        // [1, 2, 2, 3]: the same 3 channels at every pixel.
        let px = [0.5, -1.0, 2.0];
        let full: Vec<f64> = (0..4).flat_map(|_| px).collect();
        let m = minimal(&t(&ctx, &[1, 2, 2, 3], &full));
        assert_eq!((m.dims.clone(), m.values.clone()), (vec![1, 1, 1, 3], px.to_vec()));
        // Varying along H only.
        let m = minimal(&t(&ctx, &[2, 2], &[1.0, 1.0, 4.0, 4.0]));
        assert_eq!((m.dims.clone(), m.values.clone()), (vec![2, 1], vec![1.0, 4.0]));
        // Nothing to drop.
        let m = minimal(&t(&ctx, &[2, 2], &[1.0, 2.0, 3.0, 4.0]));
        assert_eq!(m.dims, vec![2, 2]);
        // -0.0 and 0.0 differ bit for bit: kept apart.
        let m = minimal(&t(&ctx, &[2], &[0.0, -0.0]));
        assert_eq!(m.dims, vec![2]);
        let splat = ConstTensor { dims: vec![1, 4, 4, 8], elem: ctx.f32(), values: vec![0.0], splat: true };
        assert_eq!(minimal(&splat).dims, vec![1, 1, 1, 1]);
    }
}
