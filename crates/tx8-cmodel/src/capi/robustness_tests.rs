//! Every C operator call, fed random and extreme arguments (NULL pointers,
//! unknown formats, zero / huge / negative dims, addresses outside the SPM
//! window or unaligned, odd op codes and parameters), either runs or fails
//! with a `SimError`; none may panic (a panic inside a call is caught and
//! reported as "internal panic", which this test rejects).

use std::cell::Cell;
use std::ptr::null;

use crate::capi::eltwise_calls::*;
use crate::capi::oplib_calls::*;
use crate::capi::ops::*;
use crate::capi::types::{L_SHAPE, TSR};
use crate::capi::with_installed;
use crate::card::Card;
use crate::config::HardwareConfig;
use crate::error::SimError;
use crate::rng::Rng;

thread_local! {
    static SEED: Cell<u64> = const { Cell::new(0) };
}

const DIMS: [i32; 8] = [0, 1, 2, 3, 4, 7, -1, i32::MAX];

/// A shape: usually `common`, sometimes random with extreme dims or rank.
fn shape(r: &mut Rng, common: &L_SHAPE) -> L_SHAPE {
    if r.next_u64() % 5 != 0 {
        return *common;
    }
    let mut s = *common;
    s.dim = r.range_i64(-1, 7) as i32;
    for i in 0..6 {
        let d = if r.next_u64() % 4 == 0 { r.pick(&DIMS) } else { r.range_i64(1, 4) as i32 };
        s.shape_whole[i] = d;
        s.shape_slice[i] = d;
        s.shape_real[i] = d;
    }
    s
}

/// Tensor `i`: usually the common format at its own 64 KiB slot.
fn tsr(r: &mut Rng, s: &L_SHAPE, base: u64, i: u64, fmt: u32) -> TSR {
    let addr = match r.range_u64(0, 19) {
        0 => 0,
        1 => base + 2,
        2 => u64::MAX - 3,
        3 => 0x2F_0000 - 64,
        _ => base + i * 0x1_0000,
    };
    let format = match r.range_u64(0, 19) {
        0 => 9,
        1..=3 => r.range_u64(0, 6) as u32,
        _ => fmt,
    };
    TSR {
        format,
        addr,
        shape: if r.next_u64() % 30 == 0 { null() } else { s },
        // Mostly dense; sometimes blocked or an unknown code.
        mem_layout: match r.range_u64(0, 19) {
            0 => 7,
            1 | 2 => r.range_u64(2, 3) as u32,
            _ => 0,
        },
    }
}

