//! Placed operands through the C ABI: blocked DMA round trips of random
//! boxes (every rank 1 to 4), element-wise calls on blocked operands
//! (a per-channel vector included), channel_norm, and the placement rules
//! failing calls that break them.

use std::cell::RefCell;
use std::sync::Arc;

use crate::capi::eltwise_calls::*;
use crate::capi::oplib_calls::*;
use crate::capi::ops::*;
use crate::capi::types::{L_SHAPE, TSR};
use crate::capi::with_installed;
use crate::card::Card;
use crate::config::HardwareConfig;
use crate::dtype::{decode_f32, encode_f32, DataFormat};
use crate::error::SimError;
use crate::layout::{MemLayout, Placement};
use crate::rng::Rng;

type Body = Box<dyn Fn()>;

thread_local! {
    static BODY: RefCell<Option<Body>> = const { RefCell::new(None) };
}

extern "C" fn entry() {
    BODY.with(|b| {
        if let Some(f) = b.borrow().as_ref() {
            f()
        }
    })
}

/// Run `f` (C calls) as the program of one tile.
fn run_c(card: &Card, f: impl Fn() + Send + Sync + 'static) -> Result<(), SimError> {
    let f = Arc::new(f);
    card.run_on(1, move |t| {
        let g = f.clone();
        BODY.with(|b| *b.borrow_mut() = Some(Box::new(move || g())));
        let r = with_installed(t, entry);
        BODY.with(|b| b.borrow_mut().take());
        r
    })
    .map(|_| ())
}

fn shape(whole: &[u64], start: &[u64], size: &[u64]) -> L_SHAPE {
    let mut s = L_SHAPE {
        shape_whole: [0; 6],
        shape_start: [0; 6],
        shape_slice: [0; 6],
        shape_real: [0; 6],
        dim: whole.len() as i32,
    };
    for d in 0..whole.len() {
        s.shape_whole[d] = whole[d] as i32;
        s.shape_start[d] = start[d] as i32;
        s.shape_slice[d] = size[d] as i32;
        s.shape_real[d] = size[d] as i32;
    }
    s
}

fn tsr(fmt: u32, addr: u64, s: &L_SHAPE, layout: u32) -> TSR {
    TSR { format: fmt, addr, shape: s, mem_layout: layout }
}

/// Row-major index of `at` in `dims`.
fn index(dims: &[u64], at: &[u64]) -> usize {
    dims.iter().zip(at).fold(0, |acc, (&d, &i)| acc * d as usize + i as usize)
}

/// Every index of `dims`.
fn indices(dims: &[u64]) -> Vec<Vec<u64>> {
    let mut all = vec![vec![]];
    for &d in dims {
        all = all.into_iter().flat_map(|p| (0..d).map(move |i| [p.clone(), vec![i]].concat())).collect();
    }
    all
}

#[test]
fn blocked_dma_round_trips_random_boxes() {
    let card = Card::new(HardwareConfig::default()).unwrap();
    let mut rng = Rng::new(1313);
    const SRC: u64 = 0x1000_0000;
    const DST: u64 = 0x2000_0000;
    for case in 0..40 {
        let rank = rng.range_u64(1, 4) as usize;
        let whole: Vec<u64> =
            (0..rank).map(|d| if d + 1 == rank { rng.range_u64(1, 200) } else { rng.range_u64(1, 4) }).collect();
        let start: Vec<u64> = whole.iter().map(|&w| rng.range_u64(0, w - 1)).collect();
        let size: Vec<u64> = whole.iter().zip(&start).map(|(&w, &s)| rng.range_u64(1, w - s)).collect();
        let fmt = DataFormat::Fp16;
        let wp = Placement::of_dims(MemLayout::NCx, fmt, &whole).unwrap();
        let bp = Placement::of_dims(MemLayout::NCx, fmt, &size).unwrap();
        let n: usize = whole.iter().product::<u64>() as usize;
        let values: Vec<f32> = (0..n).map(|i| i as f32).collect();
        card.write_ddr(SRC, &wp.from_dense(&encode_f32(fmt, &values)).unwrap()).unwrap();
        card.write_ddr(DST, &vec![0u8; wp.bytes() as usize]).unwrap();
        let s = shape(&whole, &start, &size);
        let spm = card.config().spm_usable_start;
        // SAFETY: every TSR points to a shape that outlives the calls.
        run_c(&card, move || unsafe {
            let t = tsr(3, spm, &s, 3);
            op_dma_load(&t, SRC);
            op_join(TX8_ENGINE_RDMA);
            op_dma_store(&t, DST);
            op_join(TX8_ENGINE_WDMA);
        })
        .unwrap_or_else(|e| panic!("case {case}: {e}"));
        let got_spm = decode_f32(fmt, &bp.to_dense(&card.read_spm(0, spm, bp.bytes()).unwrap()).unwrap());
        let got_ddr = decode_f32(fmt, &wp.to_dense(&card.read_ddr(DST, wp.bytes()).unwrap()).unwrap());
        for (k, at) in indices(&size).iter().enumerate() {
            let w: Vec<u64> = at.iter().zip(&start).map(|(i, s)| i + s).collect();
            let want = values[index(&whole, &w)];
            assert_eq!(got_spm[k], want, "case {case}: box {at:?} of {whole:?} at {start:?} in SPM");
            assert_eq!(got_ddr[index(&whole, &w)], want, "case {case}: stored back");
        }
    }
}

