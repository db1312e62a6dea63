//! The exported C functions: tile identity, DMA between DDR and SPM,
//! synchronisation, raw instructions for hand-written kernels (`tsm_*`) and
//! operator-library calls (`op_*`). Each returns the cycles of what it
//! issued (its `TsmExecute` sum) or `TX8_ERROR`.

use crate::capi::args::scratch;
use crate::capi::placed::{call_dense, check_rule, operand, optional, run_dense, Rule};
use crate::capi::types::{self, BATCHNORM_INFER_PARAM, GEMM_PARAM, NE_GEMM_PARAM, TSR};
use crate::capi::{bad, call, query};
use crate::engine::EngineMask;
use crate::isa::{DteCopy, Instr, LoadKind, NeGemm, NeInstr, RdmaInstr, Strided, WdmaInstr};
use crate::layout::MemLayout;
use crate::oplib::{self, dma::DdrTensor};

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
    query(|ctx| u64::from(ctx.tile_id())) as u32
}

/// Number of tiles running the program.
#[no_mangle]
pub extern "C" fn tile_num() -> u32 {
    query(|ctx| u64::from(ctx.num_tiles())) as u32
}

/// First SPM byte address usable for tensors (from the hardware config).
#[no_mangle]
pub extern "C" fn tx8_spm_base() -> u64 {
    query(|ctx| ctx.config().spm_usable_start)
}

/// One past the last SPM byte address usable for tensors.
#[no_mangle]
pub extern "C" fn tx8_spm_end() -> u64 {
    query(|ctx| ctx.config().spm_usable_end)
}

/// Bytes the slice of `t` occupies in SPM in its `mem_layout` (C0 padding
/// and the 256 B batch alignment of Cx/NCx included; the dense size for
/// Tensor/NTensor): what a buffer for it must hold.
///
/// # Safety
/// `t` must be NULL or point to a live TSR whose shape is NULL or live.
#[no_mangle]
pub unsafe extern "C" fn tx8_placed_bytes(t: *const TSR) -> u64 {
    call(|ctx| {
        let o = operand(ctx, t, "tx8_placed_bytes", "t")?;
        Ok(o.placement()?.bytes())
    })
}

fn unsafe_whole(t: *const TSR) -> Result<(Vec<u64>, Vec<u64>), crate::error::SimError> {
    // SAFETY: only called from the unsafe extern functions of this module,
    // whose callers guarantee their pointers (NULL is rejected).
    unsafe { types::whole_and_start(t) }
}

/// Load this tile's slice (`shape_start`, `shape_slice` of `shape_whole`) of
/// the DDR tensor at `ddr_addr` into `dst` (asynchronous: join RDMA). The
/// TSR's `mem_layout` places both: the whole tensor in DDR, the slice in
/// SPM (a blocked slice is blocked for its own channel count).
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_dma_load(dst: *const TSR, ddr_addr: u64) -> u64 {
    load(dst, ddr_addr, LoadKind::Var)
}

/// The shared body of `op_dma_load` and `op_load_const`.
unsafe fn load(dst: *const TSR, ddr_addr: u64, kind: LoadKind) -> u64 {
    let op = match kind {
        LoadKind::Var => "op_dma_load",
        LoadKind::Const => "op_load_const",
    };
    call(|ctx| {
        let t = operand(ctx, dst, op, "dst")?;
        let (whole, start) = unsafe_whole(dst)?;
        oplib::dma::load(ctx, kind, &DdrTensor { addr: ddr_addr, dims: whole }, &start, &t.tsr, t.layout)
    })
}

