//! The seed's C types (`Data_Format`, `L_SHAPE`, `TSR`) and the parameter
//! structs of the C operator calls, with checked conversion to the Rust
//! operator library's types.

#![allow(non_camel_case_types, non_upper_case_globals)]

use crate::capi::bad;
use crate::dtype::DataFormat;
use crate::error::SimError;
use crate::isa::NeAct;
use crate::layout::MemLayout;
use crate::oplib::Tsr;

/// Element format (a plain integer so any value from C is defined behaviour).
pub type Data_Format = u32;
pub const Fmt_INT8: Data_Format = 0;
pub const Fmt_INT16: Data_Format = 1;
pub const Fmt_INT32: Data_Format = 2;
pub const Fmt_FP16: Data_Format = 3;
pub const Fmt_BF16: Data_Format = 4;
pub const Fmt_TF32: Data_Format = 5;
pub const Fmt_FP32: Data_Format = 6;

/// Maximum rank of an `L_SHAPE`.
pub const MAX_SHAPE_DIM: usize = 6;

/// The seed's load shape: the whole tensor, this tile's slice start and size.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct L_SHAPE {
    pub shape_whole: [i32; MAX_SHAPE_DIM],
    pub shape_start: [i32; MAX_SHAPE_DIM],
    pub shape_slice: [i32; MAX_SHAPE_DIM],
    pub shape_real: [i32; MAX_SHAPE_DIM],
    pub dim: i32,
}

/// The seed's tensor handle: format, SPM byte address, shape, and the
/// physical placement of its bytes (`mem_layout`: 0 Tensor, 1 NTensor, 2 Cx,
/// 3 NCx; last, so a positional initialiser without it is dense). In SPM
/// the placement applies to the slice dims, in DDR to the whole dims.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct TSR {
    pub format: Data_Format,
    pub addr: u64,
    pub shape: *const L_SHAPE,
    pub mem_layout: u32,
}

/// `op_batchnorm_inference` parameters.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct BATCHNORM_INFER_PARAM {
    pub eps: f32,
    /// 0 Tensor, 1 NTensor, 2 Cx, 3 NCx.
    pub mem_layout: u32,
}

/// `op_gemm` parameters (booleans as 0 / 1).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct GEMM_PARAM {
    pub trans_a: u32,
    pub trans_b: u32,
    pub accumulate: u32,
    /// The NE's post-processing activation (see `ne_act`; 0 = none).
    pub act: u32,
    pub act_lo: f32,
    pub act_hi: f32,
}

/// `tsm_ne_gemm`: one NE GEMM instruction on raw SPM addresses.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct NE_GEMM_PARAM {
    pub in_format: Data_Format,
    pub out_format: Data_Format,
    pub a: u64,
    pub b: u64,
    pub out: u64,
    /// 0 for none.
    pub bias: u64,
    pub m: u64,
    pub k: u64,
    pub n: u64,
    pub batch: u64,
    pub trans_a: u32,
    pub trans_b: u32,
    pub broadcast_b: u32,
    pub accumulate: u32,
    /// The NE's post-processing activation (see `ne_act`; 0 = none).
    pub act: u32,
    pub act_lo: f32,
    pub act_hi: f32,
}

/// `act` code of the NE parameter structs: no activation.
pub const TX8_ACT_NONE: u32 = 0;
/// `act` code: `max(x, 0)`.
pub const TX8_ACT_RELU: u32 = 1;
/// `act` code: `min(max(x, act_lo), act_hi)`.
pub const TX8_ACT_CLIP: u32 = 2;

/// The NE activation an `act` code names (fields a C caller leaves out of an
/// initializer are zero, which is "none").
pub fn ne_act(op: &str, act: u32, lo: f32, hi: f32) -> Result<NeAct, SimError> {
    match act {
        TX8_ACT_NONE => Ok(NeAct::None),
        TX8_ACT_RELU => Ok(NeAct::Relu),
        TX8_ACT_CLIP if lo <= hi => Ok(NeAct::Clip { lo, hi }),
        TX8_ACT_CLIP => Err(bad(op, "clip activation needs act_lo <= act_hi (and neither NaN)")),
        _ => Err(bad(op, &format!("unknown activation code {act} (0 none, 1 relu, 2 clip)"))),
    }
}

