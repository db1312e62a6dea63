//! BatchNorm inference, following the seed's ten steps:
//! (1-2) bring the input to fp32 in scratch, (3) x - mean, (4) var + eps,
//! (5) rsqrt, (6) multiply, (7) times scale, (8) plus shift, (9-10) back to
//! the input format at the output.
//!
//! The per-channel parameters (fp32 [C]) are applied with VuV on dense
//! layouts and, on NCx, with VuV_mul_loop over the Cx blocks of each batch
//! (unit_elem_num = 64, as the seed requires) plus one VuV for the C0 tail.
//! The seed spreads fp16 with gatherScatter before converting in place; our
//! Convert reads its whole source before writing, so it converts straight
//! into the fp32 buffer and the spreading copy is not needed.

use crate::dtype::DataFormat;
use crate::engine::Engine;
use crate::error::SimError;
use crate::isa::{cgra::scalar_bits, BinaryOp, CgraInstr, Instr, Strided, TdmaInstr, UnaryOp};
use crate::layout::{MemLayout, Nhwc, Placement};
use crate::oplib::{op_err, Carver, Emitter, Scratch, Tsr};
use crate::tile::TileCtx;

const F32: DataFormat = DataFormat::Fp32;

/// The batchnorm parameters, each fp32 [C] in SPM.
#[derive(Debug, Clone)]
pub struct BnParams<'t> {
    pub scale: &'t Tsr,
    pub shift: &'t Tsr,
    pub mean: &'t Tsr,
    pub var: &'t Tsr,
    pub eps: f32,
}

/// `out = (x - mean) / sqrt(var + eps) * scale + shift` per channel (last dim).
/// `x` and `out` have dims [N, H, W, C] (or fewer, see `Nhwc::from_dims`) in
/// `layout` (Tensor/NTensor dense, or Cx/NCx placed). Scratch: the placed
/// size of x in fp32 plus 5 x C x 4 bytes.
pub fn batchnorm_inference(
    ctx: &mut TileCtx,
    x: &Tsr,
    p: &BnParams,
    out: &Tsr,
    layout: MemLayout,
    imm: Scratch,
) -> Result<u64, SimError> {
    const OP: &str = "batchnorm_inference";
    if x.dims != out.dims || x.fmt != out.fmt || !x.fmt.is_float() {
        return Err(op_err(OP, "input and output must be float tensors of the same dims and format"));
    }
    let shape = Nhwc::from_dims(&x.dims)?;
    let c = shape.c;
    for t in [p.scale, p.shift, p.mean, p.var] {
        if t.fmt != F32 || t.elems() != c {
            return Err(op_err(OP, "scale/shift/mean/var must be fp32 vectors of C elements"));
        }
    }
    // The placement of x in fp32: same element positions, 4-byte elements.
    let placed = Placement::new(layout, x.fmt, shape)?;
    let elems = placed.bytes() / x.fmt.size() as u64;
    let (cx, c0p, block) = match placed.blocked {
        Some(b) => (b.cx, b.c0_padded, b.block),
        None => (0, c, c),
    };
    let padded_c = cx * block + c0p;
    let mut carve = Carver::new(OP, imm);
    let buf = carve.take(elems * 4)?;
    let mut par = [0u64; 4];
    for slot in par.iter_mut() {
        *slot = carve.take(padded_c * 4)?;
    }
    let [scale, shift, mean, var] = par;
    let mut em = Emitter::new(ctx);
    // Parameters padded to the placed channel count: zeros, var padded with 1
    // so the padding lanes stay finite.
    if padded_c != c {
        for (dst, fill) in [(scale, 0.0), (shift, 0.0), (mean, 0.0), (var, 1.0)] {
            em.emit(Instr::Cgra(CgraInstr::Fill { fmt: F32, dst, n: padded_c, scalar_bits: scalar_bits(F32, fill) }))?;
        }
        em.join(&[Engine::Ct])?;
    }
    for (dst, src) in [(scale, p.scale), (shift, p.shift), (mean, p.mean), (var, p.var)] {
        em.emit(Instr::Tdma(TdmaInstr::Reshape { src: src.addr, dst, shape: Strided::contiguous(c * 4) }))?;
    }
    // Steps 1-2: input to fp32.
    em.emit(Instr::Cgra(if x.fmt == F32 {
        CgraInstr::Copy { fmt: F32, src: x.addr, dst: buf, n: elems }
    } else {
        CgraInstr::Convert { from: x.fmt, to: F32, src: x.addr, dst: buf, n: elems }
    }))?;
    em.join(&[Engine::Tdma])?;
    // Steps 4-5: rstd = rsqrt(var + eps), on the padded vector.
    em.emit(Instr::Cgra(CgraInstr::Vs {
        op: BinaryOp::Add,
        fmt: F32,
        a: var,
        scalar_bits: p.eps.to_bits(),
        dst: var,
        n: padded_c,
    }))?;
    em.emit(Instr::Cgra(CgraInstr::Unary { op: UnaryOp::Rsqrt, fmt: F32, src: var, dst: var, n: padded_c }))?;
    // Steps 3, 6, 7, 8 per batch.
    let per_channel = |em: &mut Emitter, op: BinaryOp, unit: u64| -> Result<(), SimError> {
        match placed.blocked {
            None => em.emit(Instr::Cgra(CgraInstr::VuV {
                op,
                fmt: F32,
                src: buf,
                unit,
                dst: buf,
                src_elems: elems,
                unit_elems: c,
            })),
            Some(b) => {
                let hw = shape.h * shape.w;
                for n in 0..shape.n {
                    let base = buf + n * b.batch_stride / x.fmt.size() as u64 * 4;
                    if b.cx > 0 {
                        em.emit(Instr::Cgra(CgraInstr::VuVLoop {
                            op,
                            fmt: F32,
                            src: base,
                            unit,
                            dst: base,
                            src_elems: hw * b.block,
                            unit_elems: b.block,
                            full_src_elems: b.cx * hw * b.block,
                            full_unit_elems: b.cx * b.block,
                        }))?;
                    }
                    if b.c0_padded > 0 {
                        let tail = base + b.cx * hw * b.block * 4;
                        em.emit(Instr::Cgra(CgraInstr::VuV {
                            op,
                            fmt: F32,
                            src: tail,
                            unit: unit + b.cx * b.block * 4,
                            dst: tail,
                            src_elems: hw * b.c0_padded,
                            unit_elems: b.c0_padded,
                        }))?;
                    }
                }
                Ok(())
            }
        }
    };
    per_channel(&mut em, BinaryOp::Sub, mean)?;
    per_channel(&mut em, BinaryOp::Mul, var)?;
    per_channel(&mut em, BinaryOp::Mul, scale)?;
    per_channel(&mut em, BinaryOp::Add, shift)?;
    // Steps 9-10: back to the input format at the output.
    em.emit(Instr::Cgra(if x.fmt == F32 {
        CgraInstr::Copy { fmt: F32, src: buf, dst: out.addr, n: elems }
    } else {
        CgraInstr::Convert { from: F32, to: x.fmt, src: buf, dst: out.addr, n: elems }
    }))?;
    em.finish()
}
