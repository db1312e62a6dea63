//! Element-wise stablehlo ops -> `tx8be.Binary` / `tx8be.Unary` /
//! `tx8be.Select` / `tx8be.Cast`.

use strata_ir::{Op, Value};
use strata_stablehlo::attrs::{read_comparison_direction, ComparisonDirection};

use tx8be::dialect::kinds::{BinaryKind, UnaryKind};
use tx8be::OpKind;

use super::Lowering;
use crate::dense::ConstTensor;

/// The `tx8be.Binary` kind of a stablehlo binary op.
pub fn binary_kind(name: &str) -> Option<BinaryKind> {
    Some(match name {
        "stablehlo.add" => BinaryKind::Add,
        "stablehlo.subtract" => BinaryKind::Sub,
        "stablehlo.multiply" => BinaryKind::Mul,
        "stablehlo.divide" => BinaryKind::Div,
        "stablehlo.maximum" => BinaryKind::Max,
        "stablehlo.minimum" => BinaryKind::Min,
        "stablehlo.power" => BinaryKind::Pow,
        "stablehlo.remainder" => BinaryKind::Rem,
        "stablehlo.and" => BinaryKind::And,
        "stablehlo.or" => BinaryKind::Or,
        "stablehlo.xor" => BinaryKind::Xor,
        _ => return None,
    })
}

/// The `tx8be.Unary` kind of a stablehlo (or chlo) unary op.
pub fn unary_kind(name: &str) -> Option<UnaryKind> {
    Some(match name {
        "stablehlo.abs" => UnaryKind::Abs,
        "stablehlo.negate" => UnaryKind::Neg,
        "stablehlo.sqrt" => UnaryKind::Sqrt,
        "stablehlo.rsqrt" => UnaryKind::Rsqrt,
        "stablehlo.exponential" => UnaryKind::Exp,
        "stablehlo.log" => UnaryKind::Log,
        "stablehlo.tanh" => UnaryKind::Tanh,
        "stablehlo.logistic" => UnaryKind::Sigmoid,
        "stablehlo.floor" => UnaryKind::Floor,
        "stablehlo.ceil" => UnaryKind::Ceil,
        "stablehlo.sine" => UnaryKind::Sin,
        "stablehlo.cosine" => UnaryKind::Cos,
        "chlo.erf" => UnaryKind::Erf,
        _ => return None,
    })
}

fn result_type(lw: &Lowering<'_>, op: Op) -> strata_ir::Type {
    let t = lw.body.value_type(lw.body.result(op, 0));
    lw.convert_type(t)
}

pub(super) fn binary_values(lw: &mut Lowering<'_>, op: Op, kind: BinaryKind, lhs: Value, rhs: Value) -> Option<Value> {
    let a = lw.broadcastable(lhs, op)?;
    let b = lw.broadcastable(rhs, op)?;
    let ty = result_type(lw, op);
    let k = lw.ctx.string_attr(kind.name());
    Some(lw.emit(op, OpKind::Binary, &[a, b], ty, vec![("kind", k)]))
}

pub fn binary(lw: &mut Lowering<'_>, op: Op, name: &str) -> Option<Value> {
    let kind = binary_kind(name)?;
    let (lhs, rhs) = (lw.body.operand(op, 0), lw.body.operand(op, 1));
    binary_values(lw, op, kind, lhs, rhs)
}

pub fn unary(lw: &mut Lowering<'_>, op: Op, name: &str) -> Option<Value> {
    let kind = unary_kind(name)?;
    let x = lw.get(lw.body.operand(op, 0), op)?;
    let ty = result_type(lw, op);
    let k = lw.ctx.string_attr(kind.name());
    Some(lw.emit(op, OpKind::Unary, &[x], ty, vec![("kind", k)]))
}

