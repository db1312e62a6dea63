// RUN: strata-opt %s --allow-unregistered-dialect -verify-diagnostics
// RUN: not strata-opt %s --allow-unregistered-dialect -o /dev/null 2>/dev/null
//
// Fuzz regression (fuzz/, target parse_mlir with STRATA_FUZZ_STRICT=1): in a graph
// region (here the implicit top-level module), a use of a value defined inside a
// nested region of another op is accepted. mlir-opt rejects it (the diagnostics
// below are mlir-opt's). Cause: crates/strata-ir/src/verifier.rs, verify_region
// calls verify_dominance only for non-graph regions; MLIR exempts only the order
// of ops within a graph region, not uses of values from non-ancestor regions.
// expected-error@+1 {{operand #0 does not dominate this use}}
"test.use"(%x) : (i32) -> ()
"test.b"() ({
  // expected-note@+1 {{operand defined here (op in a child region)}}
  %x = "test.def"() : () -> i32
}) : () -> ()
