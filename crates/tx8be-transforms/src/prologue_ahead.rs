//! `tx8be-prologue-ahead`: decides which groups have their whole prologue
//! (the chunk reads and the gathers of the weights they broadcast) run by
//! the group before them, and records it as `prologue_ahead = true` on the
//! group (`prologue_prefetch::ahead` reads it).
//!
//! A prologue runs ahead only where that is safe
//! (`prologue_prefetch::ahead_possible`: weights broadcast whole, SPM clear
//! of every buffer of the group before, which starts with every tile idle
//! and ends with a barrier) and where the cost model says it pays: the
//! group before sends each chunk to every other tile in one phase (15
//! messages instead of the two-phase gather's 6) while it computes, so a
//! short group before would take longer than the prologue it spares (a
//! 4-tile conv before a broadcast at ResNet-50 batch 1). Each candidate is
//! estimated with and without the attribute (`cost::estimate_group` of
//! both groups) and kept when the pair is faster. Runs after
//! `tx8be-spm-alloc` and `tx8be-opt-barrier` (the placement and the
//! barriers it depends on), in program order, so a group whose own
//! prologue runs ahead is judged as it will run.

use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8_cmodel::HardwareConfig;

use tx8be::schedule::buffers::PROLOGUE_AHEAD as ATTR;
use tx8be::schedule::groups::groups;

strata_pass::option_free_pass! {
    pub struct PrologueAhead;
    argument: "tx8be-prologue-ahead",
    name: "Tx8bePrologueAhead",
    description: "Let the group before run a group's weight broadcast prologue when that is estimated faster (prologue_ahead on tx8be.group)",
    anchor: Some("func.func"),
}

fn pair_cycles(ctx: &Context, body: &Body, prev: Op, group: Op, hw: &HardwareConfig) -> Result<f64, Diagnostic> {
    Ok(crate::cost::estimate_group(ctx, body, prev, hw)?.cycles
        + crate::cost::estimate_group(ctx, body, group, hw)?.cycles)
}

impl PrologueAhead {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let hw = &crate::attach_target::hardware(target)?;
        let ctx = target.ctx;
        let body = &mut *target.body;
        for group in groups(ctx, body) {
            body.set_op_attr(ctx, group, ATTR, None);
            let Some(prev) = tx8be::schedule::prefetch::ahead_possible(ctx, body, group, hw) else { continue };
            let before = pair_cycles(ctx, body, prev, group, hw)?;
            body.set_op_attr(ctx, group, ATTR, Some(ctx.bool_attr(true)));
            let after = pair_cycles(ctx, body, prev, group, hw)?;
            if after >= before {
                body.set_op_attr(ctx, group, ATTR, None);
            }
        }
        Ok(PreservedAnalyses::none())
    }
}
