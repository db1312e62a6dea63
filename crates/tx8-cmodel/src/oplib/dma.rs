//! Load and store between DDR and SPM: a tile's box of a dense DDR tensor
//! (the seed's `L_SHAPE` shape_start / shape_slice of shape_whole) moved by
//! RDMA (`op_loadVar` / `op_loadConst`) or WDMA (`op_dma_store`), with as
//! few strided descriptors as the box allows. Both only issue: join RDMA /
//! WDMA before touching the data (see the module doc of `oplib`).

use crate::error::SimError;
use crate::isa::{Instr, LoadKind, RdmaInstr, Strided, WdmaInstr};
use crate::oplib::movement::box_copies;
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
        return Err(op_err(
            op,
            "start and the SPM tensor must have the DDR tensor's rank",
        ));
    }
    if (0..r).any(|d| start[d] + spm.dims[d] > whole.dims[d]) {
        return Err(op_err(op, "the box leaves the DDR tensor"));
    }
    Ok(())
}

/// Load box `[start, start + out.dims)` of `whole` (elements of `out.fmt`) into `out`.
pub fn load(
    ctx: &mut TileCtx,
    kind: LoadKind,
    whole: &DdrTensor,
    start: &[u64],
    out: &Tsr,
) -> Result<u64, SimError> {
    check("load", whole, start, out)?;
    let mut em = Emitter::new(ctx);
    for (src, dst, shape) in box_copies(&whole.dims, start, &out.dims, out.fmt.size() as u64) {
        em.emit(Instr::Rdma(RdmaInstr::Load {
            kind,
            ddr: whole.addr + src,
            spm: out.addr + dst,
            shape,
        }))?;
    }
    Ok(em.finish_async())
}

/// Store `x` into box `[start, start + x.dims)` of `whole`.
pub fn store(
    ctx: &mut TileCtx,
    x: &Tsr,
    whole: &DdrTensor,
    start: &[u64],
) -> Result<u64, SimError> {
    check("store", whole, start, x)?;
    let mut em = Emitter::new(ctx);
    for (ddr_off, spm_off, s) in box_copies(&whole.dims, start, &x.dims, x.fmt.size() as u64) {
        // box_copies describes DDR -> SPM; a store walks the same rows backwards.
        let shape = Strided {
            rows: s.rows,
            row_bytes: s.row_bytes,
            src_stride: s.dst_stride,
            dst_stride: s.src_stride,
        };
        em.emit(Instr::Wdma(WdmaInstr::Store {
            spm: x.addr + spm_off,
            ddr: whole.addr + ddr_off,
            shape,
        }))?;
    }
    Ok(em.finish_async())
}
