// Nesting 100000 levels deep. mlir-opt 22 itself overflows its stack and
// segfaults on every one of these, so there is no reference behaviour; issue 2
// still requires that nothing crashes: strata-opt may accept the input or
// reject it with a diagnostic (e.g. a nesting limit), but must exit 0 or 1.
// UNSUPPORTED: reference-stand-in
// RUN: %python %S/../tools/gen-deep.py arrays 100000 > %t.arrays.mlir
// RUN: %no-crash strata-opt %t.arrays.mlir
// RUN: %python %S/../tools/gen-deep.py regions 100000 > %t.regions.mlir
// RUN: %no-crash strata-opt %t.regions.mlir --allow-unregistered-dialect
// RUN: %python %S/../tools/gen-deep.py types 100000 > %t.types.mlir
// RUN: %no-crash strata-opt %t.types.mlir
// RUN: %python %S/../tools/gen-deep.py parens 100000 > %t.parens.mlir
// RUN: %no-crash strata-opt %t.parens.mlir
