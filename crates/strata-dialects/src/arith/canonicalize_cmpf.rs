//! `arith.cmpf` canonicalization: MLIR's C++ pattern `CmpFIntToFPConst`.
//!
//! `cmpf(pred, sitofp(x) | uitofp(x), C)` with a scalar float constant `C`
//! becomes an integer compare of `x` against `C` converted to the integer
//! type, or a constant `i1` when the outcome is fixed (C beyond the integer
//! range, a fractional C under `eq`/`ne`, `ord`/`uno`). The rewrite is
//! refused where the int-to-float conversion may round in a way that could
//! change the outcome (integer wider than the float's precision and C in the
//! range where that rounding matters). Every step follows upstream's
//! `ArithOps.cpp`, including APFloat's round-to-nearest-even conversions of
//! the integer bounds and the truncating conversion of C.
//!
//! Upstream reaches `llvm_unreachable` (mlir-opt 22 crashes) on the `false`
//! and `true` predicates; here those simply do not match.

use std::cmp::Ordering;

use strata_ir::apfloat::{self, decode, Decoded};
use strata_ir::apfloat_ops as fp;
use strata_ir::apint::ApInt;
use strata_ir::fold::constant_value;
use strata_ir::types::FloatKind;
use strata_ir::{AttrKind, Context, Op, OpSpec, Type, Value};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{PatternRewriter, PatternSet};

use crate::arith::fold::{def_of, predicate};

// cmpi predicate numbers (`arith::CmpIPredicate`).
const EQ: i64 = 0;
const NE: i64 = 1;
const SLT: i64 = 2;
const SLE: i64 = 3;
const SGT: i64 = 4;
const SGE: i64 = 5;
const ULT: i64 = 6;
const ULE: i64 = 7;
const UGT: i64 = 8;
const UGE: i64 = 9;

// cmpf predicate numbers (`arith::CmpFPredicate`) with a special meaning here.
const CMPF_ORD: i64 = 7;
const CMPF_UNO: i64 = 14;

/// The integer predicate of an ordered/unordered float predicate
/// (`convertToIntegerPredicate`); `None` for `false`/`true`/`ord`/`uno`.
fn integer_predicate(cmpf: i64, unsigned: bool) -> Option<i64> {
    let (s, u) = match cmpf {
        1 | 8 => (EQ, EQ),
        2 | 9 => (SGT, UGT),
        3 | 10 => (SGE, UGE),
        4 | 11 => (SLT, ULT),
        5 | 12 => (SLE, ULE),
        6 | 13 => (NE, NE),
        _ => return None,
    };
    Some(if unsigned { u } else { s })
}

/// APFloat's `ilogb` for a non-NaN value: `None` for zero, `i32::MAX` for
/// infinity, else the unbiased exponent of the leading bit.
fn ilogb(kind: FloatKind, bits: u128) -> Option<i32> {
    match decode(kind, bits) {
        Decoded::Inf { .. } => Some(i32::MAX),
        Decoded::Finite { mantissa, exponent, .. } => Some(exponent + (127 - mantissa.leading_zeros() as i32)),
        Decoded::Zero { .. } | Decoded::NaN => None,
    }
}

fn less(kind: FloatKind, a: u128, b: u128) -> bool {
    fp::compare(kind, a, b) == Some(Ordering::Less)
}

/// What the compare becomes.
enum Outcome {
    Constant(bool),
    Cmpi { pred: i64, rhs: ApInt },
}

