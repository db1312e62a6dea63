//! Random cases for the neural-network operators: gemm, conv2d, softmax,
//! layernorm, batchnorm_inference, pool2d.

use crate::dtype::DataFormat::{self, *};
use crate::error::SimError;
use crate::isa::{NeAct, PoolKind};
use crate::layout::{MemLayout, Nhwc, Placement};
use crate::oplib::{self, compare::compare, conv::ConvParams, gemm::GemmFlags, reference, Tsr};
use crate::optest::bench::{decode, Bench};
use crate::optest::CaseData;
use crate::rng::Rng;

/// `n` values in `[lo, hi)` (integers for integer formats).
pub(crate) fn values(rng: &mut Rng, fmt: DataFormat, n: u64, lo: f64, hi: f64) -> Vec<f64> {
    (0..n)
        .map(|_| {
            let v = lo + (hi - lo) * rng.unit();
            if fmt.is_float() {
                v
            } else {
                v.floor()
            }
        })
        .collect()
}

/// Close a case: saturate integer references to the output range, compare.
/// A random NE post-processing activation (recorded as the case's `act`).
fn pick_act(rng: &mut Rng, b: &mut Bench, int: bool) -> NeAct {
    let act = match rng.range_u64(0, 2) {
        0 => NeAct::None,
        1 => NeAct::Relu,
        _ if int => NeAct::Clip { lo: -500.0, hi: 700.0 },
        _ => NeAct::Clip { lo: -0.5, hi: 0.25 },
    };
    b.param("act", act);
    act
}

/// The activation on an exact reference value (before rounding or saturation,
/// as the NE applies it).
fn act_ref(act: NeAct, v: f64) -> f64 {
    match act {
        NeAct::None => v,
        NeAct::Relu => v.max(0.0),
        NeAct::Clip { lo, hi } => v.max(f64::from(lo)).min(f64::from(hi)),
    }
}

pub(crate) fn finish(b: Bench, fmt: DataFormat, got: Vec<f64>, mut want: Vec<f64>, cycles: u64) -> CaseData {
    if let Some((lo, hi)) = fmt.int_range() {
        for w in want.iter_mut() {
            *w = w.clamp(lo as f64, hi as f64);
        }
    }
    let verdict = compare(fmt, &got, &want);
    CaseData { op: String::new(), index: 0, fmt, params: b.params, inputs: b.inputs, got, want, verdict, cycles }
}

fn flip(rng: &mut Rng) -> bool {
    rng.next_u64() & 1 == 1
}

pub fn gemm(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = rng.pick(&[Fp16, Bf16, Fp32, Tf32, Int8]);
    let (m, k, n) = (rng.range_u64(1, 48), rng.range_u64(1, 64), rng.range_u64(1, 48));
    let batch = rng.range_u64(1, 3);
    let shared = batch > 1 && flip(rng);
    let (ta, tb, use_bias, psum) = (flip(rng), flip(rng), flip(rng), flip(rng));
    let out_fmt = if fmt == Int8 { Int32 } else { rng.pick(&[Fp32, fmt]) };
    let acc_fmt = if fmt == Int8 { Int32 } else { Fp32 };
    for (key, v) in [("m", m), ("k", k), ("n", n), ("batch", batch)] {
        b.param(key, v);
    }
    b.param("flags", (fmt, out_fmt, ta, tb, use_bias, psum, shared));
    let (lo, hi) = if fmt == Int8 { (-128.0, 128.0) } else { (-1.0, 1.0) };
    let a_mat = if ta { [k, m] } else { [m, k] };
    let b_mat = if tb { [n, k] } else { [k, n] };
    let a_dims: Vec<u64> = if batch > 1 { vec![batch, a_mat[0], a_mat[1]] } else { a_mat.to_vec() };
    let b_dims: Vec<u64> = if batch > 1 && !shared { vec![batch, b_mat[0], b_mat[1]] } else { b_mat.to_vec() };
    let av = values(rng, fmt, batch * m * k, lo, hi);
    let bv = values(rng, fmt, b_dims.iter().product(), lo, hi);
    let (a, av) = b.input("a", fmt, &a_dims, &av)?;
    let (bt, bv) = b.input("b", fmt, &b_dims, &bv)?;
    let (blo, bhi) = if fmt == Int8 { (-1000.0, 1000.0) } else { (-1.0, 1.0) };
    let bias = if use_bias {
        let v = values(rng, acc_fmt, n, blo, bhi);
        Some(b.input("bias", acc_fmt, &[n], &v)?)
    } else {
        None
    };
    let out_dims = [batch, m, n];
    let (out, psum_v) = if psum {
        let v = values(rng, out_fmt, batch * m * n, blo, bhi);
        let (t, s) = b.input("psum", out_fmt, &out_dims, &v)?;
        (t, Some(s))
    } else {
        (b.output(out_fmt, &out_dims)?, None)
    };
    let flags = GemmFlags { trans_a: ta, trans_b: tb, accumulate: psum, act: pick_act(rng, &mut b, fmt == Int8) };
    let bias_t = bias.as_ref().map(|(t, _)| t.clone());
    let cycles = b.run(|ctx| oplib::gemm::matmul(ctx, &a, &bt, bias_t.as_ref(), &out, flags))?;
    let got = b.read(&out)?;
    let want = reference::matmul(
        &av,
        &bv,
        bias.as_ref().map(|(_, v)| v.as_slice()),
        psum_v.as_deref(),
        batch as usize,
        m as usize,
        k as usize,
        n as usize,
        ta,
        tb,
        shared,
    );
    let want = want.into_iter().map(|v| act_ref(flags.act, v)).collect();
    Ok(finish(b, out_fmt, got, want, cycles))
}

