//! Instruction tests: each instruction against a reference computed
//! independently (f64 math, hand-worked values), errors for bad operands,
//! and each instruction's timing record against the hardware.md formula.

use crate::card::{Card, RunResult};
use crate::config::HardwareConfig;
use crate::dtype::{decode_f32, decode_i64, encode_f32, encode_i64, DataFormat};
use crate::error::SimError;
use crate::isa::*;
use crate::rng::Rng;

pub(super) const BASE: u64 = 0x10000;
use DataFormat::*;

pub(super) fn card() -> Card {
    Card::new(HardwareConfig::default()).unwrap()
}
pub(super) fn put(c: &Card, addr: u64, fmt: DataFormat, v: &[f32]) {
    c.write_spm(0, addr, &encode_f32(fmt, v)).unwrap();
}
pub(super) fn put_i(c: &Card, addr: u64, fmt: DataFormat, v: &[i64]) {
    c.write_spm(0, addr, &encode_i64(fmt, v)).unwrap();
}
pub(super) fn get(c: &Card, addr: u64, fmt: DataFormat, n: usize) -> Vec<f32> {
    decode_f32(fmt, &c.read_spm(0, addr, (n * fmt.size()) as u64).unwrap())
}
pub(super) fn get_i(c: &Card, addr: u64, fmt: DataFormat, n: usize) -> Vec<i64> {
    decode_i64(fmt, &c.read_spm(0, addr, (n * fmt.size()) as u64).unwrap())
}
pub(super) fn run(c: &Card, prog: Vec<Instr>) -> Result<RunResult, SimError> {
    c.run_on(1, |t| {
        for i in &prog {
            t.execute(i)?;
        }
        Ok(())
    })
}

#[test]
fn vv_arith_rounds_once_to_nearest_even() {
    let c = card();
    // bf16: 1 + 2^-8 is a tie between 1 and 1+2^-7: RNE gives 1.
    put(&c, BASE, Bf16, &[1.0, 3.0, 1.5]);
    put(&c, BASE + 256, Bf16, &[2f32.powi(-8), 4.0, 2.0]);
    for (op, want) in [
        (BinaryOp::Add, [1.0, 7.0, 3.5]),
        (BinaryOp::Sub, [1.0 - 2f32.powi(-8), -1.0, -0.5]),
        (BinaryOp::Mul, [2f32.powi(-8), 12.0, 3.0]),
        (BinaryOp::Div, [256.0, 0.75, 0.75]),
        (BinaryOp::Max, [1.0, 4.0, 2.0]),
        (BinaryOp::Min, [2f32.powi(-8), 3.0, 1.5]),
        (BinaryOp::Lt, [0.0, 1.0, 1.0]),
        (BinaryOp::Ge, [1.0, 0.0, 0.0]),
        (BinaryOp::Eq, [0.0, 0.0, 0.0]),
        (BinaryOp::And, [1.0, 1.0, 1.0]),
    ] {
        run(&c, vec![Instr::Cgra(CgraInstr::Vv { op, fmt: Bf16, a: BASE, b: BASE + 256, dst: BASE + 512, n: 3 })])
            .unwrap();
        assert_eq!(get(&c, BASE + 512, Bf16, 3), want, "{op:?}");
    }
}