extern "C" fn random_call() {
    let mut r = Rng::new(SEED.with(Cell::get));
    // Half the calls run asynchronously, through the scoreboard.
    op_async_calls((r.next_u64() % 2) as u32);
    let base = tx8_spm_base();
    let rank = r.range_u64(1, 4) as usize;
    let mut common =
        L_SHAPE { shape_whole: [0; 6], shape_start: [0; 6], shape_slice: [0; 6], shape_real: [0; 6], dim: rank as i32 };
    for i in 0..rank {
        let d = r.range_i64(1, 4) as i32;
        common.shape_whole[i] = d;
        common.shape_slice[i] = d;
        common.shape_real[i] = d;
    }
    let fmt = r.range_u64(0, 6) as u32;
    let shapes: Vec<L_SHAPE> = (0..6).map(|_| shape(&mut r, &common)).collect();
    let t: Vec<TSR> = shapes.iter().enumerate().map(|(i, s)| tsr(&mut r, s, base, i as u64, fmt)).collect();
    let p = |r: &mut Rng, i: usize| -> *const TSR {
        if r.next_u64() % 40 == 0 {
            null()
        } else {
            &t[i]
        }
    };
    let code = r.range_u64(0, 25) as u32;
    let f = r.range_f32(-3.0, 3.0);
    let arr: [i64; 6] = std::array::from_fn(|_| r.range_i64(-3, 3));
    let u64s: [u64; 6] = std::array::from_fn(|_| r.range_u64(0, 3));
    let u32s: [u32; 6] = std::array::from_fn(|_| r.range_u64(0, 6) as u32);
    let pool = POOL_PARAM {
        kind: r.range_u64(0, 2) as u32,
        kernel: [r.range_u64(0, 3), r.range_u64(0, 3)],
        stride: [r.range_u64(0, 2), r.range_u64(0, 2)],
        pad: std::array::from_fn(|_| r.range_u64(0, 2)),
        count_include_pad: r.range_u64(0, 1) as u32,
    };
    let conv = CONV_PARAM {
        stride: [r.range_u64(0, 2), r.range_u64(0, 2)],
        pad: std::array::from_fn(|_| r.range_u64(0, 2)),
        dilation: [r.range_u64(0, 2), r.range_u64(0, 2)],
        groups: r.range_u64(0, 2),
        // Codes 0..=3 (3 is unknown) with bounds that may be inverted.
        act: r.range_u64(0, 3) as u32,
        act_lo: f,
        act_hi: -f,
    };
    let inputs = [p(&mut r, 0), p(&mut r, 1)];
    let which = r.range_u64(0, 19);
    // SAFETY: every pointer is NULL or points to a live local above; array
    // arguments hold 6 values, the most any TSR rank can ask for.
    unsafe {
        match which {
            0 => op_eltwise_binary(code, p(&mut r, 0), p(&mut r, 1), p(&mut r, 2), p(&mut r, 3)),
            1 => op_eltwise_unary(code, p(&mut r, 0), p(&mut r, 1)),
            2 => op_eltwise_unary_param(code, f, -f, p(&mut r, 0), p(&mut r, 2), p(&mut r, 1)),
            3 => op_select(p(&mut r, 0), p(&mut r, 1), p(&mut r, 2), p(&mut r, 3), p(&mut r, 4)),
            4 => op_cast(p(&mut r, 0), p(&mut r, 1)),
            5 => op_pad(p(&mut r, 0), p(&mut r, 1), arr.as_ptr(), arr.as_ptr(), arr.as_ptr(), f),
            6 => op_pool2d(&pool, p(&mut r, 0), p(&mut r, 1)),
            7 => op_reduce(code % 5, code % 4, p(&mut r, 0), p(&mut r, 2), p(&mut r, 1)),
            8 => op_gather_spm(p(&mut r, 0), p(&mut r, 1), code % 4, p(&mut r, 2)),
            9 => op_transpose(u32s.as_ptr(), p(&mut r, 0), p(&mut r, 1)),
            10 => op_slice(u64s.as_ptr(), p(&mut r, 0), p(&mut r, 1)),
            11 => op_concat(inputs.as_ptr(), 2, code % 4, p(&mut r, 2)),
            12 => op_softmax(p(&mut r, 0), p(&mut r, 2), p(&mut r, 1)),
            13 if r.range_u64(0, 1) == 0 => {
                op_rmsnorm(1e-5, p(&mut r, 0), p(&mut r, 3), p(&mut r, 4), p(&mut r, 2), p(&mut r, 1))
            }
            13 => op_layernorm(1e-5, p(&mut r, 0), p(&mut r, 3), p(&mut r, 4), p(&mut r, 2), p(&mut r, 1)),
            14 => op_conv2d(&conv, p(&mut r, 0), p(&mut r, 1), p(&mut r, 3), p(&mut r, 2)),
            15 if r.range_u64(0, 1) == 0 => {
                op_conv2d_psum(&conv, p(&mut r, 0), p(&mut r, 1), p(&mut r, 3), p(&mut r, 2), p(&mut r, 2))
            }
            15 => op_reshape(p(&mut r, 0), p(&mut r, 1)),
            16 => op_channel_norm(code % 5, code & 1, p(&mut r, 0), p(&mut r, 1)),
            17 if r.range_u64(0, 1) == 0 => op_dma_load_slide(p(&mut r, 0), p(&mut r, 1), 0x1000_0000),
            17 => op_spm_box_copy(u64s.as_ptr(), p(&mut r, 0), p(&mut r, 1)),
            // A load through a view: the dims those of the load or random,
            // the strides dense, reversed or random.
            18 if r.range_u64(0, 1) == 0 => {
                let dims: [u64; 6] = if r.range_u64(0, 1) == 0 {
                    std::array::from_fn(|i| common.shape_whole[i].max(0) as u64)
                } else {
                    u64s
                };
                let strides: [u64; 6] = match r.range_u64(0, 2) {
                    0 => std::array::from_fn(|i| dims[i + 1..rank.max(i + 1)].iter().product()),
                    1 => std::array::from_fn(|i| 1 << i),
                    _ => u64s,
                };
                if r.range_u64(0, 1) == 0 {
                    op_dma_load_view(
                        p(&mut r, 0),
                        0x1000_0000,
                        r.range_u64(0, 7) as u32,
                        dims.as_ptr(),
                        strides.as_ptr(),
                    )
                } else {
                    op_dma_store_view(
                        p(&mut r, 0),
                        0x1000_0000,
                        r.range_u64(0, 7) as u32,
                        dims.as_ptr(),
                        strides.as_ptr(),
                    )
                }
            }
            _ => op_gather(0x1000_0000, 16, u64::from(code), p(&mut r, 0), p(&mut r, 1)),
        };
    }
}

#[test]
fn operator_calls_with_bad_arguments_error_instead_of_panicking() {
    let card = Card::new(HardwareConfig::default()).unwrap();
    let (mut ok, mut err) = (0, 0);
    for seed in 0..3000u64 {
        let r = card.run_on(1, |t| {
            SEED.with(|s| s.set(seed));
            with_installed(t, random_call)
        });
        match r {
            Ok(_) => ok += 1,
            Err(SimError::Host(m)) if m.contains("panic") => {
                panic!("seed {seed}: {m}")
            }
            Err(_) => err += 1,
        }
    }
    // Both outcomes occur, so calls also get past the argument checks.
    assert!(ok > 100 && err > 300, "ok {ok} err {err}");
}
