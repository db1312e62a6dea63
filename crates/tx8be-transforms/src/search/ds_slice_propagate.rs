//! `tx8be-ds-slice-propagate` (the seed's DS_SlicePropagatePass): from the
//! sharding of each group's anchor (its given `tile_parallel`), the
//! sharding of every other op of the group, loads included
//! ([`super::slice_propagate::propagate`]), written as that op's
//! `tile_parallel.shape_spatial_sharding` (other fields kept). A group
//! whose anchor has no sharding yet is left alone. Informational today:
//! codegen reads only the anchor's; the lead may feed it in later.

use strata_ir::Diagnostic;
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8be::interfaces::sharding::ShardingSplitParam;
use tx8be::ParallelAttr;
use tx8be::{op_kind, OpKind};

use super::anchor::{group_anchor, groups};
use super::slice_propagate::{given_sharding, propagate};
use super::template_cache::group_block_ops;

strata_pass::option_free_pass! {
    pub struct DsSlicePropagate;
    argument: "tx8be-ds-slice-propagate",
    name: "Tx8beDsSlicePropagate",
    description: "Propagate each group anchor's tile_parallel sharding backwards to every op of the group",
    anchor: Some("func.func"),
}

impl DsSlicePropagate {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        for g in groups(ctx, body) {
            let Some(anchor) = group_anchor(ctx, body, g) else { continue };
            let Some(shard) = given_sharding(ctx, body, anchor) else { continue };
            let output = ShardingSplitParam { out_split: vec![1; shard.len()], out_sharding: shard };
            let ops = group_block_ops(body, g);
            let found = propagate(ctx, body, &ops, &output)?;
            for s in found {
                if s.op == anchor || op_kind(ctx, body, s.op) == Some(OpKind::StoreVar) {
                    continue;
                }
                let mut par = body
                    .op_attr(ctx, s.op, "tile_parallel")
                    .and_then(|a| ParallelAttr::from_attr(ctx, a))
                    .unwrap_or_default();
                par.shape_spatial_sharding = s.result.out_sharding.iter().map(|&f| f as i32).collect();
                body.set_op_attr(ctx, s.op, "tile_parallel", Some(par.to_attr(ctx)));
            }
        }
        Ok(PreservedAnalyses::none())
    }
}
