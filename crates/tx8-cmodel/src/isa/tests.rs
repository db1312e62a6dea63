//! Instruction tests: each instruction against a reference computed
//! independently (f64 math, hand-worked values), errors for bad operands,
//! and each instruction's timing record against the hardware.md formula.

use crate::card::{Card, RunResult};
use crate::config::HardwareConfig;
use crate::dtype::{decode_f32, decode_i64, encode_f32, encode_i64, quantize, DataFormat};
use crate::engine::{Engine, EngineMask};
use crate::error::{AccessFault, MemSpace, SimError};
use crate::isa::*;
use crate::rng::Rng;

const BASE: u64 = 0x10000;
use DataFormat::*;

fn card() -> Card {
    Card::new(HardwareConfig::default()).unwrap()
}
fn put(c: &Card, addr: u64, fmt: DataFormat, v: &[f32]) {
    c.write_spm(0, addr, &encode_f32(fmt, v)).unwrap();
}
fn put_i(c: &Card, addr: u64, fmt: DataFormat, v: &[i64]) {
    c.write_spm(0, addr, &encode_i64(fmt, v)).unwrap();
}
fn get(c: &Card, addr: u64, fmt: DataFormat, n: usize) -> Vec<f32> {
    decode_f32(fmt, &c.read_spm(0, addr, (n * fmt.size()) as u64).unwrap())
}
fn get_i(c: &Card, addr: u64, fmt: DataFormat, n: usize) -> Vec<i64> {
    decode_i64(fmt, &c.read_spm(0, addr, (n * fmt.size()) as u64).unwrap())
}
fn run(c: &Card, prog: Vec<Instr>) -> Result<RunResult, SimError> {
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
        run(
            &c,
            vec![Instr::Cgra(CgraInstr::Vv {
                op,
                fmt: Bf16,
                a: BASE,
                b: BASE + 256,
                dst: BASE + 512,
                n: 3,
            })],
        )
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
        run(
            &c,
            vec![Instr::Cgra(CgraInstr::Vv {
                op,
                fmt: Int8,
                a: BASE,
                b: BASE + 256,
                dst: BASE + 512,
                n: 4,
            })],
        )
        .unwrap();
        assert_eq!(get_i(&c, BASE + 512, Int8, 4), want, "{op:?}");
    }
    put_i(&c, BASE + 256, Int8, &[1, 0, 1, 1]);
    let e = run(
        &c,
        vec![Instr::Cgra(CgraInstr::Vv {
            op: BinaryOp::Div,
            fmt: Int8,
            a: BASE,
            b: BASE + 256,
            dst: BASE,
            n: 4,
        })],
    );
    assert!(matches!(e, Err(SimError::InvalidInstr { .. })));
    let e = run(
        &c,
        vec![Instr::Cgra(CgraInstr::Vv {
            op: BinaryOp::Shl,
            fmt: Fp32,
            a: BASE,
            b: BASE,
            dst: BASE,
            n: 1,
        })],
    );
    assert!(matches!(e, Err(SimError::InvalidInstr { .. })));
}

