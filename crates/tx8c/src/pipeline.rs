//! The compilation pipeline as one pass manager, so `--mlir-print-ir-after-all`
//! and `--mlir-timing` see every stage: graph passes on stablehlo, the
//! lowering, then the tx8be schedule passes.

use strata_ir::types::FloatKind;
use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::instrument::IrPrinting;
use strata_pass::manager::{OpPassManager, RunConfig, RunReport};
use strata_pass::PassRegistry;
use tx8_cmodel::HardwareConfig;

use crate::options::{Dtype, Emit, Options};

/// Every pass tx8c runs (and strata-opt knows), by name.
pub fn registry() -> PassRegistry {
    let mut r = PassRegistry::default();
    strata_transforms::register_passes(&mut r);
    strata_stablehlo::register_passes(&mut r);
    tx8be_transforms::register_passes(&mut r);
    r
}

fn add(pm: &mut OpPassManager, registry: &PassRegistry, name: &str, options: &str) -> Result<(), String> {
    pm.add_pass(registry.create(name, options)?);
    Ok(())
}

/// The graph-level passes (stablehlo in, stablehlo out): calls inlined
/// and the private functions they leave dead dropped (JAX lowers
/// `jax.nn.relu` and other `jax.jit`-ed helpers to private functions and
/// `func.call`; the card runs one flat program), folding, batch norms
/// into convs, common subexpressions merged, then the decomposed softmax /
/// layer norm / gelu sequences into composites (a module pass: it adds
/// decomposition functions), then cleanup. A call the inliner leaves
/// (recursion, a declaration without a body) is reported by the lowering,
/// with its reason.
fn graph_passes(pm: &mut OpPassManager, registry: &PassRegistry) -> Result<(), String> {
    // The canonicalize below simplifies the inlined bodies.
    add(pm, registry, "inline", "default-pipeline=")?;
    add(pm, registry, "symbol-dce", "")?;
    let f = pm.nest("func.func");
    add(f, registry, "canonicalize", "")?;
    add(f, registry, "stablehlo-fold-batchnorm", "")?;
    // One value per expression before matching: an exporter that writes
    // a statistic twice (JAX's layer norm recomputes its mean) hands the
    // matchers one value, as the project's own importer does.
    add(f, registry, "cse", "")?;
    add(f, registry, "canonicalize", "")?;
    add(pm, registry, "stablehlo-fuse-composites", "")?;
    let f = pm.nest("func.func");
    add(f, registry, "canonicalize", "")?;
    add(f, registry, "cse", "")?;
    Ok(())
}

/// Where a compilation starts: an ONNX model or stablehlo text (graph
/// level), tx8be ops not yet grouped (the layout and constant passes run),
/// or tx8be already grouped (its layouts, constants and groups are kept;
/// only the schedule passes that are still to come run).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InputLevel {
    Graph,
    Backend,
    Grouped,
}

/// The layout and constant passes (seed "Layout Initialization and Pass",
/// "Const Management"), on ungrouped tx8be.
fn layout_and_constant_passes(f: &mut OpPassManager, registry: &PassRegistry) -> Result<(), String> {
    // First: it reads the card's SPM size, and its reshapes and casts of
    // gamma and beta are folded below.
    add(f, registry, "tx8be-split-wide-norm", "")?;
    add(f, registry, "tx8be-fold-constants", "")?;
    // After the folding that makes BatchNorm a conv bias and max(x, 0) a relu.
    add(f, registry, "tx8be-fuse-activation", "")?;
    add(f, registry, "tx8be-merge-sibling-gemms", "")?;
    add(f, registry, "tx8be-layout-init", "")?;
    add(f, registry, "tx8be-layout-transmit", "")?;
    add(f, registry, "tx8be-layout-align-to-npu", "")?;
    add(f, registry, "tx8be-layout-align-opt", "")?;
    add(f, registry, "tx8be-move-constant", "")?;
    add(f, registry, "tx8be-const-norm", "")?;
    Ok(())
}

