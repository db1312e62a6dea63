//! C calls for the rest of the operator library: conv2d, layernorm, reduce,
//! pooling, transpose, reshape, concat, slice, gather, channelnorm. Same
//! conventions as `ops`: cycles or `TX8_ERROR`, errors recorded per tile.

use crate::capi::types::{self, TSR};
use crate::capi::{bad, call};
use crate::error::SimError;
use crate::isa::PoolKind;
use crate::layout::MemLayout;
use crate::oplib::{self, Scratch, Tsr};

/// `op_conv2d` parameters (pad: top, left, bottom, right).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct CONV_PARAM {
    pub stride: [u64; 2],
    pub pad: [u64; 4],
    pub dilation: [u64; 2],
    pub groups: u64,
}

/// `op_pool2d` parameters; `kind` 0 max, 1 average.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct POOL_PARAM {
    pub kind: u32,
    pub kernel: [u64; 2],
    pub stride: [u64; 2],
    pub pad: [u64; 2],
}

fn tsr(t: *const TSR) -> Result<Tsr, SimError> {
    // SAFETY: only called from the unsafe extern functions below, whose
    // callers guarantee their pointers.
    unsafe { types::tsr(t) }
}

fn scratch(t: *const TSR) -> Result<Scratch, SimError> {
    let s = tsr(t)?;
    Ok(Scratch {
        addr: s.addr,
        bytes: s.bytes(),
    })
}

fn param<T: Copy>(p: *const T, op: &str) -> Result<T, SimError> {
    if p.is_null() {
        return Err(bad(op, "null parameters"));
    }
    // SAFETY: non-null, and the caller guarantees it points to a live value.
    Ok(unsafe { *p })
}

/// 2-D convolution (NHWC input, HWIO weight); `bias` may be NULL.
///
/// # Safety
/// Pointers must be NULL (bias only) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_conv2d(
    p: *const CONV_PARAM,
    input: *const TSR,
    weight: *const TSR,
    bias: *const TSR,
    out: *const TSR,
) -> u64 {
    call(|ctx| {
        let p = param(p, "op_conv2d")?;
        let bias = if bias.is_null() {
            None
        } else {
            Some(tsr(bias)?)
        };
        let cp = oplib::conv::ConvParams {
            stride: p.stride,
            pad: p.pad,
            dilation: p.dilation,
            groups: p.groups,
        };
        oplib::conv::conv2d(
            ctx,
            &tsr(input)?,
            &tsr(weight)?,
            bias.as_ref(),
            &tsr(out)?,
            cp,
        )
    })
}

/// LayerNorm over the last axis; gamma and beta are fp32 vectors.
///
/// # Safety
/// Pointers must point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_layernorm(
    eps: f32,
    input: *const TSR,
    gamma: *const TSR,
    beta: *const TSR,
    imm: *const TSR,
    out: *const TSR,
) -> u64 {
    call(|ctx| {
        oplib::normalize::layernorm(
            ctx,
            &tsr(input)?,
            &tsr(gamma)?,
            &tsr(beta)?,
            &tsr(out)?,
            eps,
            scratch(imm)?,
        )
    })
}

/// Reduce over `axis`: `kind` 0 sum, 1 mean, 2 max, 3 min.
///
/// # Safety
/// Pointers must point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_reduce(
    kind: u32,
    axis: u32,
    input: *const TSR,
    imm: *const TSR,
    out: *const TSR,
) -> u64 {
    call(|ctx| {
        use oplib::reduce::ReduceKind::*;
        let kind = *[Sum, Mean, Max, Min]
            .get(kind as usize)
            .ok_or_else(|| bad("op_reduce", "kind must be 0..3"))?;
        oplib::reduce::reduce(
            ctx,
            kind,
            &tsr(input)?,
            axis as usize,
            &tsr(out)?,
            scratch(imm)?,
        )
    })
}

