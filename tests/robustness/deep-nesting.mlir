// Deep but reasonable inputs (depth 1000; 100000 blocks or values in a
// chain) are processed without crashing; mlir-opt handles all of them.
// RUN: %python %S/../tools/gen-deep.py arrays 1000 > %t.arrays.mlir
// RUN: %no-crash strata-opt %t.arrays.mlir
// RUN: %python %S/../tools/gen-deep.py regions 1000 > %t.regions.mlir
// RUN: %no-crash strata-opt %t.regions.mlir --allow-unregistered-dialect
// RUN: %python %S/../tools/gen-deep.py types 1000 > %t.types.mlir
// RUN: %no-crash strata-opt %t.types.mlir
// RUN: %python %S/../tools/gen-deep.py parens 1000 > %t.parens.mlir
// RUN: %no-crash strata-opt %t.parens.mlir
// RUN: %python %S/../tools/gen-deep.py blocks 100000 > %t.blocks.mlir
// RUN: %no-crash strata-opt %t.blocks.mlir
// RUN: %python %S/../tools/gen-deep.py values 100000 > %t.values.mlir
// RUN: %no-crash strata-opt %t.values.mlir
