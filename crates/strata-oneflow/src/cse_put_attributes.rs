//! `cse-put-attributes` (OneFlow's `CSEPutAttributes`): gives every user op
//! that holds the magic `op_name` its original `op_name`,
//! `scope_symbol_id` and location back from the pipeline's
//! `ErasedAttributes` (`cse_state.rs`). An op created between the passes
//! gets the attributes of the op whose location it took. Without a
//! preceding pre-pass in the same pipeline there are no records and the
//! pass changes nothing; an op with the magic name but no record (written
//! by hand, or by another pipeline) keeps it, with a warning.

use std::sync::Arc;

use strata_ir::{Diagnostic, Location};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::{PipelineState, PreservedAnalyses};

use crate::cse_state::{for_each_op, with_names, ErasedAttributes, MAGIC_OP_NAME};
use crate::user_op::user_op_interface;

pub const INFO: PassInfo = PassInfo {
    argument: "cse-put-attributes",
    description: "cse and ignore oneflow attributes",
    options: &[],
    ctor: |opts| {
        opts.apply("cse-put-attributes", |_, _| None)?;
        Ok(Box::new(CsePutAttributes::default()))
    },
};

#[derive(Default)]
pub struct CsePutAttributes {
    state: Arc<ErasedAttributes>,
}

impl CsePutAttributes {
    /// A post-pass reading what the pre-pass sharing `state` recorded.
    pub fn with_state(state: Arc<ErasedAttributes>) -> Self {
        CsePutAttributes { state }
    }
}

impl Pass for CsePutAttributes {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "CSEPutAttributes"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn use_pipeline_state(&mut self, state: &Arc<PipelineState>) {
        self.state = state.slot::<ErasedAttributes>();
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let magic_name = ctx.string_attr(MAGIC_OP_NAME);
        let tag_file = self.state.tag_file(ctx);
        let mut changed = false;
        let mut orphans: Vec<(Location, String)> = Vec::new();
        for_each_op(target.body, &mut |body, op| {
            let Some(iface) = user_op_interface(ctx, body, op) else { return };
            if body.op_attr(ctx, op, iface.op_name_attr) != Some(magic_name) {
                return;
            }
            let Some((saved, whole)) = self.state.lookup(ctx, tag_file, body.op_loc(op)) else {
                orphans.push((body.op_loc(op), ctx.op_name_str(body.op_name(op)).to_string()));
                return;
            };
            body.set_op_attrs(op, with_names(ctx, body.op_attrs(op), iface, saved.op_name, saved.scope_symbol_id));
            if whole {
                body.set_op_loc(op, saved.loc);
            }
            changed = true;
        });
        for (loc, name) in orphans {
            target.emit(Diagnostic::warning(
                loc,
                format!("'{name}' op has the erased op_name but no attributes were saved for it"),
            ));
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}
