//! Random cases for the element-wise operators: binary (numpy broadcast,
//! int8 predicate outputs), unary, parameterised activations, select and cast.

use crate::dtype::DataFormat::{self, *};
use crate::error::SimError;
use crate::isa::{BinaryOp, UnaryOp};
use crate::oplib::{self, activation::Activation, reference, Scratch};
use crate::optest::bench::Bench;
use crate::optest::cases_nn::{finish, values};
use crate::optest::cases_tensor::dims;
use crate::optest::CaseData;
use crate::rng::Rng;

fn flip(rng: &mut Rng) -> bool {
    rng.next_u64() & 1 == 1
}

/// Operand dims broadcasting to `out`: same, a trailing suffix, or ones anywhere.
fn broadcast_operand(rng: &mut Rng, out: &[u64]) -> Vec<u64> {
    match rng.range_u64(0, 2) {
        0 => out.to_vec(),
        1 => out[rng.range_u64(0, out.len() as u64 - 1) as usize..].to_vec(),
        _ => out.iter().map(|&d| if flip(rng) { 1 } else { d }).collect(),
    }
}

pub fn binary(rng: &mut Rng) -> Result<CaseData, SimError> {
    use BinaryOp::*;
    let mut b = Bench::new()?;
    let fmt = rng.pick(&[Fp32, Bf16, Fp16, Int8, Int32]);
    let ops: &[BinaryOp] = if fmt.is_float() {
        &[Add, Sub, Mul, Div, Max, Min, Pow, Eq, Ne, Lt, Le, Gt, Ge, And, Or, Xor, Rem]
    } else {
        &[Add, Sub, Mul, Div, Max, Min, Pow, Eq, Ne, Lt, Le, Gt, Ge, And, Or, Xor, Shl, Shr, Rem]
    };
    let op = rng.pick(ops);
    let predicate = matches!(op, Eq | Ne | Lt | Le | Gt | Ge) || (fmt.is_float() && matches!(op, And | Or | Xor));
    // Predicates write int8 0/1 in half the cases.
    let out_fmt = if predicate && flip(rng) { Int8 } else { fmt };
    let out = dims(rng, 1, 4, 6);
    let (ad, bd) = (broadcast_operand(rng, &out), broadcast_operand(rng, &out));
    let out_dims = oplib::elementwise::broadcast_dims(&ad, &bd).unwrap_or(out.clone());
    b.param("op", op);
    b.param("formats", (fmt, out_fmt));
    b.param("dims", (&ad, &bd, &out_dims));
    let (lo, hi) = match (fmt, op) {
        (_, Pow) if fmt.is_float() => (0.1, 3.0),
        (_, Pow) => (-6.0, 7.0),
        (Int8, _) => (-128.0, 128.0),
        (Int32, _) => (-100_000.0, 100_000.0),
        _ => (-4.0, 4.0),
    };
    let na: u64 = ad.iter().product();
    let nb: u64 = bd.iter().product();
    let mut av = values(rng, fmt, na, lo, hi);
    let mut bv = values(rng, fmt, nb, lo, hi);
    for v in bv.iter_mut() {
        match op {
            Shl | Shr => *v = rng.range_u64(0, 7) as f64,
            Pow if fmt.is_float() => *v = rng.range_i64(-20, 20) as f64 / 8.0,
            Pow => *v = rng.range_i64(-2, 5) as f64,
            // Keep divisors away from zero.
            Div | Rem if fmt.is_float() => *v = if *v < 0.0 { v.min(-0.5) } else { v.max(0.5) },
            Div | Rem if *v == 0.0 => *v = 3.0,
            _ => {}
        }
    }
    if op == Pow && !fmt.is_float() {
        // 0 to a negative power is a division by zero.
        for v in av.iter_mut().filter(|v| **v == 0.0) {
            *v = 2.0;
        }
    }
    let (a, av) = b.input("a", fmt, &ad, &av)?;
    let (bt, bv) = b.input("b", fmt, &bd, &bv)?;
    let o = b.output(out_fmt, &out_dims)?;
    let n: u64 = out_dims.iter().product();
    let imm = b.scratch(3 * n * fmt.size() as u64 + 1024)?;
    let cycles = b.run(|ctx| oplib::elementwise::binary(ctx, op, &a, &bt, &o, imm))?;
    let got = b.read(&o)?;
    let want = reference::binary(op, &av, &ad, &bv, &bd, &out_dims, !fmt.is_float());
    Ok(finish(b, out_fmt, got, want, cycles))
}

