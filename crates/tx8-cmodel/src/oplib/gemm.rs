//! GEMM / matmul on the neural engine: one NE instruction per call.
//! `a` is [M, K] or [B, M, K] (stored [K, M] / [B, K, M] when `trans_a`),
//! `b` is [K, N] or [B, K, N] (stored transposed when `trans_b`); a 2-D `b`
//! with a 3-D `a` is shared by every batch. `bias` ([N], fp32 or int32) is
//! optional; `accumulate` adds into the existing `out` (psum).

use crate::error::SimError;
use crate::isa::{Instr, NeAct, NeGemm, NeInstr};
use crate::oplib::{op_err, Emitter, Tsr};
use crate::tile::TileCtx;

/// Flags of a GEMM call, and the NE's post-processing activation.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct GemmFlags {
    pub trans_a: bool,
    pub trans_b: bool,
    pub accumulate: bool,
    pub act: NeAct,
}

/// `out = act(op(a) x op(b) (+ bias) (+ out))`.
pub fn matmul(
    ctx: &mut TileCtx,
    a: &Tsr,
    b: &Tsr,
    bias: Option<&Tsr>,
    out: &Tsr,
    flags: GemmFlags,
) -> Result<u64, SimError> {
    const OP: &str = "gemm";
    let (batch, ma, ka) = match a.dims[..] {
        [m, k] => (1, m, k),
        [bt, m, k] => (bt, m, k),
        _ => return Err(op_err(OP, "a must be 2-D or 3-D")),
    };
    let (m, k) = if flags.trans_a { (ka, ma) } else { (ma, ka) };
    let (bb, kb, nb) = match b.dims[..] {
        [k, n] => (None, k, n),
        [bt, k, n] => (Some(bt), k, n),
        _ => return Err(op_err(OP, "b must be 2-D or 3-D")),
    };
    let (kb, n) = if flags.trans_b { (nb, kb) } else { (kb, nb) };
    if kb != k {
        return Err(op_err(OP, format!("inner dims differ: {k} vs {kb}")));
    }
    if bb.is_some_and(|bt| bt != batch) {
        return Err(op_err(OP, "batched b must have a's batch"));
    }
    if out.elems() != batch * m * n {
        return Err(op_err(OP, format!("out has {} elements, expected {}", out.elems(), batch * m * n)));
    }
    if a.fmt != b.fmt {
        return Err(op_err(OP, "a and b must share one format"));
    }
    if let Some(bias) = bias {
        if bias.elems() != n {
            return Err(op_err(OP, "bias must have N elements"));
        }
    }
    let mut em = Emitter::new(ctx);
    em.emit(Instr::Neur(NeInstr::Gemm(NeGemm {
        in_fmt: a.fmt,
        out_fmt: out.fmt,
        a: a.addr,
        b: b.addr,
        out: out.addr,
        bias: bias.map(|t| t.addr),
        m,
        k,
        n,
        batch,
        trans_a: flags.trans_a,
        trans_b: flags.trans_b,
        broadcast_b: bb.is_none() && batch > 1,
        accumulate: flags.accumulate,
        act: flags.act,
    })))?;
    em.finish()
}
