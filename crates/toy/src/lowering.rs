//! Chapters 5 and 6 (`-emit=mlir-affine`, `-emit=jit`): the hook the
//! driver calls after the optimization pipeline for emit targets past
//! `mlir`. The lowering to affine and the JIT are built on a separate branch
//! and plug in here; until then these targets report that they are missing.

use crate::driver::{Emit, Ir, Options, Outcome};

/// Produces `emit` from the optimized toy IR; returns the exit status.
pub fn emit_lowered(_ir: &mut Ir, emit: Emit, _opts: &Options, out: &mut Outcome) -> i32 {
    out.stderr.push_str(&format!(
        "toyc: -emit={} is not implemented yet\n",
        emit.name()
    ));
    1
}