/// As `op_dma_load`, when buffer `prev` (NULL: none) holds an earlier box
/// of the same DDR tensor (its `L_SHAPE`): if `dst`'s box slides past it
/// (equal but along one dim, where it starts inside `prev`'s box and ends
/// at or past its end: `oplib::slide::slide_overlap`), the overlap is
/// copied from `prev` by TDMA (joined before return unless `op_async_calls`) and only the rest is
/// read from DDR; else the whole box is loaded. A group's halo rows cross
/// the DDR once this way. `prev` and `dst` must not overlap in SPM.
///
/// # Safety
/// Pointer arguments must be NULL (`prev` only) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_dma_load_slide(dst: *const TSR, prev: *const TSR, ddr_addr: u64) -> u64 {
    const OP: &str = "op_dma_load_slide";
    if prev.is_null() {
        return load(dst, ddr_addr, LoadKind::Var);
    }
    call(|ctx| {
        let t = operand(ctx, dst, OP, "dst")?;
        let p = operand(ctx, prev, OP, "prev")?;
        let (whole, start) = unsafe_whole(dst)?;
        let (prev_whole, prev_start) = unsafe_whole(prev)?;
        if prev_whole != whole || p.layout != t.layout {
            return Err(crate::oplib::op_err(OP, "prev holds a box of another tensor or placement"));
        }
        oplib::slide::load_slide(
            ctx,
            &DdrTensor { addr: ddr_addr, dims: whole },
            &p.tsr,
            &prev_start,
            &start,
            &t.tsr,
            t.layout,
        )
    })
}

/// As `op_dma_load`, for a view of a dense DDR tensor: `dst`'s whole
/// dims and box are those of the `rank` dims `dims` whose elements lie
/// `strides` elements apart from `ddr_addr` (row-major; a transpose
/// permutes dims and strides, a slice moves the address), read by strided
/// copies (`oplib::view`), so the viewed tensor never exists in DDR. The
/// buffer must be dense (Tensor / NTensor).
///
/// # Safety
/// `dims` and `strides` must point to `rank` values; other pointers live.
#[no_mangle]
pub unsafe extern "C" fn op_dma_load_view(
    dst: *const TSR,
    ddr_addr: u64,
    rank: u32,
    dims: *const u64,
    strides: *const u64,
) -> u64 {
    const OP: &str = "op_dma_load_view";
    call(|ctx| {
        // SAFETY: the caller's guarantees, passed on.
        let (spm, copies) = unsafe { view_copies(ctx, dst, rank, dims, strides, OP, "dst", false) }?;
        oplib::dma::issue_loads(ctx, LoadKind::Var, ddr_addr, spm, copies)
    })
}

/// As `op_dma_store`, through a view of a dense DDR tensor (the mirror of
/// `op_dma_load_view`): `src`'s whole dims and box are those of the
/// `rank` dims `dims` whose elements lie `strides` elements apart from
/// `ddr_addr`, written by strided copies, so a group stores its result
/// straight into the layout its readers load (a transformer's heads
/// merged back: the transposed tensor is the one in DDR). The view must
/// not put two elements at one place; the buffer must be dense.
///
/// # Safety
/// `dims` and `strides` must point to `rank` values; other pointers live.
#[no_mangle]
pub unsafe extern "C" fn op_dma_store_view(
    src: *const TSR,
    ddr_addr: u64,
    rank: u32,
    dims: *const u64,
    strides: *const u64,
) -> u64 {
    const OP: &str = "op_dma_store_view";
    call(|ctx| {
        // SAFETY: the caller's guarantees, passed on.
        let (spm, copies) = unsafe { view_copies(ctx, src, rank, dims, strides, OP, "src", true) }?;
        oplib::dma::issue_stores(ctx, ddr_addr, spm, copies)
    })
}

