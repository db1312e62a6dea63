//! `tx8be-sharding` (the simple schedule's DS_SpaceInit + DS_TileSharding +
//! DS_TileSplit): for the compute op of every group, choose
//! - the sharding: one output dim cut over the tiles (the one that keeps
//!   every tile busiest and moves the fewest bytes, among the dims the
//!   op's Sharding interface allows), written as `tile_parallel`'s
//!   `shape_spatial_sharding`;
//! - the time split: the largest per-step output slice whose buffers fit in
//!   the usable SPM window, found by halving the outermost splittable dim,
//!   written as `dev_info`'s `temporal_mem_slice`.
//!
//! A group no split makes fit is an error naming the op ("does not fit the
//! card"): later issues add splitting of reductions (K) and psum.

use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;
use tx8_cmodel::HardwareConfig;
use tx8be::interfaces::sharding::ShardingSplitParam;
use tx8be::{DevAttr, ParallelAttr};

use crate::boxes::choose_slice;
use crate::group_ops::entry_ops;
use crate::schedule::{group_buffers, tile_steps};

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-sharding",
    description: "Choose each group's sharding over the tiles and its time split (tile_parallel, dev_info.temporal_mem_slice)",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-sharding", |_, _| None)?;
        Ok(Box::new(Sharding { hw: HardwareConfig::default() }))
    },
};

pub struct Sharding {
    pub hw: HardwareConfig,
}

/// The compute op of a group (the op before the store).
pub fn group_compute_op(ctx: &Context, body: &Body, group: Op) -> Option<Op> {
    let region = *body.local_regions(group).first()?;
    let block = body.first_block(region)?;
    body.block_ops(block).find(|&op| {
        let n = ctx.op_name_str(body.op_name(op));
        !matches!(n, "tx8be.load_var" | "tx8be.load_const" | "tx8be.store_var" | "tx8be.yield")
    })
}

/// The groups of a function body, in order.
pub fn groups(ctx: &Context, body: &Body) -> Vec<Op> {
    entry_ops(body).into_iter().filter(|&op| ctx.op_name_str(body.op_name(op)) == "tx8be.group").collect()
}

impl Pass for Sharding {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beSharding"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        for g in groups(ctx, body) {
            let Some(op) = group_compute_op(ctx, body, g) else { continue };
            let (shard, slice) = choose(ctx, body, op, &self.hw)?;
            let mut par = body.op_attr(ctx, op, "tile_parallel").and_then(|a| ParallelAttr::from_attr(ctx, a)).unwrap_or_default();
            par.shape_spatial_sharding = shard.iter().map(|&s| s as i32).collect();
            body.set_op_attr(ctx, op, "tile_parallel", Some(par.to_attr(ctx)));
            let mut dev = body.op_attr(ctx, op, "dev_info").and_then(|a| DevAttr::from_attr(ctx, a)).unwrap_or_default();
            dev.temporal_mem_slice = slice;
            body.set_op_attr(ctx, op, "dev_info", Some(dev.to_attr(ctx)));
        }
        Ok(PreservedAnalyses::none())
    }
}

fn legal(ctx: &Context, body: &Body, op: Op, shard: &[i64], split: &[i64]) -> bool {
    let p = ShardingSplitParam { out_sharding: shard.to_vec(), out_split: split.to_vec() };
    tx8be::interfaces::tile_sharding_split(ctx, body, op, &p).is_ok()
}