/// Inputs for a unary op: inside its domain and away from its poles.
fn unary_inputs(rng: &mut Rng, op: UnaryOp, fmt: DataFormat, n: u64) -> Vec<f64> {
    use UnaryOp::*;
    let mut v = if fmt == Int8 { values(rng, fmt, n, -128.0, 128.0) } else { values(rng, fmt, n, -4.0, 4.0) };
    for x in v.iter_mut() {
        match op {
            Ln | Sqrt | Rsqrt => *x = x.abs().max(0.1),
            Recip => *x = if *x < 0.0 { x.min(-0.25) } else { x.max(0.25) },
            _ => {}
        }
    }
    v
}

pub fn unary(rng: &mut Rng) -> Result<CaseData, SimError> {
    use UnaryOp::*;
    let mut b = Bench::new()?;
    let fmt = rng.pick(&[Fp32, Bf16, Fp16, Int8]);
    let op = if fmt.is_float() {
        rng.pick(&[Abs, Neg, Relu, Exp, Ln, Sqrt, Rsqrt, Recip, Sigmoid, Tanh, Silu, Gelu, Floor, Ceil, Erf, Sin, Cos])
    } else {
        rng.pick(&[Abs, Neg, Relu])
    };
    let d = dims(rng, 1, 4, 7);
    b.param("op", op);
    b.param("format", fmt);
    b.param("dims", &d);
    let n: u64 = d.iter().product();
    let v = unary_inputs(rng, op, fmt, n);
    let (x, xv) = b.input("x", fmt, &d, &v)?;
    let out = b.output(fmt, &d)?;
    let cycles = b.run(|ctx| oplib::elementwise::unary(ctx, op, &x, &out))?;
    let got = b.read(&out)?;
    let want = reference::unary(op, &xv);
    Ok(finish(b, fmt, got, want, cycles))
}

pub fn unary_param(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let u = |rng: &mut Rng, lo: f64, hi: f64| (lo + (hi - lo) * rng.unit()) as f32;
    let act = match rng.range_u64(0, 8) {
        0 => Activation::LeakyRelu { alpha: u(rng, -0.5, 2.0) },
        1 => Activation::HardSigmoid { alpha: u(rng, 0.1, 0.5), beta: u(rng, 0.2, 0.8) },
        2 => Activation::HardSwish,
        3 => {
            // Integer bounds (the instruction rounds them to the format),
            // sometimes open on one side.
            let lo = rng.range_i64(-3, 1) as f32;
            let hi = lo + rng.range_i64(0, 4) as f32;
            match rng.range_u64(0, 3) {
                0 => Activation::Clip { lo: f32::NEG_INFINITY, hi },
                1 => Activation::Clip { lo, hi: f32::INFINITY },
                _ => Activation::Clip { lo, hi },
            }
        }
        4 => Activation::GeluErf,
        5 => Activation::Elu { alpha: u(rng, 0.1, 2.0) },
        6 => Activation::Swish { beta: u(rng, 0.5, 2.0) },
        7 => Activation::Softplus,
        _ => Activation::Plain(rng.pick(&[UnaryOp::Erf, UnaryOp::Sqrt, UnaryOp::Neg])),
    };
    let fmt = if matches!(act, Activation::Clip { .. }) {
        rng.pick(&[Fp32, Bf16, Fp16, Int8, Int32])
    } else {
        rng.pick(&[Fp32, Bf16, Fp16])
    };
    let in_place = flip(rng);
    let d = dims(rng, 1, 4, 7);
    b.param("act", act);
    b.param("format_in_place", (fmt, in_place));
    b.param("dims", &d);
    let n: u64 = d.iter().product();
    let v = match act {
        Activation::Plain(op) => unary_inputs(rng, op, fmt, n),
        // Wide enough that a naive exp(x) would overflow; below, down to
        // results at the bottom of the format's normal range (softplus(x)
        // is about exp(x) there), which keep their relative precision.
        Activation::Softplus => values(rng, fmt, n, if fmt == Fp16 { -9.0 } else { -80.0 }, 100.0),
        _ if fmt.is_float() => values(rng, fmt, n, -5.0, 5.0),
        _ => values(rng, fmt, n, -10.0, 10.0),
    };
    let (x, xv) = b.input("x", fmt, &d, &v)?;
    let out = if in_place { x.clone() } else { b.output(fmt, &d)? };
    // Exactly the scratch the documentation promises (none where none is needed).
    let buffers = match act {
        Activation::Elu { .. } => 1,
        Activation::Softplus => 2 + u64::from(in_place),
        Activation::LeakyRelu { .. } | Activation::HardSwish | Activation::GeluErf | Activation::Swish { .. } => {
            u64::from(in_place)
        }
        _ => 0,
    };
    // Each buffer starts 256 B aligned (the bench's scratch is).
    let imm =
        if buffers > 0 { b.scratch(buffers * x.bytes().div_ceil(256) * 256)? } else { Scratch { addr: 0, bytes: 0 } };
    let cycles = b.run(|ctx| oplib::activation::unary_param(ctx, act, &x, &out, imm))?;
    let got = b.read(&out)?;
    let want = reference::activation(act, &xv);
    Ok(finish(b, fmt, got, want, cycles))
}

