//! Neural engine (NE) instructions: GEMM and convolution.
//!
//! Numerics: float inputs (fp16/bf16/tf32/fp32) are multiplied and
//! accumulated in fp32, in ascending K order, then rounded once to the output
//! format (RNE); int8 inputs accumulate in int32 (wrapping, as a 32-bit
//! accumulator does) and saturate to the output format. Bias is in the
//! accumulator format (fp32 or int32), one value per output column / channel.
//! Busy time: 8x16x8 blocks over 4 arrays, partial blocks cost full blocks.

use crate::config::HardwareConfig;
use crate::dtype::DataFormat;
use crate::error::SimError;
use crate::isa::access::Access;
use crate::timing::cost::ne_gemm_cycles;

/// `out[b] (+)= op(A[b]) x op(B[b]) + bias` for b < batch.
///
/// A is M x K row-major (K x M if `trans_a`), B is K x N (N x K if
/// `trans_b`), out is M x N. Batches are consecutive in memory; when
/// `broadcast_b` is set every batch uses the same B (a shared weight).
#[derive(Debug, Clone, PartialEq)]
pub struct NeGemm {
    pub in_fmt: DataFormat,
    pub out_fmt: DataFormat,
    pub a: u64,
    pub b: u64,
    pub out: u64,
    pub bias: Option<u64>,
    pub m: u64,
    pub k: u64,
    pub n: u64,
    pub batch: u64,
    pub trans_a: bool,
    pub trans_b: bool,
    pub broadcast_b: bool,
    /// psum accumulate: add the existing `out` (read in `out_fmt`).
    pub accumulate: bool,
    /// Post-processing activation, after bias and psum.
    pub act: NeAct,
}

/// 2-D convolution, NHWC input, HWIO weight (`[KH, KW, C/groups, O]`),
/// NHWC output, zero padding.
#[derive(Debug, Clone, PartialEq)]
pub struct NeConv {
    pub in_fmt: DataFormat,
    pub out_fmt: DataFormat,
    pub input: u64,
    pub weight: u64,
    pub out: u64,
    pub bias: Option<u64>,
    /// Input N, H, W, C.
    pub dims: [u64; 4],
    /// Output channels.
    pub out_channels: u64,
    pub kernel: [u64; 2],
    pub stride: [u64; 2],
    /// Padding top, left, bottom, right.
    pub pad: [u64; 4],
    pub dilation: [u64; 2],
    pub groups: u64,
    /// The psum input: a tensor of the output's shape and format added to
    /// the accumulator (after bias, before the activation). A residual
    /// connection's add.
    pub psum: Option<u64>,
    /// Post-processing activation, after bias and psum.
    pub act: NeAct,
}

pub use tx8_target::kinds::NeAct;

/// The instruction-name suffix of an NE activation.
fn act_suffix(act: NeAct) -> &'static str {
    match act {
        NeAct::None => "",
        NeAct::Relu => "_relu",
        NeAct::Clip { .. } => "_clip",
    }
}

/// An NE instruction.
#[derive(Debug, Clone, PartialEq)]
pub enum NeInstr {
    Gemm(NeGemm),
    Conv(NeConv),
}

/// The accumulator format for inputs of `fmt`, or None if NE rejects `fmt`.
pub fn accumulator(fmt: DataFormat) -> Option<DataFormat> {
    match fmt {
        DataFormat::Fp16 | DataFormat::Bf16 | DataFormat::Tf32 | DataFormat::Fp32 => Some(DataFormat::Fp32),
        DataFormat::Int8 => Some(DataFormat::Int32),
        _ => None,
    }
}

impl NeConv {
    /// Output height and width, or None if the window does not fit.
    pub fn out_hw(&self) -> Option<(u64, u64)> {
        let [_, h, w, _] = self.dims;
        if self.stride.contains(&0) || self.dilation.contains(&0) || self.kernel.contains(&0) {
            return None;
        }
        let eff_h = self.dilation[0].checked_mul(self.kernel[0] - 1)?.checked_add(1)?;
        let eff_w = self.dilation[1].checked_mul(self.kernel[1] - 1)?.checked_add(1)?;
        let oh = h.checked_add(self.pad[0])?.checked_add(self.pad[2])?.checked_sub(eff_h)? / self.stride[0] + 1;
        let ow = w.checked_add(self.pad[1])?.checked_add(self.pad[3])?.checked_sub(eff_w)? / self.stride[1] + 1;
        Some((oh, ow))
    }