/// The passes for `emit`: graph passes, and for tx8be/C the lowering, the
/// layout and constant passes and the schedule.
pub fn build(opts: &Options, hw: &HardwareConfig, level: InputLevel) -> Result<OpPassManager, String> {
    let registry = registry();
    let mut pm = OpPassManager::new("builtin.module");
    if level == InputLevel::Graph {
        graph_passes(&mut pm, &registry)?;
        if opts.emit == Emit::Stablehlo {
            return Ok(pm);
        }
        let dtype = match opts.dtype {
            Dtype::Bf16 => FloatKind::BF16,
            Dtype::Fp16 => FloatKind::F16,
            Dtype::Fp32 => FloatKind::F32,
        };
        pm.add_pass(Box::new(tx8be_transforms::lower_stablehlo::LowerStablehlo { dtype }));
        let f = pm.nest("func.func");
        add(f, &registry, "tx8be-cancel-transposes", "")?;
        add(f, &registry, "tx8be-fold-transpose-into-gemm", "")?;
        // Global average pools: reductions of the NHWC tensor, no transpose
        // (before the transposes are collapsed into reshapes around them).
        add(f, &registry, "tx8be-reduce-through-transpose", "")?;
        add(f, &registry, "tx8be-merge-reductions", "")?;
        add(f, &registry, "tx8be-fold-mean", "")?;
        // After the reductions are merged and means: a pool's reshape to
        // [N, 1, 1, C] becomes its keepdims.
        add(f, &registry, "tx8be-reduce-keepdims", "")?;
        add(f, &registry, "tx8be-collapse-transpose-dims", "")?;
        add(f, &registry, "tx8be-sink-reshapes", "")?;
    }
    // The card every later pass reads (`attach_target::hardware`).
    pm.add_pass(Box::new(tx8be_transforms::attach_target::AttachTarget::new(hw)));
    if level != InputLevel::Grouped {
        layout_and_constant_passes(pm.nest("func.func"), &registry)?;
    }
    let f = pm.nest("func.func");
    // Grouping (seed: GroupPattern, the boundary search, GroupOptimization + GroupLdSt).
    add(f, &registry, "tx8be-group-pattern", "")?;
    add(f, &registry, "tx8be-group-chains", "")?;
    add(f, &registry, "tx8be-group-boundaries", "")?;
    add(f, &registry, "tx8be-group-ops", "")?;
    add(f, &registry, "tx8be-load-views", "")?;
    add(f, &registry, "tx8be-sharding", "")?;
    add(f, &registry, "tx8be-store-views", "")?;
    // The seed's TS_SwPipeline: the schedule's loop nest and software
    // pipeline written on each group (codegen prints the same loop from
    // the schedule; it does not read this).
    add(f, &registry, "tx8be-sw-pipeline", "")?;
    add(f, &registry, "tx8be-spm-alloc", "")?;
    add(f, &registry, "tx8be-opt-barrier", "")?;
    add(f, &registry, "tx8be-prologue-ahead", "")?;
    // --compare-all reads every group's output after the run: no reuse.
    let reuse = if opts.compare_all { "reuse=false" } else { "" };
    add(&mut pm, &registry, "tx8be-ddr-alloc", reuse)?;
    add(pm.nest("func.func"), &registry, "tx8be-estimate", "")?;
    Ok(pm)
}

/// Runs `pm` on the module; IR dumps and timing go to stderr.
pub fn run(ctx: &Context, pm: &OpPassManager, body: &mut Body, module: Op, opts: &Options) -> Result<(), Diagnostic> {
    let cfg = RunConfig {
        verify_each: true,
        threading: true,
        timing: opts.timing,
        print_ir: IrPrinting { after_all: opts.print_ir_after_all, ..Default::default() },
    };
    if opts.dump_pass_pipeline {
        eprint!("{}", pm.dump_text());
    }
    let mut report = RunReport::default();
    let start = std::time::Instant::now();
    let result = pm.run(ctx, body, module, &cfg, &mut report);
    if !report.dumps.is_empty() {
        eprint!("{}", report.dumps);
    }
    if opts.timing {
        eprint!("{}", report.timing.report(start.elapsed()));
    }
    result
}
