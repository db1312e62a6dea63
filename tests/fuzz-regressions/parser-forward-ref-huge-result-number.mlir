// Without the bug this needs a few MB; with it, the parser allocates ~16 GB.
// RUN: ulimit -v 1048576
// RUN: strata-opt %s --allow-unregistered-dialect -verify-diagnostics
//
// Fuzz regression (fuzz/, target parse_mlir: timeout, 3.3 GB RSS): a forward
// reference `%x#N` with a huge result number. strata-opt takes 14 s and 15.6 GB
// of memory before it reports the undeclared name; mlir-opt 22 dies with
// "LLVM ERROR: out of memory" (the same design flaw), so the diagnostic below is
// the one strata-opt gives for a small N (mlir-opt's for small N is the same text
// without the name). Cause: crates/strata-ir/src/parser/ops.rs, resolve_operand
// pads the forward-reference list with one placeholder slot per result number
// below N (`while entry.0.len() <= r.number as usize { entry.0.push(..) }`),
// N up to u32::MAX (parse_operand_ref clamps larger numbers to u32::MAX).
// expected-error@+1 {{use of undeclared SSA value name}}
"test.use"(%0#4000000000) : (i32) -> ()