    /// The implicit GEMM the NE runs: (M, K, N, batch) = (N*OH*OW, KH*KW*C/g, O/g, g).
    pub fn gemm_shape(&self) -> (u64, u64, u64, u64) {
        let (oh, ow) = self.out_hw().unwrap_or((0, 0));
        let g = self.groups.max(1);
        (self.dims[0] * oh * ow, self.kernel[0] * self.kernel[1] * (self.dims[3] / g), self.out_channels / g, g)
    }
}

impl NeInstr {
    /// Seed-style name.
    pub fn name(&self) -> String {
        match self {
            NeInstr::Gemm(g) => format!(
                "op_Gemm{}{}{}{}.{}",
                if g.trans_a { "_tA" } else { "" },
                if g.trans_b { "_tB" } else { "" },
                if g.accumulate { "_psum" } else { "" },
                act_suffix(g.act),
                g.in_fmt.name()
            ),
            NeInstr::Conv(c) => {
                format!(
                    "op_Conv{}{}.{}",
                    if c.psum.is_some() { "_psum" } else { "" },
                    act_suffix(c.act),
                    c.in_fmt.name()
                )
            }
        }
    }

    /// NE busy cycles.
    pub fn cycles(&self, cfg: &HardwareConfig) -> u64 {
        match self {
            NeInstr::Gemm(g) => ne_gemm_cycles(cfg, g.in_fmt, g.m, g.k, g.n, g.batch),
            NeInstr::Conv(c) => {
                let (m, k, n, b) = c.gemm_shape();
                ne_gemm_cycles(cfg, c.in_fmt, m, k, n, b)
            }
        }
    }

    /// Execute on the SPM of `acc.tile`.
    pub fn execute(&self, acc: &Access) -> Result<(), SimError> {
        match self {
            NeInstr::Gemm(g) => gemm(acc, g),
            NeInstr::Conv(c) => conv(acc, c),
        }
    }
}

fn check_formats(acc: &Access, in_fmt: DataFormat, out_fmt: DataFormat) -> Result<DataFormat, SimError> {
    let accf = accumulator(in_fmt).ok_or_else(|| acc.invalid("NE inputs must be fp16/bf16/tf32/fp32/int8"))?;
    if out_fmt.is_float() != in_fmt.is_float() {
        return Err(acc.invalid("NE output must be float for float inputs and integer for int8"));
    }
    Ok(accf)
}

/// Row-major M x K matrix of A (transposed into place if stored K x M).
fn as_rows(x: Vec<f32>, rows: usize, cols: usize, stored_transposed: bool) -> Vec<f32> {
    if !stored_transposed {
        return x;
    }
    let mut out = vec![0.0; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            out[r * cols + c] = x[c * rows + r];
        }
    }
    out
}

fn as_rows_i(x: Vec<i64>, rows: usize, cols: usize, stored_transposed: bool) -> Vec<i64> {
    if !stored_transposed {
        return x;
    }
    let mut out = vec![0; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            out[r * cols + c] = x[c * rows + r];
        }
    }
    out
}

/// f32 GEMM kernel: `acc[i][j] += sum_k a[i][k] * b[k][j]`, k ascending
/// (shared with the reference implementations so float results agree).
pub fn gemm_f32_into(acc: &mut [f32], a: &[f32], b: &[f32], m: usize, k: usize, n: usize) {
    for i in 0..m {
        let row = &mut acc[i * n..(i + 1) * n];
        for p in 0..k {
            let av = a[i * k + p];
            let brow = &b[p * n..(p + 1) * n];
            for (o, &bv) in row.iter_mut().zip(brow) {
                *o += av * bv;
            }
        }
    }
}