/// The SPM address of the dense buffer `t` (argument `arg` of `op`) and
/// the strided copies moving its box of the view of `rank` `dims` and
/// element `strides` (`oplib::view`); `store`: the view must not put two
/// elements at one place (a store through it would lose one).
///
/// # Safety
/// `dims` and `strides` must point to `rank` values; `t` live or NULL.
#[allow(clippy::too_many_arguments)]
unsafe fn view_copies(
    ctx: &mut crate::tile::TileCtx,
    t: *const TSR,
    rank: u32,
    dims: *const u64,
    strides: *const u64,
    op: &str,
    arg: &str,
    store: bool,
) -> Result<(u64, Vec<(u64, u64, crate::isa::Strided)>), crate::error::SimError> {
    let x = operand(ctx, t, op, arg)?;
    if x.layout.is_blocked() {
        return Err(crate::oplib::op_err(op, "a view moves a dense (Tensor / NTensor) buffer"));
    }
    let rank = rank as usize;
    if rank == 0 || rank > 2 * types::MAX_SHAPE_DIM {
        return Err(crate::oplib::op_err(op, format!("rank {rank} is not 1..={}", 2 * types::MAX_SHAPE_DIM)));
    }
    // SAFETY: the caller guarantees `rank` values behind both.
    let dims = unsafe { crate::capi::args::array(dims, rank, op, "dims") }?;
    let strides = unsafe { crate::capi::args::array(strides, rank, op, "strides") }?;
    let (whole, start) = unsafe_whole(t)?;
    let view = oplib::view::StridedView::new(dims, strides, whole).map_err(|e| crate::oplib::op_err(op, e))?;
    if store && !view.is_injective() {
        return Err(crate::oplib::op_err(
            op,
            "the view puts two elements at one place: a store through it would lose one",
        ));
    }
    let copies = view.transfers(&start, &x.tsr.dims, x.tsr.fmt.size() as u64)?;
    Ok((x.tsr.addr, copies))
}

/// As `op_dma_load`, for constants (weights).
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_load_const(dst: *const TSR, ddr_addr: u64) -> u64 {
    load(dst, ddr_addr, LoadKind::Const)
}

/// Store `src` into its slice of the DDR tensor at `ddr_addr` (asynchronous:
/// join WDMA), both placed by the TSR's `mem_layout` as for `op_dma_load`.
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_dma_store(src: *const TSR, ddr_addr: u64) -> u64 {
    call(|ctx| {
        let t = operand(ctx, src, "op_dma_store", "src")?;
        let (whole, start) = unsafe_whole(src)?;
        oplib::dma::store(ctx, &t.tsr, &DdrTensor { addr: ddr_addr, dims: whole }, &start, t.layout)
    })
}

/// Copy box `starts` / `dst`'s slice dims of the SPM tensor `src` (its slice
/// dims are all it holds) into `dst`, by TDMA (synchronous unless `op_async_calls`). Both TSRs'
/// `mem_layout` must agree: a group reads a load's sub-box this way instead
/// of loading it from DDR again.
///
/// # Safety
/// `starts` must hold as many values as `src`'s rank; other pointers live.
#[no_mangle]
pub unsafe extern "C" fn op_spm_box_copy(starts: *const u64, src: *const TSR, dst: *const TSR) -> u64 {
    const OP: &str = "op_spm_box_copy";
    call(|ctx| {
        let x = operand(ctx, src, OP, "src")?;
        let y = operand(ctx, dst, OP, "dst")?;
        if x.layout != y.layout {
            return Err(crate::oplib::op_err(OP, "source and destination placements differ"));
        }
        // SAFETY: the caller guarantees rank values.
        let starts = unsafe { crate::capi::args::array(starts, x.tsr.dims.len(), OP, "starts") }?;
        oplib::dma::spm_box_copy(ctx, &x.tsr, &starts, &y.tsr, x.layout)
    })
}

/// Wait for the engines in `engines` (TX8_ENGINE_* bits).
#[no_mangle]
pub extern "C" fn op_join(engines: u32) -> u64 {
    call(|ctx| ctx.execute(&Instr::Join(EngineMask((engines & TX8_ENGINE_ALL) as u8))))
}

/// `on` != 0: operator calls return once issued, without joining their
/// engines, and the library's scoreboard joins only what a later
/// instruction must wait for (`scoreboard.rs`); 0: every call joins its
/// engines before returning (the default). Per tile.
#[no_mangle]
pub extern "C" fn op_async_calls(on: u32) -> u64 {
    call(|ctx| ctx.set_async_calls(on != 0))
}

/// Cross-tile barrier.
#[no_mangle]
pub extern "C" fn op_barrier() -> u64 {
    call(|ctx| ctx.execute(&Instr::Barrier))
}

