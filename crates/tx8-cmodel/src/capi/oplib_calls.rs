//! C calls for the rest of the operator library: conv2d, layernorm, reduce,
//! pooling, transpose, reshape, concat, slice, pad, gather (DDR table and
//! SPM tensor), channelnorm. Same conventions as `ops`: cycles or
//! `TX8_ERROR`, errors recorded per tile, every TSR checked by `args`.

use crate::capi::args::{array, param, scratch};
use crate::capi::placed::{call_dense, operand, optional, Operand, Rule};
use crate::capi::types::{self, TSR};
use crate::capi::{bad, call};
use crate::isa::pool::PoolWindow;
use crate::layout::MemLayout;
use crate::oplib::{self, Tsr};

/// `op_conv2d` parameters (pad: top, left, bottom, right), and the NE's
/// post-processing activation (`act` is a `TX8_ACT_*` code; 0 = none).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct CONV_PARAM {
    pub stride: [u64; 2],
    pub pad: [u64; 4],
    pub dilation: [u64; 2],
    pub groups: u64,
    pub act: u32,
    pub act_lo: f32,
    pub act_hi: f32,
}

/// `op_pool2d` parameters: `kind` 0 max, 1 average; `pad` is (top, left,
/// bottom, right), each smaller than the kernel; `count_include_pad` != 0
/// makes averages divide by kh*kw instead of the taps inside the input.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct POOL_PARAM {
    pub kind: u32,
    pub kernel: [u64; 2],
    pub stride: [u64; 2],
    pub pad: [u64; 4],
    pub count_include_pad: u32,
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
    // SAFETY: the caller's pointers, as documented; psum NULL.
    unsafe { conv2d_call("op_conv2d", p, input, weight, bias, std::ptr::null(), out) }
}

/// 2-D convolution adding `psum` (a tensor of the output's dims, format and
/// placement, e.g. a residual) to the NE's accumulator before the
/// activation: `out = act(conv(input, weight) + bias + psum)`, one NE
/// instruction. `bias` may be NULL; `psum` may be `out` itself.
///
/// # Safety
/// Pointers must be NULL (bias only) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_conv2d_psum(
    p: *const CONV_PARAM,
    input: *const TSR,
    weight: *const TSR,
    bias: *const TSR,
    psum: *const TSR,
    out: *const TSR,
) -> u64 {
    if psum.is_null() {
        return call(|_| Err(bad("op_conv2d_psum", "psum is NULL (op_conv2d has no psum)")));
    }
    // SAFETY: the caller's pointers, as documented.
    unsafe { conv2d_call("op_conv2d_psum", p, input, weight, bias, psum, out) }
}

/// `op_conv2d` and `op_conv2d_psum` (`psum` NULL for none).
///
/// # Safety
/// As theirs.
unsafe fn conv2d_call(
    op: &'static str,
    p: *const CONV_PARAM,
    input: *const TSR,
    weight: *const TSR,
    bias: *const TSR,
    psum: *const TSR,
    out: *const TSR,
) -> u64 {
    call(|ctx| {
        let p = param(p, op)?;
        let bias = optional(ctx, bias, op, "bias")?;
        let psum = optional(ctx, psum, op, "psum")?;
        let x = operand(ctx, input, op, "input")?;
        let w = operand(ctx, weight, op, "weight")?;
        let y = operand(ctx, out, op, "out")?;
        let cp = oplib::conv::ConvParams {
            stride: p.stride,
            pad: p.pad,
            dilation: p.dilation,
            groups: p.groups,
            act: types::ne_act(op, p.act, p.act_lo, p.act_hi)?,
        };
        let mut ins = vec![&x, &w];
        ins.extend(bias.as_ref());
        ins.extend(psum.as_ref());
        call_dense(ctx, op, Rule::Blocked, &ins, &[&y], |ctx| {
            oplib::conv::conv2d(
                ctx,
                &x.tsr,
                &w.tsr,
                bias.as_ref().map(|b| &b.tsr),
                psum.as_ref().map(|s| &s.tsr),
                &y.tsr,
                cp,
            )
        })
    })
}

