//! The seed's BatchNorm `main.c`, as an SPMD program on every tile:
//!
//! ```text
//! while (!input_done) { load input; load params; op_batchnorm_inference; store }
//! ```
//!
//! The input [N, H, W, C] (dense NHWC in DDR) is sharded over tiles along C
//! (the only dim batchnorm may shard, per the seed's tileShardingSplit) and
//! split in time along H. The parameters are loaded once per tile (they do
//! not change between splits). Input and output buffers are doubled: the
//! load of split i+1 and the store of split i-1 run while split i computes.

use crate::card::{Card, RunResult};
use crate::dtype::DataFormat;
use crate::engine::{Engine, EngineMask};
use crate::error::SimError;
use crate::isa::{Instr, LoadKind};
use crate::layout::MemLayout;
use crate::oplib::batchnorm::{batchnorm_inference, BnParams};
use crate::oplib::dma::{load, store, DdrTensor};
use crate::oplib::{Scratch, Tsr};
use crate::tile::TileCtx;

/// Problem and DDR placement: x and y are [N, H, W, C] in `fmt`; the four
/// parameter vectors are fp32 [C].
#[derive(Debug, Clone)]
pub struct BnProblem {
    pub fmt: DataFormat,
    pub dims: [u64; 4],
    /// Rows of H per time split.
    pub h_split: u64,
    pub eps: f32,
    pub x_ddr: u64,
    pub y_ddr: u64,
    /// scale, shift, mean, var.
    pub params_ddr: [u64; 4],
}

/// The per-tile program.
pub fn program(ctx: &mut TileCtx, p: &BnProblem) -> Result<(), SimError> {
    let [n, h, w, c] = p.dims;
    let tiles = u64::from(ctx.num_tiles());
    let bad = |r: &str| SimError::Operator { op: "batchnorm program".into(), reason: r.into() };
    if c % tiles != 0 || p.h_split == 0 || h % p.h_split != 0 {
        return Err(bad("C must split over tiles and H into time splits"));
    }
    let ct = c / tiles;
    let c0 = u64::from(ctx.tile_id()) * ct;
    let es = p.fmt.size() as u64;
    let split = [n, p.h_split, w, ct];
    let split_bytes = n * p.h_split * w * ct * es;
    // SPM plan: params, 2 inputs, 2 outputs, scratch.
    let align = |x: u64| x.div_ceil(256) * 256;
    let mut at = ctx.config().spm_usable_start;
    let mut take = |bytes: u64| {
        let a = at;
        at += align(bytes);
        a
    };
    let params: Vec<Tsr> = (0..4).map(|_| Tsr::new(DataFormat::Fp32, take(ct * 4), &[ct])).collect();
    let xs = [take(split_bytes), take(split_bytes)];
    let ys = [take(split_bytes), take(split_bytes)];
    let imm_bytes = split_bytes / es * 4 + 4 * (ct + 256) * 4;
    let imm = Scratch { addr: take(imm_bytes), bytes: imm_bytes };
    if at > ctx.config().spm_usable_end {
        return Err(bad("time split too large for SPM"));
    }
    let whole = |addr| DdrTensor { addr, dims: p.dims.to_vec() };
    for (t, &ddr) in params.iter().zip(&p.params_ddr) {
        load(ctx, LoadKind::Const, &DdrTensor { addr: ddr, dims: vec![c] }, &[c0], t, MemLayout::NTensor)?;
    }
    let splits = h / p.h_split;
    let x_at = |i: u64| Tsr::new(p.fmt, xs[(i % 2) as usize], &split);
    let y_at = |i: u64| Tsr::new(p.fmt, ys[(i % 2) as usize], &split);
    let start = |i: u64| [0, i * p.h_split, 0, c0];
    load(ctx, LoadKind::Var, &whole(p.x_ddr), &start(0), &x_at(0), MemLayout::NTensor)?;
    for i in 0..splits {
        // Input i (and the params) are in. Input buffer (i+1)%2 was last read
        // by compute i-1, which has returned, so the next load can start.
        ctx.execute(&Instr::Join(EngineMask::of(&[Engine::Rdma])))?;
        if i + 1 < splits {
            load(ctx, LoadKind::Var, &whole(p.x_ddr), &start(i + 1), &x_at(i + 1), MemLayout::NTensor)?;
        }
        // Output buffer i%2 was last read by store i-2, joined in iteration i-1.
        let bn = BnParams { scale: &params[0], shift: &params[1], mean: &params[2], var: &params[3], eps: p.eps };
        batchnorm_inference(ctx, &x_at(i), &bn, &y_at(i), MemLayout::NTensor, imm)?;
        // Store i-1 ran during this compute; wait for it before queueing store i.
        ctx.execute(&Instr::Join(EngineMask::of(&[Engine::Wdma])))?;
        store(ctx, &y_at(i), &whole(p.y_ddr), &start(i), MemLayout::NTensor)?;
    }
    ctx.execute(&Instr::Join(EngineMask::of(&[Engine::Rdma, Engine::Wdma])))?;
    Ok(())
}

/// Run the program on every tile of `card` (inputs already in DDR).
pub fn run(card: &Card, p: &BnProblem) -> Result<RunResult, SimError> {
    card.run(|ctx| program(ctx, p))
}
