//! `tx8be-opt-barrier`: decides after which groups the tiles synchronise
//! (`barrier` on `tx8be.group`). A group must wait for every tile of the
//! groups whose outputs it reads, because another tile may have produced
//! the rows it loads. The simple schedule puts a barrier after every group
//! that a later group reads (the seed's opt_barrier, which only syncs the
//! last group of each layer of the group DAG, comes with the next issue);
//! a group nothing later reads needs none, since the host reads the
//! outputs only after every tile has finished.

use std::collections::HashSet;

use strata_ir::{Diagnostic, Op};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;

use crate::sharding::groups;

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-opt-barrier",
    description: "Mark the groups after which all tiles synchronise (barrier)",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-opt-barrier", |_, _| None)?;
        Ok(Box::new(OptBarrier))
    },
};

pub struct OptBarrier;

impl Pass for OptBarrier {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beOptBarrier"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let gs = groups(ctx, body);
        // Groups whose result a later group loads (through reshapes).
        let mut read_later: HashSet<Op> = HashSet::new();
        for &g in &gs {
            let region = body.local_regions(g)[0];
            let Some(block) = body.first_block(region) else { continue };
            for op in body.block_ops(block) {
                if !matches!(ctx.op_name_str(body.op_name(op)), "tx8be.load_var" | "tx8be.load_const") {
                    continue;
                }
                let mut v = body.operand(op, 0);
                while let Some(d) = body.defining_op(v) {
                    match ctx.op_name_str(body.op_name(d)) {
                        "tx8be.Reshape" => v = body.operand(d, 0),
                        "tx8be.group" => {
                            read_later.insert(d);
                            break;
                        }
                        _ => break,
                    }
                }
            }
        }
        for &g in &gs {
            body.set_op_attr(ctx, g, "barrier", Some(ctx.bool_attr(read_later.contains(&g))));
        }
        Ok(PreservedAnalyses::none())
    }
}
