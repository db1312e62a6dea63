//! CGRA tensor (CT) instructions, named as in seed 001:
//! `CGRATensor_<Function>_<Format>_<Name>.<type>`.
//!
//! Floats are computed in f32 and rounded to the destination format with
//! round-to-nearest-even; integers are computed in i64 and saturated.
//! Inputs are read completely before the output is written, so in-place
//! operation (`dst == src`) is allowed. Busy time is the element count over
//! the lane rate of the format (transcendental ops at a quarter rate).

use crate::dtype::DataFormat;
use crate::error::SimError;
use crate::isa::access::Access;
use crate::timing::cost::ct_cycles;

use crate::isa::pool::{pool_f32, pool_out, PoolWindow};

pub use tx8_target::kinds::{erf_f32, BinaryOp, PoolKind, ReduceOp, UnaryOp};

/// A CT instruction. Addresses are byte addresses in the executing tile's
/// SPM; counts are elements.
#[derive(Debug, Clone, PartialEq)]
pub enum CgraInstr {
    /// `dst[i] = a[i] op b[i]`, i < n.
    Vv { op: BinaryOp, fmt: DataFormat, a: u64, b: u64, dst: u64, n: u64 },
    /// `dst[i] = a[i] op s`; `scalar_bits` is the scalar's bit pattern in
    /// `fmt` (low bits for 8/16-bit formats), as the seed passes `*(uint32_t*)&eps`.
    Vs { op: BinaryOp, fmt: DataFormat, a: u64, scalar_bits: u32, dst: u64, n: u64 },
    /// `dst[i] = src[i] op unit[i % unit_elems]`, i < src_elems (src_elems a
    /// multiple of unit_elems).
    VuV { op: BinaryOp, fmt: DataFormat, src: u64, unit: u64, dst: u64, src_elems: u64, unit_elems: u64 },
    /// The seed's `VuV_<op>_loop`: VuV repeated over consecutive chunks,
    /// chunk j using `src + j*src_elems` and `unit + j*unit_elems`. Requires
    /// `unit_elems == 64` and `full_src/full_unit == src_elems/unit_elems`.
    VuVLoop {
        op: BinaryOp,
        fmt: DataFormat,
        src: u64,
        unit: u64,
        dst: u64,
        src_elems: u64,
        unit_elems: u64,
        full_src_elems: u64,
        full_unit_elems: u64,
    },
    /// `dst[i] = f(src[i])`.
    Unary { op: UnaryOp, fmt: DataFormat, src: u64, dst: u64, n: u64 },
    /// `dst[r] = reduce(src[r*cols .. (r+1)*cols])` for r < rows (f32 / i64 accumulation).
    ReduceRows { op: ReduceOp, fmt: DataFormat, src: u64, dst: u64, rows: u64, cols: u64 },
    /// 2-D pooling over dense NHWC (`n,h,w,c`) into NHWC; `pad` is (top,
    /// left, bottom, right). Max ignores padding; an average divides by the
    /// taps inside the input, or by the whole window (`kh*kw`) when
    /// `count_include_pad`.
    Pool {
        kind: PoolKind,
        fmt: DataFormat,
        src: u64,
        dst: u64,
        dims: [u64; 4],
        kernel: [u64; 2],
        stride: [u64; 2],
        pad: [u64; 4],
        count_include_pad: bool,
    },
    /// Format conversion of `n` elements (RNE, saturating to ints).
    Convert { from: DataFormat, to: DataFormat, src: u64, dst: u64, n: u64 },
    /// Copy `n` elements.
    Copy { fmt: DataFormat, src: u64, dst: u64, n: u64 },
    /// Fill `n` elements with the scalar (bit pattern in `fmt`).
    Fill { fmt: DataFormat, dst: u64, n: u64, scalar_bits: u32 },
    /// Dense 2-D transpose: `dst[c][r] = src[r][c]`.
    Transpose { fmt: DataFormat, src: u64, dst: u64, rows: u64, cols: u64 },
}

