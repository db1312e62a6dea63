// Prefixes of op-heavy round-trip files, cut every few bytes: each truncated
// input must be accepted or rejected with a diagnostic, never crash.
// (Steps keep the run short: about 100 prefixes per file.)
// RUN: %prefixes strata-opt %S/../roundtrip/loc-fused.mlir 7 --mlir-print-debuginfo
// RUN: %prefixes strata-opt %S/../roundtrip/cf-switch.mlir 6
// RUN: %prefixes strata-opt %S/../roundtrip/generic-regions.mlir 8 --allow-unregistered-dialect
// RUN: %prefixes strata-opt %S/../roundtrip/arith-casts-float.mlir 15
