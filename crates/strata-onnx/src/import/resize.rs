//! Resize (modes nearest and linear): every resized axis becomes a
//! `dot_general` with a constant `[in, out]` interpolation matrix built here
//! from the coordinate transformation, so any
//! `coordinate_transformation_mode` (but tf_crop_and_resize) and
//! `nearest_mode` is exact; a transpose puts the axis back in place when it
//! is not the last one. Coordinates are computed in f32, as onnxruntime does.

use strata_stablehlo::attrs::{dot_dims_attr, DotDims};

use crate::import::builder::{norm_axis, FuncBuilder, Operand};
use crate::import::node::NodeCx;
use crate::tensor::Tensor;

/// Largest interpolation matrix (entries) built for one axis.
const MAX_MATRIX: i128 = 1 << 22;

#[derive(Copy, Clone, PartialEq, Debug)]
pub enum Transform {
    HalfPixel,
    HalfPixelSymmetric,
    PytorchHalfPixel,
    AlignCorners,
    Asymmetric,
}

#[derive(Copy, Clone, PartialEq, Debug)]
pub enum Nearest {
    RoundPreferFloor,
    RoundPreferCeil,
    Floor,
    Ceil,
}

/// The input coordinate output index `i` maps to.
fn source_coord(t: Transform, i: i64, input: i64, out: i64, scale: f32) -> f32 {
    let i = i as f32;
    match t {
        Transform::HalfPixel => (i + 0.5) / scale - 0.5,
        Transform::HalfPixelSymmetric => {
            let adjustment = out as f32 / (scale * input as f32);
            let center = input as f32 / 2.0;
            let offset = center * (1.0 - adjustment);
            offset + (i + 0.5) / scale - 0.5
        }
        Transform::PytorchHalfPixel => {
            if out > 1 {
                (i + 0.5) / scale - 0.5
            } else {
                0.0
            }
        }
        Transform::AlignCorners => {
            if out > 1 {
                i * (input - 1) as f32 / (out - 1) as f32
            } else {
                0.0
            }
        }
        Transform::Asymmetric => i / scale,
    }
}

/// The `[out, in]` interpolation matrix, row-major.
pub fn interpolation_matrix(
    input: i64,
    out: i64,
    scale: f32,
    t: Transform,
    linear: bool,
    nearest: Nearest,
) -> Vec<f64> {
    let (n_in, n_out) = (input as usize, out as usize);
    let mut m = vec![0.0; n_out * n_in];
    for o in 0..n_out {
        let x = source_coord(t, o as i64, input, out, scale);
        let row = &mut m[o * n_in..(o + 1) * n_in];
        if linear {
            let x = x.clamp(0.0, (input - 1) as f32);
            let x0 = x.floor();
            let i0 = x0 as usize;
            let i1 = (i0 + 1).min(n_in - 1);
            let w1 = (x - x0) as f64;
            row[i0] += 1.0 - w1;
            row[i1] += w1;
        } else {
            let r = match nearest {
                Nearest::RoundPreferFloor if x == x.floor() + 0.5 => x.floor(),
                Nearest::RoundPreferCeil if x == x.floor() + 0.5 => x.ceil(),
                Nearest::RoundPreferFloor | Nearest::RoundPreferCeil => x.round(),
                Nearest::Floor => x.floor(),
                Nearest::Ceil => x.ceil(),
            };
            let idx = (r as i64).clamp(0, input - 1) as usize;
            row[idx] = 1.0;
        }
    }
    m
}

/// Treats a constant input with no elements as absent (exporters pass
/// empty `roi` / `scales` tensors).
fn present<'a>(cx: &'a NodeCx, i: usize) -> Option<&'a Operand> {
    cx.opt_input(i).filter(|o| o.shape.iter().product::<i64>() != 0)
}

