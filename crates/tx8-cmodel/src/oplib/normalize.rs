//! Row-wise normalisations over the last axis: softmax, layernorm and
//! RMSNorm (a layer norm without its centring).
//!
//! Both run in fp32 in scratch. Per-row statistics are vectors of R values.
//! Applying one to every element of its row: when C is a multiple of 64
//! (and at least 128, so the scratch holds it), a VuV loop (the seed's
//! `VuV_<op>_loop`: row j against 64 units from j * 64) over the rows,
//! its units the statistic spread 64 wide (three CT passes over R x 64
//! elements: a fill of ones, a VuV multiply by the statistic as [64, R],
//! a transpose to [R, 64]); else a VuV in the transposed ([C, R]) view,
//! where element i pairs with statistic i % R, with CT transposes around
//! it (three passes over R x C elements).

use crate::dtype::DataFormat;
use crate::error::SimError;
use crate::isa::{cgra::scalar_bits, BinaryOp, CgraInstr, Instr, ReduceOp, UnaryOp};
use crate::oplib::{op_err, Carver, Emitter, Scratch, Tsr};
use crate::tile::TileCtx;

const F32: DataFormat = DataFormat::Fp32;

/// Rows x columns of a tensor normalised over its last axis.
fn rows_cols(op: &str, x: &Tsr, out: &Tsr) -> Result<(u64, u64), SimError> {
    if x.dims != out.dims || x.fmt != out.fmt || !x.fmt.is_float() {
        return Err(op_err(op, "input and output must be float tensors of the same dims and format"));
    }
    let c = x.last();
    if c == 0 || x.elems() == 0 {
        return Err(op_err(op, "empty tensor"));
    }
    Ok((x.elems() / c, c))
}

fn to_f32(em: &mut Emitter, x: &Tsr, dst: u64) -> Result<(), SimError> {
    let n = x.elems();
    em.emit(Instr::Cgra(if x.fmt == F32 {
        CgraInstr::Copy { fmt: F32, src: x.addr, dst, n }
    } else {
        CgraInstr::Convert { from: x.fmt, to: F32, src: x.addr, dst, n }
    }))
}

fn from_f32(em: &mut Emitter, src: u64, out: &Tsr) -> Result<(), SimError> {
    let n = out.elems();
    em.emit(Instr::Cgra(if out.fmt == F32 {
        CgraInstr::Copy { fmt: F32, src, dst: out.addr, n }
    } else {
        CgraInstr::Convert { from: F32, to: out.fmt, src, dst: out.addr, n }
    }))
}

fn transpose(em: &mut Emitter, src: u64, dst: u64, rows: u64, cols: u64) -> Result<(), SimError> {
    em.emit(Instr::Cgra(CgraInstr::Transpose { fmt: F32, src, dst, rows, cols }))
}

/// Whether rows of `c` take the VuV loop (`tmp`, R x C fp32 elements,
/// holds the spread statistic twice over).
pub fn rows_loop(c: u64) -> bool {
    c % 64 == 0 && c >= 128
}

/// Apply a per-row statistic: `buf[r][c] = buf[r][c] op stat[r]`, by a VuV
/// loop against the statistic spread 64 wide in `tmp`, or via the
/// transposed view in `tmp` (module doc).
fn per_row(em: &mut Emitter, op: BinaryOp, buf: u64, tmp: u64, stat: u64, r: u64, c: u64) -> Result<(), SimError> {
    if rows_loop(c) {
        // Ones [64, R] times the statistic (unit i % R): row k of it is
        // the statistic; transposed, row j holds stat[j] 64 times.
        let wide = tmp + 64 * r * 4;
        em.emit(Instr::Cgra(CgraInstr::Fill { fmt: F32, dst: tmp, n: 64 * r, scalar_bits: scalar_bits(F32, 1.0) }))?;
        em.emit(Instr::Cgra(CgraInstr::VuV {
            op: BinaryOp::Mul,
            fmt: F32,
            src: tmp,
            unit: stat,
            dst: tmp,
            src_elems: 64 * r,
            unit_elems: r,
        }))?;
        transpose(em, tmp, wide, 64, r)?;
        return em.emit(Instr::Cgra(CgraInstr::VuVLoop {
            op,
            fmt: F32,
            src: buf,
            unit: wide,
            dst: buf,
            src_elems: c,
            unit_elems: 64,
            full_src_elems: r * c,
            full_unit_elems: r * 64,
        }));
    }
    transpose(em, buf, tmp, r, c)?;
    em.emit(Instr::Cgra(CgraInstr::VuV {
        op,
        fmt: F32,
        src: tmp,
        unit: stat,
        dst: tmp,
        src_elems: r * c,
        unit_elems: r,
    }))?;
    transpose(em, tmp, buf, c, r)
}

