//! Chapters 5 and 6 (`-emit=mlir-affine`, `-emit=jit`), which the driver
//! calls after the optimization pipeline for emit targets past `mlir`: the
//! partial lowering to affine (`lower_to_affine`), canonicalize and CSE on
//! the `func.func`, with `-opt` loop fusion and scalar replacement (as the
//! tutorial's `toyc-ch5`/`ch6`), then the IR dump or the JIT (`jit`).
//! `-emit=mlir-llvm` and `-emit=llvm` continue as chapter 6 composes its
//! LLVM lowering: `toy.print` to printf loops (`lower_print_to_llvm`),
//! `lower-affine`, `convert-scf-to-cf`, then arith, memref, cf and func to
//! the `llvm` dialect and `reconcile-unrealized-casts`; `-emit=llvm`
//! translates the result to LLVM IR text (`strata_llvm::translate`). Like
//! the tutorial, both dumps go to stderr.

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

/// The passes from the affine level to the `llvm` dialect.
pub fn llvm_pipeline(registry: &PassRegistry) -> Result<OpPassManager, String> {
    let mut pm = OpPassManager::new("builtin.module");
    pm.add_pass(registry.create("toy-print-to-llvm", "")?);
    let f = pm.nest("func.func");
    f.add_pass(registry.create("lower-affine", "")?);
    f.add_pass(registry.create("convert-scf-to-cf", "")?);
    for p in [
        "convert-arith-to-llvm",
        "finalize-memref-to-llvm",
        "convert-cf-to-llvm",
        "convert-func-to-llvm",
        "reconcile-unrealized-casts",
    ] {
        pm.add_pass(registry.create(p, "")?);
    }
    Ok(pm)
}

/// Produces `emit` from the optimized toy IR; returns the exit status.
pub fn emit_lowered(ir: &mut Ir, emit: Emit, opts: &Options, out: &mut Outcome) -> i32 {
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
    if emit == Emit::MlirLlvm || emit == Emit::Llvm {
        let pm = match llvm_pipeline(&registry()) {
            Ok(pm) => pm,
            Err(e) => {
                out.stderr.push_str(&format!("{e}\n"));
                return 4;
            }
        };
        if let Err(status) = run_pipeline(ir, &pm, out) {
            return status;
        }
        if emit == Emit::MlirLlvm {
            out.stderr.push_str(&dump_ir(ir, opts));
            return 0;
        }
        return match strata_llvm::translate::translate_module(&ir.ctx, &ir.body, ir.module) {
            Ok(text) => {
                out.stderr.push_str(&text);
                out.stderr.push('\n');
                0
            }
            Err(d) => {
                out.stderr.push_str(&crate::driver::render_error(&ir.ctx, &d));
                out.stderr.push_str("Failed to emit LLVM IR\n");
                -1
            }
        };
    }
    crate::jit::run_jit(ir, out)
}
