// RUN: strata-opt %s --allow-unregistered-dialect -verify-diagnostics
// RUN: not strata-opt %s --allow-unregistered-dialect -o /dev/null 2>/dev/null
//
// Fuzz regression (fuzz/, target parse_mlir with STRATA_FUZZ_STRICT=1): a use of a
// value defined in a sibling region (neither a parent nor a child region of the
// use) is accepted, and the printed module re-parses with the use bound to a
// different value once names collide. mlir-opt rejects it (the diagnostics below
// are mlir-opt's). Cause: crates/strata-ir/src/verifier.rs, verify_dominance
// skips the operand (`continue`) when the def's region is not an ancestor of the use.
"test.a"() ({
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%x) : (i32) -> ()
}) : () -> ()
"test.b"() ({
  // expected-note@+1 {{operand defined here (op is neither in a parent nor in a child region)}}
  %x = "test.def"() : () -> i32
}) : () -> ()