/// Softmax over the last axis. Scratch: 2 x R x C x 4 + 2 x R x 4 bytes (plus alignment).
pub fn softmax(ctx: &mut TileCtx, x: &Tsr, out: &Tsr, imm: Scratch) -> Result<u64, SimError> {
    const OP: &str = "softmax";
    let (r, c) = rows_cols(OP, x, out)?;
    let mut carve = Carver::new(OP, imm);
    let buf = carve.take(r * c * 4)?;
    let tmp = carve.take(r * c * 4)?;
    let stat = carve.take(r * 4)?;
    let mut em = Emitter::new(ctx);
    to_f32(&mut em, x, buf)?;
    em.emit(Instr::Cgra(CgraInstr::ReduceRows { op: ReduceOp::Max, fmt: F32, src: buf, dst: stat, rows: r, cols: c }))?;
    // exp(x - max): the subtraction per row, the exponential in place
    // (as many passes as in the transposed view).
    per_row(&mut em, BinaryOp::Sub, buf, tmp, stat, r, c)?;
    em.emit(Instr::Cgra(CgraInstr::Unary { op: UnaryOp::Exp, fmt: F32, src: buf, dst: buf, n: r * c }))?;
    em.emit(Instr::Cgra(CgraInstr::ReduceRows { op: ReduceOp::Sum, fmt: F32, src: buf, dst: stat, rows: r, cols: c }))?;
    em.emit(Instr::Cgra(CgraInstr::Unary { op: UnaryOp::Recip, fmt: F32, src: stat, dst: stat, n: r }))?;
    per_row(&mut em, BinaryOp::Mul, buf, tmp, stat, r, c)?;
    from_f32(&mut em, buf, out)?;
    em.finish()
}

/// LayerNorm over the last axis: `(x - mean) / sqrt(var + eps) * gamma + beta`
/// with population variance; `gamma` and `beta` are fp32 [C].
/// Scratch: 2 x R x C x 4 + 2 x R x 4 bytes (plus alignment).
pub fn layernorm(
    ctx: &mut TileCtx,
    x: &Tsr,
    gamma: &Tsr,
    beta: &Tsr,
    out: &Tsr,
    eps: f32,
    imm: Scratch,
) -> Result<u64, SimError> {
    norm_rows(ctx, Centre::Mean, x, gamma, Some(beta), out, eps, imm)
}

/// Whether a row normalisation subtracts the row mean first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Centre {
    /// Layer norm: `x - mean`, then the variance of that.
    Mean,
    /// RMSNorm: `x` as it is, the mean of its squares (no mean, no
    /// subtraction: two CT steps fewer, one of them over every element).
    None,
}

/// Layer norm (`Centre::Mean`) or RMSNorm (`Centre::None`: `x /
/// sqrt(mean(x^2) + eps) * gamma (+ beta)`, LLaMA's) over the last axis;
/// `gamma` and the optional `beta` are fp32 [C] (no beta: no add step).
/// Scratch: as `layernorm`.
#[allow(clippy::too_many_arguments)]
pub fn norm_rows(
    ctx: &mut TileCtx,
    centre: Centre,
    x: &Tsr,
    gamma: &Tsr,
    beta: Option<&Tsr>,
    out: &Tsr,
    eps: f32,
    imm: Scratch,
) -> Result<u64, SimError> {
    let op = match centre {
        Centre::Mean => "layernorm",
        Centre::None => "rmsnorm",
    };
    let (r, c) = rows_cols(op, x, out)?;
    if gamma.fmt != F32 || gamma.elems() != c || beta.is_some_and(|b| b.fmt != F32 || b.elems() != c) {
        return Err(op_err(op, "gamma and beta must be fp32 vectors of the last dim"));
    }
    let mut carve = Carver::new(op, imm);
    let buf = carve.take(r * c * 4)?;
    let tmp = carve.take(r * c * 4)?;
    let mean = carve.take(r * 4)?;
    let var = carve.take(r * 4)?;
    let inv_c = scalar_bits(F32, 1.0 / c as f64);
    let mut em = Emitter::new(ctx);
    to_f32(&mut em, x, buf)?;
    if centre == Centre::Mean {
        em.emit(Instr::Cgra(CgraInstr::ReduceRows {
            op: ReduceOp::Sum,
            fmt: F32,
            src: buf,
            dst: mean,
            rows: r,
            cols: c,
        }))?;
        em.emit(Instr::Cgra(CgraInstr::Vs {
            op: BinaryOp::Mul,
            fmt: F32,
            a: mean,
            scalar_bits: inv_c,
            dst: mean,
            n: r,
        }))?;
        per_row(&mut em, BinaryOp::Sub, buf, tmp, mean, r, c)?;
    }
    em.emit(Instr::Cgra(CgraInstr::Vv { op: BinaryOp::Mul, fmt: F32, a: buf, b: buf, dst: tmp, n: r * c }))?;
    em.emit(Instr::Cgra(CgraInstr::ReduceRows { op: ReduceOp::Sum, fmt: F32, src: tmp, dst: var, rows: r, cols: c }))?;
    em.emit(Instr::Cgra(CgraInstr::Vs { op: BinaryOp::Mul, fmt: F32, a: var, scalar_bits: inv_c, dst: var, n: r }))?;
    em.emit(Instr::Cgra(CgraInstr::Vs {
        op: BinaryOp::Add,
        fmt: F32,
        a: var,
        scalar_bits: eps.to_bits(),
        dst: var,
        n: r,
    }))?;
    em.emit(Instr::Cgra(CgraInstr::Unary { op: UnaryOp::Rsqrt, fmt: F32, src: var, dst: var, n: r }))?;
    per_row(&mut em, BinaryOp::Mul, buf, tmp, var, r, c)?;
    let n = r * c;
    em.emit(Instr::Cgra(CgraInstr::VuV {
        op: BinaryOp::Mul,
        fmt: F32,
        src: buf,
        unit: gamma.addr,
        dst: buf,
        src_elems: n,
        unit_elems: c,
    }))?;
    if let Some(beta) = beta {
        em.emit(Instr::Cgra(CgraInstr::VuV {
            op: BinaryOp::Add,
            fmt: F32,
            src: buf,
            unit: beta.addr,
            dst: buf,
            src_elems: n,
            unit_elems: c,
        }))?;
    }
    from_f32(&mut em, buf, out)?;
    em.finish()
}