#[test]
fn int8_ops_saturate_and_bit_ops_work() {
    let c = card();
    put_i(&c, BASE, Int8, &[100, -100, 7, -8]);
    put_i(&c, BASE + 256, Int8, &[100, 100, 2, 1]);
    let cases: [(BinaryOp, [i64; 4]); 7] = [
        (BinaryOp::Add, [127, 0, 9, -7]),
        (BinaryOp::Sub, [0, -128, 5, -9]),
        (BinaryOp::Mul, [127, -128, 14, -8]),
        (BinaryOp::Div, [1, -1, 3, -8]),
        // Shift counts of 100 shift every bit out; results saturate like all integer results.
        (BinaryOp::Shl, [0, 0, 28, -16]),
        (BinaryOp::Shr, [0, -1, 1, -4]),
        (BinaryOp::Xor, [0, -100 ^ 100, 5, -7]),
    ];
    for (op, want) in cases {
        run(&c, vec![Instr::Cgra(CgraInstr::Vv { op, fmt: Int8, a: BASE, b: BASE + 256, dst: BASE + 512, n: 4 })])
            .unwrap();
        assert_eq!(get_i(&c, BASE + 512, Int8, 4), want, "{op:?}");
    }
    put_i(&c, BASE + 256, Int8, &[1, 0, 1, 1]);
    let e = run(
        &c,
        vec![Instr::Cgra(CgraInstr::Vv { op: BinaryOp::Div, fmt: Int8, a: BASE, b: BASE + 256, dst: BASE, n: 4 })],
    );
    assert!(matches!(e, Err(SimError::InvalidInstr { .. })));
    let e =
        run(&c, vec![Instr::Cgra(CgraInstr::Vv { op: BinaryOp::Shl, fmt: Fp32, a: BASE, b: BASE, dst: BASE, n: 1 })]);
    assert!(matches!(e, Err(SimError::InvalidInstr { .. })));
}

#[test]
fn vs_takes_the_scalar_bit_pattern_like_the_seed() {
    let c = card();
    let eps = 1e-6f32;
    put(&c, BASE, Fp32, &[1.0, 0.25, -3.0]);
    // The seed's batchnorm step 4: variance + epsilon, fp32 bits.
    let add = CgraInstr::Vs { op: BinaryOp::Add, fmt: Fp32, a: BASE, scalar_bits: eps.to_bits(), dst: BASE, n: 3 };
    run(&c, vec![Instr::Cgra(add)]).unwrap();
    assert_eq!(get(&c, BASE, Fp32, 3), vec![1.0 + eps, 0.25 + eps, -3.0 + eps]);
    put(&c, BASE, Fp16, &[1.0, 2.0, -3.0]);
    let mul = CgraInstr::Vs {
        op: BinaryOp::Mul,
        fmt: Fp16,
        a: BASE,
        scalar_bits: cgra::scalar_bits(Fp16, 0.5),
        dst: BASE,
        n: 3,
    };
    run(&c, vec![Instr::Cgra(mul)]).unwrap();
    assert_eq!(get(&c, BASE, Fp16, 3), vec![0.5, 1.0, -1.5]);
}