/// The chosen (sharding, slice) of `op`.
pub fn choose(ctx: &Context, body: &Body, op: Op, hw: &HardwareConfig) -> Result<(Vec<i64>, Vec<i64>), Diagnostic> {
    let dims: Vec<i64> = ctx.shape(body.value_type(body.result(op, 0))).unwrap_or(&[]).to_vec();
    let rank = dims.len();
    let tiles = hw.tiles() as i64;
    let window = hw.spm_usable_end.saturating_sub(hw.spm_usable_start);
    let ones = vec![1i64; rank];
    // Candidates: each dim the interface lets us cut, over min(dim, tiles) tiles.
    let mut best: Option<(f64, Vec<i64>)> = None;
    for d in 0..rank {
        if dims[d] < 2 {
            continue;
        }
        let mut shard = ones.clone();
        shard[d] = dims[d].min(tiles);
        if !legal(ctx, body, op, &shard, &ones) {
            continue;
        }
        let cost = shard_cost(ctx, body, op, &dims, &shard, tiles as usize)?;
        if best.as_ref().is_none_or(|(c, _)| cost < *c) {
            best = Some((cost, shard));
        }
    }
    let shard = best.map(|(_, s)| s).unwrap_or_else(|| ones.clone());
    let splittable: Vec<bool> = (0..rank)
        .map(|d| {
            let mut split = ones.clone();
            split[d] = 2;
            dims[d] > 1 && legal(ctx, body, op, &shard, &split)
        })
        .collect();
    let tile_box = crate::boxes::shard_boxes(&dims, &shard, tiles as usize).into_iter().flatten().max_by_key(|b| b.size.iter().product::<i64>()).unwrap_or_else(|| crate::boxes::TBox::whole(&dims));
    let fits = |slice: &[i64]| -> bool {
        match tile_steps(ctx, body, op, &shard, slice, tiles as usize).and_then(|s| group_buffers(ctx, body, op, &s, hw)) {
            Ok(b) => b.total() <= window,
            Err(_) => false,
        }
    };
    match choose_slice(&tile_box, &splittable, fits) {
        Some(slice) => Ok((shard, slice)),
        None => Err(Diagnostic::error(
            body.op_loc(op),
            format!(
                "'{}' op does not fit the card: even its smallest slice needs more than the {} bytes of usable SPM per tile",
                ctx.op_name_str(body.op_name(op)),
                window
            ),
        )),
    }
}

/// Estimated cycles of a sharding: the busiest tile's compute plus the DDR
/// traffic of all tiles through the shared DDR bandwidth.
fn shard_cost(ctx: &Context, body: &Body, op: Op, dims: &[i64], shard: &[i64], tiles: usize) -> Result<f64, Diagnostic> {
    let boxes = crate::boxes::shard_boxes(dims, shard, tiles);
    let per_out = work_per_output(ctx, body, op);
    let mut max_elems = 0i64;
    let mut bytes = 0u64;
    for b in boxes.iter().flatten() {
        max_elems = max_elems.max(b.size.iter().product());
        let sb = tx8be::interfaces::sharding::SliceBox { start: b.start.clone(), size: b.size.clone() };
        for (i, ob) in tx8be::interfaces::temporal_slice_shape(ctx, body, op, &sb)?.iter().enumerate() {
            bytes += crate::schedule::slice_bytes(ctx, body, body.operand(op, i), &ob.size);
        }
    }
    let hw = HardwareConfig::default();
    let compute = max_elems as f64 * per_out;
    let ddr = bytes as f64 / hw.ddr_bytes_per_cycle;
    Ok(compute + ddr)
}

/// Cycles per output element on one tile: NE ops do K MACs per output at
/// 4096 MACs per cycle, the rest one CGRA lane-op at 64 per cycle.
fn work_per_output(ctx: &Context, body: &Body, op: Op) -> f64 {
    let shape = |i: usize| ctx.shape(body.value_type(body.operand(op, i))).map(|s| s.to_vec()).unwrap_or_default();
    match ctx.op_name_str(body.op_name(op)) {
        "tx8be.Conv" => {
            let w = shape(1);
            w.iter().take(3).product::<i64>() as f64 / 4096.0
        }
        "tx8be.Gemm" => {
            let a = shape(0);
            *a.last().unwrap_or(&1) as f64 / 4096.0
        }
        _ => 1.0 / 64.0,
    }
}
