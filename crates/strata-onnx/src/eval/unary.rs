//! Elementwise unary kernels: math (trigonometric, hyperbolic, exp/log,
//! sqrt, erf, rounding), activations with their attributes (Relu,
//! LeakyRelu, Elu, Selu, Celu, HardSigmoid, HardSwish, Softplus, Softsign,
//! Mish, ThresholdedRelu, Shrink, Gelu), the predicates IsNaN/IsInf, the
//! logical and bitwise Not, and Clip. Floats are computed in f64 and rounded
//! once to the input's type; integers in i64, wrapping to their width.

use crate::eval::{invalid, not_evaluable, Args, EvalError};
use crate::tensor::{DType, Tensor};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Unary {
    Abs,
    Neg,
    Sign,
    Relu,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Sinh,
    Cosh,
    Asinh,
    Acosh,
    Atanh,
    Exp,
    Log,
    Sqrt,
    Erf,
    Tanh,
    Sigmoid,
    Floor,
    Ceil,
    Round,
    Reciprocal,
    Softplus,
    Softsign,
    HardSwish,
    Mish,
    LeakyRelu,
    Elu,
    Selu,
    Celu,
    HardSigmoid,
    ThresholdedRelu,
    Shrink,
    Gelu,
    IsNaN,
    IsInf,
    Not,
    BitwiseNot,
}

/// Which element types an operator takes.
enum Domain {
    /// Floating point only.
    Float,
    /// Integers and floats.
    Numeric,
    /// Floats in, BOOL out.
    FloatPredicate,
    Bool,
    Integer,
}

impl Unary {
    fn domain(self) -> Domain {
        use Unary::*;
        match self {
            Abs | Neg | Sign | Relu | Shrink => Domain::Numeric,
            IsNaN | IsInf => Domain::FloatPredicate,
            Not => Domain::Bool,
            BitwiseNot => Domain::Integer,
            Sin | Cos | Tan | Asin | Acos | Atan | Sinh | Cosh | Asinh | Acosh | Atanh | Exp | Log | Sqrt | Erf
            | Tanh | Sigmoid | Floor | Ceil | Round | Reciprocal | Softplus | Softsign | HardSwish | Mish
            | LeakyRelu | Elu | Selu | Celu | HardSigmoid | ThresholdedRelu | Gelu => Domain::Float,
        }
    }
}

/// The attribute-dependent part of a float function.
#[derive(Copy, Clone)]
struct Params {
    alpha: f64,
    beta: f64,
    gamma: f64,
    /// IsInf: detect negative / positive infinity; Gelu: tanh approximation.
    flag_a: bool,
    flag_b: bool,
}

fn params(a: &Args, op: Unary) -> Result<Params, EvalError> {
    let f = |name: &str, d: f32| -> Result<f64, EvalError> { Ok(a.float(name, d)? as f64) };
    let mut p = Params { alpha: 0.0, beta: 0.0, gamma: 0.0, flag_a: false, flag_b: false };
    match op {
        Unary::LeakyRelu => p.alpha = f("alpha", 0.01)?,
        Unary::Elu | Unary::Celu | Unary::ThresholdedRelu => p.alpha = f("alpha", 1.0)?,
        Unary::Selu => {
            p.alpha = f("alpha", 1.673_263_2)?;
            p.gamma = f("gamma", 1.050_701)?;
        }
        Unary::HardSigmoid => {
            p.alpha = f("alpha", 0.2)?;
            p.beta = f("beta", 0.5)?;
        }
        Unary::Shrink => {
            p.alpha = f("lambd", 0.5)?;
            p.beta = f("bias", 0.0)?;
        }
        Unary::IsInf => {
            p.flag_a = a.flag("detect_negative", true)?;
            p.flag_b = a.flag("detect_positive", true)?;
        }
        Unary::Gelu => {
            p.flag_a = match a.string("approximate", "none")?.as_str() {
                "none" => false,
                "tanh" => true,
                other => return invalid(format!("attribute 'approximate' = '{other}' must be 'none' or 'tanh'")),
            }
        }
        _ => {}
    }
    Ok(p)
}