/// The bit pattern of `value` in `fmt`, as `Vs`/`Fill` take it.
pub fn scalar_bits(fmt: DataFormat, value: f64) -> u32 {
    let bytes = if fmt.is_float() {
        crate::dtype::encode_f32(fmt, &[value as f32])
    } else {
        crate::dtype::encode_i64(fmt, &[value.round_ties_even() as i64])
    };
    let mut b = [0u8; 4];
    b[..bytes.len()].copy_from_slice(&bytes);
    u32::from_le_bytes(b)
}

fn scalar_value(fmt: DataFormat, bits: u32) -> (f32, i64) {
    let bytes = &bits.to_le_bytes()[..fmt.size()];
    (crate::dtype::decode_f32(fmt, bytes)[0], crate::dtype::decode_i64(fmt, bytes)[0])
}

impl CgraInstr {
    /// Full seed-style name.
    pub fn name(&self) -> String {
        let (class, fmt_s, op) = match self {
            CgraInstr::Vv { op, fmt, .. } => (op.names().0, "V_VV", op.names().1.to_string() + "." + fmt.name()),
            CgraInstr::Vs { op, fmt, .. } => (op.names().0, "V_VS", op.names().1.to_string() + "." + fmt.name()),
            CgraInstr::VuV { op, fmt, .. } => (op.names().0, "V_VuV", op.names().1.to_string() + "." + fmt.name()),
            CgraInstr::VuVLoop { op, fmt, .. } => {
                (op.names().0, "V_VuV", op.names().1.to_string() + "_loop." + fmt.name())
            }
            CgraInstr::Unary { op, fmt, .. } => (op.names().0, "V_V", op.names().1.to_string() + "." + fmt.name()),
            CgraInstr::ReduceRows { op, fmt, .. } => {
                ("ReduceOp", "V_V", format!("{}.{}", format!("{op:?}").to_lowercase(), fmt.name()))
            }
            CgraInstr::Pool { kind, fmt, .. } => {
                ("PoolOp", "Tensor", format!("{}pool.{}", format!("{kind:?}").to_lowercase(), fmt.name()))
            }
            CgraInstr::Convert { from, to, .. } => {
                ("ConvertOp", "V_V", format!("convert_{}_{}", from.name(), to.name()))
            }
            CgraInstr::Copy { fmt, .. } => ("DataMoveOp", "V_V", format!("copy.{}", fmt.name())),
            CgraInstr::Fill { fmt, .. } => ("DataMoveOp", "V_S", format!("fill.{}", fmt.name())),
            CgraInstr::Transpose { fmt, .. } => ("DataMoveOp", "Tensor", format!("transpose.{}", fmt.name())),
        };
        format!("CGRATensor_{class}_{fmt_s}_{op}")
    }

    /// CT busy cycles.
    pub fn cycles(&self, cfg: &crate::config::HardwareConfig) -> u64 {
        match self {
            CgraInstr::Vv { op, fmt, n, .. } | CgraInstr::Vs { op, fmt, n, .. } => {
                ct_cycles(cfg, *fmt, *n, op.is_transcendental())
            }
            CgraInstr::VuV { op, fmt, src_elems, .. } => ct_cycles(cfg, *fmt, *src_elems, op.is_transcendental()),
            CgraInstr::VuVLoop { op, fmt, full_src_elems, .. } => {
                ct_cycles(cfg, *fmt, *full_src_elems, op.is_transcendental())
            }
            CgraInstr::Unary { op, fmt, n, .. } => ct_cycles(cfg, *fmt, *n, op.is_transcendental()),
            CgraInstr::ReduceRows { fmt, rows, cols, .. } => ct_cycles(cfg, *fmt, rows.saturating_mul(*cols), false),
            CgraInstr::Pool { fmt, dims, kernel, stride, pad, .. } => {
                let (oh, ow) = pool_out(dims, kernel, stride, pad).unwrap_or((0, 0));
                let work = dims[0].saturating_mul(oh).saturating_mul(ow).saturating_mul(dims[3]);
                ct_cycles(cfg, *fmt, work.saturating_mul(kernel[0].saturating_mul(kernel[1])), false)
            }
            CgraInstr::Convert { from, to, n, .. } => {
                let wider = if from.size() >= to.size() { *from } else { *to };
                ct_cycles(cfg, wider, *n, false)
            }
            CgraInstr::Copy { fmt, n, .. } | CgraInstr::Fill { fmt, n, .. } => ct_cycles(cfg, *fmt, *n, false),
            CgraInstr::Transpose { fmt, rows, cols, .. } => ct_cycles(cfg, *fmt, rows.saturating_mul(*cols), false),
        }
    }