/// LayerNorm over the last axis; gamma and beta are fp32 vectors (beta
/// may be NULL: no bias). `imm`: 2 x R x C x 4 + 2 x R x 4 bytes, each
/// part 256 B aligned (R rows of C).
///
/// # Safety
/// Pointers must point to live, initialised values (beta may be NULL).
#[no_mangle]
pub unsafe extern "C" fn op_layernorm(
    eps: f32,
    input: *const TSR,
    gamma: *const TSR,
    beta: *const TSR,
    imm: *const TSR,
    out: *const TSR,
) -> u64 {
    norm_call("op_layernorm", oplib::normalize::Centre::Mean, eps, input, gamma, beta, imm, out)
}

/// RMSNorm over the last axis, `x / sqrt(mean(x^2) + eps) * gamma (+
/// beta)`: the layer norm without its centring. gamma and beta are fp32
/// vectors (beta may be NULL); `imm` as op_layernorm's.
///
/// # Safety
/// Pointers must point to live, initialised values (beta may be NULL).
#[no_mangle]
pub unsafe extern "C" fn op_rmsnorm(
    eps: f32,
    input: *const TSR,
    gamma: *const TSR,
    beta: *const TSR,
    imm: *const TSR,
    out: *const TSR,
) -> u64 {
    norm_call("op_rmsnorm", oplib::normalize::Centre::None, eps, input, gamma, beta, imm, out)
}

/// The checked arguments of a row normalisation, then the call.
#[allow(clippy::too_many_arguments)]
unsafe fn norm_call(
    op: &'static str,
    centre: oplib::normalize::Centre,
    eps: f32,
    input: *const TSR,
    gamma: *const TSR,
    beta: *const TSR,
    imm: *const TSR,
    out: *const TSR,
) -> u64 {
    call(|ctx| {
        let x = operand(ctx, input, op, "input")?;
        let g = operand(ctx, gamma, op, "gamma")?;
        let b = optional(ctx, beta, op, "beta")?;
        let y = operand(ctx, out, op, "out")?;
        let imm = scratch(ctx, imm, op, "imm")?;
        let mut ins = vec![&x, &g];
        ins.extend(b.as_ref());
        call_dense(ctx, op, Rule::Dense, &ins, &[&y], |ctx| {
            oplib::normalize::norm_rows(ctx, centre, &x.tsr, &g.tsr, b.as_ref().map(|b| &b.tsr), &y.tsr, eps, imm)
        })
    })
}

/// Reduce over `axis`: `kind` 0 sum, 1 mean, 2 max, 3 min. `out` dims are
/// the input dims with the axis removed or set to 1 (keepdims; the same
/// elements either way). Same format in and out (mean: floats only).
/// `imm`: the input's bytes unless `axis` is the last (then NULL is fine).
///
/// # Safety
/// Pointers must point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_reduce(kind: u32, axis: u32, input: *const TSR, imm: *const TSR, out: *const TSR) -> u64 {
    call(|ctx| {
        let kind = tx8_target::c_codes::reduce_kind(kind).ok_or_else(|| bad("op_reduce", "kind must be 0..3"))?;
        const OP: &str = "op_reduce";
        let x = operand(ctx, input, OP, "input")?;
        let y = operand(ctx, out, OP, "out")?;
        let imm = scratch(ctx, imm, OP, "imm")?;
        // The reduce engine keeps channel blocks when the channel (last) dim stays.
        let keeps_channel = (axis as usize) + 1 < x.tsr.dims.len();
        let rule = if keeps_channel { Rule::Blocked } else { Rule::Dense };
        call_dense(ctx, OP, rule, &[&x], &[&y], |ctx| {
            oplib::reduce::reduce(ctx, kind, &x.tsr, axis as usize, &y.tsr, imm)
        })
    })
}

/// 2-D pooling over NHWC (float formats): out is `[n, (h + top + bottom -
/// kh) / sh + 1, (w + left + right - kw) / sw + 1, c]` in the input format.
///
/// # Safety
/// Pointers must point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_pool2d(p: *const POOL_PARAM, input: *const TSR, out: *const TSR) -> u64 {
    const OP: &str = "op_pool2d";
    call(|ctx| {
        let p = param(p, OP)?;
        let kind = tx8_target::c_codes::pool_kind(p.kind).ok_or_else(|| bad(OP, "kind must be 0 (max) or 1 (avg)"))?;
        let x = operand(ctx, input, OP, "input")?;
        let y = operand(ctx, out, OP, "out")?;
        let window =
            PoolWindow { kernel: p.kernel, stride: p.stride, pad: p.pad, count_include_pad: p.count_include_pad != 0 };
        call_dense(ctx, OP, Rule::Blocked, &[&x], &[&y], |ctx| {
            oplib::reduce::pool2d(ctx, kind, &x.tsr, &y.tsr, &window)
        })
    })
}

