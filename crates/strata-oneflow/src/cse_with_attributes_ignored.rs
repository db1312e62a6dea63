//! `cse-with-attributes-ignored` (OneFlow's `CSEWithAttributesIgnored`):
//! replaces the `op_name` and `scope_symbol_id` of every user op with
//! magic values so that `cse` merges ops differing only there, recording
//! the originals in the pipeline's `ErasedAttributes` (`cse_state.rs`).
//! Ops already holding the magic name, ops without a string `op_name` and
//! ops without `UserOpCompatible` are left alone.

use std::sync::Arc;

use strata_ir::Diagnostic;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::{PipelineState, PreservedAnalyses};

use crate::cse_state::{for_each_op, with_names, ErasedAttributes, Saved, MAGIC_OP_NAME, MAGIC_SCOPE_SYMBOL_ID};
use crate::user_op::user_op_interface;

pub const INFO: PassInfo = PassInfo {
    argument: "cse-with-attributes-ignored",
    description: "ignore oneflow attributes to have cse work",
    options: &[],
    ctor: |opts| {
        opts.apply("cse-with-attributes-ignored", |_, _| None)?;
        Ok(Box::new(CseWithAttributesIgnored::default()))
    },
};

#[derive(Default)]
pub struct CseWithAttributesIgnored {
    /// Replaced by the pipeline's slot when the pass joins a pipeline.
    state: Arc<ErasedAttributes>,
}

impl CseWithAttributesIgnored {
    /// A pre-pass recording into `state` (shared with a post-pass).
    pub fn with_state(state: Arc<ErasedAttributes>) -> Self {
        CseWithAttributesIgnored { state }
    }
}

impl Pass for CseWithAttributesIgnored {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "CSEWithAttributesIgnored"
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
        let magic_scope = ctx.integer_attr(ctx.i64(), MAGIC_SCOPE_SYMBOL_ID);
        let tag_file = self.state.tag_file(ctx);
        let mut changed = false;
        for_each_op(target.body, &mut |body, op| {
            let Some(iface) = user_op_interface(ctx, body, op) else { return };
            let Some(op_name) = body.op_attr(ctx, op, iface.op_name_attr) else { return };
            if ctx.as_string(op_name).is_none() || op_name == magic_name {
                return;
            }
            let saved = Saved {
                op_name,
                scope_symbol_id: body.op_attr(ctx, op, iface.scope_symbol_id_attr),
                loc: body.op_loc(op),
            };
            let tagged = self.state.record(tag_file, saved);
            body.set_op_attrs(op, with_names(ctx, body.op_attrs(op), iface, magic_name, Some(magic_scope)));
            body.set_op_loc(op, tagged);
            changed = true;
        });
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}
