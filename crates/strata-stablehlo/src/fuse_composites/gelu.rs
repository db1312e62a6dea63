//! GELU in its erf and tanh forms, recognised by what they compute: in
//! the algebraic view (`crate::algebra`) both are `0.5 x + 0.5 x K` with
//! - erf (exact): `K = erf(k x)`, `k = 1 / sqrt(2)` (written `x / sqrt(2)`,
//!   `x * 0.7071067690849304`, ...);
//! - tanh (GPT-2's gelu_new, ONNX's approximate = "tanh"):
//!   `K = tanh(a x + b x^3)`, `a = sqrt(2 / pi)`, `b / a = 0.044715` (the
//!   cube as `power(x, 3)` or products, inside or outside the factor).
//!
//! So `0.5 * x * (1 + erf(..))` in any factor order, `x * Phi(x)` with
//! `Phi = 0.5 * (1 + erf(..))`, `x * (erf(..) + 1) / 2` are one thing.
//! Constants are compared by value within the view's tolerance (f32: 1e-5
//! relative), so a constant off by 1% is no GELU. The sigmoid form
//! (`x * sigmoid(1.702 x)`) is in `activations.rs` with the other
//! sigmoid-gated activations.

use std::f64::consts::{FRAC_1_SQRT_2, PI};

use strata_ir::{Body, Context, Value};

use super::stats::shape_of;
use super::{elementwise_inputs, Input, Match};
use crate::algebra::{close, identity_map, Leaf, Poly, Term, View};

/// The cubic term's coefficient relative to the linear one in the tanh form.
const TANH_CUBIC: f64 = 0.044715;

#[derive(Copy, Clone, PartialEq)]
enum Form {
    Erf,
    Tanh,
}

/// Whether `pu` (the argument of the erf / tanh, with `x` a stop) is the
/// form's argument.
fn argument_is(form: Form, pu: &Poly, xl: &Leaf, tol: f64) -> bool {
    let linear = |t: &Term, e: f64| matches!(t.factors.as_slice(), [(l, x)] if l == xl && *x == e);
    match (form, pu.terms.as_slice()) {
        (Form::Erf, [t]) => linear(t, 1.0) && close(t.coeff, FRAC_1_SQRT_2, tol),
        (Form::Tanh, [t1, t3]) => {
            linear(t1, 1.0)
                && linear(t3, 3.0)
                && close(t1.coeff, (2.0 / PI).sqrt(), tol)
                && close(t3.coeff / t1.coeff, TANH_CUBIC, tol)
        }
        _ => false,
    }
}

pub fn match_gelu(ctx: &Context, body: &Body, y: Value, _v0: &mut View<'_>, p0: &Poly) -> Option<Match> {
    let full = shape_of(ctx, body, y);
    for (k, e) in p0.factors() {
        let Some(d) = body.defining_op(k.value) else { continue };
        let form = match ctx.op_name_str(body.op_name(d)) {
            "chlo.erf" => Form::Erf,
            "stablehlo.tanh" => Form::Tanh,
            _ => continue,
        };
        if e != 1.0 || k.map != identity_map(&full) {
            continue;
        }
        let u = body.operand(d, 0);
        for (mut v, xl) in elementwise_inputs(ctx, body, u, &full) {
            let x = xl.value;
            let pu = v.poly(u);
            let p = v.poly(y);
            let tol = v.tolerance();
            if !argument_is(form, &pu, &xl, tol) {
                continue;
            }
            let half_x = Term { coeff: 0.5, factors: vec![(xl.clone(), 1.0)] };
            let want = Poly::from_terms(vec![
                half_x.clone(),
                half_x.mul(&Term { coeff: 1.0, factors: vec![(k.clone(), 1.0)] }),
            ]);
            if !p.approx_eq(&want, tol) {
                continue;
            }
            let attributes = match form {
                Form::Erf => vec![],
                Form::Tanh => vec![("approximate", ctx.string_attr("tanh"))],
            };
            return Some(Match { name: "tx8.gelu", inputs: vec![Input::Value(x)], attributes });
        }
    }
    None
}
