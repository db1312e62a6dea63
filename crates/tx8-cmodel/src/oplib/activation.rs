//! Element-wise activations with parameters (leaky_relu, hard_sigmoid,
//! hard_swish, clip, exact gelu, elu, swish), composed from CT instructions: VS
//! arithmetic against a scalar, VV between two vectors, and the unary
//! transcendental ones (exp, erf). Each instruction rounds to the tensor's
//! format, so a composed activation rounds once per step (the step counts
//! are given per activation below).

use crate::error::SimError;
use crate::isa::cgra::scalar_bits;
use crate::isa::{BinaryOp, CgraInstr, Instr, UnaryOp};
use crate::oplib::{op_err, Carver, Emitter, Scratch, Tsr};
use crate::tile::TileCtx;

const OP: &str = "elementwise_unary_param";

pub use tx8_target::kinds::Activation;

fn overlaps(a: &Tsr, b: &Tsr) -> bool {
    a.addr < b.addr + b.bytes() && b.addr < a.addr + a.bytes()
}

/// `out = act(x)` element-wise (same element count and format; float
/// formats, except `Clip` and the plain abs/neg/relu which take integers
/// too). Scratch: [`Activation::scratch_buffers`] buffers of x's bytes in
/// `imm` (the output holds an intermediate value otherwise).
pub fn unary_param(ctx: &mut TileCtx, act: Activation, x: &Tsr, out: &Tsr, imm: Scratch) -> Result<u64, SimError> {
    if x.fmt != out.fmt || x.elems() != out.elems() {
        return Err(op_err(OP, "input and output must have the same size and format"));
    }
    let fmt = x.fmt;
    let int_ok =
        matches!(act, Activation::Clip { .. } | Activation::Plain(UnaryOp::Abs | UnaryOp::Neg | UnaryOp::Relu));
    if !fmt.is_float() && !int_ok {
        return Err(op_err(OP, format!("{act:?} needs a float format, not {}", fmt.name())));
    }
    let n = x.elems();
    let mut carve = Carver::new(OP, imm);
    // The intermediate buffers: scratch as `scratch_buffers` counts, then
    // the output.
    let in_place = overlaps(x, out);
    let mut buffers = vec![];
    for _ in 0..act.scratch_buffers(in_place) {
        buffers.push(carve.take(x.bytes())?);
    }
    buffers.push(out.addr);
    let tmp = buffers[0];
    let mut em = Emitter::new(ctx);
    let vs = |op: BinaryOp, src: u64, dst: u64, value: f64| {
        Instr::Cgra(CgraInstr::Vs { op, fmt, a: src, scalar_bits: scalar_bits(fmt, value), dst, n })
    };
    let vv = |op: BinaryOp, a: u64, b: u64, dst: u64| Instr::Cgra(CgraInstr::Vv { op, fmt, a, b, dst, n });
    let un = |op: UnaryOp, src: u64, dst: u64| Instr::Cgra(CgraInstr::Unary { op, fmt, src, dst, n });
    use BinaryOp::*;
    match act {
        Activation::Plain(op) => em.emit(un(op, x.addr, out.addr))?,
        Activation::LeakyRelu { alpha } => {
            // alpha*x lies on the right side of x exactly where x < 0.
            let pick = if alpha <= 1.0 { Max } else { Min };
            em.emit(vs(Mul, x.addr, tmp, alpha.into()))?;
            em.emit(vv(pick, x.addr, tmp, out.addr))?;
        }
        Activation::HardSigmoid { alpha, beta } => {
            hard_sigmoid(&mut em, &vs, x.addr, out.addr, alpha.into(), beta.into())?
        }
        Activation::HardSwish => {
            hard_sigmoid(&mut em, &vs, x.addr, tmp, 1.0 / 6.0, 0.5)?;
            em.emit(vv(Mul, x.addr, tmp, out.addr))?;
        }
        Activation::Clip { lo, hi } => {
            em.emit(vs(Max, x.addr, out.addr, lo.into()))?;
            em.emit(vs(Min, out.addr, out.addr, hi.into()))?;
        }
        Activation::GeluErf => {
            em.emit(vs(Mul, x.addr, tmp, std::f64::consts::FRAC_1_SQRT_2))?;
            em.emit(un(UnaryOp::Erf, tmp, tmp))?;
            em.emit(vs(Add, tmp, tmp, 1.0))?;
            em.emit(vv(Mul, x.addr, tmp, out.addr))?;
            em.emit(vs(Mul, out.addr, out.addr, 0.5))?;
        }
        Activation::Elu { alpha } => {
            em.emit(vs(Min, x.addr, tmp, 0.0))?;
            em.emit(un(UnaryOp::Exp, tmp, tmp))?;
            em.emit(vs(Sub, tmp, tmp, 1.0))?;
            em.emit(vs(Mul, tmp, tmp, alpha.into()))?;
            em.emit(vs(Max, x.addr, out.addr, 0.0))?;
            em.emit(vv(Add, out.addr, tmp, out.addr))?;
        }
        Activation::Swish { beta } => {
            em.emit(vs(Mul, x.addr, tmp, beta.into()))?;
            em.emit(un(UnaryOp::Sigmoid, tmp, tmp))?;
            em.emit(vv(Mul, x.addr, tmp, out.addr))?;
        }
        Activation::Softplus => {
            // t, u = 1 + t, the correction (u - 1) - t (in the output unless
            // that is the input, which the maximum still reads).
            let (t, u, c) = (buffers[0], buffers[1], buffers[2]);
            em.emit(un(UnaryOp::Abs, x.addr, t))?;
            em.emit(un(UnaryOp::Neg, t, t))?;
            em.emit(un(UnaryOp::Exp, t, t))?;
            em.emit(vs(Add, t, u, 1.0))?;
            em.emit(vs(Sub, u, c, 1.0))?;
            em.emit(vv(Sub, c, t, c))?;
            em.emit(un(UnaryOp::Ln, u, u))?;
            em.emit(vv(Sub, u, c, u))?;
            em.emit(vs(Max, x.addr, t, 0.0))?;
            em.emit(vv(Add, t, u, out.addr))?;
        }
    }
    em.finish()
}

/// `dst = clamp(alpha*src + beta, 0, 1)` in four VS steps.
fn hard_sigmoid(
    em: &mut Emitter,
    vs: &dyn Fn(BinaryOp, u64, u64, f64) -> Instr,
    src: u64,
    dst: u64,
    alpha: f64,
    beta: f64,
) -> Result<(), SimError> {
    em.emit(vs(BinaryOp::Mul, src, dst, alpha))?;
    em.emit(vs(BinaryOp::Add, dst, dst, beta))?;
    em.emit(vs(BinaryOp::Max, dst, dst, 0.0))?;
    em.emit(vs(BinaryOp::Min, dst, dst, 1.0))
}
