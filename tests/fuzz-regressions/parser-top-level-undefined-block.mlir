// RUN: strata-opt %s -verify-diagnostics
// RUN: not strata-opt %s -o /dev/null 2>/dev/null
//
// Fuzz regression (fuzz/, target parse_mlir with the func/arith/cf dialects):
// a branch at the top level to a block that is never defined was accepted and
// printed as `"cf.br"()[]`, which does not parse. mlir-opt rejects it with the
// diagnostic below. Cause: the top-level block scope was never checked for
// undefined blocks (crates/strata-ir/src/parser/ops.rs, parse_top_level).
// expected-error@+1 {{reference to an undefined block}}
cf.br ^loop
