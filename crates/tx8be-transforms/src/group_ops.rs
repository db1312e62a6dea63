//! `tx8be-group-ops` (the simple schedule, tx8c's pipeline today): every
//! compute op of a function in its own `tx8be.group` with its loads and
//! store. It is exactly `tx8be-group-optimization` followed by
//! `tx8be-group-ldst` (`grouping/`), run as one pass. Reshapes stay
//! outside groups; groups are numbered in program order (`group_id`).
//!
//! The grouping helpers tx8c and the other passes use (`entry_ops`,
//! `is_weight`, `is_structural`) live in `grouping/` and are re-exported
//! here under their old path.

use strata_ir::Diagnostic;
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;

use crate::grouping::{group_ldst::insert_loads_and_stores, group_optimization::group_single_ops};

strata_pass::option_free_pass! {
    pub struct GroupOps;
    argument: "tx8be-group-ops",
    name: "Tx8beGroupOps",
    description: "Put every tx8be compute op in its own tx8be.group with loads and a store",
    anchor: Some("func.func"),
}

impl GroupOps {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let grouped = group_single_ops(target.ctx, target.body)?;
        let bounded = insert_loads_and_stores(target.ctx, target.body)?;
        Ok(PreservedAnalyses::unless_changed(grouped || bounded))
    }
}