#[test]
fn vs_takes_the_scalar_bit_pattern_like_the_seed() {
    let c = card();
    let eps = 1e-6f32;
    put(&c, BASE, Fp32, &[1.0, 0.25, -3.0]);
    // The seed's batchnorm step 4: variance + epsilon, fp32 bits.
    let add = CgraInstr::Vs {
        op: BinaryOp::Add,
        fmt: Fp32,
        a: BASE,
        scalar_bits: eps.to_bits(),
        dst: BASE,
        n: 3,
    };
    run(&c, vec![Instr::Cgra(add)]).unwrap();
    assert_eq!(
        get(&c, BASE, Fp32, 3),
        vec![1.0 + eps, 0.25 + eps, -3.0 + eps]
    );
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
    let CgraInstr::VuVLoop {
        op,
        fmt,
        src,
        unit,
        dst,
        src_elems,
        full_src_elems,
        full_unit_elems,
        ..
    } = lp
    else {
        unreachable!()
    };
    let bad_unit = CgraInstr::VuVLoop {
        op,
        fmt,
        src,
        unit,
        dst,
        src_elems,
        unit_elems: 32,
        full_src_elems,
        full_unit_elems,
    };
    assert!(matches!(
        run(&c, vec![Instr::Cgra(bad_unit)]),
        Err(SimError::InvalidInstr { .. })
    ));
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
    assert!(matches!(
        run(&c, vec![Instr::Cgra(bad_ratio)]),
        Err(SimError::InvalidInstr { .. })
    ));
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
    let x: Vec<f32> = rng
        .vec_f32(200, 0.05, 4.0)
        .iter()
        .enumerate()
        .map(|(i, v)| if i % 2 == 0 { *v } else { -*v })
        .collect();
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
            |v| {
                0.5 * v
                    * (1.0
                        + ((2.0 / std::f64::consts::PI).sqrt() * (v + 0.044715 * v * v * v)).tanh())
            },
            false,
        ),
        (UnaryOp::Floor, f64::floor, false),
        (UnaryOp::Ceil, f64::ceil, false),
    ];
    for fmt in [Fp32, Bf16] {
        for (op, f, positive_only) in refs {
            let input = if positive_only { &pos } else { &x };
            put(&c, BASE, fmt, input);
            run(
                &c,
                vec![Instr::Cgra(CgraInstr::Unary {
                    op,
                    fmt,
                    src: BASE,
                    dst: 0x40000,
                    n: 200,
                })],
            )
            .unwrap();
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
    run(
        &c,
        vec![Instr::Cgra(CgraInstr::Unary {
            op: UnaryOp::Relu,
            fmt: Int8,
            src: BASE,
            dst: BASE,
            n: 3,
        })],
    )
    .unwrap();
    assert_eq!(get_i(&c, BASE, Int8, 3), vec![0, 0, 9]);
}

#[test]
fn reduce_pool_convert_copy_fill_transpose() {
    let c = card();
    let x: Vec<f32> = (0..12).map(|i| i as f32 - 4.0).collect();
    put(&c, BASE, Fp32, &x);
    for (op, want) in [
        (ReduceOp::Sum, [-10.0, 6.0, 22.0]),
        (ReduceOp::Max, [-1.0, 3.0, 7.0]),
        (ReduceOp::Min, [-4.0, 0.0, 4.0]),
    ] {
        run(
            &c,
            vec![Instr::Cgra(CgraInstr::ReduceRows {
                op,
                fmt: Fp32,
                src: BASE,
                dst: 0x40000,
                rows: 3,
                cols: 4,
            })],
        )
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
            pad: [0, 0],
        })
    };
    run(&c, vec![pool(PoolKind::Max)]).unwrap();
    assert_eq!(get(&c, 0x40000, Fp32, 4), vec![5.0, 7.0, 13.0, 15.0]);
    run(&c, vec![pool(PoolKind::Avg)]).unwrap();
    assert_eq!(get(&c, 0x40000, Fp32, 4), vec![2.5, 4.5, 10.5, 12.5]);
    // Convert fp32 -> fp16 rounds to nearest even; fp32 -> int8 saturates.
    put(
        &c,
        BASE,
        Fp32,
        &[1.0 + 2f32.powi(-11), 70000.0, 200.7, -2.5],
    );
    run(
        &c,
        vec![Instr::Cgra(CgraInstr::Convert {
            from: Fp32,
            to: Fp16,
            src: BASE,
            dst: 0x40000,
            n: 4,
        })],
    )
    .unwrap();
    assert_eq!(
        get(&c, 0x40000, Fp16, 4),
        vec![1.0, f32::INFINITY, 200.75, -2.5]
    );
    run(
        &c,
        vec![Instr::Cgra(CgraInstr::Convert {
            from: Fp32,
            to: Int8,
            src: BASE,
            dst: 0x40000,
            n: 4,
        })],
    )
    .unwrap();
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
    run(
        &c,
        vec![Instr::Cgra(CgraInstr::Copy {
            fmt: Bf16,
            src: 0x40000,
            dst: 0x50000,
            n: 5,
        })],
    )
    .unwrap();
    assert_eq!(get(&c, 0x50000, Bf16, 5), vec![-1.5; 5]);
    put(
        &c,
        BASE,
        Fp32,
        &(0..6).map(|i| i as f32).collect::<Vec<_>>(),
    );
    run(
        &c,
        vec![Instr::Cgra(CgraInstr::Transpose {
            fmt: Fp32,
            src: BASE,
            dst: 0x40000,
            rows: 2,
            cols: 3,
        })],
    )
    .unwrap();
    assert_eq!(
        get(&c, 0x40000, Fp32, 6),
        vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]
    );
}

