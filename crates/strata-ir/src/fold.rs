//! Folding: the per-op `fold` hook, the traits' generic folds (operand
//! reordering for commutative ops), and constant matching.
//!
//! A fold hook looks at one op and the constant values of its operands (when
//! known) and either updates the op in place, or names what its results are:
//! an existing value or a constant attribute, which the caller materializes
//! through the dialect's `materialize_constant` hook (MLIR's
//! `Operation::fold` and `Dialect::materializeConstant`).

use smallvec::SmallVec;

use crate::attributes::Attribute;
use crate::body::Body;
use crate::context::Context;
use crate::entity::{Op, Value};
use crate::location::Location;
use crate::opdef::Traits;
use crate::types::Type;

/// What one result of a folded op becomes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FoldValue {
    Attr(Attribute),
    Value(Value),
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FoldResult {
    /// Nothing to fold.
    Failed,
    /// The op was updated in place and remains.
    InPlace,
    /// One entry per result: the op can be replaced by these.
    Replace(SmallVec<[FoldValue; 1]>),
}

impl FoldResult {
    pub fn value(v: Value) -> FoldResult {
        FoldResult::Replace(smallvec::smallvec![FoldValue::Value(v)])
    }
    pub fn attr(a: Attribute) -> FoldResult {
        FoldResult::Replace(smallvec::smallvec![FoldValue::Attr(a)])
    }
    pub fn succeeded(&self) -> bool {
        !matches!(self, FoldResult::Failed)
    }
}

/// An op's fold hook: `operands[i]` is the constant value of operand `i`
/// when it is produced by a constant-like op. It may change the op in place
/// (and then returns `InPlace`) but must not create or erase ops.
pub type FoldFn = fn(&Context, &mut Body, Op, &[Option<Attribute>]) -> FoldResult;

/// A dialect's constant materializer: a detached constant-like op of `ty`
/// holding `value`, or `None` when the dialect cannot express it.
pub type MaterializeFn = fn(&Context, &mut Body, Attribute, Type, Location) -> Option<Op>;

/// Folds `op`: its own hook first, then (when that leaves it in place or
/// fails) the trait folds, as MLIR's `foldSingleResultHook` does.
pub fn fold_op(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let Some(def) = ctx.op_def(body.op_name(op)) else { return FoldResult::Failed };
    let own = match def.fold {
        Some(f) => f(ctx, body, op, operands),
        None => FoldResult::Failed,
    };
    if matches!(own, FoldResult::Replace(_)) {
        return own;
    }
    // The trait folds, in the order MLIR's ops list these traits.
    if def.traits.contains(Traits::COMMUTATIVE) && fold_commutative(body, op, operands) {
        return FoldResult::InPlace;
    }
    if def.traits.contains(Traits::IDEMPOTENT) {
        if let Some(v) = fold_idempotent(body, op) {
            return FoldResult::value(v);
        }
    }
    if def.traits.contains(Traits::INVOLUTION) {
        if let Some(v) = fold_involution(body, op) {
            return FoldResult::value(v);
        }
    }
    if def.traits.contains(Traits::CAST_OP_INTERFACE) {
        if let Some(r) = fold_identity_cast(body, op) {
            return r;
        }
    }
    own
}

/// A cast from types to the same types is its operands
/// (`impl::foldCastInterfaceOp`); `None` for a cast without operands.
pub fn fold_identity_cast(body: &Body, op: Op) -> Option<FoldResult> {
    let n = body.num_operands(op);
    if n == 0 || n != body.num_results(op) {
        return None;
    }
    let same = body.operands(op).zip(body.results(op)).all(|(a, r)| body.value_type(a) == body.value_type(r));
    same.then(|| FoldResult::Replace(body.operands(op).map(FoldValue::Value).collect()))
}

/// `f(x, x) -> x`; `f(f(x)) -> f(x)` for unary ops (MLIR's `foldIdempotent`).
fn fold_idempotent(body: &Body, op: Op) -> Option<Value> {
    match body.num_operands(op) {
        1 => {
            let inner = body.defining_op(body.operand(op, 0))?;
            (body.op_name(inner) == body.op_name(op)).then(|| body.operand(op, 0))
        }
        2 if body.operand(op, 0) == body.operand(op, 1) => Some(body.operand(op, 0)),
        _ => None,
    }
}

/// `f(f(x)) -> x` for unary ops (MLIR's `foldInvolution`).
fn fold_involution(body: &Body, op: Op) -> Option<Value> {
    if body.num_operands(op) != 1 {
        return None;
    }
    let inner = body.defining_op(body.operand(op, 0))?;
    (body.op_name(inner) == body.op_name(op) && body.num_operands(inner) == 1).then(|| body.operand(inner, 0))
}

/// Moves constant operands of a commutative op to the end, keeping the
/// relative order of both groups; true if anything moved.
pub fn fold_commutative(body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> bool {
    if operands.len() < 2 {
        return false;
    }
    let Some(first_const) = operands.iter().position(|a| a.is_some()) else { return false };
    if operands[first_const..].iter().all(|a| a.is_some()) {
        return false;
    }
    let values = body.operand_vec(op);
    let mut reordered: SmallVec<[Value; 4]> = values[..first_const].into();
    reordered.extend((first_const..values.len()).filter(|&i| operands[i].is_none()).map(|i| values[i]));
    reordered.extend((first_const..values.len()).filter(|&i| operands[i].is_some()).map(|i| values[i]));
    body.set_operands(op, &reordered);
    true
}

/// True if `op` has the `ConstantLike` trait.
#[inline]
pub fn is_constant_like(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.op_def(body.op_name(op)).is_some_and(|d| d.traits.contains(Traits::CONSTANT_LIKE))
}

/// Reads the constant a constant-like op produces (MLIR gets it by folding
/// the op; a separate read-only hook keeps constant matching on `&Body`).
pub type ConstantValueFn = fn(&Context, &Body, Op) -> Option<Attribute>;

/// The constant a constant-like op produces (MLIR's `m_Constant`).
#[inline]
pub fn constant_op_value(ctx: &Context, body: &Body, op: Op) -> Option<Attribute> {
    let def = ctx.op_def(body.op_name(op))?;
    if !def.traits.contains(Traits::CONSTANT_LIKE) {
        return None;
    }
    (def.constant_value?)(ctx, body, op)
}

/// The constant value of `v`, when a constant-like op defines it.
#[inline]
pub fn constant_value(ctx: &Context, body: &Body, v: Value) -> Option<Attribute> {
    let op = body.defining_op(v)?;
    constant_op_value(ctx, body, op)
}

/// Constant operand values of `op`, as fold hooks take them.
pub fn operand_constants(ctx: &Context, body: &Body, op: Op) -> SmallVec<[Option<Attribute>; 4]> {
    let mut out = SmallVec::new();
    for v in body.operands(op) {
        out.push(constant_value(ctx, body, v));
    }
    out
}
