// RUN: strata-opt %s --allow-unregistered-dialect -verify-diagnostics
// RUN: not strata-opt %s --allow-unregistered-dialect -o /dev/null 2>/dev/null
//
// Fuzz regression (fuzz/, target parse_mlir with STRATA_FUZZ_STRICT=1: "custom
// output does not re-parse: use of undeclared SSA value name '%arg0'"): a
// builtin.module whose body block has arguments is accepted, and the custom
// printer drops the block header, so the printed module does not parse again.
// mlir-opt rejects it (the diagnostic below is mlir-opt's). Cause:
// crates/strata-ir/src/builtin.rs, verify_module checks only the attribute names.
// expected-error@+1 {{'builtin.module' op region should have no arguments}}
module {
^bb0(%a: i32):
  "test.use"(%a) : (i32) -> ()
}
