//! The arith ops `convert-arith-to-llvm` lowers to several ops, in
//! upstream's op order: `ceildivsi`, `floordivsi`, `ceildivui` become their
//! arith expansions (which the pass then folds and lowers op by op),
//! `mulsi_extended` / `mului_extended` multiply at twice the width (low and
//! high halves) and `addui_extended` calls `llvm.intr.uadd.with.overflow`.

use strata_ir::{Body, Location, Op, Type, Value};

use super::common::{attrs, Lowerer};
use crate::dialect::asm::dense_i64_array;

/// `llvm.mlir.constant(v : t)` where `t` is the op's original type
/// (`index` constants keep `index` in their attribute).
fn constant(lw: &mut Lowerer<'_>, body: &mut Body, loc: Location, attr_ty: Type, ty: Type, v: i64) -> Value {
    let ctx = lw.ctx;
    let a =
        if ctx.is_signless_integer_of_width(attr_ty, 1) { ctx.bool_attr(v != 0) } else { ctx.integer_attr(attr_ty, v) };
    lw.value(body, "llvm.mlir.constant", loc, &[], ty, attrs(ctx, &[("value", a)]))
}

fn binary(lw: &mut Lowerer<'_>, body: &mut Body, loc: Location, name: &str, a: Value, b: Value) -> Value {
    let ty = body.value_type(a);
    let empty = lw.ctx.empty_dictionary();
    lw.value(body, name, loc, &[a, b], ty, empty)
}

fn cast(lw: &mut Lowerer<'_>, body: &mut Body, loc: Location, name: &str, a: Value, ty: Type) -> Value {
    let empty = lw.ctx.empty_dictionary();
    lw.value(body, name, loc, &[a], ty, empty)
}

/// Builds arith ops before `op`, recording them for lowering in turn.
struct ArithBuilder<'b> {
    ctx: &'b strata_ir::Context,
    before: Op,
    loc: Location,
    created: Vec<Op>,
}

impl ArithBuilder<'_> {
    fn op(&mut self, body: &mut Body, name: &str, operands: &[Value], ty: Type, a: strata_ir::Attribute) -> Value {
        let op =
            body.create_op(strata_ir::OpSpec::new(self.ctx, name, self.loc).operands(operands).results(&[ty]).attrs(a));
        body.insert_op_before(self.before, op);
        self.created.push(op);
        body.result(op, 0)
    }
    fn constant(&mut self, body: &mut Body, ty: Type, v: i64) -> Value {
        let a = attrs(self.ctx, &[("value", self.ctx.integer_attr(ty, v))]);
        self.op(body, "arith.constant", &[], ty, a)
    }
    fn binary(&mut self, body: &mut Body, name: &str, a: Value, b: Value) -> Value {
        let ty = body.value_type(a);
        let empty = self.ctx.empty_dictionary();
        self.op(body, name, &[a, b], ty, empty)
    }
    fn cmpi(&mut self, body: &mut Body, pred: &str, a: Value, b: Value) -> Value {
        let ctx = self.ctx;
        let idx =
            strata_dialects::arith::CMPI_PREDICATES.iter().position(|&p| p == pred).expect("a cmpi predicate") as i64;
        let a_ = attrs(ctx, &[("predicate", ctx.integer_attr(ctx.i64(), idx))]);
        self.op(body, "arith.cmpi", &[a, b], ctx.i1(), a_)
    }
    fn select(&mut self, body: &mut Body, c: Value, a: Value, b: Value) -> Value {
        let ty = body.value_type(a);
        let empty = self.ctx.empty_dictionary();
        self.op(body, "arith.select", &[c, a, b], ty, empty)
    }
}

/// Upstream's arith expansion of `ceildivsi`, `floordivsi` and
/// `ceildivui`: arith ops created before `op` (returned, in order, for the
/// caller to fold and lower one by one, as upstream's driver legalizes
/// them) and the value replacing `op`.
pub fn expand_division(body: &mut Body, ctx: &strata_ir::Context, op: Op, name: &str) -> Option<(Vec<Op>, Value)> {
    let (a, b) = (body.operand(op, 0), body.operand(op, 1));
    let ty = body.value_type(a);
    let mut ab = ArithBuilder { ctx, before: op, loc: body.op_loc(op), created: Vec::new() };
    let result = match name {
        "arith.ceildivsi" => {
            let zero = ab.constant(body, ty, 0);
            let one = ab.constant(body, ty, 1);
            let q = ab.binary(body, "arith.divsi", a, b);
            let m = ab.binary(body, "arith.muli", q, b);
            let inexact = ab.cmpi(body, "ne", a, m);
            let a_neg = ab.cmpi(body, "slt", a, zero);
            let b_neg = ab.cmpi(body, "slt", b, zero);
            let same_sign = ab.cmpi(body, "eq", a_neg, b_neg);
            let round = ab.binary(body, "arith.andi", inexact, same_sign);
            let up = ab.binary(body, "arith.addi", q, one);
            ab.select(body, round, up, q)
        }
        "arith.floordivsi" => {
            let q = ab.binary(body, "arith.divsi", a, b);
            let m = ab.binary(body, "arith.muli", q, b);
            let inexact = ab.cmpi(body, "ne", a, m);
            let zero = ab.constant(body, ty, 0);
            let a_neg = ab.cmpi(body, "slt", a, zero);
            let b_neg = ab.cmpi(body, "slt", b, zero);
            let other_sign = ab.cmpi(body, "ne", a_neg, b_neg);
            let round = ab.binary(body, "arith.andi", inexact, other_sign);
            let minus_one = ab.constant(body, ty, -1);
            let down = ab.binary(body, "arith.addi", q, minus_one);
            ab.select(body, round, down, q)
        }
        "arith.ceildivui" => {
            let zero = ab.constant(body, ty, 0);
            let is_zero = ab.cmpi(body, "eq", a, zero);
            let one = ab.constant(body, ty, 1);
            let minus = ab.binary(body, "arith.subi", a, one);
            let q = ab.binary(body, "arith.divui", minus, b);
            let up = ab.binary(body, "arith.addi", q, one);
            ab.select(body, is_zero, zero, up)
        }
        _ => return None,
    };
    Some((ab.created, result))
}

/// The LLVM ops replacing the extended arithmetic ops (upstream's patterns
/// build them directly), from their converted operands.
pub fn expand(lw: &mut Lowerer<'_>, body: &mut Body, op: Op, name: &str, operands: &[Value]) -> Option<Vec<Value>> {
    let ctx = lw.ctx;
    let loc = body.op_loc(op);
    let (a, b) = (*operands.first()?, *operands.get(1)?);
    let ty = body.value_type(a);
    Some(match name {
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

/// Whether `name` is lowered by [`expand`].
pub fn is_expanded(name: &str) -> bool {
    matches!(name, "arith.mulsi_extended" | "arith.mului_extended" | "arith.addui_extended")
}

/// Whether `name` is expanded by [`expand_division`].
pub fn is_division(name: &str) -> bool {
    matches!(name, "arith.ceildivsi" | "arith.floordivsi" | "arith.ceildivui")
}