/// Format code -> format.
pub fn format(code: Data_Format) -> Result<DataFormat, SimError> {
    Ok(match code {
        Fmt_INT8 => DataFormat::Int8,
        Fmt_INT16 => DataFormat::Int16,
        Fmt_INT32 => DataFormat::Int32,
        Fmt_FP16 => DataFormat::Fp16,
        Fmt_BF16 => DataFormat::Bf16,
        Fmt_TF32 => DataFormat::Tf32,
        Fmt_FP32 => DataFormat::Fp32,
        other => return Err(SimError::Host(format!("unknown Data_Format {other}"))),
    })
}

/// `mem_layout` code (0 Tensor, 1 NTensor, 2 Cx, 3 NCx) -> layout.
pub fn mem_layout(code: u32) -> Result<MemLayout, SimError> {
    Ok(match code {
        0 => MemLayout::Tensor,
        1 => MemLayout::NTensor,
        2 => MemLayout::Cx,
        3 => MemLayout::NCx,
        other => return Err(SimError::Host(format!("unknown mem_layout {other} (0 Tensor, 1 NTensor, 2 Cx, 3 NCx)"))),
    })
}

/// The layout code of `layout` (inverse of [`mem_layout`]).
pub fn mem_layout_code(layout: MemLayout) -> u32 {
    match layout {
        MemLayout::Tensor => 0,
        MemLayout::NTensor => 1,
        MemLayout::Cx => 2,
        MemLayout::NCx => 3,
    }
}

/// A checked copy of the shape behind a TSR.
///
/// # Safety
/// `t.shape` must be NULL or point to a live `L_SHAPE`.
pub unsafe fn shape(t: &TSR) -> Result<L_SHAPE, SimError> {
    if t.shape.is_null() {
        return Err(SimError::Host("TSR without shape".into()));
    }
    // SAFETY: the C caller passes a pointer to a live L_SHAPE.
    let s = unsafe { *t.shape };
    if s.dim < 0 || s.dim as usize > MAX_SHAPE_DIM {
        return Err(SimError::Host(format!("L_SHAPE dim {} out of range", s.dim)));
    }
    Ok(s)
}

fn dims(v: &[i32], what: &str) -> Result<Vec<u64>, SimError> {
    v.iter().map(|&d| u64::try_from(d).map_err(|_| SimError::Host(format!("negative {what} {d}")))).collect()
}

/// The SPM tensor a TSR names: its slice shape.
///
/// # Safety
/// `t` must be NULL or point to a live `TSR` whose shape is NULL or live.
pub unsafe fn tsr(t: *const TSR) -> Result<Tsr, SimError> {
    if t.is_null() {
        return Err(SimError::Host("null TSR".into()));
    }
    // SAFETY: the C caller passes a pointer to a live TSR.
    let t = unsafe { *t };
    // SAFETY: guaranteed by the caller.
    let s = unsafe { shape(&t) }?;
    Ok(Tsr { fmt: format(t.format)?, addr: t.addr, dims: dims(&s.shape_slice[..s.dim as usize], "slice dim")? })
}

/// The whole dims and slice start of a TSR (for DMA between DDR and SPM).
///
/// # Safety
/// As for [`tsr`].
pub unsafe fn whole_and_start(t: *const TSR) -> Result<(Vec<u64>, Vec<u64>), SimError> {
    if t.is_null() {
        return Err(SimError::Host("null TSR".into()));
    }
    // SAFETY: as above.
    let s = unsafe { shape(&*t) }?;
    let d = s.dim as usize;
    Ok((dims(&s.shape_whole[..d], "whole dim")?, dims(&s.shape_start[..d], "start")?))
}