pub fn eval(a: &Args, op: Unary) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    let p = params(a, op)?;
    let shape = x.shape.clone();
    let ok = match op.domain() {
        Domain::Float | Domain::FloatPredicate => x.dtype.is_float(),
        Domain::Numeric => x.dtype != DType::Bool,
        Domain::Bool => x.dtype == DType::Bool,
        Domain::Integer => !x.dtype.is_float() && x.dtype != DType::Bool,
    };
    if !ok {
        return not_evaluable(format!("{op:?} of {} is not evaluated", x.dtype.name()));
    }
    match op.domain() {
        Domain::FloatPredicate => {
            let v: Vec<i64> = x.to_f64_vec().iter().map(|&v| predicate(op, p, v) as i64).collect();
            Ok(Tensor::from_i64(DType::Bool, shape, &v))
        }
        Domain::Bool => {
            let v: Vec<i64> = x.to_i64_vec().iter().map(|&v| (v == 0) as i64).collect();
            Ok(Tensor::from_i64(DType::Bool, shape, &v))
        }
        _ if x.dtype.is_float() => {
            let v: Vec<f64> = x.to_f64_vec().iter().map(|&v| float(op, p, v)).collect();
            Ok(Tensor::from_f64(x.dtype, shape, &v))
        }
        _ if op == Unary::Shrink => {
            // Shrink of integers: exact in f64 for every supported width.
            let v: Vec<f64> = x.to_f64_vec().iter().map(|&v| float(op, p, v)).collect();
            Ok(Tensor::from_f64(x.dtype, shape, &v))
        }
        _ => {
            let v: Vec<i64> = x.to_i64_vec().iter().map(|&v| int(op, v)).collect();
            Ok(Tensor::from_i64(x.dtype, shape, &v))
        }
    }
}

fn predicate(op: Unary, p: Params, v: f64) -> bool {
    match op {
        Unary::IsNaN => v.is_nan(),
        _ => (v == f64::NEG_INFINITY && p.flag_a) || (v == f64::INFINITY && p.flag_b),
    }
}

/// Integer forms (the result wraps to the element type's width).
fn int(op: Unary, v: i64) -> i64 {
    match op {
        Unary::Abs => v.wrapping_abs(),
        Unary::Neg => v.wrapping_neg(),
        Unary::Sign => v.signum(),
        Unary::Relu => v.max(0),
        Unary::BitwiseNot => !v,
        _ => v,
    }
}

fn softplus(v: f64) -> f64 {
    // ln(1 + e^v) without overflow for large v.
    if v > 36.0 {
        v
    } else {
        v.exp().ln_1p()
    }
}

fn float(op: Unary, p: Params, v: f64) -> f64 {
    use Unary::*;
    match op {
        Abs => v.abs(),
        Neg => -v,
        Sign => {
            if v > 0.0 {
                1.0
            } else if v < 0.0 {
                -1.0
            } else {
                v
            }
        }
        Relu => {
            if v < 0.0 {
                0.0
            } else {
                v
            }
        }
        Sin => v.sin(),
        Cos => v.cos(),
        Tan => v.tan(),
        Asin => v.asin(),
        Acos => v.acos(),
        Atan => v.atan(),
        Sinh => v.sinh(),
        Cosh => v.cosh(),
        Asinh => v.asinh(),
        Acosh => v.acosh(),
        Atanh => v.atanh(),
        Exp => v.exp(),
        Log => v.ln(),
        Sqrt => v.sqrt(),
        Erf => erf(v),
        Tanh => v.tanh(),
        Sigmoid => {
            if v >= 0.0 {
                1.0 / (1.0 + (-v).exp())
            } else {
                let e = v.exp();
                e / (1.0 + e)
            }
        }
        Floor => v.floor(),
        Ceil => v.ceil(),
        Round => v.round_ties_even(),
        Reciprocal => 1.0 / v,
        Softplus => softplus(v),
        Softsign => v / (1.0 + v.abs()),
        HardSwish => v * (v / 6.0 + 0.5).clamp(0.0, 1.0),
        Mish => v * softplus(v).tanh(),
        LeakyRelu => {
            if v < 0.0 {
                p.alpha * v
            } else {
                v
            }
        }
        Elu => {
            if v < 0.0 {
                p.alpha * v.exp_m1()
            } else {
                v
            }
        }
        Selu => {
            if v <= 0.0 {
                p.gamma * p.alpha * v.exp_m1()
            } else {
                p.gamma * v
            }
        }
        Celu => v.max(0.0) + (p.alpha * (v / p.alpha).exp_m1()).min(0.0),
        HardSigmoid => (p.alpha * v + p.beta).clamp(0.0, 1.0),
        ThresholdedRelu => {
            if v > p.alpha {
                v
            } else {
                0.0
            }
        }
        Shrink => {
            if v < -p.alpha {
                v + p.beta
            } else if v > p.alpha {
                v - p.beta
            } else {
                0.0
            }
        }
        Gelu if p.flag_a => {
            let c = (2.0 / std::f64::consts::PI).sqrt();
            0.5 * v * (1.0 + (c * (v + 0.044715 * v * v * v)).tanh())
        }
        Gelu => 0.5 * v * (1.0 + erf(v / std::f64::consts::SQRT_2)),
        IsNaN | IsInf | Not | BitwiseNot => v,
    }
}

