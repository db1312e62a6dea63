//! Reductions along one axis and 2-D pooling, on the CGRA.
//!
//! A reduction over axis `a` of dims D sees the tensor as [outer, len,
//! inner]; when inner > 1 each outer slice is transposed (CT) to
//! [inner, len] first so that the reduction runs over contiguous rows.

use crate::dtype::DataFormat;
use crate::error::SimError;
use crate::isa::cgra::scalar_bits;
use crate::isa::pool::{pool_out, PoolWindow};
use crate::isa::{BinaryOp, CgraInstr, Instr, PoolKind, ReduceOp};
use crate::oplib::{op_err, Carver, Emitter, Scratch, Tsr};
use crate::tile::TileCtx;
use tx8_target::kinds::ReduceKind;

/// Reduce `x` over `axis`; `out` has x's dims without that axis, or with it
/// set to 1 (keepdims): both hold the same elements in the same order, so a
/// caller picks whichever its result type says. Scratch: x's bytes when
/// `axis` is not the last (none otherwise). Int formats: sum/max/min only
/// (sums saturate to the format).
pub fn reduce(
    ctx: &mut TileCtx,
    kind: ReduceKind,
    x: &Tsr,
    axis: usize,
    out: &Tsr,
    imm: Scratch,
) -> Result<u64, SimError> {
    const OP: &str = "reduce";
    if axis >= x.dims.len() {
        return Err(op_err(OP, format!("axis {axis} out of range for rank {}", x.dims.len())));
    }
    if x.fmt != out.fmt {
        return Err(op_err(OP, "input and output must share one format"));
    }
    if kind == ReduceKind::Mean && !x.fmt.is_float() {
        return Err(op_err(OP, "mean needs a float format"));
    }
    let len = x.dims[axis];
    let outer: u64 = x.dims[..axis].iter().product();
    let inner: u64 = x.dims[axis + 1..].iter().product();
    let mut removed = x.dims.clone();
    removed.remove(axis);
    let mut kept = x.dims.clone();
    kept[axis] = 1;
    if len == 0 || (out.dims != removed && out.dims != kept) {
        return Err(op_err(
            OP,
            format!(
                "output dims {:?} must be {removed:?} (axis removed) or {kept:?} (kept as 1), and the axis non-empty",
                out.dims
            ),
        ));
    }
    let op: ReduceOp = kind.isa();
    let fmt = x.fmt;
    let es = fmt.size() as u64;
    let mut em = Emitter::new(ctx);
    let src = if inner == 1 {
        x.addr
    } else {
        let t = Carver::new(OP, imm).take(x.bytes())?;
        for o in 0..outer {
            let off = o * len * inner * es;
            em.emit(Instr::Cgra(CgraInstr::Transpose {
                fmt,
                src: x.addr + off,
                dst: t + off,
                rows: len,
                cols: inner,
            }))?;
        }
        t
    };
    em.emit(Instr::Cgra(CgraInstr::ReduceRows { op, fmt, src, dst: out.addr, rows: outer * inner, cols: len }))?;
    if kind == ReduceKind::Mean {
        let inv = scalar_bits(fmt, 1.0 / len as f64);
        // For 16-bit formats 1/len is rounded; dividing avoids that error.
        let (op, s) =
            if fmt == DataFormat::Fp32 { (BinaryOp::Mul, inv) } else { (BinaryOp::Div, scalar_bits(fmt, len as f64)) };
        em.emit(Instr::Cgra(CgraInstr::Vs { op, fmt, a: out.addr, scalar_bits: s, dst: out.addr, n: outer * inner }))?;
    }
    em.finish()
}

/// 2-D pooling over NHWC `x` into NHWC `out` (float formats). Pads are
/// (top, left, bottom, right); max ignores padding; averages divide by the
/// taps inside the input, or by kh*kw with `count_include_pad`. Output
/// size: `(h + top + bottom - kh) / sh + 1` (floor), likewise for w.
pub fn pool2d(ctx: &mut TileCtx, kind: PoolKind, x: &Tsr, out: &Tsr, window: &PoolWindow) -> Result<u64, SimError> {
    const OP: &str = "pool2d";
    let [n, h, w, c] = x.dims[..] else {
        return Err(op_err(OP, "input must be NHWC"));
    };
    if !x.fmt.is_float() {
        return Err(op_err(OP, "pooling needs a float format"));
    }
    let dims = [n, h, w, c];
    let (oh, ow) = pool_out(&dims, &window.kernel, &window.stride, &window.pad)
        .ok_or_else(|| op_err(OP, "window does not fit (zero kernel/stride or kernel larger than the padded input)"))?;
    // As ONNX requires: a window never lies wholly in the padding.
    if (0..4).any(|i| window.pad[i] >= window.kernel[i % 2]) {
        return Err(op_err(
            OP,
            format!("pads {:?} must each be smaller than the kernel {:?}", window.pad, window.kernel),
        ));
    }
    if out.dims != [n, oh, ow, c] || out.fmt != x.fmt {
        return Err(op_err(OP, format!("output must be {n}x{oh}x{ow}x{c} in the input format")));
    }
    let mut em = Emitter::new(ctx);
    em.emit(Instr::Cgra(CgraInstr::Pool {
        kind,
        fmt: x.fmt,
        src: x.addr,
        dst: out.addr,
        dims,
        kernel: window.kernel,
        stride: window.stride,
        pad: window.pad,
        count_include_pad: window.count_include_pad,
    }))?;
    em.finish()
}