    /// Execute on the SPM of `acc.tile`.
    pub fn execute(&self, acc: &Access) -> Result<(), SimError> {
        match *self {
            CgraInstr::Vv { op, fmt, a, b, dst, n } => {
                check_int_only(acc, op, fmt)?;
                binary(acc, op, fmt, a, b, dst, n)
            }
            CgraInstr::Vs { op, fmt, a, scalar_bits, dst, n } => {
                check_int_only(acc, op, fmt)?;
                let (sf, si) = scalar_value(fmt, scalar_bits);
                if fmt.is_float() {
                    let x = acc.read_f32(fmt, a, n)?;
                    let y: Vec<f32> = x.iter().map(|&v| op.apply_f32(v, sf)).collect();
                    acc.write_f32(fmt, dst, &y)
                } else {
                    let x = acc.read_i64(fmt, a, n)?;
                    let y = x
                        .iter()
                        .map(|&v| op.apply_i64(v, si).ok_or_else(|| acc.invalid("integer division by zero")))
                        .collect::<Result<Vec<_>, _>>()?;
                    acc.write_i64(fmt, dst, &y)
                }
            }
            CgraInstr::VuV { op, fmt, src, unit, dst, src_elems, unit_elems } => {
                check_int_only(acc, op, fmt)?;
                if unit_elems == 0 || src_elems % unit_elems != 0 {
                    return Err(acc.invalid("src_elems must be a non-zero multiple of unit_elems"));
                }
                vuv(acc, op, fmt, src, unit, dst, src_elems, unit_elems)
            }
            CgraInstr::VuVLoop { op, fmt, src, unit, dst, src_elems, unit_elems, full_src_elems, full_unit_elems } => {
                check_int_only(acc, op, fmt)?;
                if unit_elems != 64 {
                    return Err(acc.invalid("VuV loop requires unit_elem_num == 64"));
                }
                if src_elems == 0
                    || src_elems % unit_elems != 0
                    || full_unit_elems % unit_elems != 0
                    || full_src_elems.checked_mul(unit_elems).is_none()
                    || full_src_elems.checked_mul(unit_elems) != full_unit_elems.checked_mul(src_elems)
                {
                    return Err(
                        acc.invalid("VuV loop requires full_src/full_unit == src/unit with src a multiple of unit")
                    );
                }
                let size = fmt.size() as u64;
                // Whole operands must be in range before the loop starts.
                acc.spm_check(src, acc.bytes(full_src_elems, size)?, size)?;
                acc.spm_check(dst, acc.bytes(full_src_elems, size)?, size)?;
                acc.spm_check(unit, acc.bytes(full_unit_elems, size)?, size)?;
                for j in 0..full_unit_elems / unit_elems {
                    vuv(
                        acc,
                        op,
                        fmt,
                        src + j * src_elems * size,
                        unit + j * unit_elems * size,
                        dst + j * src_elems * size,
                        src_elems,
                        unit_elems,
                    )?;
                }
                Ok(())
            }
            CgraInstr::Unary { op, fmt, src, dst, n } => {
                if !fmt.is_float() && !matches!(op, UnaryOp::Abs | UnaryOp::Neg | UnaryOp::Relu) {
                    return Err(acc.invalid("this unary op needs a float format"));
                }
                if fmt.is_float() {
                    let x = acc.read_f32(fmt, src, n)?;
                    let y: Vec<f32> = x.iter().map(|&v| op.apply_f32(v)).collect();
                    acc.write_f32(fmt, dst, &y)
                } else {
                    let x = acc.read_i64(fmt, src, n)?;
                    let y: Vec<i64> = x
                        .iter()
                        .map(|&v| match op {
                            UnaryOp::Abs => v.abs(),
                            UnaryOp::Neg => -v,
                            _ => v.max(0),
                        })
                        .collect();
                    acc.write_i64(fmt, dst, &y)
                }
            }
            CgraInstr::ReduceRows { op, fmt, src, dst, rows, cols } => {
                if cols == 0 {
                    return Err(acc.invalid("reduction over zero columns"));
                }
                let total = acc.bytes(rows, cols)?;
                if fmt.is_float() {
                    let x = acc.read_f32(fmt, src, total)?;
                    let y: Vec<f32> = x.chunks(cols as usize).map(|row| reduce_f32(op, row)).collect();
                    acc.write_f32(fmt, dst, &y)
                } else {
                    let x = acc.read_i64(fmt, src, total)?;
                    let y: Vec<i64> = x
                        .chunks(cols as usize)
                        .map(|row| match op {
                            ReduceOp::Sum => row.iter().sum(),
                            ReduceOp::Max => row.iter().copied().max().unwrap_or(0),
                            ReduceOp::Min => row.iter().copied().min().unwrap_or(0),
                        })
                        .collect();
                    acc.write_i64(fmt, dst, &y)
                }
            }
            CgraInstr::Pool { kind, fmt, src, dst, dims, kernel, stride, pad, count_include_pad } => {
                if !fmt.is_float() {
                    return Err(acc.invalid("pooling needs a float format"));
                }
                let (oh, ow) =
                    pool_out(&dims, &kernel, &stride, &pad).ok_or_else(|| acc.invalid("bad pooling window"))?;
                let total =
                    dims.iter().try_fold(1u64, |a, &d| a.checked_mul(d)).ok_or_else(|| acc.invalid("size overflow"))?;
                // Check the output fits before doing the work (padding can make it large).
                let out = [dims[0], oh, ow, dims[3]]
                    .iter()
                    .try_fold(fmt.size() as u64, |a, &d| a.checked_mul(d))
                    .ok_or_else(|| acc.invalid("size overflow"))?;
                acc.spm_check(dst, out, fmt.size() as u64)?;
                let x = acc.read_f32(fmt, src, total)?;
                let window = PoolWindow { kernel, stride, pad, count_include_pad };
                let y = pool_f32(kind, &x, dims, &window, oh, ow);
                acc.write_f32(fmt, dst, &y)
            }
            CgraInstr::Convert { from, to, src, dst, n } => {
                if from.is_float() || to.is_float() {
                    let x = acc.read_f32(from, src, n)?;
                    acc.write_f32(to, dst, &x)
                } else {
                    let x = acc.read_i64(from, src, n)?;
                    acc.write_i64(to, dst, &x)
                }
            }
            CgraInstr::Copy { fmt, src, dst, n } => {
                let size = fmt.size() as u64;
                let bytes = acc.spm_read(src, acc.bytes(n, size)?, size)?;
                acc.spm_write(dst, &bytes, size)
            }
            CgraInstr::Fill { fmt, dst, n, scalar_bits } => {
                let size = fmt.size();
                let pattern = &scalar_bits.to_le_bytes()[..size];
                let len = acc.bytes(n, size as u64)?;
                acc.spm_check(dst, len, size as u64)?;
                let bytes: Vec<u8> = pattern.iter().copied().cycle().take(len as usize).collect();
                acc.spm_write(dst, &bytes, size as u64)
            }
            CgraInstr::Transpose { fmt, src, dst, rows, cols } => {
                let size = fmt.size();
                let bytes = acc.spm_read(src, acc.bytes(acc.bytes(rows, cols)?, size as u64)?, size as u64)?;
                // Nothing to move (and rows or cols may be huge when the other is 0).
                if bytes.is_empty() {
                    return Ok(());
                }
                let mut out = vec![0u8; bytes.len()];
                let (r, c) = (rows as usize, cols as usize);
                for i in 0..r {
                    for j in 0..c {
                        let s = (i * c + j) * size;
                        let d = (j * r + i) * size;
                        out[d..d + size].copy_from_slice(&bytes[s..s + size]);
                    }
                }
                acc.spm_write(dst, &out, size as u64)
            }
        }
    }
}

