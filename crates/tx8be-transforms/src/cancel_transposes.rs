//! `tx8be-cancel-transposes`: removes the layout changes the lowering puts
//! around every NHWC op when they meet. Lowering wraps each conv and pool in
//! NCHW -> NHWC and NHWC -> NCHW transposes; between two convs only
//! element-wise ops stand, so transposes are sunk below element-wise ops
//! (all operands carrying the same permutation, or constants, which are
//! permuted at compile time) and two transposes in a row are composed, and
//! dropped when the composition is the identity.

use strata_ir::{Body, Context, Diagnostic, Op, OpSpec, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use strata_stablehlo::attrs::{i64_array_attr, read_i64_array};
use tx8be::{op_kind, OpKind};

use crate::dense::{dense_attr, permute, read_dense};
use crate::entry_rewrite::rewrite_to_fixpoint;
use tx8be::schedule::groups::entry_ops;

strata_pass::option_free_pass! {
    pub struct CancelTransposes;
    argument: "tx8be-cancel-transposes",
    name: "Tx8beCancelTransposes",
    description: "Sink tx8be.Transpose below element-wise ops and cancel inverse pairs",
    anchor: Some("func.func"),
}

impl CancelTransposes {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        // A sweep is linear in the ops.
        Ok(rewrite_to_fixpoint(
            target,
            |ctx, body, op| compose_transposes(ctx, body, op) || sink_through_elementwise(ctx, body, op),
            erase_dead,
        ))
    }
}

fn perm_of(ctx: &Context, body: &Body, op: Op) -> Option<Vec<i64>> {
    read_i64_array(ctx, body.op_attr(ctx, op, "perm")?)
}

fn is_identity(p: &[i64]) -> bool {
    p.iter().enumerate().all(|(i, &x)| x == i as i64)
}

fn inverse(p: &[i64]) -> Vec<i64> {
    let mut inv = vec![0; p.len()];
    for (i, &x) in p.iter().enumerate() {
        inv[x as usize] = i as i64;
    }
    inv
}

/// `Transpose(Transpose(x, p1), p2)` -> `Transpose(x, p1[p2])` or `x`.
fn compose_transposes(ctx: &Context, body: &mut Body, op: Op) -> bool {
    if op_kind(ctx, body, op) != Some(OpKind::Transpose) {
        return false;
    }
    let Some(p2) = perm_of(ctx, body, op) else { return false };
    let src = body.operand(op, 0);
    let Some(inner) = body.defining_op(src) else { return false };
    if op_kind(ctx, body, inner) != Some(OpKind::Transpose) {
        if is_identity(&p2) {
            let r = body.result(op, 0);
            body.replace_all_uses_with(r, src);
            return true;
        }
        return false;
    }
    let Some(p1) = perm_of(ctx, body, inner) else { return false };
    let x = body.operand(inner, 0);
    let composed: Vec<i64> = p2.iter().map(|&i| p1[i as usize]).collect();
    let r = body.result(op, 0);
    if is_identity(&composed) {
        body.replace_all_uses_with(r, x);
    } else {
        body.set_operand(op, 0, x);
        body.set_op_attr(ctx, op, "perm", Some(i64_array_attr(ctx, &composed)));
    }
    true
}

fn elementwise(kind: Option<OpKind>) -> bool {
    matches!(kind, Some(OpKind::Unary | OpKind::Binary | OpKind::Select | OpKind::Cast))
}

/// A constant operand permuted by `inv` (through a reshape of a constant
/// too), as a new `tx8be.const` before `before`.
fn permuted_const(ctx: &Context, body: &mut Body, v: Value, inv: &[i64], before: Op) -> Option<Value> {
    let mut d = body.defining_op(v)?;
    let dims = ctx.shape(body.value_type(v))?.to_vec();
    if op_kind(ctx, body, d) == Some(OpKind::Reshape) {
        d = body.defining_op(body.operand(d, 0))?;
    }
    if op_kind(ctx, body, d) != Some(OpKind::Const) || dims.len() != inv.len() {
        return None;
    }
    let mut c = read_dense(ctx, body.op_attr(ctx, d, "value")?)?;
    c.dims = dims;
    let perm: Vec<usize> = inv.iter().map(|&p| p as usize).collect();
    let p = permute(&c, &perm);
    let attr = dense_attr(ctx, &p, c.elem);
    let ty = ctx.ranked_tensor_type(&p.dims, c.elem);
    let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), attr)]);
    let loc = body.op_loc(d);
    let nc = body.create_op(OpSpec::new(ctx, OpKind::Const.name(), loc).results(&[ty]).attrs(attrs));
    body.insert_op_before(before, nc);
    Some(body.result(nc, 0))
}