#[test]
fn vuv_and_vuv_loop_broadcast_units_per_chunk() {
    let c = card();
    // 2 chunks (Cx = 2) of H*W = 3 pixels x 64 channels, units of 64 per chunk.
    let (hw, cx) = (3usize, 2usize);
    let src: Vec<f32> = (0..cx * hw * 64).map(|i| i as f32).collect();
    let unit: Vec<f32> = (0..cx * 64).map(|i| (i % 7) as f32 - 3.0).collect();
    put(&c, BASE, Fp32, &src);
    put(&c, 0x80000, Fp32, &unit);
    let lp = CgraInstr::VuVLoop {
        op: BinaryOp::Mul,
        fmt: Fp32,
        src: BASE,
        unit: 0x80000,
        dst: 0x100000,
        src_elems: (hw * 64) as u64,
        unit_elems: 64,
        full_src_elems: (cx * hw * 64) as u64,
        full_unit_elems: (cx * 64) as u64,
    };
    run(&c, vec![Instr::Cgra(lp.clone())]).unwrap();
    let got = get(&c, 0x100000, Fp32, cx * hw * 64);
    for j in 0..cx {
        for p in 0..hw {
            for ch in 0..64 {
                let i = (j * hw + p) * 64 + ch;
                assert_eq!(got[i], src[i] * unit[j * 64 + ch]);
            }
        }
    }
    // The seed's constraints: unit_elem_num == 64 and matching ratios.
    let CgraInstr::VuVLoop { op, fmt, src, unit, dst, src_elems, full_src_elems, full_unit_elems, .. } = lp else {
        unreachable!()
    };
    let bad_unit =
        CgraInstr::VuVLoop { op, fmt, src, unit, dst, src_elems, unit_elems: 32, full_src_elems, full_unit_elems };
    assert!(matches!(run(&c, vec![Instr::Cgra(bad_unit)]), Err(SimError::InvalidInstr { .. })));
    let bad_ratio = CgraInstr::VuVLoop {
        op,
        fmt,
        src,
        unit,
        dst,
        src_elems,
        unit_elems: 64,
        full_src_elems: full_src_elems + 64,
        full_unit_elems,
    };
    assert!(matches!(run(&c, vec![Instr::Cgra(bad_ratio)]), Err(SimError::InvalidInstr { .. })));
    // Single VuV: 30 channels broadcast over 4 pixels (C <= 32 case).
    let x: Vec<f32> = (0..120).map(|i| i as f32 * 0.5).collect();
    let u: Vec<f32> = (0..30).map(|i| i as f32).collect();
    put(&c, BASE, Fp32, &x);
    put(&c, 0x80000, Fp32, &u);
    let v = CgraInstr::VuV {
        op: BinaryOp::Add,
        fmt: Fp32,
        src: BASE,
        unit: 0x80000,
        dst: BASE,
        src_elems: 120,
        unit_elems: 30,
    };
    run(&c, vec![Instr::Cgra(v)]).unwrap();
    let got = get(&c, BASE, Fp32, 120);
    assert!((0..120).all(|i| got[i] == x[i] + u[i % 30]));
}

#[test]
fn unary_ops_match_f64_math() {
    let c = card();
    let mut rng = Rng::new(7);
    let x: Vec<f32> =
        rng.vec_f32(200, 0.05, 4.0).iter().enumerate().map(|(i, v)| if i % 2 == 0 { *v } else { -*v }).collect();
    let pos: Vec<f32> = x.iter().map(|v| v.abs()).collect();
    type Case = (UnaryOp, fn(f64) -> f64, bool);
    let refs: [Case; 14] = [
        (UnaryOp::Abs, f64::abs, false),
        (UnaryOp::Neg, |v| -v, false),
        (UnaryOp::Relu, |v| v.max(0.0), false),
        (UnaryOp::Exp, f64::exp, false),
        (UnaryOp::Ln, f64::ln, true),
        (UnaryOp::Sqrt, f64::sqrt, true),
        (UnaryOp::Rsqrt, |v| 1.0 / v.sqrt(), true),
        (UnaryOp::Recip, |v| 1.0 / v, false),
        (UnaryOp::Sigmoid, |v| 1.0 / (1.0 + (-v).exp()), false),
        (UnaryOp::Tanh, f64::tanh, false),
        (UnaryOp::Silu, |v| v / (1.0 + (-v).exp()), false),
        (
            UnaryOp::Gelu,
            |v| 0.5 * v * (1.0 + ((2.0 / std::f64::consts::PI).sqrt() * (v + 0.044715 * v * v * v)).tanh()),
            false,
        ),
        (UnaryOp::Floor, f64::floor, false),
        (UnaryOp::Ceil, f64::ceil, false),
    ];
    for fmt in [Fp32, Bf16] {
        for (op, f, positive_only) in refs {
            let input = if positive_only { &pos } else { &x };
            put(&c, BASE, fmt, input);
            run(&c, vec![Instr::Cgra(CgraInstr::Unary { op, fmt, src: BASE, dst: 0x40000, n: 200 })]).unwrap();
            let got = get(&c, 0x40000, fmt, 200);
            let stored = get(&c, BASE, fmt, 200);
            let tol = if fmt == Fp32 { 2e-6 } else { 8e-3 };
            for i in 0..200 {
                let want = f(stored[i] as f64);
                assert!(
                    ((got[i] as f64) - want).abs() <= tol * want.abs().max(1.0),
                    "{op:?} {fmt:?} x={} got {} want {want}",
                    stored[i],
                    got[i]
                );
            }
        }
    }
    // Relu keeps int8 exact.
    put_i(&c, BASE, Int8, &[-5, 0, 9]);
    run(&c, vec![Instr::Cgra(CgraInstr::Unary { op: UnaryOp::Relu, fmt: Int8, src: BASE, dst: BASE, n: 3 })]).unwrap();
    assert_eq!(get_i(&c, BASE, Int8, 3), vec![0, 0, 9]);
}