pub fn select(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = rng.pick(&[Fp32, Bf16, Fp16, Int8, Int16, Int32]);
    let out = dims(rng, 1, 4, 6);
    let (cd, ad, bd) = (broadcast_operand(rng, &out), broadcast_operand(rng, &out), broadcast_operand(rng, &out));
    let out_dims = oplib::elementwise::broadcast_dims(&ad, &bd)
        .and_then(|d| oplib::elementwise::broadcast_dims(&cd, &d))
        .unwrap_or(out.clone());
    b.param("format", fmt);
    b.param("dims", (&cd, &ad, &bd, &out_dims));
    let count = |d: &[u64]| d.iter().product::<u64>();
    // Conditions: mostly 0/1, some other non-zero values (also true).
    let conds: Vec<f64> = (0..count(&cd))
        .map(|_| match rng.range_u64(0, 5) {
            0 | 1 => 0.0,
            2 => rng.range_i64(-128, 127) as f64,
            _ => 1.0,
        })
        .collect();
    let (lo, hi) = if fmt.is_float() { (-100.0, 100.0) } else { (-128.0, 128.0) };
    let (ct, cv) = b.input("cond", Int8, &cd, &conds)?;
    let av = values(rng, fmt, count(&ad), lo, hi);
    let (at, av) = b.input("on_true", fmt, &ad, &av)?;
    let bv = values(rng, fmt, count(&bd), lo, hi);
    let (bt, bv) = b.input("on_false", fmt, &bd, &bv)?;
    let o = b.output(fmt, &out_dims)?;
    let imm = b.scratch(oplib::select::select_scratch_bytes(count(&out_dims), fmt))?;
    let cycles = b.run(|ctx| oplib::select::select(ctx, &ct, &at, &bt, &o, imm))?;
    let got = b.read(&o)?;
    let want = reference::select(&cv, &cd, &av, &ad, &bv, &bd, &out_dims);
    Ok(finish(b, fmt, got, want, cycles))
}

pub fn cast(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let all = [Fp32, Tf32, Bf16, Fp16, Int32, Int16, Int8];
    let (from, to) = (rng.pick(&all), rng.pick(&all));
    let in_place = from.size() == to.size() && flip(rng);
    let d = dims(rng, 1, 4, 7);
    b.param("formats_in_place", (from, to, in_place));
    b.param("dims", &d);
    let n: u64 = d.iter().product();
    // Wide enough to saturate int8, with halves to exercise ties-to-even.
    let mut v = values(rng, from, n, -300.0, 300.0);
    if from.is_float() {
        for x in v.iter_mut().step_by(3) {
            *x = (*x * 2.0).round() / 2.0;
        }
    }
    let (x, xv) = b.input("x", from, &d, &v)?;
    let out = if in_place { crate::oplib::Tsr::new(to, x.addr, &d) } else { b.output(to, &d)? };
    let cycles = b.run(|ctx| oplib::cast::cast(ctx, &x, &out))?;
    let got = b.read(&out)?;
    let want = reference::cast(&xv, !to.is_float());
    Ok(finish(b, to, got, want, cycles))
}
