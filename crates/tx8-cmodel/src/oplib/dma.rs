//! Load and store between DDR and SPM: a tile's box of a dense DDR tensor
//! (the seed's `L_SHAPE` shape_start / shape_slice of shape_whole) moved by
//! RDMA (`op_loadVar` / `op_loadConst`) or WDMA (`op_dma_store`), with as
//! few strided descriptors as the box allows. Both only issue: join RDMA /
//! WDMA before touching the data (see the module doc of `oplib`).
//!
//! A channel-blocked tensor (Cx/NCx) is blocked in DDR as a whole and in
//! SPM as the box (see `blocked_box`); dense ones are row-major on both sides.

use crate::dtype::DataFormat;
use crate::error::SimError;
use crate::isa::{Instr, LoadKind, RdmaInstr, Strided, WdmaInstr};
use crate::layout::MemLayout;
use crate::oplib::{op_err, Emitter, Tsr};
use crate::tile::TileCtx;

/// A dense tensor in DDR.
#[derive(Debug, Clone, PartialEq)]
pub struct DdrTensor {
    pub addr: u64,
    pub dims: Vec<u64>,
}

fn check(op: &str, whole: &DdrTensor, start: &[u64], spm: &Tsr) -> Result<(), SimError> {
    let r = whole.dims.len();
    if start.len() != r || spm.dims.len() != r {
        return Err(op_err(op, "start and the SPM tensor must have the DDR tensor's rank"));
    }
    if (0..r).any(|d| start[d] + spm.dims[d] > whole.dims[d]) {
        return Err(op_err(op, "the box leaves the DDR tensor"));
    }
    Ok(())
}

/// The copies (DDR offset, SPM offset, shape) of box `start` / `spm.dims`
/// of `whole` in placement kind `layout`.
fn copies(
    op: &str,
    whole: &DdrTensor,
    start: &[u64],
    spm: &Tsr,
    layout: MemLayout,
) -> Result<Vec<(u64, u64, Strided)>, SimError> {
    check(op, whole, start, spm)?;
    Ok(tx8_target::transfers::box_transfers(op, &whole.dims, start, &spm.dims, spm.fmt, layout)?)
}

/// How many DMA descriptors (RDMA / WDMA instructions, each paying the
/// descriptor start) `load` or `store` issues for box `start` / `size` of a
/// DDR tensor of dims `whole` in `fmt`, placed as `layout`: what the
/// compiler's cost model charges a transfer.
pub fn descriptor_count(
    whole: &[u64],
    start: &[u64],
    size: &[u64],
    fmt: DataFormat,
    layout: MemLayout,
) -> Result<usize, SimError> {
    let w = DdrTensor { addr: 0, dims: whole.to_vec() };
    Ok(copies("descriptor_count", &w, start, &Tsr::new(fmt, 0, size), layout)?.len())
}

/// Load box `[start, start + out.dims)` of `whole` (elements of `out.fmt`,
/// placed in the kind of `layout`) into `out`.
pub fn load(
    ctx: &mut TileCtx,
    kind: LoadKind,
    whole: &DdrTensor,
    start: &[u64],
    out: &Tsr,
    layout: MemLayout,
) -> Result<u64, SimError> {
    let copies = copies("load", whole, start, out, layout)?;
    issue_loads(ctx, kind, whole.addr, out.addr, copies)
}

/// Issue RDMA copies (DDR offset from `ddr`, SPM offset from `spm`,
/// shape), not joined: what `load` and a slide's new part issue.
pub(crate) fn issue_loads(
    ctx: &mut TileCtx,
    kind: LoadKind,
    ddr: u64,
    spm: u64,
    copies: Vec<(u64, u64, Strided)>,
) -> Result<u64, SimError> {
    let mut em = Emitter::new(ctx);
    for (src, dst, shape) in copies {
        em.emit(Instr::Rdma(RdmaInstr::Load { kind, ddr: ddr + src, spm: spm + dst, shape }))?;
    }
    Ok(em.finish_async())
}