#[test]
fn reduce_pool_convert_copy_fill_transpose() {
    let c = card();
    let x: Vec<f32> = (0..12).map(|i| i as f32 - 4.0).collect();
    put(&c, BASE, Fp32, &x);
    for (op, want) in
        [(ReduceOp::Sum, [-10.0, 6.0, 22.0]), (ReduceOp::Max, [-1.0, 3.0, 7.0]), (ReduceOp::Min, [-4.0, 0.0, 4.0])]
    {
        run(&c, vec![Instr::Cgra(CgraInstr::ReduceRows { op, fmt: Fp32, src: BASE, dst: 0x40000, rows: 3, cols: 4 })])
            .unwrap();
        assert_eq!(get(&c, 0x40000, Fp32, 3), want);
    }
    // 1x4x4x1 max/avg pool 2x2 stride 2.
    let img: Vec<f32> = (0..16).map(|i| i as f32).collect();
    put(&c, BASE, Fp32, &img);
    let pool = |kind| {
        Instr::Cgra(CgraInstr::Pool {
            kind,
            fmt: Fp32,
            src: BASE,
            dst: 0x40000,
            dims: [1, 4, 4, 1],
            kernel: [2, 2],
            stride: [2, 2],
            pad: [0, 0, 0, 0],
            count_include_pad: false,
        })
    };
    run(&c, vec![pool(PoolKind::Max)]).unwrap();
    assert_eq!(get(&c, 0x40000, Fp32, 4), vec![5.0, 7.0, 13.0, 15.0]);
    run(&c, vec![pool(PoolKind::Avg)]).unwrap();
    assert_eq!(get(&c, 0x40000, Fp32, 4), vec![2.5, 4.5, 10.5, 12.5]);
    // 1x2x2x1 [1 2; 3 4], 2x2 window, padding only on top: 2x1 outputs over
    // rows (-1, 0) and (0, 1). Averages of the first window: 3/2 without the
    // padding, 3/4 counting it.
    put(&c, BASE, Fp32, &[1.0, 2.0, 3.0, 4.0]);
    let padded = |kind, count_include_pad| {
        Instr::Cgra(CgraInstr::Pool {
            kind,
            fmt: Fp32,
            src: BASE,
            dst: 0x40000,
            dims: [1, 2, 2, 1],
            kernel: [2, 2],
            stride: [1, 1],
            pad: [1, 0, 0, 0],
            count_include_pad,
        })
    };
    run(&c, vec![padded(PoolKind::Avg, false)]).unwrap();
    assert_eq!(get(&c, 0x40000, Fp32, 2), vec![1.5, 2.5]);
    run(&c, vec![padded(PoolKind::Avg, true)]).unwrap();
    assert_eq!(get(&c, 0x40000, Fp32, 2), vec![0.75, 2.5]);
    run(&c, vec![padded(PoolKind::Max, true)]).unwrap();
    assert_eq!(get(&c, 0x40000, Fp32, 2), vec![2.0, 4.0]);
    // Convert fp32 -> fp16 rounds to nearest even; fp32 -> int8 saturates.
    put(&c, BASE, Fp32, &[1.0 + 2f32.powi(-11), 70000.0, 200.7, -2.5]);
    run(&c, vec![Instr::Cgra(CgraInstr::Convert { from: Fp32, to: Fp16, src: BASE, dst: 0x40000, n: 4 })]).unwrap();
    assert_eq!(get(&c, 0x40000, Fp16, 4), vec![1.0, f32::INFINITY, 200.75, -2.5]);
    run(&c, vec![Instr::Cgra(CgraInstr::Convert { from: Fp32, to: Int8, src: BASE, dst: 0x40000, n: 4 })]).unwrap();
    assert_eq!(get_i(&c, 0x40000, Int8, 4), vec![1, 127, 127, -2]);
    run(
        &c,
        vec![Instr::Cgra(CgraInstr::Fill {
            fmt: Bf16,
            dst: 0x40000,
            n: 5,
            scalar_bits: cgra::scalar_bits(Bf16, -1.5),
        })],
    )
    .unwrap();
    assert_eq!(get(&c, 0x40000, Bf16, 5), vec![-1.5; 5]);
    run(&c, vec![Instr::Cgra(CgraInstr::Copy { fmt: Bf16, src: 0x40000, dst: 0x50000, n: 5 })]).unwrap();
    assert_eq!(get(&c, 0x50000, Bf16, 5), vec![-1.5; 5]);
    put(&c, BASE, Fp32, &(0..6).map(|i| i as f32).collect::<Vec<_>>());
    run(&c, vec![Instr::Cgra(CgraInstr::Transpose { fmt: Fp32, src: BASE, dst: 0x40000, rows: 2, cols: 3 })]).unwrap();
    assert_eq!(get(&c, 0x40000, Fp32, 6), vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
}

#[test]
fn ct_erf_is_within_its_documented_error_of_the_f64_series() {
    // Known values of erf (to 16 digits) check the reference itself.
    for (x, want) in [
        (0.5, 0.520_499_877_813_046_5),
        (1.0, 0.842_700_792_949_714_9),
        (2.0, 0.995_322_265_018_952_7),
        (-3.0, -0.999_977_909_503_001_4),
    ] {
        assert!((crate::oplib::reference::erf(x) - want).abs() < 1e-15, "erf({x})");
    }
    // The CT's polynomial: absolute error below 1.5e-7 (A&S 7.1.26) plus f32 rounding.
    let worst = (-600..=600)
        .map(|i| {
            let x = i as f32 / 100.0;
            (f64::from(crate::isa::cgra::erf_f32(x)) - crate::oplib::reference::erf(x.into())).abs()
        })
        .fold(0.0, f64::max);
    assert!(worst < 3e-7, "worst error {worst}");
}

#[test]
fn pow_runs_at_the_transcendental_rate_and_integer_pow_saturates() {
    let c = HardwareConfig::default();
    let vv = |op, fmt| CgraInstr::Vv { op, fmt, a: BASE, b: BASE + 0x1000, dst: BASE + 0x2000, n: 1000 };
    let slow = u64::from(c.ct_transcendental_slowdown);
    assert_eq!(vv(BinaryOp::Pow, Fp32).cycles(&c), 1000u64.div_ceil(u64::from(c.ct_lanes_32bit) / slow));
    assert_eq!(vv(BinaryOp::Add, Fp32).cycles(&c), 1000u64.div_ceil(u64::from(c.ct_lanes_32bit)));
    assert_eq!(BinaryOp::Pow.apply_i64(3, 4), Some(81));
    assert_eq!(BinaryOp::Pow.apply_i64(-2, 3), Some(-8));
    assert_eq!(BinaryOp::Pow.apply_i64(2, 200), Some(i64::MAX));
    assert_eq!(BinaryOp::Pow.apply_i64(-2, 201), Some(i64::MIN));
    assert_eq!(BinaryOp::Pow.apply_i64(2, -1), Some(0));
    assert_eq!(BinaryOp::Pow.apply_i64(-1, -3), Some(-1));
    assert_eq!(BinaryOp::Pow.apply_i64(0, -1), None);
}