/// The decision of `CmpFIntToFPConst` for `cmpf(pred, (s|u)itofp(x : iW), c)`.
fn decide(cmpf_pred: i64, kind: FloatKind, c: u128, width: u32, unsigned: bool) -> Option<Outcome> {
    if fp::is_nan(kind, c) {
        return None;
    }
    let mantissa_width = apfloat::precision(kind) as i32;
    if mantissa_width <= 0 {
        return None;
    }
    let value_bits = if unsigned { width as i32 } else { width as i32 - 1 };
    if width as i32 > mantissa_width {
        // The conversion may round: refuse where that can change the outcome.
        match ilogb(kind, c) {
            // Infinity: the conversion could overflow to it.
            Some(i32::MAX) if apfloat::max_exponent(kind) < value_bits => return None,
            Some(i32::MAX) => {}
            Some(e) if mantissa_width <= e && e <= value_bits => return None,
            _ => {}
        }
    }
    let pred = match cmpf_pred {
        CMPF_ORD => return Some(Outcome::Constant(true)),
        CMPF_UNO => return Some(Outcome::Constant(false)),
        p => integer_predicate(p, unsigned)?,
    };

    // C above the integer range.
    let max = if unsigned { ApInt::all_ones(width) } else { ApInt::signed_max(width) };
    if less(kind, fp::from_apint(kind, &max, !unsigned), c) {
        let always = if unsigned { [NE, ULT, ULE] } else { [NE, SLT, SLE] };
        return Some(Outcome::Constant(always.contains(&pred)));
    }
    // C below the integer range.
    let min = if unsigned { ApInt::zero(width) } else { ApInt::signed_min(width) };
    if less(kind, c, fp::from_apint(kind, &min, !unsigned)) {
        let always = if unsigned { [NE, UGT, UGE] } else { [NE, SGT, SGE] };
        return Some(Outcome::Constant(always.contains(&pred)));
    }

    // C truncated toward zero; a fractional C adjusts the predicate.
    let rhs = fp::to_apint(kind, c, width, !unsigned)?;
    let mut pred = pred;
    let is_zero = matches!(decode(kind, c), Decoded::Zero { .. });
    if !is_zero && fp::compare(kind, fp::from_apint(kind, &rhs, !unsigned), c) != Some(Ordering::Equal) {
        let negative = fp::is_negative(kind, c);
        match pred {
            NE => return Some(Outcome::Constant(true)),
            EQ => return Some(Outcome::Constant(false)),
            ULE if negative => return Some(Outcome::Constant(false)),
            SLE if negative => pred = SLT,
            ULT if negative => return Some(Outcome::Constant(false)),
            ULT => pred = ULE,
            SLT if !negative => pred = SLE,
            UGT if negative => return Some(Outcome::Constant(true)),
            SGT if negative => pred = SGE,
            UGE if negative => return Some(Outcome::Constant(true)),
            UGE => pred = UGT,
            SGE if !negative => pred = SGT,
            _ => {}
        }
    }
    Some(Outcome::Cmpi { pred, rhs })
}

/// A scalar float constant (`m_Constant(FloatAttr)`): its format and bits.
fn scalar_float(ctx: &Context, rw: &PatternRewriter<'_>, v: Value) -> Option<(FloatKind, u128)> {
    let a = constant_value(ctx, rw.body(), v)?;
    match ctx.attr_kind(a) {
        AttrKind::Float { bits, ty } => Some((ctx.float_kind(*ty)?, *bits)),
        _ => None,
    }
}

fn create_single(rw: &mut PatternRewriter<'_>, root: Op, spec: OpSpec) -> Value {
    rw.set_insertion_point_before(root);
    let op = rw.create(spec);
    rw.body().result(op, 0)
}

fn create_constant(rw: &mut PatternRewriter<'_>, root: Op, ty: Type, value: strata_ir::Attribute) -> Value {
    let ctx = rw.ctx;
    let loc = rw.body().op_loc(root);
    let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), value)]);
    create_single(rw, root, OpSpec::new(ctx, "arith.constant", loc).results(&[ty]).attrs(attrs))
}