/// Permute axes: `perm` holds one entry per input axis.
///
/// # Safety
/// `perm` must point to as many values as the input's rank; other pointers live.
#[no_mangle]
pub unsafe extern "C" fn op_transpose(perm: *const u32, input: *const TSR, out: *const TSR) -> u64 {
    const OP: &str = "op_transpose";
    call(|ctx| {
        let x = operand(ctx, input, OP, "input")?;
        let y = operand(ctx, out, OP, "out")?;
        // SAFETY: the caller guarantees `perm` holds rank values.
        let perm: Vec<usize> =
            unsafe { array(perm, x.tsr.dims.len(), OP, "perm") }?.iter().map(|&p| p as usize).collect();
        call_dense(ctx, OP, Rule::Dense, &[&x], &[&y], |ctx| oplib::movement::transpose(ctx, &x.tsr, &perm, &y.tsr))
    })
}

/// Same elements, new dims.
///
/// # Safety
/// Pointers must point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_reshape(input: *const TSR, out: *const TSR) -> u64 {
    const OP: &str = "op_reshape";
    call(|ctx| {
        let x = operand(ctx, input, OP, "input")?;
        let y = operand(ctx, out, OP, "out")?;
        call_dense(ctx, OP, Rule::Dense, &[&x], &[&y], |ctx| oplib::movement::reshape(ctx, &x.tsr, &y.tsr))
    })
}

/// Concatenate `count` inputs along `axis`.
///
/// # Safety
/// `inputs` must point to `count` pointers to live TSRs.
#[no_mangle]
pub unsafe extern "C" fn op_concat(inputs: *const *const TSR, count: u32, axis: u32, out: *const TSR) -> u64 {
    const OP: &str = "op_concat";
    call(|ctx| {
        // SAFETY: the caller guarantees `count` valid entries.
        let ptrs = unsafe { array(inputs, count as usize, OP, "inputs") }?;
        let ts = ptrs
            .iter()
            .enumerate()
            .map(|(i, &p)| operand(ctx, p, OP, &format!("inputs[{i}]")))
            .collect::<Result<Vec<_>, _>>()?;
        let y = operand(ctx, out, OP, "out")?;
        let ins: Vec<&Operand> = ts.iter().collect();
        call_dense(ctx, OP, Rule::Dense, &ins, &[&y], |ctx| {
            let refs: Vec<&Tsr> = ts.iter().map(|o| &o.tsr).collect();
            oplib::movement::concat(ctx, &refs, axis as usize, &y.tsr)
        })
    })
}

/// `out = input[starts .. starts + out dims]`.
///
/// # Safety
/// `starts` must hold as many values as the input's rank; other pointers live.
#[no_mangle]
pub unsafe extern "C" fn op_slice(starts: *const u64, input: *const TSR, out: *const TSR) -> u64 {
    const OP: &str = "op_slice";
    call(|ctx| {
        let x = operand(ctx, input, OP, "input")?;
        let y = operand(ctx, out, OP, "out")?;
        // SAFETY: the caller guarantees rank values.
        let starts = unsafe { array(starts, x.tsr.dims.len(), OP, "starts") }?;
        call_dense(ctx, OP, Rule::Dense, &[&x], &[&y], |ctx| oplib::movement::slice(ctx, &x.tsr, &starts, &y.tsr))
    })
}

