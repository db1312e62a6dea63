//! Instruction tests, part 2: NE (GEMM, conv), DMA / TDMA / DTE data
//! movement, error attribution, and per-instruction timing against the
//! hardware.md formulas. Shared helpers live in `tests.rs`.

use crate::dtype::{decode_f32, decode_i64, quantize, DataFormat};
use crate::engine::{Engine, EngineMask};
use crate::error::{AccessFault, MemSpace, SimError};
use crate::isa::*;
use crate::rng::Rng;

use super::tests::{card, get, get_i, put, put_i, run, BASE};
use DataFormat::*;

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
        let (m, k, n) = (rng.range_u64(1, 40) as usize, rng.range_u64(1, 70) as usize, rng.range_u64(1, 40) as usize);
        let batch = rng.range_u64(1, 3) as usize;
        let (ta, tb, acc_psum) = (case & 1 != 0, case & 2 != 0, case & 4 != 0);
        let fmt = rng.pick(&[Bf16, Fp16, Tf32, Fp32]);
        let a: Vec<f32> = rng.vec_f32(batch * m * k, -1.0, 1.0).into_iter().map(|v| quantize(fmt, v)).collect();
        let b: Vec<f32> = rng.vec_f32(batch * k * n, -1.0, 1.0).into_iter().map(|v| quantize(fmt, v)).collect();
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
            act: crate::isa::NeAct::None,
        };
        run(&c, vec![Instr::Neur(NeInstr::Gemm(g))]).unwrap();
        let got = get(&c, pout, Fp32, batch * m * n);
        for bi in 0..batch {
            let r = gemm_f64(&a[bi * m * k..], &b[bi * k * n..], m, k, n, ta, tb);
            for i in 0..m * n {
                let want = r[i] + bias[i % n] as f64 + if acc_psum { psum[bi * m * n + i] as f64 } else { 0.0 };
                let g = got[bi * m * n + i] as f64;
                assert!((g - want).abs() < 1e-5 * (k as f64).max(1.0), "case {case} {fmt:?}: {g} vs {want}");
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
        act: crate::isa::NeAct::None,
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
    assert!(matches!(run(&c, vec![Instr::Neur(NeInstr::Gemm(bad))]), Err(SimError::InvalidInstr { .. })));
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
            psum: None,
            act: crate::isa::NeAct::None,
        };
        let x: Vec<f32> =
            rng.vec_f32((n * h * w * ch) as usize, -1.0, 1.0).into_iter().map(|v| quantize(Bf16, v)).collect();
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
                                let iy = oy * stride[0] as i64 + ky * dilation[0] as i64 - pad[0] as i64;
                                let ix = ox * stride[1] as i64 + kx * dilation[1] as i64 - pad[1] as i64;
                                if iy < 0 || ix < 0 || iy >= h as i64 || ix >= w as i64 {
                                    continue;
                                }
                                for ci in 0..cg as i64 {
                                    let xv = x[(((b * h as i64 + iy) * w as i64 + ix) * ch as i64
                                        + grp * cg as i64
                                        + ci) as usize];
                                    let wv =
                                        wt[(((ky * kernel[1] as i64 + kx) * cg as i64 + ci) * o as i64 + oc) as usize];
                                    s += xv as f64 * wv as f64;
                                }
                            }
                        }
                        assert!((got[idx] as f64 - s).abs() < 1e-4, "{:?}: {} vs {s}", conv.dims, got[idx]);
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
    let shape = Strided { rows: 4, row_bytes: 8, src_stride: 32, dst_stride: 8 };
    run(&c, vec![Instr::Rdma(RdmaInstr::Load { kind: LoadKind::Var, ddr: 0x1000_0000, spm: BASE, shape })]).unwrap();
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
            rows: 32,
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
    let st = Strided { rows: 2, row_bytes: 4, src_stride: 8, dst_stride: 100 };
    run(&c, vec![Instr::Wdma(WdmaInstr::Store { spm: 0x50000, ddr: 0x3000_0000, shape: st })]).unwrap();
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
    run(&c, vec![Instr::Cgra(CgraInstr::Convert { from: Fp16, to: Fp32, src: 0x60000, dst: 0x60000, n: 1 })]).unwrap();
    let spread = c.read_spm(0, 0x60000, 16).unwrap();
    assert_eq!(decode_f32(Fp16, &spread[4..6]), vec![2.0]);
    assert_eq!(decode_f32(Fp32, &spread[0..4]), vec![1.0]);
    // Reshape = strided SPM copy.
    run(
        &c,
        vec![Instr::Tdma(TdmaInstr::Reshape {
            src: BASE,
            dst: 0x70000,
            shape: Strided { rows: 2, row_bytes: 2, src_stride: 4, dst_stride: 2 },
        })],
    )
    .unwrap();
    assert_eq!(get(&c, 0x70000, Fp16, 2), vec![1.0, 3.0]);
    // A bad gather index is an error with the instruction's name.
    put_i(&c, 0x40000, Int32, &[-1]);
    let e = run(
        &c,
        vec![Instr::Rdma(RdmaInstr::Gather { ddr: 0, rows: 4, index: 0x40000, count: 1, row_bytes: 8, spm: BASE })],
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
            t.execute(&Instr::Cgra(CgraInstr::Fill { fmt: Int32, dst: BASE, n: 4, scalar_bits: me }))?;
            t.execute(&Instr::Join(EngineMask::of(&[Engine::Ct])))?;
            t.execute(&Instr::Dte(DteCopy { dst_tile: (me + 1) % n, src: BASE, dst: 0x20000, bytes: 16 }))?;
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
                t.execute(&Instr::Cgra(CgraInstr::Copy { fmt: Fp32, src: 0x2EFFF8, dst: BASE, n: 4 }))?;
            }
            Ok(())
        })
        .unwrap_err();
    match e {
        SimError::Access { tile, instr, name, fault: AccessFault::OutOfRange { space, addr, .. } } => {
            assert_eq!((tile, instr, addr, space), (2, 1, 0x2EFFF8, MemSpace::Spm(2)));
            assert_eq!(name, "CGRATensor_DataMoveOp_V_V_copy.fp32");
        }
        other => panic!("{other}"),
    }
    let e = run(&c, vec![Instr::Cgra(CgraInstr::Copy { fmt: Fp32, src: BASE + 2, dst: BASE, n: 1 })]).unwrap_err();
    assert!(matches!(e, SimError::Access { fault: AccessFault::Misaligned { addr: 0x10002, align: 4, .. }, .. }));
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
    assert!(matches!(e, SimError::Access { fault: AccessFault::OutOfRange { space: MemSpace::Ddr, .. }, .. }));
    let e = run(&c, vec![Instr::Dte(DteCopy { dst_tile: 99, src: BASE, dst: BASE, bytes: 4 })]).unwrap_err();
    assert!(matches!(e, SimError::InvalidInstr { .. }));
    // A tile that skips a barrier others wait at: an error, not a hang.
    let e = c.run_on(2, |t| if t.tile_id() == 0 { t.execute(&Instr::Barrier).map(|_| ()) } else { Ok(()) });
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
        act: crate::isa::NeAct::None,
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
    assert_eq!(r.timing.busy_cycles(0, Engine::Ne), (want - cfg.issue_cycles) as f64);
    // CT: 1000 bf16 adds at 64 lanes; exp at a quarter rate.
    let add = Instr::Cgra(CgraInstr::Vv { op: BinaryOp::Add, fmt: Bf16, a: BASE, b: BASE, dst: BASE, n: 1000 });
    let exp = Instr::Cgra(CgraInstr::Unary { op: UnaryOp::Exp, fmt: Bf16, src: BASE, dst: BASE, n: 1000 });
    let r = run(&c, vec![add, exp]).unwrap();
    let (add_c, exp_c) = (1000u64.div_ceil(64), 1000u64.div_ceil(16));
    // Issues are serial on the scalar unit; exp starts when both its issue and the add are done.
    let exp_start = (cfg.issue_cycles + add_c).max(2 * cfg.issue_cycles);
    assert_eq!(r.timing.total_cycles(), exp_start + exp_c);
    // A lone 1 MiB load via the ISA.
    let ld =
        Instr::Rdma(RdmaInstr::Load { kind: LoadKind::Var, ddr: 0, spm: BASE, shape: Strided::contiguous(1 << 20) });
    let r = run(&c, vec![ld]).unwrap();
    assert_eq!(r.timing.total_cycles(), cfg.dma_start_cycles + (1u64 << 20) / 64);
}

#[test]
fn tdma_gather_moves_indexed_rows_and_rejects_indices_outside_the_table() {
    let c = card();
    // Table: 4 rows of 3 int16; indices 3, 0, 3.
    put_i(&c, BASE, DataFormat::Int16, &(0..12).collect::<Vec<_>>());
    put_i(&c, BASE + 0x100, DataFormat::Int32, &[3, 0, 3]);
    let gather = |rows| {
        Instr::Tdma(TdmaInstr::Gather {
            table: BASE,
            rows,
            row_bytes: 6,
            index: BASE + 0x100,
            count: 3,
            dst: BASE + 0x200,
        })
    };
    run(&c, vec![gather(4)]).unwrap();
    assert_eq!(get_i(&c, BASE + 0x200, DataFormat::Int16, 9), vec![9, 10, 11, 0, 1, 2, 9, 10, 11]);
    let err = run(&c, vec![gather(3)]).unwrap_err().to_string();
    assert!(err.contains("gather index 3 outside the table's 3 rows"), "{err}");
}
