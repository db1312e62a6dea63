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
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;

use crate::grouping::{group_ldst::insert_loads_and_stores, group_optimization::group_single_ops};

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-group-ops",
    description: "Put every tx8be compute op in its own tx8be.group with loads and a store",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-group-ops", |_, _| None)?;
        Ok(Box::new(GroupOps))
    },
};

pub struct GroupOps;

impl Pass for GroupOps {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beGroupOps"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let grouped = group_single_ops(target.ctx, target.body)?;
        let bounded = insert_loads_and_stores(target.ctx, target.body)?;
        Ok(PreservedAnalyses::unless_changed(grouped || bounded))
    }
}