/// Issue the WDMA stores of `copies` (DDR offset, SPM offset, shape as a
/// load would move the bytes: `oplib::view::StridedView::transfers`) from
/// SPM `spm` to DDR `ddr`: the same rows, walked backwards.
pub(crate) fn issue_stores(
    ctx: &mut TileCtx,
    ddr: u64,
    spm: u64,
    copies: Vec<(u64, u64, Strided)>,
) -> Result<u64, SimError> {
    let mut em = Emitter::new(ctx);
    for (ddr_off, spm_off, s) in copies {
        let shape =
            Strided { rows: s.rows, row_bytes: s.row_bytes, src_stride: s.dst_stride, dst_stride: s.src_stride };
        em.emit(Instr::Wdma(WdmaInstr::Store { spm: spm + spm_off, ddr: ddr + ddr_off, shape }))?;
    }
    Ok(em.finish_async())
}

/// Store `x` into box `[start, start + x.dims)` of `whole` (both placed in
/// the kind of `layout`).
pub fn store(ctx: &mut TileCtx, x: &Tsr, whole: &DdrTensor, start: &[u64], layout: MemLayout) -> Result<u64, SimError> {
    let copies = copies("store", whole, start, x, layout)?;
    let mut em = Emitter::new(ctx);
    for (ddr_off, spm_off, s) in copies {
        // The copies describe DDR -> SPM; a store walks the same rows backwards.
        let shape =
            Strided { rows: s.rows, row_bytes: s.row_bytes, src_stride: s.dst_stride, dst_stride: s.src_stride };
        em.emit(Instr::Wdma(WdmaInstr::Store { spm: x.addr + spm_off, ddr: whole.addr + ddr_off, shape }))?;
    }
    Ok(em.finish_async())
}

/// Copy box `[start, start + out.dims)` of the SPM tensor `x` (its dims are
/// the whole of what it holds) into `out` by TDMA, both placed in the kind
/// of `layout` as a loaded box is: what a group does instead of reading
/// DDR again when one of its loads is a sub-box of another load of the
/// same value (a residual add's rows inside the halo rows its conv
/// loaded). Synchronous (TDMA joined before it returns) unless the tile
/// runs `op_async_calls`.
pub fn spm_box_copy(ctx: &mut TileCtx, x: &Tsr, start: &[u64], out: &Tsr, layout: MemLayout) -> Result<u64, SimError> {
    const OP: &str = "op_spm_box_copy";
    if x.fmt != out.fmt {
        return Err(op_err(OP, "source and destination formats differ"));
    }
    let whole = DdrTensor { addr: x.addr, dims: x.dims.clone() };
    let copies = copies(OP, &whole, start, out, layout)?;
    crate::oplib::movement::tdma_copies(ctx, x.addr, out.addr, copies)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptor_count_follows_the_box() {
        let bf = DataFormat::Bf16;
        // Whole rows of a dense tensor: one contiguous copy.
        assert_eq!(descriptor_count(&[8, 16], &[2, 0], &[4, 16], bf, MemLayout::Tensor).unwrap(), 1);
        // A column slice of a dense matrix: still one strided copy.
        assert_eq!(descriptor_count(&[8, 16], &[0, 4], &[8, 8], bf, MemLayout::Tensor).unwrap(), 1);
        // A box leaving the tensor is refused, as a load of it would be.
        assert!(descriptor_count(&[8, 16], &[6, 0], &[4, 16], bf, MemLayout::Tensor).is_err());
        // The count is what `copies` gives a load.
        let w = DdrTensor { addr: 0, dims: vec![2, 4, 4, 128] };
        let n = copies("t", &w, &[0, 1, 0, 64], &Tsr::new(bf, 0, &[2, 2, 4, 64]), MemLayout::NCx).unwrap().len();
        assert_eq!(descriptor_count(&[2, 4, 4, 128], &[0, 1, 0, 64], &[2, 2, 4, 64], bf, MemLayout::NCx).unwrap(), n);
        assert!(n >= 1);
    }

    #[test]
    fn spm_box_copy_refuses_a_box_outside_its_source() {
        let bf = DataFormat::Bf16;
        let x = Tsr::new(bf, 0x10000, &[1, 4, 4, 64]);
        let out = Tsr::new(bf, 0x20000, &[1, 2, 4, 64]);
        assert!(copies("t", &DdrTensor { addr: 0, dims: x.dims.clone() }, &[0, 3, 0, 0], &out, MemLayout::NCx).is_err());
        assert!(copies("t", &DdrTensor { addr: 0, dims: x.dims.clone() }, &[0, 2, 0, 0], &out, MemLayout::NCx).is_ok());
    }
}