pub fn conv2d(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = rng.pick(&[Fp16, Bf16, Fp32, Int8]);
    let out_fmt = if fmt == Int8 { Int32 } else { Fp32 };
    // Draw until the window fits.
    let (n, h, w, kernel, stride, pad, dil) = loop {
        let (n, h, w) = (rng.range_u64(1, 2), rng.range_u64(1, 9), rng.range_u64(1, 9));
        let kernel = [rng.range_u64(1, 3), rng.range_u64(1, 3)];
        let stride = [rng.range_u64(1, 2), rng.range_u64(1, 2)];
        let pad = [rng.range_u64(0, 2), rng.range_u64(0, 2), rng.range_u64(0, 2), rng.range_u64(0, 2)];
        let dil = [rng.range_u64(1, 2), rng.range_u64(1, 2)];
        if h + pad[0] + pad[2] > dil[0] * (kernel[0] - 1) && w + pad[1] + pad[3] > dil[1] * (kernel[1] - 1) {
            break (n, h, w, kernel, stride, pad, dil);
        }
    };
    let kind = rng.range_u64(0, 2);
    let (groups, c, o) = match kind {
        0 => (1, rng.range_u64(1, 8), rng.range_u64(1, 8)),
        1 => {
            let g = 2;
            (g, g * rng.range_u64(1, 4), g * rng.range_u64(1, 4))
        }
        _ => {
            let c = rng.range_u64(1, 8);
            (c, c, c) // depthwise
        }
    };
    b.param("input", [n, h, w, c]);
    b.param("window", (kernel, stride, pad, dil, groups, o));
    b.param("formats", (fmt, out_fmt));
    let (lo, hi) = if fmt == Int8 { (-128.0, 128.0) } else { (-1.0, 1.0) };
    let xv = values(rng, fmt, n * h * w * c, lo, hi);
    let wv = values(rng, fmt, kernel[0] * kernel[1] * (c / groups) * o, lo, hi);
    let biasv =
        values(rng, out_fmt, o, if fmt == Int8 { -1000.0 } else { -1.0 }, if fmt == Int8 { 1000.0 } else { 1.0 });
    let (x, xv) = b.input("x", fmt, &[n, h, w, c], &xv)?;
    let (wt, wv) = b.input("w", fmt, &[kernel[0], kernel[1], c / groups, o], &wv)?;
    let (bias, biasv) = b.input("bias", out_fmt, &[o], &biasv)?;
    let us = |v: [u64; 2]| v.map(|x| x as usize);
    let (want, oh, ow) = reference::conv2d(
        &xv,
        [n, h, w, c].map(|x| x as usize),
        &wv,
        us(kernel),
        o as usize,
        Some(&biasv),
        us(stride),
        pad.map(|x| x as usize),
        us(dil),
        groups as usize,
    );
    let out_dims = [n, oh as u64, ow as u64, o];
    let out = b.output(out_fmt, &out_dims)?;
    // The psum input (a residual) half the time.
    let psum = if flip(rng) {
        let (plo, phi) = if fmt == Int8 { (-1000.0, 1000.0) } else { (-1.0, 1.0) };
        let v = values(rng, out_fmt, out.elems(), plo, phi);
        Some(b.input("psum", out_fmt, &out_dims, &v)?)
    } else {
        None
    };
    let p = ConvParams { stride, pad, dilation: dil, groups, act: pick_act(rng, &mut b, fmt == Int8) };
    let psum_t = psum.as_ref().map(|(t, _)| t.clone());
    let cycles = b.run(|ctx| oplib::conv::conv2d(ctx, &x, &wt, Some(&bias), psum_t.as_ref(), &out, p))?;
    let got = b.read(&out)?;
    let added = |i: usize| psum.as_ref().map_or(0.0, |(_, v)| v[i]);
    let want = want.into_iter().enumerate().map(|(i, v)| act_ref(p.act, v + added(i))).collect();
    Ok(finish(b, out_fmt, got, want, cycles))
}