/// Writes `values` at `addr` of tile 0's SPM in `layout`.
fn put(card: &Card, addr: u64, dims: &[u64], layout: MemLayout, values: &[f32]) {
    let p = Placement::of_dims(layout, DataFormat::Fp32, dims).unwrap();
    card.write_spm(0, addr, &p.from_dense(&encode_f32(DataFormat::Fp32, values)).unwrap()).unwrap();
}

fn get(card: &Card, addr: u64, dims: &[u64], layout: MemLayout) -> Vec<f32> {
    let p = Placement::of_dims(layout, DataFormat::Fp32, dims).unwrap();
    decode_f32(DataFormat::Fp32, &p.to_dense(&card.read_spm(0, addr, p.bytes()).unwrap()).unwrap())
}

#[test]
fn blocked_binary_with_a_per_channel_vector_and_in_place_relu() {
    let card = Card::new(HardwareConfig::default()).unwrap();
    let base = card.config().spm_usable_start;
    let (xd, vd) = ([2u64, 3, 5, 70], [70u64]);
    let mut rng = Rng::new(7);
    let x = rng.vec_f32(2 * 3 * 5 * 70, -2.0, 2.0);
    let v = rng.vec_f32(70, -1.0, 1.0);
    let (xa, va, ya) = (base, base + 0x10000, base + 0x20000);
    put(&card, xa, &xd, MemLayout::NCx, &x);
    put(&card, va, &vd, MemLayout::Cx, &v);
    // SAFETY: every TSR points to a shape that outlives the calls.
    run_c(&card, move || unsafe {
        let (sx, sv) = (shape(&xd, &[0; 4], &xd), shape(&vd, &[0], &vd));
        let (tx, tv, ty) = (tsr(6, xa, &sx, 3), tsr(6, va, &sv, 2), tsr(6, ya, &sx, 3));
        op_eltwise_binary(TX8_BINARY_ADD, &tx, &tv, std::ptr::null(), &ty);
        op_eltwise_unary(TX8_UNARY_RELU, &ty, &ty);
    })
    .unwrap();
    let y = get(&card, ya, &xd, MemLayout::NCx);
    for (i, &got) in y.iter().enumerate() {
        assert_eq!(got, (x[i] + v[i % 70]).max(0.0), "element {i}");
    }
    // The input kept its placed bytes (the dense view was undone).
    assert_eq!(get(&card, xa, &xd, MemLayout::NCx), x);
}

