//! The exported C functions: tile identity, DMA between DDR and SPM,
//! synchronisation, raw instructions for hand-written kernels (`tsm_*`) and
//! operator-library calls (`op_*`). Each returns the cycles of what it
//! issued (its `TsmExecute` sum) or `TX8_ERROR`.

use crate::capi::types::{self, BATCHNORM_INFER_PARAM, GEMM_PARAM, NE_GEMM_PARAM, TSR};
use crate::capi::{bad, call};
use crate::engine::EngineMask;
use crate::isa::{
    BinaryOp, DteCopy, Instr, LoadKind, NeGemm, NeInstr, RdmaInstr, Strided, UnaryOp, WdmaInstr,
};
use crate::layout::MemLayout;
use crate::oplib::{self, dma::DdrTensor, Scratch};

/// Engine bits for `op_join` (bit i = engine i).
pub const TX8_ENGINE_CT: u32 = 1 << 1;
pub const TX8_ENGINE_NE: u32 = 1 << 2;
pub const TX8_ENGINE_RDMA: u32 = 1 << 3;
pub const TX8_ENGINE_WDMA: u32 = 1 << 4;
pub const TX8_ENGINE_TDMA: u32 = 1 << 5;
pub const TX8_ENGINE_DTE: u32 = 1 << 6;
pub const TX8_ENGINE_ALL: u32 = 0x7E;

/// This tile's id.
#[no_mangle]
pub extern "C" fn tile_id() -> u32 {
    call(|ctx| Ok(u64::from(ctx.tile_id()))) as u32
}

/// Number of tiles running the program.
#[no_mangle]
pub extern "C" fn tile_num() -> u32 {
    call(|ctx| Ok(u64::from(ctx.num_tiles()))) as u32
}

/// First SPM byte address usable for tensors (from the hardware config).
#[no_mangle]
pub extern "C" fn tx8_spm_base() -> u64 {
    call(|ctx| Ok(ctx.config().spm_usable_start))
}

/// One past the last SPM byte address usable for tensors.
#[no_mangle]
pub extern "C" fn tx8_spm_end() -> u64 {
    call(|ctx| Ok(ctx.config().spm_usable_end))
}

fn unsafe_tsr(t: *const TSR) -> Result<oplib::Tsr, crate::error::SimError> {
    // SAFETY: only called from the unsafe extern functions of this module,
    // whose callers guarantee their pointers.
    unsafe { types::tsr(t) }
}

fn unsafe_whole(t: *const TSR) -> Result<(Vec<u64>, Vec<u64>), crate::error::SimError> {
    // SAFETY: as for `unsafe_tsr`.
    unsafe { types::whole_and_start(t) }
}

fn scratch(t: *const TSR) -> Result<Scratch, crate::error::SimError> {
    let s = unsafe_tsr(t)?;
    Ok(Scratch {
        addr: s.addr,
        bytes: s.bytes(),
    })
}

/// Load this tile's slice (`shape_start`, `shape_slice` of `shape_whole`) of
/// the dense DDR tensor at `ddr_addr` into `dst` (asynchronous: join RDMA).
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_dma_load(dst: *const TSR, ddr_addr: u64) -> u64 {
    load(dst, ddr_addr, LoadKind::Var)
}

/// The shared body of `op_dma_load` and `op_load_const`.
unsafe fn load(dst: *const TSR, ddr_addr: u64, kind: LoadKind) -> u64 {
    call(|ctx| {
        let (whole, start) = unsafe_whole(dst)?;
        oplib::dma::load(
            ctx,
            kind,
            &DdrTensor {
                addr: ddr_addr,
                dims: whole,
            },
            &start,
            &unsafe_tsr(dst)?,
        )
    })
}

/// As `op_dma_load`, for constants (weights).
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_load_const(dst: *const TSR, ddr_addr: u64) -> u64 {
    load(dst, ddr_addr, LoadKind::Const)
}