/// f64 GEMM reference over values already rounded to the input format.
fn gemm_f64(a: &[f32], b: &[f32], m: usize, k: usize, n: usize, ta: bool, tb: bool) -> Vec<f64> {
    let mut out = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            out[i * n + j] = (0..k)
                .map(|p| {
                    let av = if ta { a[p * m + i] } else { a[i * k + p] };
                    let bv = if tb { b[j * k + p] } else { b[p * n + j] };
                    av as f64 * bv as f64
                })
                .sum();
        }
    }
    out
}

#[test]
fn ne_gemm_transposes_batches_bias_and_psum() {
    let c = card();
    let mut rng = Rng::new(11);
    for case in 0..16 {
        let (m, k, n) = (
            rng.range_u64(1, 40) as usize,
            rng.range_u64(1, 70) as usize,
            rng.range_u64(1, 40) as usize,
        );
        let batch = rng.range_u64(1, 3) as usize;
        let (ta, tb, acc_psum) = (case & 1 != 0, case & 2 != 0, case & 4 != 0);
        let fmt = rng.pick(&[Bf16, Fp16, Tf32, Fp32]);
        let a: Vec<f32> = rng
            .vec_f32(batch * m * k, -1.0, 1.0)
            .into_iter()
            .map(|v| quantize(fmt, v))
            .collect();
        let b: Vec<f32> = rng
            .vec_f32(batch * k * n, -1.0, 1.0)
            .into_iter()
            .map(|v| quantize(fmt, v))
            .collect();
        let bias = rng.vec_f32(n, -1.0, 1.0);
        let psum = rng.vec_f32(batch * m * n, -1.0, 1.0);
        let (pa, pb, pbias, pout) = (BASE, 0x80000, 0x100000, 0x140000);
        put(&c, pa, fmt, &a);
        put(&c, pb, fmt, &b);
        put(&c, pbias, Fp32, &bias);
        put(&c, pout, Fp32, &psum);
        let g = NeGemm {
            in_fmt: fmt,
            out_fmt: Fp32,
            a: pa,
            b: pb,
            out: pout,
            bias: Some(pbias),
            m: m as u64,
            k: k as u64,
            n: n as u64,
            batch: batch as u64,
            trans_a: ta,
            trans_b: tb,
            broadcast_b: false,
            accumulate: acc_psum,
        };
        run(&c, vec![Instr::Neur(NeInstr::Gemm(g))]).unwrap();
        let got = get(&c, pout, Fp32, batch * m * n);
        for bi in 0..batch {
            let r = gemm_f64(&a[bi * m * k..], &b[bi * k * n..], m, k, n, ta, tb);
            for i in 0..m * n {
                let want = r[i]
                    + bias[i % n] as f64
                    + if acc_psum {
                        psum[bi * m * n + i] as f64
                    } else {
                        0.0
                    };
                let g = got[bi * m * n + i] as f64;
                assert!(
                    (g - want).abs() < 1e-5 * (k as f64).max(1.0),
                    "case {case} {fmt:?}: {g} vs {want}"
                );
            }
        }
    }
}