#[test]
fn channel_norm_round_trip_and_rule_violations() {
    let card = Card::new(HardwareConfig::default()).unwrap();
    let base = card.config().spm_usable_start;
    let d = [2u64, 2, 3, 100];
    let x: Vec<f32> = (0..1200).map(|i| i as f32 * 0.5).collect();
    put(&card, base, &d, MemLayout::NTensor, &x);
    // SAFETY: every TSR points to a shape that outlives the calls.
    run_c(&card, move || unsafe {
        let s = shape(&d, &[0; 4], &d);
        let (dense, blocked, back) =
            (tsr(6, base, &s, 1), tsr(6, base + 0x10000, &s, 3), tsr(6, base + 0x20000, &s, 1));
        op_channel_norm(3, 1, &dense, &blocked);
        op_channel_norm(3, 0, &blocked, &back);
    })
    .unwrap();
    assert_eq!(get(&card, base + 0x10000, &d, MemLayout::NCx), x);
    assert_eq!(get(&card, base + 0x20000, &d, MemLayout::NTensor), x);
    // A general broadcast ([2, 1, 3, 100] against [2, 2, 3, 100]) walks dense strides only.
    let bd = [2u64, 1, 3, 100];
    // SAFETY: every TSR points to a shape that outlives the calls.
    let err = run_c(&card, move || unsafe {
        let (s, sb) = (shape(&d, &[0; 4], &d), shape(&bd, &[0; 4], &bd));
        let (a, b, o) = (tsr(6, base + 0x10000, &s, 3), tsr(6, base + 0x30000, &sb, 3), tsr(6, base + 0x40000, &s, 3));
        op_eltwise_binary(TX8_BINARY_MUL, &a, &b, std::ptr::null(), &o);
    })
    .unwrap_err()
    .to_string();
    assert!(err.contains("only dense") && err.contains("argument `a`"), "{err}");
    // A pool reading a dense input: the missing channel_norm is an error.
    let pd = [1u64, 4, 4, 8];
    // SAFETY: every TSR points to a shape that outlives the calls.
    let err = run_c(&card, move || unsafe {
        let s = shape(&pd, &[0; 4], &pd);
        let (x, y) = (tsr(6, base, &s, 0), tsr(6, base + 0x10000, &s, 2));
        let p = POOL_PARAM { kind: 0, kernel: [1, 1], stride: [1, 1], pad: [0; 4], count_include_pad: 0 };
        op_pool2d(&p, &x, &y);
    })
    .unwrap_err()
    .to_string();
    assert!(err.contains("op_pool2d") && err.contains("missing channel_norm"), "{err}");
    // An int32 tensor cannot be blocked: the whole call must be dense.
    // SAFETY: every TSR points to a shape that outlives the calls.
    let err = run_c(&card, move || unsafe {
        let s = shape(&[8], &[0], &[8]);
        let (x, y) = (tsr(2, base, &s, 2), tsr(2, base + 0x1000, &s, 2));
        op_eltwise_unary(TX8_UNARY_ABS, &x, &y);
    })
    .unwrap_err()
    .to_string();
    assert!(err.contains("no channel-blocked layout for int32"), "{err}");
}

#[test]
fn blocked_gemm_equals_dense_gemm() {
    let card = Card::new(HardwareConfig::default()).unwrap();
    let base = card.config().spm_usable_start;
    let (ad, bd, od) = ([3u64, 70], [70u64, 72], [3u64, 72]);
    let mut rng = Rng::new(21);
    let a = rng.vec_f32(3 * 70, -1.0, 1.0);
    let b = rng.vec_f32(70 * 72, -1.0, 1.0);
    // The same product twice: all dense, then all NCx.
    for (k, layout) in [(0u64, MemLayout::NTensor), (1, MemLayout::NCx)] {
        let at = base + k * 0x40000;
        put(&card, at, &ad, layout, &a);
        put(&card, at + 0x10000, &bd, layout, &b);
        let code = if layout.is_blocked() { 3 } else { 1 };
        // SAFETY: every TSR points to a shape that outlives the calls.
        run_c(&card, move || unsafe {
            let (sa, sb, so) = (shape(&ad, &[0; 2], &ad), shape(&bd, &[0; 2], &bd), shape(&od, &[0; 2], &od));
            let p = crate::capi::types::GEMM_PARAM {
                trans_a: 0,
                trans_b: 0,
                accumulate: 0,
                act: 0,
                act_lo: 0.0,
                act_hi: 0.0,
            };
            let (ta, tb, to) =
                (tsr(6, at, &sa, code), tsr(6, at + 0x10000, &sb, code), tsr(6, at + 0x30000, &so, code));
            op_gemm(&p, &ta, &tb, std::ptr::null(), &to);
        })
        .unwrap();
    }
    let dense = get(&card, base + 0x30000, &od, MemLayout::NTensor);
    let blocked = get(&card, base + 0x40000 + 0x30000, &od, MemLayout::NCx);
    assert_eq!(dense, blocked);
    assert!(dense.iter().any(|&v| v != 0.0));
}