/// 2-D pooling over NHWC.
///
/// # Safety
/// Pointers must point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_pool2d(
    p: *const POOL_PARAM,
    input: *const TSR,
    out: *const TSR,
) -> u64 {
    call(|ctx| {
        let p = param(p, "op_pool2d")?;
        let kind = match p.kind {
            0 => PoolKind::Max,
            1 => PoolKind::Avg,
            _ => return Err(bad("op_pool2d", "kind must be 0 (max) or 1 (avg)")),
        };
        oplib::reduce::pool2d(
            ctx,
            kind,
            &tsr(input)?,
            &tsr(out)?,
            p.kernel,
            p.stride,
            p.pad,
        )
    })
}

/// Permute axes: `perm` holds one entry per input axis.
///
/// # Safety
/// `perm` must point to as many values as the input's rank; other pointers live.
#[no_mangle]
pub unsafe extern "C" fn op_transpose(perm: *const u32, input: *const TSR, out: *const TSR) -> u64 {
    call(|ctx| {
        let x = tsr(input)?;
        if perm.is_null() {
            return Err(bad("op_transpose", "null perm"));
        }
        // SAFETY: the caller guarantees `perm` holds rank values.
        let perm: Vec<usize> = unsafe { std::slice::from_raw_parts(perm, x.dims.len()) }
            .iter()
            .map(|&p| p as usize)
            .collect();
        oplib::movement::transpose(ctx, &x, &perm, &tsr(out)?)
    })
}

/// Same elements, new dims.
///
/// # Safety
/// Pointers must point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_reshape(input: *const TSR, out: *const TSR) -> u64 {
    call(|ctx| oplib::movement::reshape(ctx, &tsr(input)?, &tsr(out)?))
}

/// Concatenate `count` inputs along `axis`.
///
/// # Safety
/// `inputs` must point to `count` pointers to live TSRs.
#[no_mangle]
pub unsafe extern "C" fn op_concat(
    inputs: *const *const TSR,
    count: u32,
    axis: u32,
    out: *const TSR,
) -> u64 {
    call(|ctx| {
        if inputs.is_null() {
            return Err(bad("op_concat", "null inputs"));
        }
        // SAFETY: the caller guarantees `count` valid entries.
        let ptrs = unsafe { std::slice::from_raw_parts(inputs, count as usize) };
        let ts = ptrs
            .iter()
            .map(|&p| tsr(p))
            .collect::<Result<Vec<_>, _>>()?;
        let refs: Vec<&Tsr> = ts.iter().collect();
        oplib::movement::concat(ctx, &refs, axis as usize, &tsr(out)?)
    })
}

/// `out = input[starts .. starts + out dims]`.
///
/// # Safety
/// `starts` must hold as many values as the input's rank; other pointers live.
#[no_mangle]
pub unsafe extern "C" fn op_slice(starts: *const u64, input: *const TSR, out: *const TSR) -> u64 {
    call(|ctx| {
        let x = tsr(input)?;
        if starts.is_null() {
            return Err(bad("op_slice", "null starts"));
        }
        // SAFETY: the caller guarantees rank values.
        let starts = unsafe { std::slice::from_raw_parts(starts, x.dims.len()) };
        oplib::movement::slice(ctx, &x, starts, &tsr(out)?)
    })
}

/// Rows of a dense DDR table (`row_elems` elements of out's format each)
/// chosen by int32 `indices`.
///
/// # Safety
/// Pointers must point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_gather(
    table_ddr: u64,
    row_elems: u64,
    indices: *const TSR,
    out: *const TSR,
) -> u64 {
    call(|ctx| oplib::movement::gather(ctx, table_ddr, row_elems, &tsr(indices)?, &tsr(out)?))
}

/// ChannelNorm between dense NHWC and Cx (2) / NCx (3); `to_blocked` != 0
/// converts dense -> blocked.
///
/// # Safety
/// Pointers must point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_channel_norm(
    blocked_layout: u32,
    to_blocked: u32,
    input: *const TSR,
    out: *const TSR,
) -> u64 {
    call(|ctx| {
        let layout = match blocked_layout {
            2 => MemLayout::Cx,
            3 => MemLayout::NCx,
            _ => return Err(bad("op_channel_norm", "layout must be 2 (Cx) or 3 (NCx)")),
        };
        oplib::movement::channel_norm(ctx, &tsr(input)?, &tsr(out)?, layout, to_blocked != 0)
    })
}