/// Store `src` into its slice of the dense DDR tensor at `ddr_addr` (asynchronous: join WDMA).
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_dma_store(src: *const TSR, ddr_addr: u64) -> u64 {
    call(|ctx| {
        let (whole, start) = unsafe_whole(src)?;
        oplib::dma::store(
            ctx,
            &unsafe_tsr(src)?,
            &DdrTensor {
                addr: ddr_addr,
                dims: whole,
            },
            &start,
        )
    })
}

/// Wait for the engines in `engines` (TX8_ENGINE_* bits).
#[no_mangle]
pub extern "C" fn op_join(engines: u32) -> u64 {
    call(|ctx| ctx.execute(&Instr::Join(EngineMask((engines & TX8_ENGINE_ALL) as u8))))
}

/// Cross-tile barrier.
#[no_mangle]
pub extern "C" fn op_barrier() -> u64 {
    call(|ctx| ctx.execute(&Instr::Barrier))
}

/// RDMA strided copy DDR -> SPM.
#[no_mangle]
pub extern "C" fn tsm_rdma_load(
    ddr: u64,
    spm: u64,
    rows: u64,
    row_bytes: u64,
    src_stride: u64,
    dst_stride: u64,
) -> u64 {
    call(|ctx| {
        let shape = Strided {
            rows,
            row_bytes,
            src_stride,
            dst_stride,
        };
        ctx.execute(&Instr::Rdma(RdmaInstr::Load {
            kind: LoadKind::Var,
            ddr,
            spm,
            shape,
        }))
    })
}

/// WDMA strided copy SPM -> DDR.
#[no_mangle]
pub extern "C" fn tsm_wdma_store(
    spm: u64,
    ddr: u64,
    rows: u64,
    row_bytes: u64,
    src_stride: u64,
    dst_stride: u64,
) -> u64 {
    call(|ctx| {
        let shape = Strided {
            rows,
            row_bytes,
            src_stride,
            dst_stride,
        };
        ctx.execute(&Instr::Wdma(WdmaInstr::Store { spm, ddr, shape }))
    })
}

/// DTE copy of `bytes` from this tile's SPM to `dst_tile`'s SPM.
#[no_mangle]
pub extern "C" fn tsm_dte_copy(dst_tile: u32, src: u64, dst: u64, bytes: u64) -> u64 {
    call(|ctx| {
        ctx.execute(&Instr::Dte(DteCopy {
            dst_tile,
            src,
            dst,
            bytes,
        }))
    })
}

/// One NE GEMM instruction.
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn tsm_ne_gemm(p: *const NE_GEMM_PARAM) -> u64 {
    call(|ctx| {
        if p.is_null() {
            return Err(bad("tsm_ne_gemm", "null parameters"));
        }
        // SAFETY: the C caller passes a pointer to a live NE_GEMM_PARAM.
        let p = unsafe { *p };
        ctx.execute(&Instr::Neur(NeInstr::Gemm(NeGemm {
            in_fmt: types::format(p.in_format)?,
            out_fmt: types::format(p.out_format)?,
            a: p.a,
            b: p.b,
            out: p.out,
            bias: (p.bias != 0).then_some(p.bias),
            m: p.m,
            k: p.k,
            n: p.n,
            batch: p.batch,
            trans_a: p.trans_a != 0,
            trans_b: p.trans_b != 0,
            broadcast_b: p.broadcast_b != 0,
            accumulate: p.accumulate != 0,
        })))
    })
}

/// Scalar-unit work of `cycles` (loop control, address arithmetic).
#[no_mangle]
pub extern "C" fn tsm_scalar(cycles: u64) -> u64 {
    call(|ctx| ctx.execute(&Instr::Scalar { cycles }))
}

