//! `oneflow-cse`: the seed's flow as one registered pipeline,
//! `cse-with-attributes-ignored`, `cse`, `cse-put-attributes`,
//! `canonicalize`, run in that order on the module.
//!
//! The registry builds passes, not pipelines, so this is a pass that owns
//! the four and runs them one after the other on its target; the pre- and
//! post-pass share the state of the pipeline the composite joins (or a
//! fresh one of its own).

use std::sync::Arc;

use strata_ir::Diagnostic;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::{PassInfo, PassRegistry};
use strata_pass::{PipelineState, PreservedAnalyses};

use crate::cse_put_attributes::CsePutAttributes;
use crate::cse_with_attributes_ignored::CseWithAttributesIgnored;

pub const INFO: PassInfo = PassInfo {
    argument: "oneflow-cse",
    description: "cse-with-attributes-ignored, cse, cse-put-attributes, canonicalize",
    options: &[],
    ctor: |opts| {
        opts.apply("oneflow-cse", |_, _| None)?;
        Ok(Box::new(OneFlowCse::new()?))
    },
};

pub struct OneFlowCse {
    passes: Vec<Box<dyn Pass>>,
}

impl OneFlowCse {
    pub fn new() -> Result<OneFlowCse, String> {
        let mut upstream = PassRegistry::default();
        strata_transforms::register_passes(&mut upstream);
        let mut passes: Vec<Box<dyn Pass>> = vec![
            Box::new(CseWithAttributesIgnored::default()),
            upstream.create("cse", "")?,
            Box::new(CsePutAttributes::default()),
            upstream.create("canonicalize", "")?,
        ];
        let state = PipelineState::new();
        for p in &mut passes {
            p.use_pipeline_state(&state);
        }
        Ok(OneFlowCse { passes })
    }
}

impl Pass for OneFlowCse {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "OneFlowCSE"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn use_pipeline_state(&mut self, state: &Arc<PipelineState>) {
        for p in &mut self.passes {
            p.use_pipeline_state(state);
        }
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        for p in &self.passes {
            p.run(target)?;
        }
        Ok(PreservedAnalyses::none())
    }
}