/// `E(Transpose(x, p), ...)` -> `Transpose(E(x, ...), p)` when every
/// operand is a transpose by the same `p` (or a constant) and each
/// transpose has no other user.
fn sink_through_elementwise(ctx: &Context, body: &mut Body, op: Op) -> bool {
    if !elementwise(op_kind(ctx, body, op)) {
        return false;
    }
    let operands: Vec<Value> = body.operands(op).collect();
    let mut perm: Option<Vec<i64>> = None;
    for &v in &operands {
        let Some(d) = body.defining_op(v) else { continue };
        if op_kind(ctx, body, d) == Some(OpKind::Transpose) {
            let Some(p) = perm_of(ctx, body, d) else { return false };
            if perm.as_ref().is_some_and(|q| *q != p) || !body.has_one_use(v) {
                return false;
            }
            perm = Some(p);
        }
    }
    let Some(p) = perm else { return false };
    let inv = inverse(&p);
    let rank = p.len();
    // Plan the new operands before changing anything.
    let mut new_operands = Vec::with_capacity(operands.len());
    for &v in &operands {
        let is_t = body.defining_op(v).is_some_and(|d| op_kind(ctx, body, d) == Some(OpKind::Transpose));
        if is_t {
            new_operands.push(Err(v));
        } else if ctx.shape(body.value_type(v)).is_some_and(|s| s.len() == rank) && is_constant(ctx, body, v) {
            new_operands.push(Ok(v));
        } else {
            return false;
        }
    }
    let mut resolved = Vec::with_capacity(operands.len());
    for o in new_operands {
        match o {
            Err(t) => resolved.push(body.operand(body.defining_op(t).expect("checked"), 0)),
            Ok(c) => match permuted_const(ctx, body, c, &inv, op) {
                Some(nc) => resolved.push(nc),
                None => return false,
            },
        }
    }
    let r = body.result(op, 0);
    let out_ty = body.value_type(r);
    let out_dims = ctx.shape(out_ty).unwrap_or(&[]).to_vec();
    let elem = ctx.element_type(out_ty).unwrap_or(out_ty);
    let new_dims: Vec<i64> = (0..rank).map(|i| out_dims[inv[i] as usize]).collect();
    body.set_operands(op, &resolved);
    body.set_value_type(r, ctx.ranked_tensor_type(&new_dims, elem));
    let loc = body.op_loc(op);
    let attrs = ctx.dictionary(vec![(ctx.intern_str("perm"), i64_array_attr(ctx, &p))]);
    let t =
        body.create_op(OpSpec::new(ctx, OpKind::Transpose.name(), loc).operands(&[r]).results(&[out_ty]).attrs(attrs));
    body.insert_op_after(op, t);
    let tv = body.result(t, 0);
    body.replace_uses_if(r, tv, |_, user| user != t);
    true
}

fn is_constant(ctx: &Context, body: &Body, v: Value) -> bool {
    let Some(d) = body.defining_op(v) else { return false };
    match op_kind(ctx, body, d) {
        Some(OpKind::Const) => true,
        Some(OpKind::Reshape) => is_constant(ctx, body, body.operand(d, 0)),
        _ => false,
    }
}

/// Erases transposes, reshapes and constants nothing uses.
fn erase_dead(ctx: &Context, body: &mut Body) -> bool {
    let mut any = false;
    for op in entry_ops(body).into_iter().rev() {
        if matches!(op_kind(ctx, body, op), Some(OpKind::Transpose | OpKind::Reshape | OpKind::Const))
            && body.op_results_unused(op)
        {
            body.erase_op(op);
            any = true;
        }
    }
    any
}