fn cmpf_int_to_fp_const(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let Some((kind, c)) = scalar_float(ctx, rw, rw.body().operand(op, 1)) else { return false };
    let lhs = rw.body().operand(op, 0);
    let (cast, unsigned) = if let Some(si) = def_of(ctx, rw.body(), lhs, "arith.sitofp") {
        (si, false)
    } else if let Some(ui) = def_of(ctx, rw.body(), lhs, "arith.uitofp") {
        (ui, true)
    } else {
        return false;
    };
    let x = rw.body().operand(cast, 0);
    let int_ty = rw.body().value_type(x);
    let Some(width) = ctx.int_or_float_width(int_ty).filter(|_| ctx.is_integer(int_ty)) else { return false };
    let Some(pred) = predicate(ctx, rw.body(), op) else { return false };
    match decide(pred, kind, c, width, unsigned) {
        None => false,
        Some(Outcome::Constant(b)) => {
            let v = create_constant(rw, op, ctx.i1(), ctx.bool_attr(b));
            rw.replace_op(op, &[v]);
            true
        }
        Some(Outcome::Cmpi { pred, rhs }) => {
            let k = create_constant(rw, op, int_ty, ctx.integer_attr_ap(int_ty, rhs));
            let loc = rw.body().op_loc(op);
            let attrs = ctx.dictionary(vec![(ctx.intern_str("predicate"), ctx.integer_attr(ctx.i64(), pred))]);
            let spec = OpSpec::new(ctx, "arith.cmpi", loc).operands(&[x, k]).results(&[ctx.i1()]).attrs(attrs);
            let v = create_single(rw, op, spec);
            rw.replace_op(op, &[v]);
            true
        }
    }
}

pub(crate) fn populate(set: &mut PatternSet) {
    set.add(FnPattern { root: Some("arith.cmpf"), name: "CmpFIntToFPConst", benefit: 1, f: cmpf_int_to_fp_const });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32b(v: f32) -> u128 {
        v.to_bits() as u128
    }

    fn cmpi(o: Option<Outcome>) -> Option<(i64, i64)> {
        match o? {
            Outcome::Cmpi { pred, rhs } => Some((pred, rhs.to_i64())),
            Outcome::Constant(b) => Some((-1, b as i64)),
        }
    }

    #[test]
    fn fractional_constants_adjust_the_predicate() {
        // olt 4.5 on a signed i8 -> sle 4; olt -4.5 -> slt -4.
        assert_eq!(cmpi(decide(4, FloatKind::F32, f32b(4.5), 8, false)), Some((SLE, 4)));
        assert_eq!(cmpi(decide(4, FloatKind::F32, f32b(-4.5), 8, false)), Some((SLT, -4)));
        // oeq 4.5 is never true; une 4.5 always.
        assert_eq!(cmpi(decide(1, FloatKind::F32, f32b(4.5), 8, false)), Some((-1, 0)));
        assert_eq!(cmpi(decide(13, FloatKind::F32, f32b(4.5), 8, false)), Some((-1, 1)));
        // unsigned: uge -0.5 is below the range (0 > -0.5): always true.
        assert_eq!(cmpi(decide(10, FloatKind::F32, f32b(-0.5), 8, true)), Some((-1, 1)));
    }

    #[test]
    fn out_of_range_and_lossy_cases() {
        // 300.0 above i8's range: ogt false, olt true.
        assert_eq!(cmpi(decide(2, FloatKind::F32, f32b(300.0), 8, false)), Some((-1, 0)));
        assert_eq!(cmpi(decide(4, FloatKind::F32, f32b(300.0), 8, false)), Some((-1, 1)));
        // i64 to f32 compared with 2^40: conversion may round, refused.
        assert!(decide(1, FloatKind::F32, f32b(1099511627776.0), 64, false).is_none());
        // NaN refused; ord/uno constant.
        assert!(decide(1, FloatKind::F32, f32b(f32::NAN), 8, false).is_none());
        assert_eq!(cmpi(decide(CMPF_ORD, FloatKind::F32, f32b(1.0), 8, false)), Some((-1, 1)));
        // false/true predicates do not match (upstream is unreachable there).
        assert!(decide(0, FloatKind::F32, f32b(1.0), 8, false).is_none());
        assert!(decide(15, FloatKind::F32, f32b(1.0), 8, false).is_none());
    }
}
