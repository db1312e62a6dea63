// RUN: %python %S/../../tools/gen-splat-folds.py --seed 1 > %t.1.mlir
// RUN: timeout 20 strata-opt -canonicalize %t.1.mlir > %t.1.strata
// RUN: mlir-opt -canonicalize %t.1.mlir > %t.1.ref && diff %t.1.ref %t.1.strata
// RUN: %python %S/../../tools/gen-splat-folds.py --seed 2 > %t.2.mlir
// RUN: timeout 20 strata-opt -canonicalize %t.2.mlir > %t.2.strata
// RUN: mlir-opt -canonicalize %t.2.mlir > %t.2.ref && diff %t.2.ref %t.2.strata
// RUN: %python %S/../../tools/gen-splat-folds.py --seed 3 --shape 4000x4000 > %t.3.mlir
// RUN: timeout 20 strata-opt -canonicalize %t.3.mlir > %t.3.strata
// RUN: mlir-opt -canonicalize %t.3.mlir > %t.3.ref && diff %t.3.ref %t.3.strata
// Every element-wise arith fold (integer and float binaries, extended
// arithmetic, cmpi/cmpf predicates, select, casts) on splat constants of
// 10^10 elements: folds must produce splats without expanding the tensor
// (a fold that materialises every element aborts on allocation or hits the
// timeout), and the result must be mlir-opt's. The generator
// (tests/tools/gen-splat-folds.py) draws the operand values from a seed.