/// Zero-cost trace marker: the part of the program from here to the next
/// marker is `id` (tx8c: a group id). Costs no cycles; `report.json`'s
/// `marks` and `trace.json`'s "mark" track show when each tile reached it.
#[no_mangle]
pub extern "C" fn op_mark(id: u32) -> u64 {
    call(|ctx| {
        ctx.mark(id);
        Ok(0)
    })
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
        let shape = Strided { rows, row_bytes, src_stride, dst_stride };
        ctx.execute(&Instr::Rdma(RdmaInstr::Load { kind: LoadKind::Var, ddr, spm, shape }))
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
        let shape = Strided { rows, row_bytes, src_stride, dst_stride };
        ctx.execute(&Instr::Wdma(WdmaInstr::Store { spm, ddr, shape }))
    })
}

/// DTE copy of `bytes` from this tile's SPM to `dst_tile`'s SPM.
#[no_mangle]
pub extern "C" fn tsm_dte_copy(dst_tile: u32, src: u64, dst: u64, bytes: u64) -> u64 {
    call(|ctx| ctx.execute(&Instr::Dte(DteCopy { dst_tile, src, dst, bytes })))
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
            act: types::ne_act("tsm_ne_gemm", p.act, p.act_lo, p.act_hi)?,
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
        const OP: &str = "op_batchnorm_inference";
        let (sc, sh, me, va) = (
            operand(ctx, scale, OP, "scale")?,
            operand(ctx, shift, OP, "shift")?,
            operand(ctx, mean, OP, "mean")?,
            operand(ctx, var, OP, "var")?,
        );
        let (x, y) = (operand(ctx, input, OP, "input")?, operand(ctx, out, OP, "out")?);
        let imm = scratch(ctx, imm, OP, "imm")?;
        check_rule(OP, Rule::Blocked, &[&x, &sc, &sh, &me, &va, &y])?;
        let n = x.tsr.dims.first().copied().unwrap_or(1);
        if layout.is_blocked() != x.layout.is_blocked() || layout.is_blocked() != y.layout.is_blocked() {
            return Err(bad(
                OP,
                &format!(
                    "param mem_layout {layout:?} disagrees with the TSRs (input {:?}, out {:?})",
                    x.layout, y.layout
                ),
            ));
        }
        // The batchnorm reads x and writes out in their placement itself;
        // only the per-channel vectors are seen dense.
        run_dense(ctx, &[&sc, &sh, &me, &va], &[], |ctx| {
            let bn =
                oplib::batchnorm::BnParams { scale: &sc.tsr, shift: &sh.tsr, mean: &me.tsr, var: &va.tsr, eps: p.eps };
            oplib::batchnorm::batchnorm_inference(ctx, &x.tsr, &bn, &y.tsr, layout.fitted(n), imm)
        })
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
            act: types::ne_act("op_gemm", p.act, p.act_lo, p.act_hi)?,
        };
        const OP: &str = "op_gemm";
        let bias = optional(ctx, bias, OP, "bias")?;
        let (a, b) = (operand(ctx, a, OP, "a")?, operand(ctx, b, OP, "b")?);
        let out = operand(ctx, out, OP, "out")?;
        let mut ins = vec![&a, &b];
        ins.extend(bias.as_ref());
        call_dense(ctx, OP, Rule::Either, &ins, &[&out], |ctx| {
            oplib::gemm::matmul(ctx, &a.tsr, &b.tsr, bias.as_ref().map(|t| &t.tsr), &out.tsr, flags)
        })
    })
}

/// Softmax over the last axis.
///
/// # Safety
/// Pointer arguments must be NULL (where allowed) or point to live, initialised values.
#[no_mangle]
pub unsafe extern "C" fn op_softmax(input: *const TSR, imm: *const TSR, out: *const TSR) -> u64 {
    const OP: &str = "op_softmax";
    call(|ctx| {
        let x = operand(ctx, input, OP, "input")?;
        let y = operand(ctx, out, OP, "out")?;
        let imm = scratch(ctx, imm, OP, "imm")?;
        call_dense(ctx, OP, Rule::Dense, &[&x], &[&y], |ctx| oplib::normalize::softmax(ctx, &x.tsr, &y.tsr, imm))
    })
}