fn gemm(acc: &Access, g: &NeGemm) -> Result<(), SimError> {
    let accf = check_formats(acc, g.in_fmt, g.out_fmt)?;
    if [g.m, g.k, g.n, g.batch].contains(&0) {
        return Err(acc.invalid("GEMM dims and batch must be non-zero"));
    }
    // Whole operands in range before the batch loop starts.
    let (isz, osz) = (g.in_fmt.size() as u64, g.out_fmt.size() as u64);
    let batched = |elems: u64, size: u64, batches: u64| acc.bytes(acc.bytes(elems, size)?, batches);
    acc.spm_check(g.a, batched(acc.bytes(g.m, g.k)?, isz, g.batch)?, isz)?;
    let b_batches = if g.broadcast_b { 1 } else { g.batch };
    acc.spm_check(g.b, batched(acc.bytes(g.k, g.n)?, isz, b_batches)?, isz)?;
    acc.spm_check(g.out, batched(acc.bytes(g.m, g.n)?, osz, g.batch)?, osz)?;
    let (m, k, n) = (g.m as usize, g.k as usize, g.n as usize);
    let a_elems = acc.bytes(g.m, g.k)?;
    let b_elems = acc.bytes(g.k, g.n)?;
    let o_elems = acc.bytes(g.m, g.n)?;
    let isz = g.in_fmt.size() as u64;
    let osz = g.out_fmt.size() as u64;
    let bias_f = match g.bias {
        Some(addr) if accf == DataFormat::Fp32 => Some(acc.read_f32(DataFormat::Fp32, addr, g.n)?),
        _ => None,
    };
    let bias_i = match g.bias {
        Some(addr) if accf == DataFormat::Int32 => Some(acc.read_i64(DataFormat::Int32, addr, g.n)?),
        _ => None,
    };
    let mut b_cache: Option<(Vec<f32>, Vec<i64>)> = None;
    for bi in 0..g.batch {
        let a_addr = g.a + bi * a_elems * isz;
        let b_addr = if g.broadcast_b { g.b } else { g.b + bi * b_elems * isz };
        let o_addr = g.out + bi * o_elems * osz;
        if accf == DataFormat::Fp32 {
            let a = as_rows(acc.read_f32(g.in_fmt, a_addr, a_elems)?, m, k, g.trans_a);
            let b = match (&b_cache, g.broadcast_b) {
                (Some((b, _)), true) => b.clone(),
                _ => as_rows(acc.read_f32(g.in_fmt, b_addr, b_elems)?, k, n, g.trans_b),
            };
            let mut out = if g.accumulate { acc.read_f32(g.out_fmt, o_addr, o_elems)? } else { vec![0.0; m * n] };
            gemm_f32_into(&mut out, &a, &b, m, k, n);
            if let Some(bias) = &bias_f {
                for row in out.chunks_mut(n) {
                    for (o, &bv) in row.iter_mut().zip(bias) {
                        *o += bv;
                    }
                }
            }
            for o in &mut out {
                *o = g.act.apply_f32(*o);
            }
            acc.write_f32(g.out_fmt, o_addr, &out)?;
            if g.broadcast_b {
                b_cache = Some((b, Vec::new()));
            }
        } else {
            let a = as_rows_i(acc.read_i64(g.in_fmt, a_addr, a_elems)?, m, k, g.trans_a);
            let b = as_rows_i(acc.read_i64(g.in_fmt, b_addr, b_elems)?, k, n, g.trans_b);
            let mut out: Vec<i32> = if g.accumulate {
                acc.read_i64(g.out_fmt, o_addr, o_elems)?.into_iter().map(|v| v as i32).collect()
            } else {
                vec![0; m * n]
            };
            for i in 0..m {
                for p in 0..k {
                    let av = a[i * k + p] as i32;
                    for j in 0..n {
                        out[i * n + j] = out[i * n + j].wrapping_add(av.wrapping_mul(b[p * n + j] as i32));
                    }
                }
            }
            if let Some(bias) = &bias_i {
                for row in out.chunks_mut(n) {
                    for (o, &bv) in row.iter_mut().zip(bias) {
                        *o = o.wrapping_add(bv as i32);
                    }
                }
            }
            let wide: Vec<i64> = out.into_iter().map(|v| i64::from(g.act.apply_i32(v))).collect();
            acc.write_i64(g.out_fmt, o_addr, &wide)?;
        }
    }
    Ok(())
}

