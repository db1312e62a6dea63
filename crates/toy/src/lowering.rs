//! Chapters 5 and 6 (`-emit=mlir-affine`, `-emit=jit`), which the driver
//! calls after the optimization pipeline for emit targets past `mlir`: the
//! partial lowering to affine (`lower_to_affine`), canonicalize and CSE on
//! the `func.func`, with `-opt` loop fusion and scalar replacement (as the
//! tutorial's `toyc-ch5`/`ch6`), then the IR dump or the JIT (`jit`).
//! `-emit=mlir-llvm` and `-emit=llvm` are not provided.

use strata_pass::manager::OpPassManager;
use strata_pass::PassRegistry;

use crate::driver::{dump_ir, registry, run_pipeline, Emit, Ir, Options, Outcome};

/// The pipeline after the optimization pipeline.
pub fn lowering_pipeline(registry: &PassRegistry, opt: bool) -> Result<OpPassManager, String> {
    let mut pm = OpPassManager::new("builtin.module");
    pm.add_pass(registry.create("toy-to-affine", "")?);
    let f = pm.nest("func.func");
    f.add_pass(registry.create("canonicalize", "")?);
    f.add_pass(registry.create("cse", "")?);
    if opt {
        f.add_pass(registry.create("affine-loop-fusion", "")?);
        f.add_pass(registry.create("affine-scalrep", "")?);
    }
    Ok(pm)
}

/// Produces `emit` from the optimized toy IR; returns the exit status.
pub fn emit_lowered(ir: &mut Ir, emit: Emit, opts: &Options, out: &mut Outcome) -> i32 {
    if emit != Emit::MlirAffine && emit != Emit::Jit {
        out.stderr.push_str(&format!("toyc: -emit={} is not implemented\n", emit.name()));
        return 1;
    }
    let pm = match lowering_pipeline(&registry(), opts.opt) {
        Ok(pm) => pm,
        Err(e) => {
            out.stderr.push_str(&format!("{e}\n"));
            return 4;
        }
    };
    if let Err(status) = run_pipeline(ir, &pm, out) {
        return status;
    }
    if emit == Emit::MlirAffine {
        out.stderr.push_str(&dump_ir(ir, opts));
        return 0;
    }
    crate::jit::run_jit(ir, out)
}
