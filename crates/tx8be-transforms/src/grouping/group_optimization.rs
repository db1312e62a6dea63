//! `tx8be-group-optimization` (the seed's GroupOptimizationPass): every
//! top-level compute op not yet in a group gets its own `tx8be.group`
//! ([`create_group`]: the graph-level `load_const`s it reads move in as
//! internal dependencies; loads and the store come from
//! `tx8be-group-ldst`). Reshapes stay outside groups. After
//! `tx8be-group-pattern` it groups whatever no pattern matched. When it
//! makes a group, every top-level group is renumbered in program order.

use strata_ir::{Body, Context, Diagnostic};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;

use super::{create_group, entry_ops, is_groupable, number_groups};

strata_pass::option_free_pass! {
    pub struct GroupOptimization;
    argument: "tx8be-group-optimization",
    name: "Tx8beGroupOptimization",
    description: "Put every tx8be compute op not in a group in its own tx8be.group (no loads/stores yet)",
    anchor: Some("func.func"),
}

impl GroupOptimization {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let changed = group_single_ops(target.ctx, target.body)?;
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// The pass's work, callable by other passes (tx8be-group-ops): whether a
/// group was made.
pub fn group_single_ops(ctx: &Context, body: &mut Body) -> Result<bool, Diagnostic> {
    let mut made = 0i64;
    for op in entry_ops(body) {
        if !is_groupable(ctx, body, op) {
            continue;
        }
        if body.num_results(op) != 1 {
            let name = ctx.op_name_str(body.op_name(op));
            return Err(Diagnostic::error(body.op_loc(op), format!("'{name}' must have one result to be grouped")));
        }
        create_group(ctx, body, &[op], made);
        made += 1;
    }
    if made > 0 {
        number_groups(ctx, body);
    }
    Ok(made > 0)
}