#[test]
fn ne_int8_gemm_is_exact_int32() {
    let c = card();
    let mut rng = Rng::new(5);
    let (m, k, n) = (9usize, 33usize, 17usize);
    let a: Vec<i64> = (0..m * k).map(|_| rng.range_i64(-128, 127)).collect();
    let b: Vec<i64> = (0..k * n).map(|_| rng.range_i64(-128, 127)).collect();
    let bias: Vec<i64> = (0..n).map(|_| rng.range_i64(-100_000, 100_000)).collect();
    put_i(&c, BASE, Int8, &a);
    put_i(&c, 0x80000, Int8, &b);
    put_i(&c, 0x100000, Int32, &bias);
    let g = NeGemm {
        in_fmt: Int8,
        out_fmt: Int32,
        a: BASE,
        b: 0x80000,
        out: 0x140000,
        bias: Some(0x100000),
        m: m as u64,
        k: k as u64,
        n: n as u64,
        batch: 1,
        trans_a: false,
        trans_b: false,
        broadcast_b: false,
        accumulate: false,
    };
    run(&c, vec![Instr::Neur(NeInstr::Gemm(g.clone()))]).unwrap();
    let got = get_i(&c, 0x140000, Int32, m * n);
    for i in 0..m {
        for j in 0..n {
            let want: i64 = (0..k).map(|p| a[i * k + p] * b[p * n + j]).sum::<i64>() + bias[j];
            assert_eq!(got[i * n + j], want);
        }
    }
    // Float output for int8 input is rejected.
    let bad = NeGemm { out_fmt: Fp32, ..g };
    assert!(matches!(
        run(&c, vec![Instr::Neur(NeInstr::Gemm(bad))]),
        Err(SimError::InvalidInstr { .. })
    ));
}

#[test]
fn ne_conv_matches_direct_f64_convolution() {
    let c = card();
    let mut rng = Rng::new(3);
    // (n,h,w,c,o,k,stride,pad,dilation,groups)
    let cases = [
        (1, 7, 6, 3, 4, [3, 3], [1, 1], [1, 1, 1, 1], [1, 1], 1),
        (2, 8, 8, 4, 6, [3, 2], [2, 1], [0, 1, 2, 0], [1, 2], 2),
        (1, 6, 6, 8, 8, [3, 3], [1, 1], [1, 1, 1, 1], [1, 1], 8), // depthwise
    ];
    for (n, h, w, ch, o, kernel, stride, pad, dilation, groups) in cases {
        let conv = NeConv {
            in_fmt: Bf16,
            out_fmt: Fp32,
            input: BASE,
            weight: 0x80000,
            out: 0x100000,
            bias: Some(0x0F0000),
            dims: [n, h, w, ch],
            out_channels: o,
            kernel,
            stride,
            pad,
            dilation,
            groups,
        };
        let x: Vec<f32> = rng
            .vec_f32((n * h * w * ch) as usize, -1.0, 1.0)
            .into_iter()
            .map(|v| quantize(Bf16, v))
            .collect();
        let cg = ch / groups;
        let wt: Vec<f32> = rng
            .vec_f32((kernel[0] * kernel[1] * cg * o) as usize, -1.0, 1.0)
            .into_iter()
            .map(|v| quantize(Bf16, v))
            .collect();
        let bias = rng.vec_f32(o as usize, -1.0, 1.0);
        put(&c, BASE, Bf16, &x);
        put(&c, 0x80000, Bf16, &wt);
        put(&c, 0x0F0000, Fp32, &bias);
        run(&c, vec![Instr::Neur(NeInstr::Conv(conv.clone()))]).unwrap();
        let (oh, ow) = conv.out_hw().unwrap();
        let got = get(&c, 0x100000, Fp32, (n * oh * ow * o) as usize);
        let og = o / groups;
        let mut idx = 0;
        for b in 0..n as i64 {
            for oy in 0..oh as i64 {
                for ox in 0..ow as i64 {
                    for oc in 0..o as i64 {
                        let grp = oc / og as i64;
                        let mut s = bias[oc as usize] as f64;
                        for ky in 0..kernel[0] as i64 {
                            for kx in 0..kernel[1] as i64 {
                                let iy =
                                    oy * stride[0] as i64 + ky * dilation[0] as i64 - pad[0] as i64;
                                let ix =
                                    ox * stride[1] as i64 + kx * dilation[1] as i64 - pad[1] as i64;
                                if iy < 0 || ix < 0 || iy >= h as i64 || ix >= w as i64 {
                                    continue;
                                }
                                for ci in 0..cg as i64 {
                                    let xv = x[(((b * h as i64 + iy) * w as i64 + ix) * ch as i64
                                        + grp * cg as i64
                                        + ci)
                                        as usize];
                                    let wv = wt[(((ky * kernel[1] as i64 + kx) * cg as i64 + ci)
                                        * o as i64
                                        + oc)
                                        as usize];
                                    s += xv as f64 * wv as f64;
                                }
                            }
                        }
                        assert!(
                            (got[idx] as f64 - s).abs() < 1e-4,
                            "{:?}: {} vs {s}",
                            conv.dims,
                            got[idx]
                        );
                        idx += 1;
                    }
                }
            }
        }
        assert_eq!(idx, got.len());
    }
}

