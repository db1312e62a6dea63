//! Sliding loads, issued: `op_dma_load_slide` runs the plan of
//! `tx8_target::slide` (the overlap from the previous buffer by TDMA, the
//! rest from DDR by RDMA), which the compiler's cost model counts too.

use tx8_target::slide::slide_plan;

use crate::error::SimError;
use crate::isa::LoadKind;
use crate::layout::MemLayout;
use crate::oplib::dma::{issue_loads, load, DdrTensor};
use crate::oplib::Tsr;
use crate::tile::TileCtx;

/// Load box `start` / `out.dims` of `whole` into `out` (placed as a loaded
/// box of `layout`), taking the part it shares with the box `prev_start` /
/// `prev.dims` that buffer `prev` holds from there by TDMA (joined before
/// return unless `op_async_calls`) and the rest from DDR by RDMA (asynchronous, as
/// `dma::load`); the whole box from DDR when it does not slide.
pub fn load_slide(
    ctx: &mut TileCtx,
    whole: &DdrTensor,
    prev: &Tsr,
    prev_start: &[u64],
    start: &[u64],
    out: &Tsr,
    layout: MemLayout,
) -> Result<u64, SimError> {
    const OP: &str = "op_dma_load_slide";
    if prev.fmt != out.fmt {
        return Err(crate::oplib::op_err(OP, "the previous buffer's format differs"));
    }
    let plan = slide_plan(&whole.dims, prev_start, &prev.dims, start, &out.dims, out.fmt, layout)?;
    let Some(plan) = plan else { return load(ctx, LoadKind::Var, whole, start, out, layout) };
    // The box's own bounds, as a load checks them.
    if (0..start.len()).any(|d| start[d] + out.dims[d] > whole.dims[d]) {
        return Err(crate::oplib::op_err(OP, "the box leaves the DDR tensor"));
    }
    let copied = crate::oplib::movement::tdma_copies(ctx, prev.addr, out.addr, plan.tdma)?;
    Ok(copied + issue_loads(ctx, LoadKind::Var, whole.addr, out.addr, plan.rdma)?)
}
