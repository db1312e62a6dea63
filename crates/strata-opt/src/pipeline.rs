//! From command-line options to a pass pipeline: the registry of every pass
//! strata-opt knows, `--pass-pipeline` or individual pass flags (added with
//! implicit nesting), and running the pipeline on a parsed chunk.

use strata_ir::diagnostics::Diagnostic;
use strata_ir::{Body, Context, Location, Op};
use strata_pass::instrument::IrPrinting;
use strata_pass::manager::{OpPassManager, RunConfig, RunReport};
use strata_pass::pipeline::{parse_anchored_pipeline, PipelineElement};
use strata_pass::PassRegistry;

use crate::options::Options;

pub fn registry() -> PassRegistry {
    let mut r = PassRegistry::default();
    strata_transforms::register_passes(&mut r);
    strata_conversion::register_passes(&mut r);
    strata_oneflow::register_passes(&mut r);
    tx8be_transforms::register_passes(&mut r);
    strata_stablehlo::register_passes(&mut r);
    strata_llvm::conversion::register_passes(&mut r);
    r
}

/// The passes asked for on the command line, checked against the registry.
pub enum PipelineRequest {
    None,
    /// `--pass-pipeline`: the anchor and its elements.
    Textual {
        anchor: String,
        elements: Vec<PipelineElement>,
    },
    /// Individual pass flags: (pass, options text), in order.
    Flags(Vec<(String, String)>),
}

impl PipelineRequest {
    pub fn from_options(opts: &Options, registry: &PassRegistry) -> Result<PipelineRequest, String> {
        let mut flags = Vec::new();
        for arg in &opts.unknown {
            let body = arg.trim_start_matches('-');
            let (name, value) = match body.split_once('=') {
                Some((n, v)) => (n, v),
                None => (body, ""),
            };
            if registry.get(name).is_none() {
                return Err(format!("strata-opt: Unknown command line argument '{arg}'.  Try: 'strata-opt --help'"));
            }
            // Check the options now, so a typo fails before any input is read.
            registry.create(name, value).map_err(|e| format!("<unknown>:0: error: {e}"))?;
            flags.push((name.to_string(), value.to_string()));
        }
        match &opts.pass_pipeline {
            Some(_) if !flags.is_empty() => {
                Err("<unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options".into())
            }
            Some(text) => {
                let is_pass = |name: &str| registry.get(name).is_some();
                let (anchor, elements) =
                    parse_anchored_pipeline(text, &is_pass).map_err(|e| format!("<unknown>:0: error: {e}"))?;
                // Build it now for early errors (pass options, nesting).
                OpPassManager::new(&anchor)
                    .add_pipeline(registry, &elements)
                    .map_err(|e| format!("<unknown>:0: error: {e}"))?;
                Ok(PipelineRequest::Textual { anchor, elements })
            }
            None if flags.is_empty() => Ok(PipelineRequest::None),
            None => Ok(PipelineRequest::Flags(flags)),
        }
    }

    fn build(&self, registry: &PassRegistry, top: &str) -> Result<Option<OpPassManager>, String> {
        match self {
            PipelineRequest::None => Ok(None),
            PipelineRequest::Textual { anchor, elements } => {
                let mut pm = OpPassManager::new(anchor);
                pm.add_pipeline(registry, elements)?;
                Ok(Some(pm))
            }
            PipelineRequest::Flags(flags) => {
                let mut pm = OpPassManager::new(top);
                for (name, value) in flags {
                    pm.add_pass(registry.create(name, value)?);
                }
                Ok(Some(pm))
            }
        }
    }

    /// Runs the pipeline (if any) on the chunk's top-level op.
    pub fn run(
        &self,
        ctx: &Context,
        registry: &PassRegistry,
        opts: &Options,
        body: &mut Body,
        op: Op,
        report: &mut RunReport,
    ) -> Result<(), Diagnostic> {
        let top = ctx.op_name_str(body.op_name(op)).to_string();
        let pm = match self.build(registry, &top) {
            Ok(Some(pm)) => pm,
            Ok(None) => {
                if opts.dump_pass_pipeline {
                    eprint!("{}", OpPassManager::new(&top).dump_text());
                }
                return Ok(());
            }
            Err(e) => return Err(Diagnostic::error(Location::Unknown, e)),
        };
        if opts.dump_pass_pipeline {
            eprint!("{}", pm.dump_text());
        }
        let cfg = RunConfig {
            verify_each: opts.verify_each,
            threading: !opts.disable_threading,
            timing: opts.timing,
            print_ir: IrPrinting { generic: opts.print_generic, ..opts.print_ir.clone() },
        };
        let r = pm.run(ctx, body, op, &cfg, report);
        if opts.pass_statistics {
            eprint!("{}", pm.statistics_report());
        }
        r
    }
}