/// Rows of a dense DDR table of `table_rows` rows (`row_elems` elements of
/// out's format each) chosen by int32 `indices` in `[0, table_rows)`.
///
/// # Safety
/// Pointers must point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_gather(
    table_ddr: u64,
    table_rows: u64,
    row_elems: u64,
    indices: *const TSR,
    out: *const TSR,
) -> u64 {
    const OP: &str = "op_gather";
    call(|ctx| {
        let idx = operand(ctx, indices, OP, "indices")?;
        let y = operand(ctx, out, OP, "out")?;
        call_dense(ctx, OP, Rule::Dense, &[&idx], &[&y], |ctx| {
            oplib::movement::gather(ctx, table_ddr, table_rows, row_elems, &idx.tsr, &y.tsr)
        })
    })
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
    const OP: &str = "op_channel_norm";
    call(|ctx| {
        let layout = match blocked_layout {
            2 => MemLayout::Cx,
            3 => MemLayout::NCx,
            _ => return Err(bad(OP, "layout must be 2 (Cx) or 3 (NCx)")),
        };
        let x = operand(ctx, input, OP, "input")?;
        let y = operand(ctx, out, OP, "out")?;
        // The TSRs must say what the call does: dense -> blocked or back.
        let (dense, blocked) = if to_blocked != 0 { (&x, &y) } else { (&y, &x) };
        if dense.layout.is_blocked() || !blocked.layout.is_blocked() {
            return Err(bad(
                OP,
                &format!(
                    "to_blocked = {to_blocked} converts {} but `input` is {:?} and `out` is {:?}",
                    if to_blocked != 0 { "dense -> blocked" } else { "blocked -> dense" },
                    x.layout,
                    y.layout
                ),
            ));
        }
        let n = x.tsr.dims.first().copied().unwrap_or(1);
        if blocked.layout.fitted(n) != layout.fitted(n) {
            return Err(bad(
                OP,
                &format!("blocked_layout {layout:?} disagrees with the blocked TSR's {:?}", blocked.layout),
            ));
        }
        oplib::movement::channel_norm(ctx, &x.tsr, &y.tsr, layout.fitted(n), to_blocked != 0)
    })
}

/// `out = take(table, indices, axis)` (ONNX Gather) on an SPM `table` of
/// any format: out dims are `table[..axis] ++ indices ++ table[axis+1..]`;
/// `indices` INT32 in `[0, table_dims[axis])` (normalise negative ones
/// first; an index out of range fails the call). No scratch. For tables
/// kept in DDR (embeddings) use `op_gather`.
///
/// # Safety
/// Pointers must point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_gather_spm(table: *const TSR, indices: *const TSR, axis: u32, out: *const TSR) -> u64 {
    const OP: &str = "op_gather_spm";
    call(|ctx| {
        let t = operand(ctx, table, OP, "table")?;
        let idx = operand(ctx, indices, OP, "indices")?;
        let y = operand(ctx, out, OP, "out")?;
        call_dense(ctx, OP, Rule::Dense, &[&t, &idx], &[&y], |ctx| {
            oplib::movement::gather_spm(ctx, &t.tsr, &idx.tsr, axis as usize, &y.tsr)
        })
    })
}

/// Constant padding: input element i of dim d goes to output position
/// `low[d] + i * (interior[d] + 1)`, everything else is `value` (rounded
/// to the format); negative `low` / `high` crop. `low`, `high`, `interior`
/// hold one entry per input dim (`interior` >= 0); out dims must be
/// `low + high + len + (len - 1) * interior`. Any format, same in and out;
/// no scratch; `out` must not overlap `input`.
///
/// # Safety
/// The arrays must hold as many values as the input's rank; other pointers live.
#[no_mangle]
pub unsafe extern "C" fn op_pad(
    input: *const TSR,
    out: *const TSR,
    low: *const i64,
    high: *const i64,
    interior: *const i64,
    value: f32,
) -> u64 {
    const OP: &str = "op_pad";
    call(|ctx| {
        let x = operand(ctx, input, OP, "input")?;
        let y = operand(ctx, out, OP, "out")?;
        let r = x.tsr.dims.len();
        // SAFETY: the caller guarantees rank values in each array.
        let (lo, hi, int) =
            unsafe { (array(low, r, OP, "low")?, array(high, r, OP, "high")?, array(interior, r, OP, "interior")?) };
        if x.tsr.addr < y.tsr.addr + y.tsr.bytes() && y.tsr.addr < x.tsr.addr + x.tsr.bytes() {
            return Err(bad(OP, "out must not overlap the input"));
        }
        call_dense(ctx, OP, Rule::Dense, &[&x], &[&y], |ctx| {
            oplib::pad::pad(ctx, &x.tsr, &y.tsr, &lo, &hi, &int, value)
        })
    })
}
