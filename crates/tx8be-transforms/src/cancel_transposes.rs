//! `tx8be-cancel-transposes`: removes the layout changes the lowering puts
//! around every NHWC op when they meet. Lowering wraps each conv and pool in
//! NCHW -> NHWC and NHWC -> NCHW transposes; between two convs only
//! element-wise ops and concatenations stand, so transposes are sunk below
//! them (all operands carrying the same permutation, or constants, which
//! are permuted at compile time) and below slices, and two transposes in a
//! row are composed, and dropped when the composition is the identity.

use strata_ir::{Body, Context, Diagnostic, Op, OpSpec, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use strata_stablehlo::attrs::{i64_array_attr, read_i64_array};
use tx8be::{op_kind, OpKind};

use crate::dense::{dense_attr, permute, read_dense};
use crate::entry_rewrite::rewrite_to_fixpoint;
use crate::merge_reductions::viewed_as;
use crate::sink_reshapes::dims;
use tx8be::schedule::groups::entry_ops;

strata_pass::option_free_pass! {
    pub struct CancelTransposes;
    argument: "tx8be-cancel-transposes",
    name: "Tx8beCancelTransposes",
    description: "Sink tx8be.Transpose below element-wise ops, concats and slices and cancel inverse pairs",
    anchor: Some("func.func"),
}

impl CancelTransposes {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        // A sweep is linear in the ops.
        let sunk = rewrite_to_fixpoint(
            target,
            |ctx, body, op| {
                compose_transposes(ctx, body, op)
                    || sink_through_elementwise(ctx, body, op)
                    || sink_through_slice(ctx, body, op)
            },
            erase_dead,
        );
        let reshaped = rewrite_to_fixpoint(target, transpose_to_reshape, erase_dead);
        let all = PreservedAnalyses::All;
        Ok(PreservedAnalyses::unless_changed(sunk != all || reshaped != all))
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
        let r = body.result(op, 0);
        if is_identity(&p2) {
            body.replace_all_uses_with(r, src);
            return true;
        }
        return false;
    }
    let Some(p1) = perm_of(ctx, body, inner) else { return false };
    let x = body.operand(inner, 0);
    let composed = compose(&p1, &p2);
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

/// A transpose that moves only unit dims -> a reshape: the same bytes, and
/// a reshape stays outside groups and costs nothing. It runs once the
/// transposes have settled: earlier, the reshapes would stop transposes
/// from sinking to their inverses (a tiny conv's `[1, C, 1, 1]` edges).
fn transpose_to_reshape(ctx: &Context, body: &mut Body, op: Op) -> bool {
    let Some(p) = transpose_perm_of(ctx, body, op) else { return false };
    let src = body.operand(op, 0);
    if !is_reshape(&dims(ctx, body, src), &p) {
        return false;
    }
    let r = body.result(op, 0);
    let to = dims(ctx, body, r);
    let v = viewed_as(ctx, body, op, src, &to);
    body.replace_all_uses_with(r, v);
    true
}

/// How an operand of an element-wise op reaches the op once the op works
/// in the untransposed space.
enum Sunk {
    /// A transpose by the permutation: its source.
    Through(Value),
    /// A constant: permuted at compile time.
    Const(Value),
    /// A value whose permutation moves only unit dims: a reshape of it.
    Reshaped(Value),
}

/// `E(Transpose(x, p), ...)` -> `Transpose(E(x, ...), p)` when every
/// operand is a transpose by the same `p`, a constant, or a value whose
/// permutation is a reshape (it moves only unit dims: the squeeze-excitation
/// scale `[1, C, 1, 1]` beside an NCHW feature map).
///
/// It fires when every operand transpose has no other user and the other
/// operands are constants (the transpose moves down, towards the inverse
/// transpose at the next conv), or else when it leaves fewer transposes
/// that move data: a transpose with other users stays for them, and pays
/// only if the op's transposed result is read by inverse transposes, which
/// then cancel (an NCHW `Mul` between two convs whose input also feeds a
/// pool).
///
/// A `Concat` sinks them the same way, along the axis the permutation
/// maps its axis to: `Concat(T(x, p), T(y, p); a)` is
/// `T(Concat(x, y; p[a]), p)` (DenseNet's NCHW concatenations of NHWC
/// conv outputs, each feature read by every later concat of its block).
fn sink_through_elementwise(ctx: &Context, body: &mut Body, op: Op) -> bool {
    let kind = op_kind(ctx, body, op);
    let concat = kind == Some(OpKind::Concat);
    if !elementwise(kind) && !concat {
        return false;
    }
    let operands: Vec<Value> = body.operands(op).collect();
    let mut perm: Option<Vec<i64>> = None;
    for &v in &operands {
        if let Some(d) = transpose_def(ctx, body, v) {
            let Some(p) = perm_of(ctx, body, d) else { return false };
            if perm.as_ref().is_some_and(|q| *q != p) {
                return false;
            }
            perm = Some(p);
        }
    }
    let Some(p) = perm else { return false };
    let inv = inverse(&p);
    let rank = p.len();
    // Plan the new operands, and count the data-moving transposes the
    // rewrite removes (negative) or adds, before changing anything.
    let mut plan = Vec::with_capacity(operands.len());
    let mut sinks_only = true;
    let mut moved: i64 = 0;
    for &v in &operands {
        let same_rank = ctx.shape(body.value_type(v)).is_some_and(|s| s.len() == rank);
        if let Some(d) = transpose_def(ctx, body, v) {
            let x = body.operand(d, 0);
            if body.has_one_use(v) {
                moved -= i64::from(!is_reshape(&dims(ctx, body, x), &p));
            } else {
                sinks_only = false;
            }
            plan.push(Sunk::Through(x));
        } else if same_rank && is_constant(ctx, body, v) {
            plan.push(Sunk::Const(v));
        } else if same_rank && is_reshape(&dims(ctx, body, v), &inv) {
            sinks_only = false;
            plan.push(Sunk::Reshaped(v));
        } else {
            return false;
        }
    }
    let r = body.result(op, 0);
    let out_dims = dims(ctx, body, r);
    let new_dims: Vec<i64> = (0..rank).map(|i| out_dims[inv[i] as usize]).collect();
    if !sinks_only {
        if !is_reshape(&new_dims, &p) {
            match inverses_downstream(ctx, body, r, &p, CHAIN_LOOKAHEAD) {
                Some(cancelled) => moved -= cancelled,
                None => moved += 1,
            }
        }
        if moved >= 0 {
            return false;
        }
    }
    let mut resolved = Vec::with_capacity(operands.len());
    for o in plan {
        match o {
            Sunk::Through(x) => resolved.push(x),
            Sunk::Const(c) => match permuted_const(ctx, body, c, &inv, op) {
                Some(nc) => resolved.push(nc),
                None => return false,
            },
            Sunk::Reshaped(v) => {
                let d: Vec<i64> = dims(ctx, body, v);
                let to: Vec<i64> = inv.iter().map(|&i| d[i as usize]).collect();
                resolved.push(viewed_as(ctx, body, op, v, &to));
            }
        }
    }
    if concat {
        let Some(a) = tx8be::dialect::values::attr_i64(ctx, body, op, "axis") else { return false };
        let a = if a < 0 { a + rank as i64 } else { a };
        let Some(&to) = usize::try_from(a).ok().and_then(|a| p.get(a)) else { return false };
        body.set_op_attr(ctx, op, "axis", Some(ctx.integer_attr(ctx.i64(), to)));
    }
    body.set_operands(op, &resolved);
    transpose_result(ctx, body, op, &new_dims, &p);
    true
}

/// Gives `op`'s result the untransposed dims `new_dims` and puts a
/// transpose by `p` after it, which its users read instead.
fn transpose_result(ctx: &Context, body: &mut Body, op: Op, new_dims: &[i64], p: &[i64]) {
    let r = body.result(op, 0);
    let out_ty = body.value_type(r);
    let elem = ctx.element_type(out_ty).unwrap_or(out_ty);
    body.set_value_type(r, ctx.ranked_tensor_type(new_dims, elem));
    let loc = body.op_loc(op);
    let attrs = ctx.dictionary(vec![(ctx.intern_str("perm"), i64_array_attr(ctx, p))]);
    let t =
        body.create_op(OpSpec::new(ctx, OpKind::Transpose.name(), loc).operands(&[r]).results(&[out_ty]).attrs(attrs));
    body.insert_op_after(op, t);
    let tv = body.result(t, 0);
    body.replace_uses_if(r, tv, |_, user| user != t);
}

/// `Slice(Transpose(x, p))` -> `Transpose(Slice'(x), p)`, the slice's
/// starts, limits and strides moved to the dims of `x` they cut: RexNet's
/// channel slices of an NHWC conv output (the residual adds a block's first
/// channels, the concat appends the rest) then run in NHWC, and the
/// transposes sink on through the add and the concat to cancel at the next
/// conv. A transpose read by this slice alone moves fewer bytes below it.
/// One read by several slices (and nothing else) becomes one transpose per
/// slice, more groups for the same bytes, unless they cancel: so then all
/// that reads each slice's result through element-wise ops and concats
/// must end in inverse transposes (a ViT's q/k/v slices feed matmuls and
/// keep theirs).
fn sink_through_slice(ctx: &Context, body: &mut Body, op: Op) -> bool {
    if op_kind(ctx, body, op) != Some(OpKind::Slice) {
        return false;
    }
    let v = body.operand(op, 0);
    let Some(t) = transpose_def(ctx, body, v) else { return false };
    let Some(p) = perm_of(ctx, body, t) else { return false };
    let slices: Vec<Op> = body.uses(v).map(|(u, _)| u).collect();
    if slices.iter().any(|&u| op_kind(ctx, body, u) != Some(OpKind::Slice)) {
        return false;
    }
    if slices.len() > 1 && !slices.iter().all(|&u| reaches_inverse(ctx, body, body.result(u, 0), &p)) {
        return false;
    }
    let rank = p.len();
    let read = |name: &str| read_i64_array(ctx, body.op_attr(ctx, op, name)?).filter(|a| a.len() == rank);
    let (Some(starts), Some(limits), Some(strides)) = (read("starts"), read("limits"), read("strides")) else {
        return false;
    };
    // Dim i of the transposed tensor is dim p[i] of x.
    let mut moved = [vec![0; rank], vec![0; rank], vec![0; rank]];
    for i in 0..rank {
        let j = p[i] as usize;
        moved[0][j] = starts[i];
        moved[1][j] = limits[i];
        moved[2][j] = strides[i];
    }
    let r = body.result(op, 0);
    let out_dims = dims(ctx, body, r);
    let mut new_dims = vec![0; rank];
    for i in 0..rank {
        new_dims[p[i] as usize] = out_dims[i];
    }
    body.set_operand(op, 0, body.operand(t, 0));
    for (name, values) in ["starts", "limits", "strides"].iter().zip(&moved) {
        body.set_op_attr(ctx, op, name, Some(i64_array_attr(ctx, values)));
    }
    transpose_result(ctx, body, op, &new_dims, &p);
    true
}

/// Whether everything that reads `v` transposed by `p`, through element-wise
/// ops and concats (whatever their other operands:
/// `sink_through_elementwise` decides those), ends in inverse transposes:
/// RexNet's residual chain runs through every block's add and concat before
/// its transposes cancel at the convs. At most `REACH_LIMIT` ops are
/// followed.
fn reaches_inverse(ctx: &Context, body: &Body, v: Value, p: &[i64]) -> bool {
    let mut stack = vec![v];
    let mut seen = std::collections::HashSet::new();
    while let Some(x) = stack.pop() {
        for (u, _) in body.uses(x) {
            if let Some(q) = transpose_perm_of(ctx, body, u) {
                if !is_identity(&compose(p, &q)) {
                    return false;
                }
                continue;
            }
            let kind = op_kind(ctx, body, u);
            if !(elementwise(kind) || kind == Some(OpKind::Concat)) {
                return false;
            }
            if seen.insert(u) {
                if seen.len() > REACH_LIMIT {
                    return false;
                }
                stack.push(body.result(u, 0));
            }
        }
    }
    true
}

/// How many ops `reaches_inverse` follows before it gives up.
const REACH_LIMIT: usize = 256;

/// How many element-wise ops a transposed result may pass through on its
/// way to the inverse transpose (squeeze-excitation's multiply, then a
/// clip, then the next conv's transpose).
const CHAIN_LOOKAHEAD: usize = 4;

/// If `v` transposed by `p` would sink to inverse transposes only (through
/// element-wise ops whose other operands are constants, which the transpose
/// then sinks through too), how many inverse transposes it would cancel;
/// `None` when some user would have to read it transposed.
fn inverses_downstream(ctx: &Context, body: &Body, v: Value, p: &[i64], depth: usize) -> Option<i64> {
    let mut cancelled = 0;
    for (u, _) in body.uses(v) {
        if let Some(q) = transpose_perm_of(ctx, body, u) {
            cancelled += i64::from(is_identity(&compose(p, &q)));
            continue;
        }
        let rank = p.len();
        let sinks = depth > 0
            && elementwise(op_kind(ctx, body, u))
            && body.has_one_use(v)
            && body.operands(u).all(|o| {
                o == v || (ctx.shape(body.value_type(o)).is_some_and(|s| s.len() == rank) && is_constant(ctx, body, o))
            });
        if !sinks {
            return None;
        }
        cancelled += inverses_downstream(ctx, body, body.result(u, 0), p, depth - 1)?;
    }
    Some(cancelled)
}

/// The transpose defining `v`, if one does.
fn transpose_def(ctx: &Context, body: &Body, v: Value) -> Option<Op> {
    body.defining_op(v).filter(|&d| op_kind(ctx, body, d) == Some(OpKind::Transpose))
}

/// The permutation of `op` if it is a transpose.
fn transpose_perm_of(ctx: &Context, body: &Body, op: Op) -> Option<Vec<i64>> {
    (op_kind(ctx, body, op) == Some(OpKind::Transpose)).then(|| perm_of(ctx, body, op)).flatten()
}

/// The permutation of `Transpose(Transpose(x, p1), p2)`: `p1[p2]`.
fn compose(p1: &[i64], p2: &[i64]) -> Vec<i64> {
    p2.iter().map(|&i| p1[i as usize]).collect()
}

/// Whether transposing a tensor of dims `d` by `perm` keeps its bytes in
/// order, so that it is a reshape: the dims other than 1 keep their order.
fn is_reshape(d: &[i64], perm: &[i64]) -> bool {
    let moved: Vec<i64> = perm.iter().copied().filter(|&i| d.get(i as usize).is_some_and(|&n| n != 1)).collect();
    moved.windows(2).all(|w| w[0] < w[1])
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