/// `not`: logical on `i1` (the card's predicates are 0/1 bytes, whose
/// bitwise complement would not be 0/1), bitwise on integers: an `xor`
/// with all ones either way.
pub fn not(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let x = lw.get(lw.body.operand(op, 0), op)?;
    let elem = lw.elem_of(x);
    let ctx = lw.ctx;
    if !ctx.is_integer(elem) {
        lw.error(op, "'stablehlo.not' of a non-integer, non-i1 tensor");
        return None;
    }
    let ones = if ctx.is_signless_integer_of_width(elem, 1) { 1.0 } else { -1.0 };
    let rank = lw.dims(x).len();
    let mask = ConstTensor { dims: vec![1; rank], elem, values: vec![ones], splat: false };
    let m = lw.emit_const(op, &mask, elem);
    let ty = result_type(lw, op);
    Some(lw.emit(op, OpKind::Binary, &[x, m], ty, vec![("kind", ctx.string_attr(BinaryKind::Xor.name()))]))
}

/// `tx8be.Unary` of `kind` on `x`, typed as `op`'s result.
fn unary_of(lw: &mut Lowering<'_>, op: Op, kind: UnaryKind, x: Value) -> Value {
    let ty = result_type(lw, op);
    let k = lw.ctx.string_attr(kind.name());
    lw.emit(op, OpKind::Unary, &[x], ty, vec![("kind", k)])
}

/// `tx8be.Binary` of `kind` on `a` and `b`, typed as `op`'s result.
fn binary_of(lw: &mut Lowering<'_>, op: Op, kind: BinaryKind, a: Value, b: Value) -> Value {
    let ty = result_type(lw, op);
    let k = lw.ctx.string_attr(kind.name());
    lw.emit(op, OpKind::Binary, &[a, b], ty, vec![("kind", k)])
}

/// A constant 1 of `like`'s element type, of its rank (broadcast to it).
fn one_like(lw: &mut Lowering<'_>, op: Op, like: Value) -> Value {
    let elem = lw.elem_of(like);
    let one = ConstTensor { dims: vec![1; lw.dims(like).len()], elem, values: vec![1.0], splat: false };
    lw.emit_const(op, &one, elem)
}

/// `chlo.erfc(x)` = 1 - erf(x): the operator library has erf only. Where
/// erfc is tiny (large x) the difference keeps erfc's absolute precision,
/// not its relative one; JAX's exact GELU, x/2 * erfc(-x/sqrt(2)), needs
/// no more (its value there is tiny too).
pub fn erfc(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let x = lw.get(lw.body.operand(op, 0), op)?;
    let e = unary_of(lw, op, UnaryKind::Erf, x);
    let one = one_like(lw, op, e);
    Some(binary_of(lw, op, BinaryKind::Sub, one, e))
}

/// `stablehlo.log_plus_one(x)` = log(1 + x): the operator library has no
/// log1p. For |x| below the format's epsilon the sum rounds to 1 and the
/// result to 0, an absolute error of |x|; softplus, where exporters write
/// log1p, is fused into one call before this (`stablehlo-fuse-composites`).
pub fn log_plus_one(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let x = lw.get(lw.body.operand(op, 0), op)?;
    let one = one_like(lw, op, x);
    let sum = binary_of(lw, op, BinaryKind::Add, x, one);
    Some(unary_of(lw, op, UnaryKind::Log, sum))
}

/// `stablehlo.exponential_minus_one(x)` = exp(x) - 1: the operator
/// library has no expm1. Near 0 the difference keeps exp's absolute
/// precision, not expm1's relative one; ELU, where exporters write expm1,
/// is fused into one call before this (`stablehlo-fuse-composites`).
pub fn exponential_minus_one(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let x = lw.get(lw.body.operand(op, 0), op)?;
    let e = unary_of(lw, op, UnaryKind::Exp, x);
    let one = one_like(lw, op, e);
    Some(binary_of(lw, op, BinaryKind::Sub, e, one))
}

/// `chlo.square(x)` = x * x (JAX writes a variance with it).
pub fn square(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let x = lw.get(lw.body.operand(op, 0), op)?;
    let ty = result_type(lw, op);
    let ctx = lw.ctx;
    Some(lw.emit(op, OpKind::Binary, &[x, x], ty, vec![("kind", ctx.string_attr(BinaryKind::Mul.name()))]))
}