/// BatchNorm inference (the seed's signature); `imm` is scratch space.
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_batchnorm_inference(
    param: *const BATCHNORM_INFER_PARAM,
    input: *const TSR,
    scale: *const TSR,
    shift: *const TSR,
    mean: *const TSR,
    var: *const TSR,
    imm: *const TSR,
    out: *const TSR,
) -> u64 {
    call(|ctx| {
        if param.is_null() {
            return Err(bad("op_batchnorm_inference", "null parameters"));
        }
        // SAFETY: the C caller passes a pointer to a live parameter struct.
        let p = unsafe { *param };
        let layout = match p.mem_layout {
            0 => MemLayout::Tensor,
            1 => MemLayout::NTensor,
            2 => MemLayout::Cx,
            3 => MemLayout::NCx,
            _ => return Err(bad("op_batchnorm_inference", "mem_layout must be 0..3")),
        };
        let (sc, sh, me, va) = (
            unsafe_tsr(scale)?,
            unsafe_tsr(shift)?,
            unsafe_tsr(mean)?,
            unsafe_tsr(var)?,
        );
        let bn = oplib::batchnorm::BnParams {
            scale: &sc,
            shift: &sh,
            mean: &me,
            var: &va,
            eps: p.eps,
        };
        oplib::batchnorm::batchnorm_inference(
            ctx,
            &unsafe_tsr(input)?,
            &bn,
            &unsafe_tsr(out)?,
            layout,
            scratch(imm)?,
        )
    })
}

/// GEMM / matmul on the NE; `bias` may be NULL.
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_gemm(
    param: *const GEMM_PARAM,
    a: *const TSR,
    b: *const TSR,
    bias: *const TSR,
    out: *const TSR,
) -> u64 {
    call(|ctx| {
        if param.is_null() {
            return Err(bad("op_gemm", "null parameters"));
        }
        // SAFETY: the C caller passes a pointer to a live parameter struct.
        let p = unsafe { *param };
        let flags = oplib::gemm::GemmFlags {
            trans_a: p.trans_a != 0,
            trans_b: p.trans_b != 0,
            accumulate: p.accumulate != 0,
        };
        let bias = if bias.is_null() {
            None
        } else {
            Some(unsafe_tsr(bias)?)
        };
        oplib::gemm::matmul(
            ctx,
            &unsafe_tsr(a)?,
            &unsafe_tsr(b)?,
            bias.as_ref(),
            &unsafe_tsr(out)?,
            flags,
        )
    })
}

/// Softmax over the last axis.
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_softmax(input: *const TSR, imm: *const TSR, out: *const TSR) -> u64 {
    call(|ctx| {
        oplib::normalize::softmax(ctx, &unsafe_tsr(input)?, &unsafe_tsr(out)?, scratch(imm)?)
    })
}

/// Element-wise binary op with broadcasting: `op` 0 add, 1 sub, 2 mul, 3 div, 4 max, 5 min.
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_eltwise_binary(
    op: u32,
    a: *const TSR,
    b: *const TSR,
    imm: *const TSR,
    out: *const TSR,
) -> u64 {
    call(|ctx| {
        let op = [
            BinaryOp::Add,
            BinaryOp::Sub,
            BinaryOp::Mul,
            BinaryOp::Div,
            BinaryOp::Max,
            BinaryOp::Min,
        ]
        .get(op as usize)
        .copied()
        .ok_or_else(|| bad("op_eltwise_binary", "op must be 0..5"))?;
        oplib::elementwise::binary(
            ctx,
            op,
            &unsafe_tsr(a)?,
            &unsafe_tsr(b)?,
            &unsafe_tsr(out)?,
            scratch(imm)?,
        )
    })
}

/// Element-wise unary op: 0 relu, 1 exp, 2 sigmoid, 3 tanh, 4 gelu, 5 silu, 6 abs, 7 rsqrt.
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_eltwise_unary(op: u32, input: *const TSR, out: *const TSR) -> u64 {
    call(|ctx| {
        let op = [
            UnaryOp::Relu,
            UnaryOp::Exp,
            UnaryOp::Sigmoid,
            UnaryOp::Tanh,
            UnaryOp::Gelu,
            UnaryOp::Silu,
            UnaryOp::Abs,
            UnaryOp::Rsqrt,
        ]
        .get(op as usize)
        .copied()
        .ok_or_else(|| bad("op_eltwise_unary", "op must be 0..7"))?;
        oplib::elementwise::unary(ctx, op, &unsafe_tsr(input)?, &unsafe_tsr(out)?)
    })
}