#[test]
fn dma_strided_load_store_gather_scatter_and_tdma() {
    let c = card();
    let table: Vec<u8> = (0..=255u8).collect();
    c.write_ddr(0x1000_0000, &table).unwrap();
    // Load 4 rows of 8 bytes, every 32 bytes, packed.
    let shape = Strided {
        rows: 4,
        row_bytes: 8,
        src_stride: 32,
        dst_stride: 8,
    };
    run(
        &c,
        vec![Instr::Rdma(RdmaInstr::Load {
            kind: LoadKind::Var,
            ddr: 0x1000_0000,
            spm: BASE,
            shape,
        })],
    )
    .unwrap();
    let got = c.read_spm(0, BASE, 32).unwrap();
    for r in 0..4 {
        assert_eq!(&got[r * 8..r * 8 + 8], &table[r * 32..r * 32 + 8]);
    }
    // Gather rows 5, 0, 31 (rows of 8 bytes).
    put_i(&c, 0x40000, Int32, &[5, 0, 31]);
    run(
        &c,
        vec![Instr::Rdma(RdmaInstr::Gather {
            ddr: 0x1000_0000,
            index: 0x40000,
            count: 3,
            row_bytes: 8,
            spm: 0x50000,
        })],
    )
    .unwrap();
    let got = c.read_spm(0, 0x50000, 24).unwrap();
    assert_eq!(&got[0..8], &table[40..48]);
    assert_eq!(&got[8..16], &table[0..8]);
    assert_eq!(&got[16..24], &table[248..256]);
    // Scatter them back, to rows 1, 2, 3 of a fresh table.
    put_i(&c, 0x40000, Int32, &[1, 2, 3]);
    run(
        &c,
        vec![Instr::Wdma(WdmaInstr::Scatter {
            spm: 0x50000,
            index: 0x40000,
            count: 3,
            row_bytes: 8,
            ddr: 0x2000_0000,
        })],
    )
    .unwrap();
    assert_eq!(c.read_ddr(0x2000_0008, 24).unwrap(), got);
    // Strided store.
    let st = Strided {
        rows: 2,
        row_bytes: 4,
        src_stride: 8,
        dst_stride: 100,
    };
    run(
        &c,
        vec![Instr::Wdma(WdmaInstr::Store {
            spm: 0x50000,
            ddr: 0x3000_0000,
            shape: st,
        })],
    )
    .unwrap();
    assert_eq!(c.read_ddr(0x3000_0000, 4).unwrap(), &got[0..4]);
    assert_eq!(c.read_ddr(0x3000_0000 + 100, 4).unwrap(), &got[8..12]);
    // gatherScatter: spread 4 fp16 values into fp32-sized slots (seed's conversion prelude).
    put(&c, BASE, Fp16, &[1.0, 2.0, 3.0, 4.0]);
    run(
        &c,
        vec![Instr::Tdma(TdmaInstr::GatherScatter {
            src: BASE,
            dst: 0x60000,
            elem_bytes: 2,
            count: 4,
            src_stride: 2,
            dst_stride: 4,
        })],
    )
    .unwrap();
    run(
        &c,
        vec![Instr::Cgra(CgraInstr::Convert {
            from: Fp16,
            to: Fp32,
            src: 0x60000,
            dst: 0x60000,
            n: 1,
        })],
    )
    .unwrap();
    let spread = c.read_spm(0, 0x60000, 16).unwrap();
    assert_eq!(decode_f32(Fp16, &spread[4..6]), vec![2.0]);
    assert_eq!(decode_f32(Fp32, &spread[0..4]), vec![1.0]);
    // Reshape = strided SPM copy.
    run(
        &c,
        vec![Instr::Tdma(TdmaInstr::Reshape {
            src: BASE,
            dst: 0x70000,
            shape: Strided {
                rows: 2,
                row_bytes: 2,
                src_stride: 4,
                dst_stride: 2,
            },
        })],
    )
    .unwrap();
    assert_eq!(get(&c, 0x70000, Fp16, 2), vec![1.0, 3.0]);
    // A bad gather index is an error with the instruction's name.
    put_i(&c, 0x40000, Int32, &[-1]);
    let e = run(
        &c,
        vec![Instr::Rdma(RdmaInstr::Gather {
            ddr: 0,
            index: 0x40000,
            count: 1,
            row_bytes: 8,
            spm: BASE,
        })],
    )
    .unwrap_err();
    assert!(e.to_string().contains("op_rdmaGather"), "{e}");
}

