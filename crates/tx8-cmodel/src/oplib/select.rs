//! Select (ONNX Where, StableHLO select): `out = cond ? a : b` with numpy
//! broadcasting of all three, built from CT integer instructions on the
//! operands' bit patterns so any value (inf, NaN, -0.0) passes unchanged:
//!
//! 1. `c = (cond != 0)` (VS ne on int8: 1 / 0),
//! 2. `m = -convert(c)` in the signed integer format as wide as the operands
//!    (all ones / all zeros),
//! 3. `t = (a ^ b) & m`, `out = b ^ t` (VV xor, and, xor on that format).
//!
//! Operands that are not full-size are first expanded by TDMA (as for
//! binary ops).

use crate::dtype::DataFormat;
use crate::engine::Engine;
use crate::error::SimError;
use crate::isa::{BinaryOp, CgraInstr, Instr, UnaryOp};
use crate::oplib::elementwise::{broadcast_dims, expand};
use crate::oplib::{op_err, Carver, Emitter, Scratch, Tsr};
use crate::tile::TileCtx;

const OP: &str = "select";

/// The signed integer format as wide as `fmt` (its bit-pattern view).
fn bits_view(fmt: DataFormat) -> DataFormat {
    match fmt.size() {
        1 => DataFormat::Int8,
        2 => DataFormat::Int16,
        _ => DataFormat::Int32,
    }
}

/// Scratch bytes `select` needs at most for an output of `n` elements of
/// `fmt` (less when operands are already full-size): at most five buffers,
/// each 256 B aligned, at a 256 B aligned start.
pub fn select_scratch_bytes(n: u64, fmt: DataFormat) -> u64 {
    n * (1 + 4 * fmt.size() as u64) + 6 * 256
}

/// `out[i] = cond[i] != 0 ? a[i] : b[i]` with numpy broadcasting of the
/// three; `cond` is int8 (0 / non-zero), `a`, `b` and `out` share any one
/// format; `out.dims` is the broadcast shape. Scratch: see
/// [`select_scratch_bytes`].
pub fn select(ctx: &mut TileCtx, cond: &Tsr, a: &Tsr, b: &Tsr, out: &Tsr, imm: Scratch) -> Result<u64, SimError> {
    if cond.fmt != DataFormat::Int8 {
        return Err(op_err(OP, format!("cond must be int8 (0 / 1), not {}", cond.fmt.name())));
    }
    if a.fmt != b.fmt || a.fmt != out.fmt {
        return Err(op_err(OP, "on_true, on_false and the output must share one format"));
    }
    let dims = broadcast_dims(&a.dims, &b.dims).and_then(|d| broadcast_dims(&cond.dims, &d)).ok_or_else(|| {
        op_err(OP, format!("cannot broadcast cond {:?}, on_true {:?} and on_false {:?}", cond.dims, a.dims, b.dims))
    })?;
    if out.dims != dims {
        return Err(op_err(OP, format!("output dims {:?} are not the broadcast shape {dims:?}", out.dims)));
    }
    let n = out.elems();
    let view = bits_view(out.fmt);
    let es = view.size() as u64;
    // Buffers carved below (256 B aligned each): expanded operands, the
    // 0/1 condition when cond is not expanded, the wide mask, the xor term.
    let full_size = |x: &Tsr| x.elems() == n;
    let buffers = [
        (!full_size(cond), n),
        (!full_size(a), n * es),
        (!full_size(b), n * es),
        (full_size(cond), n),
        (es > 1, n * es),
        (true, n * es),
    ];
    let need = imm.addr.next_multiple_of(256) - imm.addr
        + buffers.iter().filter(|(used, _)| *used).map(|(_, bytes)| bytes.next_multiple_of(256)).sum::<u64>();
    if imm.bytes < need {
        return Err(op_err(
            OP,
            format!("scratch too small: {need} bytes needed for these operands, imm has {}", imm.bytes),
        ));
    }
    let mut carve = Carver::new(OP, imm);
    let mut em = Emitter::new(ctx);
    // Full-size operands (expanded into scratch by TDMA where broadcast).
    let full = |em: &mut Emitter, carve: &mut Carver, x: &Tsr| -> Result<u64, SimError> {
        if x.elems() == n {
            return Ok(x.addr);
        }
        let at = carve.take(n * x.fmt.size() as u64)?;
        expand(em, x, &dims, at)?;
        Ok(at)
    };
    let pc = full(&mut em, &mut carve, cond)?;
    let pa = full(&mut em, &mut carve, a)?;
    let pb = full(&mut em, &mut carve, b)?;
    em.join(&[Engine::Tdma])?;
    // c = cond != 0, in place on an expanded copy, else into scratch.
    let c = if pc == cond.addr { carve.take(n)? } else { pc };
    em.emit(Instr::Cgra(CgraInstr::Vs { op: BinaryOp::Ne, fmt: DataFormat::Int8, a: pc, scalar_bits: 0, dst: c, n }))?;
    let m = if view == DataFormat::Int8 {
        c
    } else {
        let m = carve.take(n * es)?;
        em.emit(Instr::Cgra(CgraInstr::Convert { from: DataFormat::Int8, to: view, src: c, dst: m, n }))?;
        m
    };
    em.emit(Instr::Cgra(CgraInstr::Unary { op: UnaryOp::Neg, fmt: view, src: m, dst: m, n }))?;
    let t = carve.take(n * es)?;
    let vv = |op, a, b, dst| Instr::Cgra(CgraInstr::Vv { op, fmt: view, a, b, dst, n });
    em.emit(vv(BinaryOp::Xor, pa, pb, t))?;
    em.emit(vv(BinaryOp::And, t, m, t))?;
    em.emit(vv(BinaryOp::Xor, pb, t, out.addr))?;
    em.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::optest::Bench;

    #[test]
    fn select_passes_infinities_and_nan_bit_exact() {
        // A causal mask: where(cond, scores, -inf), with a NaN and -0.0 on the true side.
        let mut b = Bench::new().unwrap();
        let (c, _) = b.input("cond", DataFormat::Int8, &[2, 2], &[1.0, 0.0, 1.0, 1.0]).unwrap();
        let (a, _) = b.input("a", DataFormat::Bf16, &[2, 2], &[f64::NAN, 2.0, -0.0, 3.5]).unwrap();
        let (m, _) = b.input("b", DataFormat::Bf16, &[1], &[f64::NEG_INFINITY]).unwrap();
        let out = b.output(DataFormat::Bf16, &[2, 2]).unwrap();
        let imm = b.scratch(select_scratch_bytes(4, DataFormat::Bf16)).unwrap();
        b.run(|ctx| select(ctx, &c, &a, &m, &out, imm)).unwrap();
        let got = b.read(&out).unwrap();
        assert!(got[0].is_nan());
        assert_eq!(got[1], f64::NEG_INFINITY);
        assert!(got[2] == 0.0 && got[2].is_sign_negative());
        assert_eq!(got[3], 3.5);
    }
}
