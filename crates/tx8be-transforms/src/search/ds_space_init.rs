//! `tx8be-ds-space-init` (the seed's DS_SpaceInitPass): writes on every
//! group's anchor (its last compute op) the candidate shardings over the
//! tiles, by level, best first ([`super::slice_space::sharding_space`],
//! filtered by the anchor's Sharding interface), as
//! `sharding_space = [[16, array<i64: 1, 1, 1, 16>, ...], ..., [1, array<i64: 1, 1, 1, 1>]]`:
//! one array per level, its first element the tiles the level promises
//! (`2^factor`), then the level's shardings. Informational: the sharding
//! pass does not read it (yet).

use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;

use super::anchor::{group_anchor, groups, last_dim_align, legal, out_dims};
use super::slice_space::{sharding_space, ShardingLevel};

strata_pass::option_free_pass! {
    pub struct DsSpaceInit;
    argument: "tx8be-ds-space-init",
    name: "Tx8beDsSpaceInit",
    description: "Write each group anchor's candidate shardings over the tiles, by level (sharding_space)",
    anchor: Some("func.func"),
}

/// The sharding space of a group's anchor `op` over `tiles` tiles.
pub fn op_sharding_space(ctx: &Context, body: &Body, op: Op, tiles: i64) -> Vec<ShardingLevel> {
    let dims = out_dims(ctx, body, op);
    let ones = vec![1i64; dims.len()];
    sharding_space(&dims, tiles, last_dim_align(ctx, body, op), |s| legal(ctx, body, op, s, &ones))
}

impl DsSpaceInit {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let tiles = crate::attach_target::hardware(target)?.tiles() as i64;
        let ctx = target.ctx;
        let body = &mut *target.body;
        let i64t = ctx.integer_type(64);
        for g in groups(ctx, body) {
            let Some(op) = group_anchor(ctx, body, g) else { continue };
            let levels = op_sharding_space(ctx, body, op, tiles);
            let attr = ctx.array_attr(
                &levels
                    .iter()
                    .map(|l| {
                        let mut items = vec![ctx.integer_attr(i64t, l.tiles())];
                        items.extend(l.shardings.iter().map(|s| tx8be::dialect::values::dense_i64_array(ctx, s)));
                        ctx.array_attr(&items)
                    })
                    .collect::<Vec<_>>(),
            );
            body.set_op_attr(ctx, op, "sharding_space", Some(attr));
        }
        Ok(PreservedAnalyses::none())
    }
}