fn check_int_only(acc: &Access, op: BinaryOp, fmt: DataFormat) -> Result<(), SimError> {
    if matches!(op, BinaryOp::Shl | BinaryOp::Shr) && fmt.is_float() {
        return Err(acc.invalid("bit shifts need an integer format"));
    }
    Ok(())
}

/// Element-wise `dst = a op b` over `n` elements.
#[allow(clippy::too_many_arguments)]
fn binary(acc: &Access, op: BinaryOp, fmt: DataFormat, a: u64, b: u64, dst: u64, n: u64) -> Result<(), SimError> {
    if fmt.is_float() {
        let x = acc.read_f32(fmt, a, n)?;
        let y = acc.read_f32(fmt, b, n)?;
        let z: Vec<f32> = x.iter().zip(&y).map(|(&p, &q)| op.apply_f32(p, q)).collect();
        acc.write_f32(fmt, dst, &z)
    } else {
        let x = acc.read_i64(fmt, a, n)?;
        let y = acc.read_i64(fmt, b, n)?;
        let z = x
            .iter()
            .zip(&y)
            .map(|(&p, &q)| op.apply_i64(p, q).ok_or_else(|| acc.invalid("integer division by zero")))
            .collect::<Result<Vec<_>, _>>()?;
        acc.write_i64(fmt, dst, &z)
    }
}