#[test]
fn dte_moves_data_between_tiles_across_a_barrier() {
    let c = card();
    let r = c
        .run(|t| {
            let me = t.tile_id();
            let n = t.num_tiles();
            t.execute(&Instr::Cgra(CgraInstr::Fill {
                fmt: Int32,
                dst: BASE,
                n: 4,
                scalar_bits: me,
            }))?;
            t.execute(&Instr::Join(EngineMask::of(&[Engine::Ct])))?;
            t.execute(&Instr::Dte(DteCopy {
                dst_tile: (me + 1) % n,
                src: BASE,
                dst: 0x20000,
                bytes: 16,
            }))?;
            t.execute(&Instr::Join(EngineMask::of(&[Engine::Dte])))?;
            t.execute(&Instr::Barrier)?;
            Ok(())
        })
        .unwrap();
    for tile in 0..16u32 {
        let got = decode_i64(Int32, &c.read_spm(tile, 0x20000, 16).unwrap());
        assert_eq!(got, vec![((tile + 15) % 16) as i64; 4]);
    }
    assert_eq!(r.instructions, vec![5; 16]);
    assert_eq!(r.timing.noc_bytes, 16 * 16);
}

#[test]
fn bad_accesses_are_errors_naming_tile_instruction_and_address() {
    let c = card();
    let e = c
        .run_on(3, |t| {
            if t.tile_id() == 2 {
                t.execute(&Instr::Scalar { cycles: 1 })?;
                t.execute(&Instr::Cgra(CgraInstr::Copy {
                    fmt: Fp32,
                    src: 0x2EFFF8,
                    dst: BASE,
                    n: 4,
                }))?;
            }
            Ok(())
        })
        .unwrap_err();
    match e {
        SimError::Access {
            tile,
            instr,
            name,
            fault: AccessFault::OutOfRange { space, addr, .. },
        } => {
            assert_eq!(
                (tile, instr, addr, space),
                (2, 1, 0x2EFFF8, MemSpace::Spm(2))
            );
            assert_eq!(name, "CGRATensor_DataMoveOp_V_V_copy.fp32");
        }
        other => panic!("{other}"),
    }
    let e = run(
        &c,
        vec![Instr::Cgra(CgraInstr::Copy {
            fmt: Fp32,
            src: BASE + 2,
            dst: BASE,
            n: 1,
        })],
    )
    .unwrap_err();
    assert!(matches!(
        e,
        SimError::Access {
            fault: AccessFault::Misaligned {
                addr: 0x10002,
                align: 4,
                ..
            },
            ..
        }
    ));
    let e = run(
        &c,
        vec![Instr::Rdma(RdmaInstr::Load {
            kind: LoadKind::Const,
            ddr: 64 << 30,
            spm: BASE,
            shape: Strided::contiguous(4),
        })],
    )
    .unwrap_err();
    assert!(matches!(
        e,
        SimError::Access {
            fault: AccessFault::OutOfRange {
                space: MemSpace::Ddr,
                ..
            },
            ..
        }
    ));
    let e = run(
        &c,
        vec![Instr::Dte(DteCopy {
            dst_tile: 99,
            src: BASE,
            dst: BASE,
            bytes: 4,
        })],
    )
    .unwrap_err();
    assert!(matches!(e, SimError::InvalidInstr { .. }));
    // A tile that skips a barrier others wait at: an error, not a hang.
    let e = c.run_on(2, |t| {
        if t.tile_id() == 0 {
            t.execute(&Instr::Barrier).map(|_| ())
        } else {
            Ok(())
        }
    });
    assert!(matches!(e, Err(SimError::Barrier(_))));
}

