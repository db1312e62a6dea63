//! Softmax, recognised by what it computes: in the algebraic view
//! (`crate::algebra`) the result is the monomial `E * S^-1` with
//! `E = exp(z)` and `S = reduce_add(E)` over one axis broadcast back along
//! it (so `e / s`, `e * (1 / s)`, `(1 / s) * e`, a reciprocal computed per
//! row and then broadcast are one thing). When `z = x - max(x)` over the
//! same axis (`x - m`, `-m + x`, `x + (-1) * m`) the softmax is of `x`,
//! else of `z` without the shifts that are the same along the axis.
//!
//! Why fusing `exp(z) / sum(exp(z))` without the max subtraction is safe:
//! the library's softmax subtracts the row max before the exponential,
//! which in exact arithmetic gives the same values (the factor `exp(-max)`
//! cancels between numerator and denominator); it only differs where the
//! spelled-out form overflows (`exp(z)` = inf for z > 88 in f32, giving
//! inf / inf = NaN), and there the fused op gives the right answer.

use strata_ir::{Body, Context, Value};

use super::stats::{reduced_leaf, reduction, reductions_in, shape_of, Reducer};
use super::{Input, Match};
use crate::algebra::{close, identity_map, Leaf, Poly, View};

pub fn match_softmax(ctx: &Context, body: &Body, y: Value, v0: &mut View<'_>, p0: &Poly) -> Option<Match> {
    let full = shape_of(ctx, body, y);
    let t = p0.monomial()?;
    if !close(t.coeff, 1.0, v0.tolerance()) {
        return None;
    }
    let [(a, ea), (b, eb)] = t.factors.as_slice() else { return None };
    let (e, s) = match (*ea, *eb) {
        (x, y) if x == 1.0 && y == -1.0 => (a, b),
        (x, y) if x == -1.0 && y == 1.0 => (b, a),
        _ => return None,
    };
    let exp = body.defining_op(e.value).filter(|&d| ctx.op_name_str(body.op_name(d)) == "stablehlo.exponential")?;
    if e.map != identity_map(&full) {
        return None;
    }
    let sum = reduction(ctx, body, s.value, Reducer::Add)?;
    if sum.axes.len() != 1
        || reduced_leaf(&sum, &full) != *s
        || crate::algebra::strip_converts(ctx, body, sum.input) != e.value
    {
        return None;
    }
    let z = body.operand(exp, 0);
    let axis = ("axis", ctx.integer_attr(ctx.i64(), sum.axes[0]));
    for max in reductions_in(ctx, body, z, Reducer::Max) {
        if max.axes != sum.axes {
            continue;
        }
        let x = crate::algebra::strip_converts(ctx, body, max.input);
        if shape_of(ctx, body, x) != full {
            continue;
        }
        let mut v = View::new(ctx, body, &[x]);
        let want = Poly::leaf(Leaf { value: x, map: identity_map(&full) }).sub(&Poly::leaf(reduced_leaf(&max, &full)));
        let pz = v.poly(z);
        if pz.approx_eq(&want, v.tolerance()) {
            return Some(Match { name: "tx8.softmax", inputs: vec![Input::Value(x)], attributes: vec![axis] });
        }
    }
    let x = strip_row_shifts(ctx, body, z, sum.axes[0] as usize, &full);
    Some(Match { name: "tx8.softmax", inputs: vec![Input::Value(x)], attributes: vec![axis] })
}

/// `z` without the terms added to or subtracted from it that are the same
/// all along `axis` and computed from reductions over it (softmax is
/// invariant under a shift per row): JAX's `x - maximum(-inf, max(x))`, a
/// max taken of another value, a mean. Exactly as the max subtraction
/// above, the fused op then differs only where the spelled-out form
/// overflows. A row mask (`x + m` with `m` broadcast along the axis) is
/// not a statistic and stays: a -inf there makes the reference's row NaN.
fn strip_row_shifts(ctx: &Context, body: &Body, mut z: Value, axis: usize, full: &[i64]) -> Value {
    let along_rows = |v: Value| {
        if shape_of(ctx, body, v) != full {
            return false;
        }
        let p = View::new(ctx, body, &[]).poly(v);
        p.terms.iter().all(|t| {
            t.factors.iter().all(|(l, _)| l.map.get(axis) == Some(&None) && row_statistic(ctx, body, l.value, axis))
        })
    };
    while let Some(d) = body.defining_op(z) {
        let (a, b) = match ctx.op_name_str(body.op_name(d)) {
            "stablehlo.subtract" => (body.operand(d, 0), body.operand(d, 1)),
            "stablehlo.add" => (body.operand(d, 0), body.operand(d, 1)),
            _ => break,
        };
        let is_add = ctx.op_name_str(body.op_name(d)) == "stablehlo.add";
        if shape_of(ctx, body, a) == full && along_rows(b) {
            z = a;
        } else if is_add && shape_of(ctx, body, b) == full && along_rows(a) {
            z = b;
        } else {
            break;
        }
    }
    z
}

/// Whether `v` is a reduction over `axis`, possibly clamped by a splat
/// (`maximum(-inf, max(x))`).
fn row_statistic(ctx: &Context, body: &Body, v: Value, axis: usize) -> bool {
    let v = crate::algebra::strip_converts(ctx, body, v);
    for r in [Reducer::Max, Reducer::Add] {
        if let Some(red) = reduction(ctx, body, v, r) {
            return red.axes == [axis as i64];
        }
    }
    let Some(d) = body.defining_op(v) else { return false };
    match ctx.op_name_str(body.op_name(d)) {
        "stablehlo.maximum" | "stablehlo.minimum" | "stablehlo.broadcast_in_dim" | "stablehlo.reshape" => {
            let mut view = View::new(ctx, body, &[]);
            let operands: Vec<Value> = body.operands(d).collect();
            let stats = operands.iter().filter(|&&o| view.splat(o).is_none()).collect::<Vec<_>>();
            stats.len() == 1 && row_statistic(ctx, body, *stats[0], axis)
        }
        _ => false,
    }
}
