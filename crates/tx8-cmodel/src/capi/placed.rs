//! Placed operands of the C operator calls: every TSR carries its
//! `mem_layout`; this file owns what a call does with it.
//!
//! - [`operand`] reads a TSR with its placement and checks the placed bytes
//!   (C0 padding and 256 B batch alignment included) fit the SPM window;
//! - [`check_rule`] enforces the placement rules of `crates/tx8be/OPS.md`
//!   ("Placement rules"): Conv/Pool/BatchNorm/Reduce-keeping-the-channel
//!   take only channel-blocked operands, Gemm/Unary/Cast/Binary take either
//!   kind as long as all agree, everything else only dense ones; a tensor
//!   that cannot be blocked (rank 0 or > 4, int16/int32) makes the whole
//!   call dense. A violation fails the call: a missing `channel_norm` is an
//!   error, never a silently wrong answer;
//! - [`run_dense`] runs the dense operator library on blocked operands:
//!   each blocked input is gathered to dense in place (dense bytes never
//!   exceed the placed ones), the operator runs as it always has, its
//!   result is scattered back into the output's placement and the inputs
//!   get their placed bytes back. The view change is a simulation device,
//!   not an instruction (the hardware engines read blocked operands
//!   natively), so it costs no time: the operator's own instructions give
//!   the call's cycles, as before.

use crate::capi::args::{arg_err, spm_tsr};
use crate::capi::types::{self, TSR};
use crate::error::SimError;
use crate::layout::{can_block, MemLayout, Placement};
use crate::oplib::Tsr;
use crate::tile::TileCtx;

/// One TSR argument of a call, with its placement.
#[derive(Debug, Clone)]
pub(crate) struct Operand {
    pub tsr: Tsr,
    pub layout: MemLayout,
    pub arg: String,
}

impl Operand {
    /// The placement of its slice dims.
    pub(crate) fn placement(&self) -> Result<Placement, SimError> {
        Ok(Placement::of_dims(self.layout, self.tsr.fmt, &self.tsr.dims)?)
    }

    fn blockable(&self) -> bool {
        can_block(self.tsr.fmt, &self.tsr.dims)
    }
}

/// The SPM operand behind `t` with its `mem_layout`, its placed bytes
/// checked against the tile's SPM window.
pub(crate) fn operand(ctx: &TileCtx, t: *const TSR, op: &str, arg: &str) -> Result<Operand, SimError> {
    let tsr = spm_tsr(ctx, t, op, arg)?;
    // SAFETY: `spm_tsr` rejected NULL; the C caller guarantees a live TSR.
    let code = unsafe { (*t).mem_layout };
    let layout = types::mem_layout(code).map_err(|e| arg_err(op, arg, e))?;
    let o = Operand { tsr, layout, arg: arg.to_string() };
    if layout.is_blocked() {
        let p = o.placement().map_err(|e| arg_err(op, arg, e))?;
        let hi = ctx.config().spm_usable_end;
        if o.tsr.addr.checked_add(p.bytes()).is_none_or(|end| end > hi) {
            return Err(arg_err(
                op,
                arg,
                format!(
                    "{} placed bytes ({layout:?}) at {:#x} leave the usable SPM window (end {hi:#x})",
                    p.bytes(),
                    o.tsr.addr
                ),
            ));
        }
    }
    Ok(o)
}

/// As [`operand`], `None` for a NULL pointer (optional arguments).
pub(crate) fn optional(ctx: &TileCtx, t: *const TSR, op: &str, arg: &str) -> Result<Option<Operand>, SimError> {
    if t.is_null() {
        Ok(None)
    } else {
        operand(ctx, t, op, arg).map(Some)
    }
}

/// Which placements a call accepts (the `AlignMode` of the compiler's
/// `query_op_attr`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Cx/NCx only (`Align`).
    Blocked,
    /// Any, all operands of one kind (`Both`).
    Either,
    /// Tensor/NTensor only (`Compact`).
    Dense,
}