pub fn resize(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let r = x.rank();
    let mode = cx.string("mode", "nearest")?;
    let linear = match mode.as_str() {
        "nearest" => false,
        "linear" => true,
        other => return Err(cx.unsupported_attr("mode", format!("'{other}'"), "'nearest' or 'linear'")),
    };
    if linear && !x.dtype.is_float() {
        return Err(format!("linear Resize of {} is not supported", x.dtype.name()));
    }
    let ctm = cx.string("coordinate_transformation_mode", "half_pixel")?;
    let transform = match ctm.as_str() {
        "half_pixel" => Transform::HalfPixel,
        "half_pixel_symmetric" => Transform::HalfPixelSymmetric,
        "pytorch_half_pixel" => Transform::PytorchHalfPixel,
        "align_corners" => Transform::AlignCorners,
        "asymmetric" => Transform::Asymmetric,
        other => {
            return Err(cx.unsupported_attr(
                "coordinate_transformation_mode",
                format!("'{other}'"),
                "all modes but tf_crop_and_resize",
            ))
        }
    };
    let nm = cx.string("nearest_mode", "round_prefer_floor")?;
    let nearest = match nm.as_str() {
        "round_prefer_floor" => Nearest::RoundPreferFloor,
        "round_prefer_ceil" => Nearest::RoundPreferCeil,
        "floor" => Nearest::Floor,
        "ceil" => Nearest::Ceil,
        other => {
            return Err(cx.unsupported_attr(
                "nearest_mode",
                format!("'{other}'"),
                "round_prefer_floor, round_prefer_ceil, floor or ceil",
            ))
        }
    };
    if cx.int("antialias", 0)? != 0 {
        return Err(cx.unsupported_attr("antialias", 1, "only 0"));
    }
    let policy = cx.string("keep_aspect_ratio_policy", "stretch")?;
    if policy != "stretch" {
        return Err(cx.unsupported_attr("keep_aspect_ratio_policy", format!("'{policy}'"), "only 'stretch'"));
    }
    let axes: Vec<usize> = match cx.ints("axes")? {
        Some(a) => a.iter().map(|&a| norm_axis(a, r)).collect::<Result<_, _>>()?,
        None => (0..r).collect(),
    };
    let (scales, sizes) = (present(cx, 2), present(cx, 3));
    let mut out_shape = x.shape.clone();
    let mut scale = vec![1.0f32; r];
    match (scales, sizes) {
        (Some(_), Some(_)) => return Err("only one of 'scales' and 'sizes' may be given".into()),
        (None, None) => return Err("one of 'scales' and 'sizes' is required".into()),
        (Some(_), None) => {
            let s = cx.const_floats(2, "scales")?.unwrap_or_default();
            if s.len() != axes.len() {
                return Err(format!("'scales' has {} entries for {} axes", s.len(), axes.len()));
            }
            for (&a, &v) in axes.iter().zip(&s) {
                if !(v > 0.0 && v.is_finite()) {
                    return Err(format!("scale {v} must be positive"));
                }
                scale[a] = v as f32;
                out_shape[a] = (x.shape[a] as f32 * v as f32).floor() as i64;
            }
        }
        (None, Some(_)) => {
            let s = cx.const_ints(3, "sizes")?.unwrap_or_default();
            if s.len() != axes.len() {
                return Err(format!("'sizes' has {} entries for {} axes", s.len(), axes.len()));
            }
            for (&a, &v) in axes.iter().zip(&s) {
                if v <= 0 {
                    return Err(format!("size {v} must be positive"));
                }
                out_shape[a] = v;
                scale[a] = v as f32 / x.shape[a] as f32;
            }
        }
    }
    let mut y = x.clone();
    for a in 0..r {
        let (input, out) = (x.shape[a], out_shape[a]);
        if out == input && scale[a] == 1.0 {
            continue;
        }
        // The interpolation matrix is built here, so its size is bounded.
        if input == 0 || out <= 0 || (input as i128) * (out as i128) > MAX_MATRIX {
            return Err(format!(
                "cannot resize axis {a} from {input} to {out} (the interpolation matrix is limited to 2^22 entries)"
            ));
        }
        // Matrix as [in, out] so the result's new dimension comes last.
        let m = interpolation_matrix(input, out, scale[a], transform, linear, nearest);
        let mut mt = vec![0.0; m.len()];
        for o in 0..out as usize {
            for i in 0..input as usize {
                mt[i * out as usize + o] = m[o * input as usize + i];
            }
        }
        let mat = Operand::constant(Tensor::from_f64(x.dtype, vec![input, out], &mt));
        let mut shape: Vec<i64> = y.shape.iter().enumerate().filter(|&(d, _)| d != a).map(|(_, &s)| s).collect();
        shape.push(out);
        let (vy, vm) = (b.val(&y), b.val(&mat));
        let dims = DotDims { lhs_contracting: vec![a as i64], rhs_contracting: vec![0], ..Default::default() };
        let attr = dot_dims_attr(b.ctx, &dims);
        let v = b.emit("stablehlo.dot_general", &[vy, vm], y.dtype, &shape, vec![("dot_dimension_numbers", attr)]);
        let moved = b.value_operand(v, y.dtype, shape);
        // Move the new last dimension back to position a.
        let mut perm: Vec<i64> = (0..a as i64).collect();
        perm.push(r as i64 - 1);
        perm.extend(a as i64..r as i64 - 1);
        y = b.transpose(&moved, &perm);
    }
    Ok(y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_asymmetric_doubling_repeats_each_input() {
        let m = interpolation_matrix(2, 4, 2.0, Transform::Asymmetric, false, Nearest::Floor);
        assert_eq!(m, vec![1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0]);
    }

    #[test]
    fn linear_half_pixel_doubling_weights() {
        // Output 1 of 4 from 2 inputs: x = 1.5 / 2 - 0.5 = 0.25.
        let m = interpolation_matrix(2, 4, 2.0, Transform::HalfPixel, true, Nearest::RoundPreferFloor);
        assert_eq!(&m[0..2], &[1.0, 0.0]); // x = -0.25 clamps to 0
        assert_eq!(&m[2..4], &[0.75, 0.25]);
        assert_eq!(&m[6..8], &[0.0, 1.0]);
        // Every row sums to 1.
        for row in m.chunks(2) {
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn align_corners_hits_both_ends() {
        let m = interpolation_matrix(3, 5, 5.0 / 3.0, Transform::AlignCorners, true, Nearest::RoundPreferFloor);
        assert_eq!(&m[0..3], &[1.0, 0.0, 0.0]);
        assert_eq!(&m[3..6], &[0.5, 0.5, 0.0]);
        assert_eq!(&m[12..15], &[0.0, 0.0, 1.0]);
    }
}
