//! `tx8be-sink-reshapes`: moves a dense reshape below the element-wise and
//! last-axis ops that follow it, so the op producing the reshaped value and
//! the ops consuming it meet (a reshape stays outside groups: a Gemm and its
//! epilogue cannot share a group across one). The lowering writes
//! `Gemm [128, 768] -> Reshape [1, 128, 768] -> Add -> LayerNorm`; after this
//! pass it is `Gemm -> Add -> LayerNorm -> Reshape`, one group's chain.
//!
//! `E(Reshape(x), c...)` becomes `Reshape(E(x, c'...))` when the reshape
//! adds dims and keeps the last dim (the axis of Softmax / LayerNorm and the vector
//! length of a per-channel operand) and every other operand `c` can follow:
//! one of the reshape's result shape (reshaped to x's, free when dense), a
//! scalar, a vector along the last dim only, or, when the reshape splits
//! x's first dim (the batched matmul's [b*h, s, t] seen as [b, h, s, t]),
//! one that is 1 or full on each dim: expanded along the split dims where
//! it is 1 on some but not all (BERT's mask [b, 1, 1, t], plus zeros
//! [1, h, 1, 1]), then merged as x's first dim. The attention's mask add
//! and softmax then stay in the matmuls' shape, one group's chain from the
//! scores to the context. Two reshapes in a row become one, and a reshape
//! to its input's shape disappears.

use strata_ir::{Body, Context, Diagnostic, Op, OpSpec, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8be::dialect::kinds::BinaryKind;
use tx8be::{op_kind, OpKind};

use tx8be::schedule::groups::entry_ops;

use crate::entry_rewrite::rewrite_to_fixpoint;

strata_pass::option_free_pass! {
    pub struct SinkReshapes;
    argument: "tx8be-sink-reshapes",
    name: "Tx8beSinkReshapes",
    description: "Move dense reshapes below element-wise and last-axis ops so producers and consumers meet",
    anchor: Some("func.func"),
}

impl SinkReshapes {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        // Each sweep moves reshapes one op down or ends the loop.
        Ok(rewrite_to_fixpoint(
            target,
            |ctx, body, op| compose(ctx, body, op) || sink(ctx, body, op),
            |ctx, body| {
                let mut erased = false;
                for op in entry_ops(body).into_iter().rev() {
                    if op_kind(ctx, body, op) == Some(OpKind::Reshape) && body.op_results_unused(op) {
                        body.erase_op(op);
                        erased = true;
                    }
                }
                erased
            },
        ))
    }
}

/// The static dims of `v` (empty when unranked).
pub(crate) fn dims(ctx: &Context, body: &Body, v: Value) -> Vec<i64> {
    ctx.shape(body.value_type(v)).map(|s| s.to_vec()).unwrap_or_default()
}

/// A tensor type of `like`'s element type with dims `d`.
pub(crate) fn retyped(ctx: &Context, body: &Body, like: Value, d: &[i64]) -> strata_ir::Type {
    let ty = body.value_type(like);
    ctx.ranked_tensor_type(d, ctx.element_type(ty).unwrap_or(ty))
}

/// A new `tx8be.Reshape` of `v` to dims `d`, placed before `before`.
pub(crate) fn reshape_before(ctx: &Context, body: &mut Body, before: Op, v: Value, d: &[i64]) -> Value {
    let ty = retyped(ctx, body, v, d);
    let r = body.create_op(OpSpec::new(ctx, OpKind::Reshape.name(), body.op_loc(before)).operands(&[v]).results(&[ty]));
    body.insert_op_before(before, r);
    body.result(r, 0)
}

/// `Reshape(Reshape(x))` -> `Reshape(x)`; a reshape to its input's shape -> its input.
fn compose(ctx: &Context, body: &mut Body, op: Op) -> bool {
    if op_kind(ctx, body, op) != Some(OpKind::Reshape) {
        return false;
    }
    let src = body.operand(op, 0);
    let r = body.result(op, 0);
    if dims(ctx, body, src) == dims(ctx, body, r) && body.value_type(src) == body.value_type(r) {
        body.replace_all_uses_with(r, src);
        return true;
    }
    match body.defining_op(src) {
        Some(inner) if op_kind(ctx, body, inner) == Some(OpKind::Reshape) => {
            let x = body.operand(inner, 0);
            body.set_operand(op, 0, x);
            true
        }
        _ => false,
    }
}

/// Ops the reshape may move below: element-wise ones, and the ones working
/// along the last axis only.
fn sinkable(ctx: &Context, body: &Body, op: Op) -> bool {
    match op_kind(ctx, body, op) {
        Some(OpKind::Unary | OpKind::Binary | OpKind::Cast | OpKind::Select) => true,
        Some(OpKind::Softmax | OpKind::LayerNorm) => {
            let rank = dims(ctx, body, body.result(op, 0)).len() as i64;
            tx8be::dialect::values::attr_i64(ctx, body, op, "axis").is_some_and(|a| a == rank - 1 || a == -1)
        }
        _ => false,
    }
}

/// `Some(lead)` when `to` splits `from`'s first dim into its first `lead`
/// dims and keeps the others.
fn leading_split(from: &[i64], to: &[i64]) -> Option<usize> {
    let lead = (to.len() + 1).checked_sub(from.len())?;
    (lead >= 2 && to[lead..] == from[1..] && to[..lead].iter().product::<i64>() == from[0]).then_some(lead)
}