/// Check the operands of `op` (inputs and outputs) against `rule`.
pub(crate) fn check_rule(op: &str, rule: Rule, operands: &[&Operand]) -> Result<(), SimError> {
    let rule = if operands.iter().all(|o| o.blockable()) { rule } else { Rule::Dense };
    let fail = |o: &Operand, why: &str| {
        Err(arg_err(
            op,
            &o.arg,
            format!("{:?} placement of dims {:?} ({}): {why}", o.layout, o.tsr.dims, o.tsr.fmt.name()),
        ))
    };
    match rule {
        Rule::Blocked => {
            if let Some(o) = operands.iter().find(|o| !o.layout.is_blocked()) {
                return fail(
                    o,
                    "this call reads and writes only channel-blocked Cx/NCx operands (a missing channel_norm?)",
                );
            }
        }
        Rule::Dense => {
            if let Some(o) = operands.iter().find(|o| o.layout.is_blocked()) {
                let why = if operands.iter().all(|o| o.blockable()) {
                    "this call takes only dense Tensor/NTensor operands (a missing channel_norm?)"
                } else {
                    "a tensor of this call cannot be channel-blocked, so all of them must be dense"
                };
                return fail(o, why);
            }
        }
        Rule::Either => {
            if let Some(first) = operands.first() {
                if let Some(o) = operands.iter().find(|o| o.layout.is_blocked() != first.layout.is_blocked()) {
                    return fail(
                        o,
                        &format!("all operands and the result must be of one kind, and `{}` is {:?} (a missing channel_norm?)", first.arg, first.layout),
                    );
                }
            }
        }
    }
    Ok(())
}

/// Run `f` (a dense operator-library call on the operands' `tsr`s) with
/// every blocked input seen dense and every blocked output written back in
/// its placement (see the module doc). Inputs may alias each other or an
/// output (in-place calls).
pub(crate) fn run_dense(
    ctx: &mut TileCtx,
    inputs: &[&Operand],
    outputs: &[&Operand],
    f: impl FnOnce(&mut TileCtx) -> Result<u64, SimError>,
) -> Result<u64, SimError> {
    // Placed bytes of each converted input, to restore after the call.
    let mut saved: Vec<(u64, Vec<u8>)> = Vec::new();
    for o in inputs.iter().filter(|o| o.layout.is_blocked()) {
        if saved.iter().any(|(a, _)| *a == o.tsr.addr) {
            continue;
        }
        let p = o.placement()?;
        let placed = ctx.spm_peek(o.tsr.addr, p.bytes())?;
        ctx.spm_poke(o.tsr.addr, &p.to_dense(&placed)?)?;
        saved.push((o.tsr.addr, placed));
    }
    let result = f(ctx);
    // The dense results, read before any input is restored over them.
    let mut results = Vec::new();
    if result.is_ok() {
        for o in outputs.iter().filter(|o| o.layout.is_blocked()) {
            let p = o.placement()?;
            let dense = ctx.spm_peek(o.tsr.addr, o.tsr.bytes())?;
            results.push((o.tsr.addr, p.from_dense(&dense)?));
        }
    }
    for (addr, placed) in &saved {
        ctx.spm_poke(*addr, placed)?;
    }
    for (addr, placed) in &results {
        ctx.spm_poke(*addr, placed)?;
    }
    result
}

/// Check `rule` and run the dense operator on the operands (the usual body of a call).
pub(crate) fn call_dense(
    ctx: &mut TileCtx,
    op: &str,
    rule: Rule,
    inputs: &[&Operand],
    outputs: &[&Operand],
    f: impl FnOnce(&mut TileCtx) -> Result<u64, SimError>,
) -> Result<u64, SimError> {
    let all: Vec<&Operand> = inputs.iter().chain(outputs).copied().collect();
    check_rule(op, rule, &all)?;
    run_dense(ctx, inputs, outputs, f)
}

/// The rule of an element-wise binary call: either kind when each operand
/// is the output's shape, a per-channel vector (`[1, .., 1, C]`) or a
/// scalar (`[1, .., 1]`); dense otherwise (general broadcasts walk the
/// dense strides).
pub(crate) fn binary_rule(operands: &[&Tsr], out: &Tsr) -> Rule {
    let channel = out.last();
    let fits = |t: &Tsr| {
        let (last, rest) = t.dims.split_last().map_or((1, &[][..]), |(l, r)| (*l, r));
        t.dims == out.dims || (rest.iter().all(|&d| d == 1) && (last == channel || last == 1))
    };
    if operands.iter().all(|t| fits(t)) {
        Rule::Either
    } else {
        Rule::Dense
    }
}
