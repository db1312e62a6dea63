//! Checked arguments of the C operator calls: every TSR a call receives is
//! validated before any instruction runs (non-NULL, known format, shape of
//! rank <= 6 with non-negative dims, a size that does not overflow, an
//! element-aligned address, and the whole tensor inside the tile's usable
//! SPM window), so bad arguments give `TX8_ERROR` with a message naming the
//! call and the argument instead of a fault deep inside an instruction.

use crate::capi::types::{self, TSR};
use crate::error::SimError;
use crate::oplib::{Scratch, Tsr};
use crate::tile::TileCtx;

/// An argument error of `op`.
pub(crate) fn arg_err(op: &str, arg: &str, reason: impl std::fmt::Display) -> SimError {
    SimError::Operator { op: op.into(), reason: format!("argument `{arg}`: {reason}") }
}

/// The SPM tensor behind `t`, validated against the tile's SPM window.
pub(crate) fn spm_tsr(ctx: &TileCtx, t: *const TSR, op: &str, arg: &str) -> Result<Tsr, SimError> {
    if t.is_null() {
        return Err(arg_err(op, arg, "NULL TSR"));
    }
    // SAFETY: non-NULL; the C caller guarantees it points to a live TSR
    // whose shape pointer is NULL (rejected by `types::tsr`) or live.
    let x = unsafe { types::tsr(t) }.map_err(|e| arg_err(op, arg, e))?;
    check_window(ctx, &x, op, arg)?;
    Ok(x)
}

/// Scratch space behind `t`; NULL gives an empty scratch (calls that need
/// scratch then fail with "scratch too small").
pub(crate) fn scratch(ctx: &TileCtx, t: *const TSR, op: &str, arg: &str) -> Result<Scratch, SimError> {
    if t.is_null() {
        return Ok(Scratch { addr: 0, bytes: 0 });
    }
    let s = spm_tsr(ctx, t, op, arg)?;
    Ok(Scratch { addr: s.addr, bytes: s.bytes() })
}

/// Size, alignment and SPM window of a tensor.
pub(crate) fn check_window(ctx: &TileCtx, x: &Tsr, op: &str, arg: &str) -> Result<(), SimError> {
    let es = x.fmt.size() as u64;
    let bytes = x
        .dims
        .iter()
        .try_fold(es, |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| arg_err(op, arg, format!("dims {:?} overflow", x.dims)))?;
    if x.addr % es != 0 {
        return Err(arg_err(
            op,
            arg,
            format!("address {:#x} is not aligned to its {}-byte {} elements", x.addr, es, x.fmt.name()),
        ));
    }
    let (lo, hi) = (ctx.config().spm_usable_start, ctx.config().spm_usable_end);
    let end = x.addr.checked_add(bytes);
    if bytes > 0 && (x.addr < lo || end.is_none_or(|e| e > hi)) {
        return Err(arg_err(
            op,
            arg,
            format!(
                "{} bytes at {:#x} (dims {:?}, {}) leave the usable SPM window [{lo:#x}, {hi:#x})",
                bytes,
                x.addr,
                x.dims,
                x.fmt.name()
            ),
        ));
    }
    Ok(())
}

/// `n` values behind `p` (a per-dim array argument).
///
/// # Safety
/// `p` must be NULL or point to at least `n` live values.
pub(crate) unsafe fn array<T: Copy>(p: *const T, n: usize, op: &str, arg: &str) -> Result<Vec<T>, SimError> {
    if p.is_null() {
        return Err(arg_err(op, arg, "NULL array"));
    }
    // SAFETY: guaranteed by the caller.
    Ok(unsafe { std::slice::from_raw_parts(p, n) }.to_vec())
}

/// A parameter struct behind `p`.
pub(crate) fn param<T: Copy>(p: *const T, op: &str) -> Result<T, SimError> {
    if p.is_null() {
        return Err(arg_err(op, "param", "NULL parameters"));
    }
    // SAFETY: non-null, and the C caller guarantees it points to a live value.
    Ok(unsafe { *p })
}
