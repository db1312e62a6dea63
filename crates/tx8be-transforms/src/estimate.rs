//! `tx8be-estimate`: records the cost model's estimate of every group
//! (`cost::estimate_group`) on the group as `estimated_cycles`, so the
//! report compares it with the simulated cycles and a reader of the IR
//! sees what the compiler expected. Run after the schedule is final
//! (after tx8be-opt-barrier: a group's barrier is part of its cost).

use strata_ir::Diagnostic;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;

use crate::cost::estimate_group;
use tx8be::schedule::groups::groups;

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-estimate",
    description: "Record the cost model's cycles of every group (estimated_cycles)",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-estimate", |_, _| None)?;
        Ok(Box::new(Estimate))
    },
};

pub struct Estimate;

impl Pass for Estimate {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beEstimate"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
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