fn conv(acc: &Access, c: &NeConv) -> Result<(), SimError> {
    let accf = check_formats(acc, c.in_fmt, c.out_fmt)?;
    let (oh, ow) = c.out_hw().ok_or_else(|| acc.invalid("convolution window does not fit the input"))?;
    let g = c.groups;
    if g == 0 || c.dims[3] % g != 0 || c.out_channels % g != 0 {
        return Err(acc.invalid("groups must divide input and output channels"));
    }
    let [n, h, w, ch] = c.dims;
    let cg = ch / g;
    let in_elems =
        [n, h, w, ch].iter().try_fold(1u64, |a, &d| a.checked_mul(d)).ok_or_else(|| acc.invalid("size overflow"))?;
    let w_elems = [c.kernel[0], c.kernel[1], cg, c.out_channels]
        .iter()
        .try_fold(1u64, |a, &d| a.checked_mul(d))
        .ok_or_else(|| acc.invalid("size overflow"))?;
    // The output must fit before any work is done (padding can make it large).
    let out_bytes = [n, oh, ow, c.out_channels]
        .iter()
        .try_fold(c.out_fmt.size() as u64, |a, &d| a.checked_mul(d))
        .ok_or_else(|| acc.invalid("size overflow"))?;
    acc.spm_check(c.out, out_bytes, c.out_fmt.size() as u64)?;
    let x = acc.read_f32(c.in_fmt, c.input, in_elems)?;
    let wt = acc.read_f32(c.in_fmt, c.weight, w_elems)?;
    // Int32 bias is read exactly (i64) so values beyond 2^24 keep every bit.
    let bias: Option<Vec<f64>> = match c.bias {
        Some(addr) if accf == DataFormat::Int32 => {
            Some(acc.read_i64(accf, addr, c.out_channels)?.into_iter().map(|v| v as f64).collect())
        }
        Some(addr) => Some(acc.read_f32(accf, addr, c.out_channels)?.into_iter().map(f64::from).collect()),
        None => None,
    };
    let out = conv_ref(&x, &wt, bias.as_deref(), c, oh, ow, accf == DataFormat::Int32);
    // The psum (a residual) joins the accumulator before the activation.
    let out_elems = out.len() as u64;
    if accf == DataFormat::Int32 {
        let psum = c.psum.map(|p| acc.read_i64(c.out_fmt, p, out_elems)).transpose()?;
        let added = |i: usize| psum.as_ref().map_or(0, |s| s[i] as i32);
        let ints: Vec<i64> = out
            .iter()
            .enumerate()
            .map(|(i, &v)| i64::from(c.act.apply_i32((v as i32).wrapping_add(added(i)))))
            .collect();
        acc.write_i64(c.out_fmt, c.out, &ints)
    } else {
        let psum = c.psum.map(|p| acc.read_f32(c.out_fmt, p, out_elems)).transpose()?;
        let added = |i: usize| psum.as_ref().map_or(0.0, |s| s[i]);
        let floats: Vec<f32> = out.iter().enumerate().map(|(i, &v)| c.act.apply_f32(v as f32 + added(i))).collect();
        acc.write_f32(c.out_fmt, c.out, &floats)
    }
}

/// Direct convolution with fp32 (or exact wrapping int32, when `int` is set)
/// accumulation in (ky, kx, ci) order, bias added last; shared with the
/// reference implementations. Values are returned as f64 so int32 results are exact.
pub fn conv_ref(x: &[f32], wt: &[f32], bias: Option<&[f64]>, c: &NeConv, oh: u64, ow: u64, int: bool) -> Vec<f64> {
    use crate::isa::pool::{tap_index, taps};
    let [n, h, w, ch] = c.dims.map(|d| d as usize);
    let g = c.groups.max(1) as usize;
    let (cg, oc) = (ch / g, c.out_channels as usize);
    let og = (oc / g).max(1);
    let (kh, kw) = (c.kernel[0], c.kernel[1]);
    let mut out = Vec::with_capacity(n * (oh * ow) as usize * oc);
    for b in 0..n {
        for oy in 0..oh {
            for ox in 0..ow {
                let ys = taps(oy, c.stride[0], c.dilation[0], c.pad[0], h as u64, kh);
                let xs = taps(ox, c.stride[1], c.dilation[1], c.pad[1], w as u64, kw);
                for o in 0..oc {
                    let grp = o / og;
                    let mut accf = 0.0f32;
                    let mut acci = 0i32;
                    for ky in ys.clone() {
                        let iy = tap_index(oy, c.stride[0], c.dilation[0], c.pad[0], ky);
                        for kx in xs.clone() {
                            let ix = tap_index(ox, c.stride[1], c.dilation[1], c.pad[1], kx);
                            for ci in 0..cg {
                                let xv = x[((b * h + iy) * w + ix) * ch + grp * cg + ci];
                                let wv = wt[((ky as usize * kw as usize + kx as usize) * cg + ci) * oc + o];
                                if int {
                                    acci = acci.wrapping_add((xv as i32).wrapping_mul(wv as i32));
                                } else {
                                    accf += xv * wv;
                                }
                            }
                        }
                    }
                    let bv = bias.map_or(0.0, |bb| bb[o]);
                    out.push(if int { f64::from(acci.wrapping_add(bv as i32)) } else { f64::from(accf + bv as f32) });
                }
            }
        }
    }
    out
}
