// RUN: strata-opt %s -split-input-file -convert-arith-to-llvm -reconcile-unrealized-casts > %t.strata
// RUN: mlir-opt %s -split-input-file -convert-arith-to-llvm -reconcile-unrealized-casts > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: strata-opt %s -convert-arith-to-llvm -reconcile-unrealized-casts | not strata-translate --mlir-to-llvmir - 2>&1 | FileCheck %s --check-prefix=TRANSLATE
// What the conversions leave: a cast reconcile-unrealized-casts cannot remove,
// because a user was left unconverted (the index flowing into an unlowered
// memref.load after arith-to-llvm alone), stays as upstream leaves it, and
// translation to LLVM IR then reports the unlowered ops.

func.func @half(%m: memref<4xf64>) -> f64 {
  // TRANSLATE: error: cannot translate operation 'func.func' to LLVM IR
  %c = arith.constant 1 : index
  %v = memref.load %m[%c] : memref<4xf64>
  return %v : f64
}
