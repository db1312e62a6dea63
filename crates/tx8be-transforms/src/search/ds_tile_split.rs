//! `tx8be-ds-tile-split` (the seed's DS_TileSplitPass order): writes on
//! every group's anchor the sequence of temporal split tries of one tile's
//! box ([`super::tile_split::split_tries`]), as
//! `split_tries = [array<i64: k, s0, s1, ...>, ...]`: each try's reduction
//! (GEMM K) split first, then the output split per dim.
//!
//! The tile box is the largest box of the anchor's given sharding
//! (`tile_parallel`), else of the first candidate of its best sharding
//! level; a dim is splittable when the Sharding interface accepts a split
//! of it; every slice may go down to one element (the seed's
//! `sliceShapeMin` is a search option this project does not have yet).
//! Informational: the sharding pass does not read it (yet).

use strata_ir::{Diagnostic, Op};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;

use super::anchor::{group_anchor, groups, legal, out_dims, reduce_extent};
use super::ds_space_init::op_sharding_space;
use super::slice_propagate::given_sharding;
use super::tile_split::{split_tries, SplitBounds, SplitTry};

strata_pass::option_free_pass! {
    pub struct DsTileSplit;
    argument: "tx8be-ds-tile-split",
    name: "Tx8beDsTileSplit",
    description: "Write each group anchor's temporal split tries, in the order DS_TileSplit tries them (split_tries)",
    anchor: Some("func.func"),
}

/// The split tries of `op` under its given (or best) sharding.
pub fn op_split_tries(ctx: &strata_ir::Context, body: &strata_ir::Body, op: Op, tiles: i64) -> Vec<SplitTry> {
    let dims = out_dims(ctx, body, op);
    let shard = given_sharding(ctx, body, op)
        .filter(|s| s.len() == dims.len())
        .or_else(|| op_sharding_space(ctx, body, op, tiles).first().and_then(|l| l.shardings.first().cloned()))
        .unwrap_or_else(|| vec![1; dims.len()]);
    let tile_box: Vec<i64> = dims.iter().zip(&shard).map(|(&d, &s)| (d + s.max(1) - 1) / s.max(1)).collect();
    let splittable = (0..dims.len())
        .map(|d| {
            let mut split = vec![1; dims.len()];
            split[d] = 2;
            tile_box[d] > 1 && legal(ctx, body, op, &shard, &split)
        })
        .collect();
    let bounds = SplitBounds {
        min_slice: vec![1; dims.len()],
        tile_box,
        splittable,
        reduce: reduce_extent(ctx, body, op).map(|k| (k, 1)),
        n_first: false,
    };
    split_tries(&bounds)
}

impl DsTileSplit {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let tiles = crate::attach_target::hardware(target)?.tiles() as i64;
        let ctx = target.ctx;
        let body = &mut *target.body;
        for g in groups(ctx, body) {
            let Some(op) = group_anchor(ctx, body, g) else { continue };
            let tries = op_split_tries(ctx, body, op, tiles);
            let items: Vec<_> = tries
                .iter()
                .map(|t| {
                    let mut v = vec![t.reduce_split];
                    v.extend(&t.split);
                    tx8be::dialect::values::dense_i64_array(ctx, &v)
                })
                .collect();
            body.set_op_attr(ctx, op, "split_tries", Some(ctx.array_attr(&items)));
        }
        Ok(PreservedAnalyses::none())
    }
}