fn row_dims(rng: &mut Rng) -> Vec<u64> {
    let rank = rng.range_u64(1, 3) as usize;
    let mut d: Vec<u64> = (0..rank - 1).map(|_| rng.range_u64(1, 5)).collect();
    // Now and then rows the VuV loop takes (a multiple of 64, >= 128:
    // `normalize::rows_loop`), 64 itself just below.
    d.push(if rng.range_u64(0, 2) == 0 { rng.pick(&[64, 128, 192, 256, 768]) } else { rng.range_u64(1, 40) });
    d
}

pub fn softmax(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = rng.pick(&[Fp32, Bf16, Fp16]);
    let dims = row_dims(rng);
    b.param("dims", &dims);
    b.param("format", fmt);
    let n: u64 = dims.iter().product();
    let (x, xv) = b.input("x", fmt, &dims, &values(rng, fmt, n, -4.0, 4.0))?;
    let out = b.output(fmt, &dims)?;
    let imm = b.scratch(2 * n * 4 + 2 * n * 4 + 1024)?;
    let cycles = b.run(|ctx| oplib::normalize::softmax(ctx, &x, &out, imm))?;
    let got = b.read(&out)?;
    let want = reference::softmax(&xv, *dims.last().unwrap_or(&1) as usize);
    Ok(finish(b, fmt, got, want, cycles))
}

pub fn layernorm(rng: &mut Rng) -> Result<CaseData, SimError> {
    norm_rows(rng, oplib::normalize::Centre::Mean)
}

pub fn rmsnorm(rng: &mut Rng) -> Result<CaseData, SimError> {
    norm_rows(rng, oplib::normalize::Centre::None)
}

/// A layer norm or RMSNorm case, with or without beta.
fn norm_rows(rng: &mut Rng, centre: oplib::normalize::Centre) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = rng.pick(&[Fp32, Bf16, Fp16]);
    let dims = row_dims(rng);
    let c = *dims.last().unwrap_or(&1);
    let with_beta = centre == oplib::normalize::Centre::Mean || flip(rng);
    b.param("dims", &dims);
    b.param("format", fmt);
    b.param("beta", with_beta);
    let n: u64 = dims.iter().product();
    let (x, xv) = b.input("x", fmt, &dims, &values(rng, fmt, n, -3.0, 3.0))?;
    let (g, gv) = b.input("gamma", Fp32, &[c], &values(rng, Fp32, c, -2.0, 2.0))?;
    let (be, bev) = b.input("beta", Fp32, &[c], &values(rng, Fp32, c, -1.0, 1.0))?;
    let out = b.output(fmt, &dims)?;
    let imm = b.scratch(2 * n * 4 + 2 * n * 4 + 1024)?;
    let eps = 1e-5f32;
    let beta = with_beta.then_some(&be);
    let cycles = b.run(|ctx| oplib::normalize::norm_rows(ctx, centre, &x, &g, beta, &out, eps, imm))?;
    let got = b.read(&out)?;
    let centred = centre == oplib::normalize::Centre::Mean;
    let want = reference::norm_rows(&xv, c as usize, centred, &gv, with_beta.then_some(&bev[..]), eps as f64);
    Ok(finish(b, fmt, got, want, cycles))
}