#[test]
fn instruction_timing_follows_the_formulas() {
    let c = card();
    let cfg = c.config().clone();
    // NE GEMM 100x200x300 bf16: ceil(100/8)*ceil(200/16)*ceil(300/8) blocks over 4 arrays.
    let g = NeGemm {
        in_fmt: Bf16,
        out_fmt: Bf16,
        a: BASE,
        b: 0x80000,
        out: 0x100000,
        bias: None,
        m: 100,
        k: 200,
        n: 300,
        batch: 1,
        trans_a: false,
        trans_b: false,
        broadcast_b: false,
        accumulate: false,
    };
    let blocks = 100u64.div_ceil(8) * 200u64.div_ceil(16) * 300u64.div_ceil(8);
    let want = cfg.issue_cycles + blocks.div_ceil(cfg.ne_arrays as u64);
    let r = c
        .run_on(1, |t| {
            let cyc = t.execute(&Instr::Neur(NeInstr::Gemm(g.clone())))?;
            assert_eq!(cyc, want);
            Ok(())
        })
        .unwrap();
    assert_eq!(r.timing.total_cycles(), want);
    assert_eq!(
        r.timing.busy_cycles(0, Engine::Ne),
        (want - cfg.issue_cycles) as f64
    );
    // CT: 1000 bf16 adds at 64 lanes; exp at a quarter rate.
    let add = Instr::Cgra(CgraInstr::Vv {
        op: BinaryOp::Add,
        fmt: Bf16,
        a: BASE,
        b: BASE,
        dst: BASE,
        n: 1000,
    });
    let exp = Instr::Cgra(CgraInstr::Unary {
        op: UnaryOp::Exp,
        fmt: Bf16,
        src: BASE,
        dst: BASE,
        n: 1000,
    });
    let r = run(&c, vec![add, exp]).unwrap();
    let (add_c, exp_c) = (1000u64.div_ceil(64), 1000u64.div_ceil(16));
    // Issues are serial on the scalar unit; exp starts when both its issue and the add are done.
    let exp_start = (cfg.issue_cycles + add_c).max(2 * cfg.issue_cycles);
    assert_eq!(r.timing.total_cycles(), exp_start + exp_c);
    // A lone 1 MiB load via the ISA.
    let ld = Instr::Rdma(RdmaInstr::Load {
        kind: LoadKind::Var,
        ddr: 0,
        spm: BASE,
        shape: Strided::contiguous(1 << 20),
    });
    let r = run(&c, vec![ld]).unwrap();
    assert_eq!(
        r.timing.total_cycles(),
        cfg.dma_start_cycles + (1u64 << 20) / 64
    );
}