pub fn compare(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let Some(dir) = lw.attr(op, "comparison_direction").and_then(|a| read_comparison_direction(lw.ctx, a)) else {
        lw.error(op, "compare without a comparison_direction");
        return None;
    };
    let kind = match dir {
        ComparisonDirection::Eq => BinaryKind::Eq,
        ComparisonDirection::Ne => BinaryKind::Ne,
        ComparisonDirection::Lt => BinaryKind::Lt,
        ComparisonDirection::Le => BinaryKind::Le,
        ComparisonDirection::Gt => BinaryKind::Gt,
        ComparisonDirection::Ge => BinaryKind::Ge,
    };
    let (lhs, rhs) = (lw.body.operand(op, 0), lw.body.operand(op, 1));
    binary_values(lw, op, kind, lhs, rhs)
}

pub fn select(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let c = lw.broadcastable(lw.body.operand(op, 0), op)?;
    let a = lw.broadcastable(lw.body.operand(op, 1), op)?;
    let b = lw.broadcastable(lw.body.operand(op, 2), op)?;
    let ty = result_type(lw, op);
    Some(lw.emit(op, OpKind::Select, &[c, a, b], ty, vec![]))
}

/// `clamp(min, x, max)`: a parameterised unary `clip` when both bounds are
/// scalar constants, else maximum then minimum.
pub fn clamp(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let (lo, x, hi) = (lw.body.operand(op, 0), lw.body.operand(op, 1), lw.body.operand(op, 2));
    let scalar = |lw: &Lowering<'_>, v: Value| {
        let c = lw.const_of(v)?;
        (c.splat || c.elems() == 1).then(|| c.get(0))
    };
    if let (Some(l), Some(h)) = (scalar(lw, lo), scalar(lw, hi)) {
        let xv = lw.get(x, op)?;
        let ty = result_type(lw, op);
        let ctx = lw.ctx;
        let attrs = vec![
            ("kind", ctx.string_attr(UnaryKind::Clip.name())),
            ("alpha", ctx.f64_attr(ctx.f32(), l)),
            ("beta", ctx.f64_attr(ctx.f32(), h)),
        ];
        return Some(lw.emit(op, OpKind::Unary, &[xv], ty, attrs));
    }
    let lower = binary_values(lw, op, BinaryKind::Max, x, lo)?;
    let b = lw.broadcastable(hi, op)?;
    let ty = result_type(lw, op);
    let k = lw.ctx.string_attr(BinaryKind::Min.name());
    Some(lw.emit(op, OpKind::Binary, &[lower, b], ty, vec![("kind", k)]))
}

/// `convert`: a `tx8be.Cast` when the compute types differ, else nothing.
/// Float to integer truncates toward zero (StableHLO, ONNX Cast), while
/// the operator library's cast rounds to nearest even: the value is first
/// truncated with `x < 0 ? ceil(x) : floor(x)`.
pub fn convert(lw: &mut Lowering<'_>, op: Op) -> Option<Value> {
    let mut x = lw.get(lw.body.operand(op, 0), op)?;
    let ty = result_type(lw, op);
    if lw.body.value_type(x) == ty {
        return Some(x);
    }
    let ctx = lw.ctx;
    let (from, to) = (lw.elem_of(x), ctx.element_type(ty).unwrap_or(ty));
    if ctx.is_float(from) && ctx.is_integer(to) && !ctx.is_signless_integer_of_width(to, 1) {
        let xt = lw.body.value_type(x);
        let dims = lw.dims(x);
        let zero = ConstTensor { dims: vec![1; dims.len()], elem: from, values: vec![0.0], splat: false };
        let z = lw.emit_const(op, &zero, from);
        let pred = ctx.ranked_tensor_type(&dims, ctx.i1());
        let neg = lw.emit(op, OpKind::Binary, &[x, z], pred, vec![("kind", ctx.string_attr(BinaryKind::Lt.name()))]);
        let up = lw.emit(op, OpKind::Unary, &[x], xt, vec![("kind", ctx.string_attr(UnaryKind::Ceil.name()))]);
        let down = lw.emit(op, OpKind::Unary, &[x], xt, vec![("kind", ctx.string_attr(UnaryKind::Floor.name()))]);
        x = lw.emit(op, OpKind::Select, &[neg, up, down], xt, vec![]);
    }
    Some(lw.emit(op, OpKind::Cast, &[x], ty, vec![]))
}
