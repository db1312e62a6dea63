//! The neural engine's post-processing activation on a `tx8be.Conv` or
//! `tx8be.Gemm` (seed 001: the NE result "can be post-processed, BN /
//! quantisation / activation, before it is output"): `activation = "relu"`,
//! or `activation = "clip"` with `act_lo` and `act_hi`. It is applied to the
//! accumulator value (bias included) before the one rounding to the result
//! type. `tx8be-fuse-activation` sets it; the verifier, the interpreter and
//! codegen read it here.

use strata_ir::{Body, Context, Op};
use tx8_target::kinds::NeAct;

use super::values::{attr_f64, attr_str};

/// The values `activation` may take.
pub const ACTIVATIONS: &[&str] = &["relu", "clip"];

/// The op's activation (`NeAct::None` without one), or why its attributes
/// are malformed.
pub fn activation(ctx: &Context, body: &Body, op: Op) -> Result<NeAct, String> {
    let bounds = (attr_f64(ctx, body, op, "act_lo"), attr_f64(ctx, body, op, "act_hi"));
    let named = body.op_attr(ctx, op, "activation").is_some();
    match attr_str(ctx, body, op, "activation").as_deref() {
        None if !named => match bounds {
            (None, None) => Ok(NeAct::None),
            _ => Err("act_lo and act_hi are only meaningful with activation = \"clip\"".into()),
        },
        Some("relu") if bounds == (None, None) => Ok(NeAct::Relu),
        Some("relu") => Err("activation \"relu\" takes no act_lo / act_hi".into()),
        Some("clip") => match bounds {
            (Some(lo), Some(hi)) if lo <= hi => Ok(NeAct::Clip { lo: lo as f32, hi: hi as f32 }),
            (Some(_), Some(_)) => Err("activation \"clip\" needs act_lo <= act_hi".into()),
            _ => Err("activation \"clip\" requires act_lo and act_hi".into()),
        },
        _ => Err(format!(
            "activation must be one of {}",
            ACTIVATIONS.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ")
        )),
    }
}

/// Sets the op's activation (`NeAct::None` removes it), in the spelling
/// [`activation`] reads.
pub fn set_activation(ctx: &Context, body: &mut Body, op: Op, act: NeAct) {
    let (name, bounds) = match act {
        NeAct::None => (None, None),
        NeAct::Relu => (Some("relu"), None),
        NeAct::Clip { lo, hi } => (Some("clip"), Some((lo, hi))),
    };
    body.set_op_attr(ctx, op, "activation", name.map(|n| ctx.string_attr(n)));
    body.set_op_attr(ctx, op, "act_lo", bounds.map(|(lo, _)| ctx.f64_attr(ctx.f32(), f64::from(lo))));
    body.set_op_attr(ctx, op, "act_hi", bounds.map(|(_, hi)| ctx.f64_attr(ctx.f32(), f64::from(hi))));
}

/// `act` on an exact value of an op whose result is an integer type when
/// `int` (clip bounds then round inwards, as the NE's int32 path does).
pub fn apply(act: NeAct, v: f64, int: bool) -> f64 {
    match act {
        NeAct::None => v,
        NeAct::Relu => v.max(0.0),
        NeAct::Clip { lo, hi } if int => v.max(f64::from(lo).ceil()).min(f64::from(hi).floor()),
        NeAct::Clip { lo, hi } => v.max(f64::from(lo)).min(f64::from(hi)),
    }
}
