//! `tx8be-estimate`: records the cost model's estimate of every group
//! (`cost::estimate_group`) on the group as `estimated_cycles`, so the
//! report compares it with the simulated cycles and a reader of the IR
//! sees what the compiler expected. Run after the schedule is final
//! (after tx8be-opt-barrier: a group's barrier is part of its cost).

use strata_ir::Diagnostic;
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;

use crate::cost::estimate_group;
use tx8be::schedule::groups::groups;

strata_pass::option_free_pass! {
    pub struct Estimate;
    argument: "tx8be-estimate",
    name: "Tx8beEstimate",
    description: "Record the cost model's cycles of every group (estimated_cycles)",
    anchor: Some("func.func"),
}

impl Estimate {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let hw = crate::attach_target::hardware(target)?;
        let ctx = target.ctx;
        let body = &mut *target.body;
        for g in groups(ctx, body) {
            let e = estimate_group(ctx, body, g, &hw)?;
            body.set_op_attr(ctx, g, "estimated_cycles", Some(ctx.integer_attr(ctx.i64(), e.cycles.round() as i64)));
        }
        Ok(PreservedAnalyses::none())
    }
}
