//! Bad input gives an error, never a panic or a runaway loop: random
//! instructions whose fields mix plausible and extreme values (0, huge,
//! unaligned, outside the SPM window) are executed one by one; each run
//! must end with `Ok` or a `SimError` other than a caught panic.

use crate::card::Card;
use crate::config::HardwareConfig;
use crate::dtype::DataFormat;
use crate::engine::EngineMask;
use crate::error::SimError;
use crate::isa::*;
use crate::rng::Rng;

const ADDRS: [u64; 10] = [0, 0x100, 0x10000, 0x10002, 0x20000, 0x2EFF00, 0x2F0000, 1 << 32, u64::MAX / 2, u64::MAX];
const COUNTS: [u64; 11] = [0, 1, 2, 3, 7, 16, 64, 1 << 20, 1 << 32, u64::MAX / 3, u64::MAX];
const FMTS: [DataFormat; 7] = [
    DataFormat::Int8,
    DataFormat::Int16,
    DataFormat::Int32,
    DataFormat::Fp16,
    DataFormat::Bf16,
    DataFormat::Tf32,
    DataFormat::Fp32,
];

fn random_instr(r: &mut Rng) -> Instr {
    let a = |r: &mut Rng| {
        if r.next_u64() % 3 == 0 {
            0x10000 + r.range_u64(0, 0x1000) * 4
        } else {
            r.pick(&ADDRS)
        }
    };
    let n = |r: &mut Rng| {
        if r.next_u64() % 2 == 0 {
            r.range_u64(0, 40)
        } else {
            r.pick(&COUNTS)
        }
    };
    let f = |r: &mut Rng| r.pick(&FMTS);
    let b = |r: &mut Rng| r.next_u64() & 1 == 1;
    let bin = |r: &mut Rng| {
        r.pick(&[
            BinaryOp::Add,
            BinaryOp::Div,
            BinaryOp::Shl,
            BinaryOp::Shr,
            BinaryOp::Xor,
            BinaryOp::Ge,
            BinaryOp::Pow,
        ])
    };
    let strided = |r: &mut Rng| Strided { rows: n(r), row_bytes: n(r), src_stride: n(r), dst_stride: n(r) };
    match r.range_u64(0, 21) {
        0 => Instr::Cgra(CgraInstr::Vv { op: bin(r), fmt: f(r), a: a(r), b: a(r), dst: a(r), n: n(r) }),
        1 => Instr::Cgra(CgraInstr::Vs {
            op: bin(r),
            fmt: f(r),
            a: a(r),
            scalar_bits: r.next_u64() as u32,
            dst: a(r),
            n: n(r),
        }),
        2 => Instr::Cgra(CgraInstr::VuV {
            op: bin(r),
            fmt: f(r),
            src: a(r),
            unit: a(r),
            dst: a(r),
            src_elems: n(r),
            unit_elems: n(r),
        }),
        3 => Instr::Cgra(CgraInstr::VuVLoop {
            op: bin(r),
            fmt: f(r),
            src: a(r),
            unit: a(r),
            dst: a(r),
            src_elems: n(r),
            unit_elems: r.pick(&[64, 0, 32]),
            full_src_elems: n(r),
            full_unit_elems: n(r),
        }),
        4 => Instr::Cgra(CgraInstr::Unary {
            op: r.pick(&[UnaryOp::Exp, UnaryOp::Relu, UnaryOp::Neg]),
            fmt: f(r),
            src: a(r),
            dst: a(r),
            n: n(r),
        }),
        5 => Instr::Cgra(CgraInstr::ReduceRows {
            op: ReduceOp::Sum,
            fmt: f(r),
            src: a(r),
            dst: a(r),
            rows: n(r),
            cols: n(r),
        }),
        6 => Instr::Cgra(CgraInstr::Pool {
            kind: PoolKind::Avg,
            fmt: f(r),
            src: a(r),
            dst: a(r),
            dims: [n(r), n(r), n(r), n(r)],
            kernel: [n(r), n(r)],
            stride: [n(r), n(r)],
            pad: [n(r), n(r), n(r), n(r)],
            count_include_pad: b(r),
        }),
        7 => Instr::Cgra(CgraInstr::Convert { from: f(r), to: f(r), src: a(r), dst: a(r), n: n(r) }),
        8 => Instr::Cgra(CgraInstr::Fill { fmt: f(r), dst: a(r), n: n(r), scalar_bits: 7 }),
        9 => Instr::Cgra(CgraInstr::Transpose { fmt: f(r), src: a(r), dst: a(r), rows: n(r), cols: n(r) }),
        10 => Instr::Neur(NeInstr::Gemm(NeGemm {
            in_fmt: f(r),
            out_fmt: f(r),
            a: a(r),
            b: a(r),
            out: a(r),
            bias: if b(r) { Some(a(r)) } else { None },
            m: n(r),
            k: n(r),
            n: n(r),
            batch: n(r),
            trans_a: b(r),
            trans_b: b(r),
            broadcast_b: b(r),
            accumulate: b(r),
            act: crate::isa::NeAct::None,
        })),
        11 => Instr::Neur(NeInstr::Conv(NeConv {
            in_fmt: f(r),
            out_fmt: f(r),
            input: a(r),
            weight: a(r),
            out: a(r),
            bias: if b(r) { Some(a(r)) } else { None },
            dims: [n(r), n(r), n(r), n(r)],
            out_channels: n(r),
            kernel: [n(r), n(r)],
            stride: [n(r), n(r)],
            pad: [n(r), n(r), n(r), n(r)],
            dilation: [n(r), n(r)],
            groups: n(r),
            psum: if b(r) { Some(a(r)) } else { None },
            act: crate::isa::NeAct::Relu,
        })),
        12 => Instr::Rdma(RdmaInstr::Load { kind: LoadKind::Var, ddr: a(r), spm: a(r), shape: strided(r) }),
        13 => Instr::Rdma(RdmaInstr::Gather {
            ddr: a(r),
            rows: n(r),
            index: a(r),
            count: n(r),
            row_bytes: n(r),
            spm: a(r),
        }),
        14 => Instr::Wdma(WdmaInstr::Store { spm: a(r), ddr: a(r), shape: strided(r) }),
        15 => Instr::Wdma(WdmaInstr::Scatter { spm: a(r), index: a(r), count: n(r), row_bytes: n(r), ddr: a(r) }),
        16 => Instr::Tdma(TdmaInstr::Reshape { src: a(r), dst: a(r), shape: strided(r) }),
        17 => Instr::Tdma(TdmaInstr::GatherScatter {
            src: a(r),
            dst: a(r),
            elem_bytes: n(r),
            count: n(r),
            src_stride: n(r),
            dst_stride: n(r),
        }),
        19 => Instr::Tdma(TdmaInstr::Gather {
            table: a(r),
            rows: n(r),
            row_bytes: n(r),
            index: a(r),
            count: n(r),
            dst: a(r),
        }),
        18 => Instr::Dte(DteCopy { dst_tile: r.range_u64(0, 20) as u32, src: a(r), dst: a(r), bytes: n(r) }),
        _ => Instr::Join(EngineMask(r.next_u64() as u8)),
    }
}

#[test]
fn random_extreme_instructions_error_instead_of_panicking() {
    let card = Card::new(HardwareConfig::default()).unwrap();
    let mut r = Rng::new(0xBAD);
    let (mut ok, mut err) = (0, 0);
    for i in 0..3000 {
        let instr = random_instr(&mut r);
        match card.run_on(2, |t| if t.tile_id() == 0 { t.execute(&instr).map(|_| ()) } else { Ok(()) }) {
            Ok(_) => ok += 1,
            Err(SimError::Host(m)) if m.contains("panicked") => {
                panic!("case {i} panicked: {instr:?}")
            }
            Err(_) => err += 1,
        }
    }
    // Both outcomes occur, so the generator exercises real execution too.
    assert!(ok > 100 && err > 100, "ok {ok} err {err}");
}