/// How another operand of the op follows the reshape.
enum Follow {
    /// Same shape as the reshape's result: reshape it to x's dims.
    Whole,
    /// All ones (a scalar): ones of x's rank.
    Scalar,
    /// Varies along the last dim only: `[1, .., 1, last]` of x's rank.
    LastDim,
    /// Not a tensor operand the op broadcasts (LayerNorm's gamma / beta).
    Keep,
    /// The reshape splits x's first dim into the first `lead` dims of its
    /// result, and the operand is full or 1 on each of those (BERT's
    /// attention mask [b, 1, 1, s] beside scores [b*h, s, s] seen as
    /// [b, h, s, s]): expanded along its 1s among them where it has some
    /// (an add of zeros, a tensor no larger than the operand times the
    /// heads), then the lead dims merged as x's first dim.
    Expand { lead: usize },
}

fn sink(ctx: &Context, body: &mut Body, op: Op) -> bool {
    if !sinkable(ctx, body, op) || body.num_results(op) != 1 {
        return false;
    }
    let operands: Vec<Value> = body.operands(op).collect();
    let is_layer_norm = op_kind(ctx, body, op) == Some(OpKind::LayerNorm);
    // The operand whose reshape moves down: the first one a single-use
    // reshape keeping the last dim defines (LayerNorm: its input only).
    let candidates = if is_layer_norm { 1 } else { operands.len() };
    let Some((k, reshape)) = operands.iter().take(candidates).enumerate().find_map(|(k, &v)| {
        let d =
            body.defining_op(v).filter(|&d| op_kind(ctx, body, d) == Some(OpKind::Reshape) && body.has_one_use(v))?;
        let (from, to) = (dims(ctx, body, body.operand(d, 0)), dims(ctx, body, v));
        // Only a reshape adding dims (the lowering's, after a Gemm) moves:
        // the reshapes made for the other operands go the other way, and
        // moving those too would undo the rewrite.
        (!from.is_empty() && from.len() < to.len() && from.last() == to.last()).then_some((k, d))
    }) else {
        return false;
    };
    let x = body.operand(reshape, 0);
    let (from, to) = (dims(ctx, body, x), dims(ctx, body, operands[k]));
    let last = *to.last().expect("non-empty");
    let mut plan = Vec::with_capacity(operands.len());
    for (i, &c) in operands.iter().enumerate() {
        if i == k {
            continue;
        }
        let d = dims(ctx, body, c);
        let follow = if is_layer_norm {
            Follow::Keep
        } else if d == to {
            Follow::Whole
        } else if d.len() == to.len() && d.iter().all(|&n| n == 1) {
            Follow::Scalar
        } else if d.len() == to.len() && d[..d.len() - 1].iter().all(|&n| n == 1) && d[d.len() - 1] == last {
            Follow::LastDim
        } else if let Some(lead) = leading_split(&from, &to)
            .filter(|_| d.len() == to.len() && d.iter().zip(&to).all(|(&a, &b)| a == 1 || a == b))
        {
            Follow::Expand { lead }
        } else {
            return false;
        };
        plan.push((i, c, follow));
    }
    let rank = from.len();
    let mut new_operands = operands.clone();
    new_operands[k] = x;
    for (i, c, follow) in plan {
        let nc = match follow {
            Follow::Keep => c,
            Follow::Whole => reshape_before(ctx, body, op, c, &from),
            Follow::Scalar => reshape_before(ctx, body, op, c, &vec![1; rank]),
            Follow::LastDim => {
                let mut d = vec![1; rank];
                d[rank - 1] = last;
                reshape_before(ctx, body, op, c, &d)
            }
            Follow::Expand { lead } => {
                let d = dims(ctx, body, c);
                let ones = d[..lead].iter().all(|&n| n == 1);
                let src = if ones || d[..lead] == to[..lead] {
                    c
                } else {
                    // c + zeros of its missing lead dims: c broadcast along them.
                    let z: Vec<i64> = (0..d.len()).map(|i| if i < lead && d[i] == 1 { to[i] } else { 1 }).collect();
                    let elem = ctx.element_type(body.value_type(c)).unwrap_or(body.value_type(c));
                    let zeros = crate::dense::ConstTensor { dims: z, elem, values: vec![0.0], splat: true };
                    let zv = crate::fold_constants::new_const(ctx, body, &zeros, op, op);
                    let mut full = d.clone();
                    full[..lead].copy_from_slice(&to[..lead]);
                    let attrs = ctx.dictionary(vec![(ctx.intern_str("kind"), ctx.string_attr(BinaryKind::Add.name()))]);
                    let add = body.create_op(
                        OpSpec::new(ctx, OpKind::Binary.name(), body.op_loc(op))
                            .operands(&[c, zv])
                            .results(&[retyped(ctx, body, c, &full)])
                            .attrs(attrs),
                    );
                    body.insert_op_before(op, add);
                    body.result(add, 0)
                };
                let mut nd = vec![if ones { 1 } else { from[0] }];
                nd.extend_from_slice(&d[lead..]);
                reshape_before(ctx, body, op, src, &nd)
            }
        };
        new_operands[i] = nc;
    }
    let result = body.result(op, 0);
    let out_ty = body.value_type(result);
    body.set_operands(op, &new_operands);
    body.set_value_type(result, retyped(ctx, body, result, &from));
    if body.op_attr(ctx, op, "axis").is_some() {
        // Softmax / LayerNorm: still the last axis, of the new rank.
        body.set_op_attr(ctx, op, "axis", Some(ctx.integer_attr(ctx.i64(), rank as i64 - 1)));
    }
    let back = body
        .create_op(OpSpec::new(ctx, OpKind::Reshape.name(), body.op_loc(op)).operands(&[result]).results(&[out_ty]));
    body.insert_op_after(op, back);
    let bv = body.result(back, 0);
    body.replace_uses_if(result, bv, |_, user| user != back);
    true
}
