//! Softmax, recognised by what it computes: in the algebraic view
//! (`crate::algebra`) the result is the monomial `E * S^-1` with
//! `E = exp(z)` and `S = reduce_add(E)` over one axis broadcast back along
//! it (so `e / s`, `e * (1 / s)`, `(1 / s) * e`, a reciprocal computed per
//! row and then broadcast are one thing). When `z = x - max(x)` over the
//! same axis (`x - m`, `-m + x`, `x + (-1) * m`) the softmax is of `x`,
//! else of `z` itself.
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
    if sum.axes.len() != 1 || reduced_leaf(&sum, &full) != *s || crate::algebra::strip_converts(ctx, body, sum.input) != e.value {
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
    Some(Match { name: "tx8.softmax", inputs: vec![Input::Value(z)], attributes: vec![axis] })
}
