//! `-emit=jit` (chapter 6): runs `main` of the lowered module with
//! `strata-interp` and prints what it prints on stdout, as the tutorial's
//! JIT does; a failure is reported on stderr with status 1 ("JIT session
//! error" in the tutorial).

use crate::driver::{render_error, Ir, Outcome};

/// Runs `main`; returns the exit status.
pub fn run_jit(ir: &Ir, out: &mut Outcome) -> i32 {
    let Some(module_body) = ir.body.nested(ir.module) else { return 1 };
    let mut buf = Vec::new();
    match strata_interp::run_function(&ir.ctx, module_body, "main", &mut buf) {
        Ok(()) => {
            out.stdout.push_str(&String::from_utf8_lossy(&buf));
            0
        }
        Err(d) => {
            out.stdout.push_str(&String::from_utf8_lossy(&buf));
            out.stderr.push_str(&render_error(&ir.ctx, &d));
            1
        }
    }
}