pub fn batchnorm(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = rng.pick(&[Fp32, Bf16, Fp16]);
    let (n, h, w, c) = (rng.range_u64(1, 3), rng.range_u64(1, 4), rng.range_u64(1, 4), rng.range_u64(1, 140));
    let layout = if n == 1 {
        rng.pick(&[MemLayout::Tensor, MemLayout::Cx, MemLayout::NTensor, MemLayout::NCx])
    } else {
        rng.pick(&[MemLayout::NTensor, MemLayout::NCx])
    };
    b.param("dims", [n, h, w, c]);
    b.param("format", fmt);
    b.param("layout", layout);
    let dims = [n, h, w, c];
    let placed = Placement::new(layout, fmt, Nhwc { n, h, w, c })?;
    let xv = values(rng, fmt, n * h * w * c, -3.0, 3.0);
    let dense = crate::dtype::encode_f32(fmt, &xv.iter().map(|&v| v as f32).collect::<Vec<_>>());
    let xv = decode(fmt, &dense);
    let x = Tsr::new(fmt, b.input_bytes("x", fmt, &dims, placed.from_dense(&dense)?)?, &dims);
    let mut param = |name: &str, lo: f64, hi: f64, b: &mut Bench| {
        let v = values(rng, Fp32, c, lo, hi);
        b.input(name, Fp32, &[c], &v)
    };
    let (scale, sv) = param("scale", -2.0, 2.0, &mut b)?;
    let (shift, shv) = param("shift", -1.0, 1.0, &mut b)?;
    let (mean, mv) = param("mean", -1.0, 1.0, &mut b)?;
    let (var, vv) = param("var", 0.1, 2.0, &mut b)?;
    let out = Tsr::new(fmt, b.alloc(placed.bytes())?, &dims);
    let imm = b.scratch(placed.bytes() / fmt.size() as u64 * 4 + 4 * (c + 256) * 4 + 2048)?;
    let eps = 1e-6f32;
    let p = oplib::batchnorm::BnParams { scale: &scale, shift: &shift, mean: &mean, var: &var, eps };
    let cycles = b.run(|ctx| oplib::batchnorm::batchnorm_inference(ctx, &x, &p, &out, layout, imm))?;
    let got = decode(fmt, &placed.to_dense(&b.card.read_spm(0, out.addr, placed.bytes())?)?);
    let want = reference::batchnorm(&xv, c as usize, &sv, &shv, &mv, &vv, eps as f64);
    Ok(finish(b, fmt, got, want, cycles))
}

pub fn pool2d(rng: &mut Rng) -> Result<CaseData, SimError> {
    let mut b = Bench::new()?;
    let fmt = rng.pick(&[Fp32, Bf16, Fp16]);
    let kind = rng.pick(&[PoolKind::Max, PoolKind::Avg]);
    let kernel = [rng.range_u64(1, 4), rng.range_u64(1, 4)];
    let stride = [rng.range_u64(1, 3), rng.range_u64(1, 3)];
    // Asymmetric pads (top, left, bottom, right), each below the kernel.
    let pad = [0, 1, 0, 1].map(|i| rng.range_u64(0, kernel[i] - 1));
    let count_include_pad = flip(rng);
    let (n, c) = (rng.range_u64(1, 2), rng.range_u64(1, 6));
    let (h, w) = (rng.range_u64(kernel[0], 9), rng.range_u64(kernel[1], 9));
    b.param("input", [n, h, w, c]);
    b.param("window", (kind, kernel, stride, pad, count_include_pad));
    b.param("format", fmt);
    let (x, xv) = b.input("x", fmt, &[n, h, w, c], &values(rng, fmt, n * h * w * c, -4.0, 4.0))?;
    let oh = (h + pad[0] + pad[2] - kernel[0]) / stride[0] + 1;
    let ow = (w + pad[1] + pad[3] - kernel[1]) / stride[1] + 1;
    let out = b.output(fmt, &[n, oh, ow, c])?;
    let window = crate::isa::pool::PoolWindow { kernel, stride, pad, count_include_pad };
    let cycles = b.run(|ctx| oplib::reduce::pool2d(ctx, kind, &x, &out, &window))?;
    let got = b.read(&out)?;
    let us = |v: [u64; 2]| v.map(|x| x as usize);
    let want = reference::pool(
        &xv,
        [n, h, w, c].map(|x| x as usize),
        us(kernel),
        us(stride),
        pad.map(|x| x as usize),
        kind == PoolKind::Max,
        count_include_pad,
    );
    Ok(finish(b, fmt, got, want, cycles))
}
