//! 2-D convolution (including grouped and depthwise) on the neural engine:
//! NHWC input, HWIO weight `[KH, KW, C/groups, O]`, NHWC output.

use crate::error::SimError;
use crate::isa::{Instr, NeAct, NeConv, NeInstr};
use crate::oplib::{op_err, Emitter, Tsr};
use crate::tile::TileCtx;

/// Window parameters of a convolution, and the NE's post-processing activation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConvParams {
    pub stride: [u64; 2],
    /// Top, left, bottom, right.
    pub pad: [u64; 4],
    pub dilation: [u64; 2],
    pub groups: u64,
    pub act: NeAct,
}

/// `out = act(conv(x, w) (+ bias) (+ psum))`; depthwise is `groups == C == O`.
/// `psum` (the NE's psum input: a residual) has the output's dims and format.
pub fn conv2d(
    ctx: &mut TileCtx,
    x: &Tsr,
    w: &Tsr,
    bias: Option<&Tsr>,
    psum: Option<&Tsr>,
    out: &Tsr,
    p: ConvParams,
) -> Result<u64, SimError> {
    const OP: &str = "conv2d";
    let [n, h, wd, c] = x.dims[..] else {
        return Err(op_err(OP, "input must be NHWC"));
    };
    let [kh, kw, cg, o] = w.dims[..] else {
        return Err(op_err(OP, "weight must be [KH, KW, C/groups, O]"));
    };
    if p.groups == 0 || c % p.groups != 0 || cg != c / p.groups || o % p.groups != 0 {
        return Err(op_err(OP, "groups must divide C and O, and weight dim 2 must be C/groups"));
    }
    let conv = NeConv {
        in_fmt: x.fmt,
        out_fmt: out.fmt,
        input: x.addr,
        weight: w.addr,
        out: out.addr,
        bias: bias.map(|b| b.addr),
        dims: [n, h, wd, c],
        out_channels: o,
        kernel: [kh, kw],
        stride: p.stride,
        pad: p.pad,
        dilation: p.dilation,
        groups: p.groups,
        psum: psum.map(|t| t.addr),
        act: p.act,
    };
    let (oh, ow) = conv.out_hw().ok_or_else(|| op_err(OP, "window does not fit the input"))?;
    if out.elems() != n * oh * ow * o {
        return Err(op_err(OP, format!("output must be {n}x{oh}x{ow}x{o}")));
    }
    if psum.is_some_and(|s| s.elems() != out.elems() || s.fmt != out.fmt) {
        return Err(op_err(OP, "psum must have the output's dims and format"));
    }
    if bias.is_some_and(|b| b.elems() != o) {
        return Err(op_err(OP, "bias must have O elements"));
    }
    let mut em = Emitter::new(ctx);
    em.emit(Instr::Neur(NeInstr::Conv(conv)))?;
    em.finish()
}