#[allow(clippy::too_many_arguments)]
fn vuv(
    acc: &Access,
    op: BinaryOp,
    fmt: DataFormat,
    src: u64,
    unit: u64,
    dst: u64,
    src_elems: u64,
    unit_elems: u64,
) -> Result<(), SimError> {
    let u = unit_elems as usize;
    if fmt.is_float() {
        let x = acc.read_f32(fmt, src, src_elems)?;
        let w = acc.read_f32(fmt, unit, unit_elems)?;
        let z: Vec<f32> = x.iter().enumerate().map(|(i, &p)| op.apply_f32(p, w[i % u])).collect();
        acc.write_f32(fmt, dst, &z)
    } else {
        let x = acc.read_i64(fmt, src, src_elems)?;
        let w = acc.read_i64(fmt, unit, unit_elems)?;
        let z = x
            .iter()
            .enumerate()
            .map(|(i, &p)| op.apply_i64(p, w[i % u]).ok_or_else(|| acc.invalid("integer division by zero")))
            .collect::<Result<Vec<_>, _>>()?;
        acc.write_i64(fmt, dst, &z)
    }
}

/// f32 reduction in index order (shared with the references).
pub fn reduce_f32(op: ReduceOp, row: &[f32]) -> f32 {
    match op {
        ReduceOp::Sum => row.iter().sum(),
        ReduceOp::Max => row.iter().copied().fold(f32::NEG_INFINITY, f32::max),
        ReduceOp::Min => row.iter().copied().fold(f32::INFINITY, f32::min),
    }
}