/// The error function to f64 accuracy: its Maclaurin series below 2.5
/// (the alternating terms stay below 20 there, so at most two digits are
/// lost to cancellation), above it `1 - erfc` with erfc from its continued
/// fraction `e^-x² / √π / (x + (1/2) / (x + 1 / (x + (3/2) / (x + ...))))`.
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let a = x.abs();
    if a >= 6.0 {
        return 1f64.copysign(x);
    }
    let two_over_sqrt_pi = std::f64::consts::FRAC_2_SQRT_PI;
    if a < 2.5 {
        let x2 = x * x;
        let mut term = x; // (-1)^n x^(2n+1) / n!
        let mut sum = x;
        for n in 1..200 {
            term *= -x2 / n as f64;
            let add = term / (2 * n + 1) as f64;
            sum += add;
            if add.abs() < 1e-17 * sum.abs() {
                break;
            }
        }
        return two_over_sqrt_pi * sum;
    }
    let mut t = a;
    for n in (1..=120).rev() {
        t = a + (n as f64 / 2.0) / t;
    }
    let erfc = (-a * a).exp() / (std::f64::consts::PI.sqrt() * t);
    (1.0 - erfc).copysign(x)
}

/// Clip(x, min, max) = Min(max, Max(x, min)); before opset 11 the bounds
/// are the `min`/`max` attributes.
pub fn clip(a: &Args) -> Result<Tensor, EvalError> {
    let x = a.input(0)?;
    if x.dtype == DType::Bool {
        return not_evaluable("Clip of BOOL is not evaluated");
    }
    let bound = |i: usize, name: &str| -> Result<Option<f64>, EvalError> {
        if a.opset < 11 {
            return Ok(if a.node.has_attr(name) { Some(a.float(name, 0.0)? as f64) } else { None });
        }
        match a.opt(i) {
            None => Ok(None),
            Some(t) if t.dtype != x.dtype => {
                invalid(format!("input {i} ('{name}') is {}, the input is {}", t.dtype.name(), x.dtype.name()))
            }
            Some(t) if t.num_elements() != 1 => {
                invalid(format!("input {i} ('{name}') must be a scalar, it has shape {:?}", t.shape))
            }
            Some(t) => Ok(Some(t.get_f64(0))),
        }
    };
    let (lo, hi) = (bound(1, "min")?, bound(2, "max")?);
    if x.dtype.is_float() {
        let v: Vec<f64> = x
            .to_f64_vec()
            .into_iter()
            .map(|v| {
                let v = match lo {
                    Some(l) if v < l => l,
                    _ => v,
                };
                match hi {
                    Some(h) if v > h => h,
                    _ => v,
                }
            })
            .collect();
        return Ok(Tensor::from_f64(x.dtype, x.shape.clone(), &v));
    }
    // Integer bounds: read exactly (f64 would round i64 bounds).
    let ibound = |i: usize| a.opt(i).filter(|_| a.opset >= 11).map(|t| t.get_i64(0));
    let (lo, hi) = if a.opset >= 11 { (ibound(1), ibound(2)) } else { (lo.map(|v| v as i64), hi.map(|v| v as i64)) };
    let v: Vec<i64> = x
        .to_i64_vec()
        .into_iter()
        .map(|v| {
            let v = lo.map_or(v, |l| v.max(l));
            hi.map_or(v, |h| v.min(h))
        })
        .collect();
    Ok(Tensor::from_i64(x.dtype, x.shape.clone(), &v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::testing::*;

    #[test]
    fn erf_matches_reference_values() {
        // Values of erf from tables (15+ digits).
        let cases = [
            (0.0, 0.0),
            (1e-10, 1.1283791670955126e-10),
            (0.5, 0.5204998778130465),
            (1.0, 0.8427007929497149),
            (2.0, 0.9953222650189527),
            (2.5, 0.999593047982555),
            (3.0, 0.9999779095030014),
            (-1.5, -0.9661051464753108),
            (5.0, 0.9999999999984626),
        ];
        for (x, want) in cases {
            let got = erf(x);
            assert!((got - want).abs() <= 1e-15 * want.abs().max(1e-300) + 1e-16, "erf({x}) = {got}, want {want}");
        }
        assert_eq!(erf(7.0), 1.0);
        assert!(erf(f64::NAN).is_nan());
    }

    #[test]
    fn math_and_activations() {
        let x = ft(&[4], &[-2.0, -0.5, 0.0, 1.5]);
        assert_eq!(ok("Relu", vec![], &[&x]).to_f64_vec(), vec![0.0, 0.0, 0.0, 1.5]);
        assert_eq!(ok("Abs", vec![], &[&x]).to_f64_vec(), vec![2.0, 0.5, 0.0, 1.5]);
        assert_eq!(ok("Sign", vec![], &[&x]).to_f64_vec(), vec![-1.0, -1.0, 0.0, 1.0]);
        assert_eq!(ok("Floor", vec![], &[&x]).to_f64_vec(), vec![-2.0, -1.0, 0.0, 1.0]);
        assert_eq!(ok("Ceil", vec![], &[&x]).to_f64_vec(), vec![-2.0, -0.0, 0.0, 2.0]);
        // Round: halves to even.
        let h = ft(&[5], &[0.5, 1.5, 2.5, -2.5, 2.4]);
        assert_eq!(ok("Round", vec![], &[&h]).to_f64_vec(), vec![0.0, 2.0, 2.0, -2.0, 2.0]);
        let l = ok("LeakyRelu", vec![("alpha", f(0.5))], &[&x]);
        assert_eq!(l.to_f64_vec(), vec![-1.0, -0.25, 0.0, 1.5]);
        let hs = ok("HardSigmoid", vec![("alpha", f(0.25))], &[&x]);
        assert_eq!(hs.to_f64_vec(), vec![0.0, 0.375, 0.5, 0.875]);
        let s = ok("Sin", vec![], &[&ft(&[2], &[0.0, std::f64::consts::FRAC_PI_2])]);
        assert_eq!(s.to_f64_vec(), vec![0.0, 1.0]);
        let c = ok("Cos", vec![], &[&ft(&[1], &[0.0])]);
        assert_eq!(c.to_f64_vec(), vec![1.0]);
        assert!(matches!(run("Sin", vec![], &[&it(&[1], &[1])]), Err(EvalError::NotEvaluable(_))));
        assert!(refused("Gelu", vec![("approximate", s_("fast"))], &[&x]).contains("approximate"));
    }

    fn s_(v: &str) -> crate::model::AttrValue {
        s(v)
    }

    #[test]
    fn integer_forms_wrap_to_their_width() {
        let x = Tensor::from_i64(DType::I8, vec![3], &[-128, -3, 4]);
        assert_eq!(ok("Abs", vec![], &[&x]).to_i64_vec(), vec![-128, 3, 4]);
        assert_eq!(ok("Neg", vec![], &[&x]).to_i64_vec(), vec![-128, 3, -4]);
        assert_eq!(ok("Relu", vec![], &[&x]).to_i64_vec(), vec![0, 0, 4]);
        let u = Tensor::from_i64(DType::U8, vec![2], &[0, 5]);
        assert_eq!(ok("BitwiseNot", vec![], &[&u]).to_i64_vec(), vec![255, 250]);
    }

    #[test]
    fn predicates_and_not() {
        let x = ft(&[4], &[f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1.0]);
        assert_eq!(ok("IsNaN", vec![], &[&x]).to_i64_vec(), vec![1, 0, 0, 0]);
        assert_eq!(ok("IsInf", vec![], &[&x]).to_i64_vec(), vec![0, 1, 1, 0]);
        let neg_only = ok("IsInf", vec![("detect_positive", i(0))], &[&x]);
        assert_eq!(neg_only.to_i64_vec(), vec![0, 0, 1, 0]);
        assert_eq!(ok("IsNaN", vec![], &[&x]).dtype, DType::Bool);
        let b = bt(&[2], &[true, false]);
        assert_eq!(ok("Not", vec![], &[&b]).to_i64_vec(), vec![0, 1]);
        let empty = ft(&[0, 3], &[]);
        assert_eq!(ok("IsNaN", vec![], &[&empty]).shape, vec![0, 3]);
    }

    #[test]
    fn clip_bounds_are_optional_and_min_over_max_gives_max() {
        let x = ft(&[4], &[-2.0, 0.5, 3.0, f64::NAN]);
        let lo = ft(&[], &[0.0]);
        let hi = ft(&[], &[1.0]);
        let y = ok("Clip", vec![], &[&x, &lo, &hi]).to_f64_vec();
        assert_eq!(&y[..3], &[0.0, 0.5, 1.0]);
        assert!(y[3].is_nan());
        let ins = [Some(&x), None, Some(&hi)];
        let y = run_at("Clip", 13, vec![], &ins, 1).unwrap();
        assert_eq!(&y[0].to_f64_vec()[..3], &[-2.0, 0.5, 1.0]);
        let y = ok("Clip", vec![], &[&x, &hi, &lo]).to_f64_vec();
        assert_eq!(&y[..3], &[0.0, 0.0, 0.0]);
        let xi = it(&[3], &[-5, 2, 9]);
        let (l, h) = (it(&[], &[0]), it(&[], &[4]));
        assert_eq!(ok("Clip", vec![], &[&xi, &l, &h]).to_i64_vec(), vec![0, 2, 4]);
        assert!(refused("Clip", vec![], &[&x, &it(&[], &[0])]).contains("'min'"));
        // Opset 6: attribute bounds.
        let y = run_at("Clip", 6, vec![("min", f(-1.0))], &[Some(&x)], 1).unwrap();
        assert_eq!(&y[0].to_f64_vec()[..3], &[-1.0, 0.5, 3.0]);
    }
}
