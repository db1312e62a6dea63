//! The arith ops `convert-arith-to-llvm` lowers to several LLVM ops, in
//! upstream's op order: `ceildivsi`, `floordivsi`, `ceildivui` (their
//! arith expansions, lowered), `mulsi_extended` / `mului_extended`
//! (multiplication at twice the width, low and high halves) and
//! `addui_extended` (`llvm.intr.uadd.with.overflow`).

use strata_ir::{Body, Location, Op, Type, Value};

use super::common::{attrs, Lowerer};
use crate::dialect::asm::dense_i64_array;

/// `llvm.mlir.constant(v : t)` where `t` is the op's original type
/// (`index` constants keep `index` in their attribute).
fn constant(lw: &mut Lowerer<'_>, body: &mut Body, loc: Location, attr_ty: Type, ty: Type, v: i64) -> Value {
    let ctx = lw.ctx;
    let a = if ctx.is_signless_integer_of_width(attr_ty, 1) { ctx.bool_attr(v != 0) } else { ctx.integer_attr(attr_ty, v) };
    lw.value(body, "llvm.mlir.constant", loc, &[], ty, attrs(ctx, &[("value", a)]))
}

fn binary(lw: &mut Lowerer<'_>, body: &mut Body, loc: Location, name: &str, a: Value, b: Value) -> Value {
    let ty = body.value_type(a);
    let empty = lw.ctx.empty_dictionary();
    lw.value(body, name, loc, &[a, b], ty, empty)
}

fn icmp(lw: &mut Lowerer<'_>, body: &mut Body, loc: Location, pred: &str, a: Value, b: Value) -> Value {
    let ctx = lw.ctx;
    lw.value(body, "llvm.icmp", loc, &[a, b], ctx.i1(), attrs(ctx, &[("predicate", ctx.string_attr(pred))]))
}

fn select(lw: &mut Lowerer<'_>, body: &mut Body, loc: Location, c: Value, a: Value, b: Value) -> Value {
    let ty = body.value_type(a);
    let empty = lw.ctx.empty_dictionary();
    lw.value(body, "llvm.select", loc, &[c, a, b], ty, empty)
}

fn cast(lw: &mut Lowerer<'_>, body: &mut Body, loc: Location, name: &str, a: Value, ty: Type) -> Value {
    let empty = lw.ctx.empty_dictionary();
    lw.value(body, name, loc, &[a], ty, empty)
}

/// The replacement values of `op` (named `name`) from its converted
/// operands, or `None` when it is not one of these ops.
pub fn expand(lw: &mut Lowerer<'_>, body: &mut Body, op: Op, name: &str, operands: &[Value]) -> Option<Vec<Value>> {
    let ctx = lw.ctx;
    let loc = body.op_loc(op);
    let orig_ty = body.value_type(body.result(op, 0));
    let (a, b) = (*operands.first()?, *operands.get(1)?);
    let ty = body.value_type(a);
    Some(match name {
        "arith.ceildivsi" => {
            let zero = constant(lw, body, loc, orig_ty, ty, 0);
            let one = constant(lw, body, loc, orig_ty, ty, 1);
            let q = binary(lw, body, loc, "llvm.sdiv", a, b);
            let m = binary(lw, body, loc, "llvm.mul", q, b);
            let inexact = icmp(lw, body, loc, "ne", a, m);
            let a_neg = icmp(lw, body, loc, "slt", a, zero);
            let b_neg = icmp(lw, body, loc, "slt", b, zero);
            let same_sign = icmp(lw, body, loc, "eq", a_neg, b_neg);
            let round = binary(lw, body, loc, "llvm.and", inexact, same_sign);
            let up = binary(lw, body, loc, "llvm.add", q, one);
            vec![select(lw, body, loc, round, up, q)]
        }
        "arith.floordivsi" => {
            let q = binary(lw, body, loc, "llvm.sdiv", a, b);
            let m = binary(lw, body, loc, "llvm.mul", q, b);
            let inexact = icmp(lw, body, loc, "ne", a, m);
            let zero = constant(lw, body, loc, orig_ty, ty, 0);
            let a_neg = icmp(lw, body, loc, "slt", a, zero);
            let b_neg = icmp(lw, body, loc, "slt", b, zero);
            let other_sign = icmp(lw, body, loc, "ne", a_neg, b_neg);
            let round = binary(lw, body, loc, "llvm.and", inexact, other_sign);
            let minus_one = constant(lw, body, loc, orig_ty, ty, -1);
            let down = binary(lw, body, loc, "llvm.add", q, minus_one);
            vec![select(lw, body, loc, round, down, q)]
        }
        "arith.ceildivui" => {
            let zero = constant(lw, body, loc, orig_ty, ty, 0);
            let is_zero = icmp(lw, body, loc, "eq", a, zero);
            let one = constant(lw, body, loc, orig_ty, ty, 1);
            let minus = binary(lw, body, loc, "llvm.sub", a, one);
            let q = binary(lw, body, loc, "llvm.udiv", minus, b);
            let up = binary(lw, body, loc, "llvm.add", q, one);
            vec![select(lw, body, loc, is_zero, zero, up)]
        }
        "arith.mulsi_extended" | "arith.mului_extended" => {
            let width = ctx.int_or_float_width(ty)?;
            let wide = ctx.integer_type(2 * width);
            let ext = if name == "arith.mulsi_extended" { "llvm.sext" } else { "llvm.zext" };
            let wa = cast(lw, body, loc, ext, a, wide);
            let wb = cast(lw, body, loc, ext, b, wide);
            let product = binary(lw, body, loc, "llvm.mul", wa, wb);
            let low = cast(lw, body, loc, "llvm.trunc", product, ty);
            let shift = constant(lw, body, loc, wide, wide, width as i64);
            let high_wide = binary(lw, body, loc, "llvm.lshr", product, shift);
            let high = cast(lw, body, loc, "llvm.trunc", high_wide, ty);
            vec![low, high]
        }
        "arith.addui_extended" => {
            let st = crate::dialect::types::struct_type(ctx, &[ty, ctx.i1()]);
            let pair = lw.value(body, "llvm.intr.uadd.with.overflow", loc, &[a, b], st, ctx.empty_dictionary());
            let pos = |i: i64| attrs(ctx, &[("position", dense_i64_array(ctx, &[i]))]);
            let sum = lw.value(body, "llvm.extractvalue", loc, &[pair], ty, pos(0));
            let overflow = lw.value(body, "llvm.extractvalue", loc, &[pair], ctx.i1(), pos(1));
            vec![sum, overflow]
        }
        _ => return None,
    })
}

/// Whether `name` is expanded here.
pub fn is_expanded(name: &str) -> bool {
    matches!(name, "arith.ceildivsi" | "arith.floordivsi" | "arith.ceildivui" | "arith.mulsi_extended" | "arith.mului_extended" | "arith.addui_extended")
}
