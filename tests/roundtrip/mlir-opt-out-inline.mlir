// RUN: %roundtrip %s
// Output of: mlir-opt --inline --symbol-dce tests/tools/mlir-opt-inputs/inline.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

module {
  func.func @main(%arg0: f64, %arg1: i32, %arg2: i1) -> (f64, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c-10_i32 = arith.constant -10 : i32
    %c10_i32 = arith.constant 10 : i32
    %0 = arith.mulf %arg0, %arg0 : f64
    %1 = arith.mulf %0, %0 : f64
    %2 = arith.maxsi %arg1, %c-10_i32 : i32
    %3 = arith.minsi %2, %c10_i32 : i32
    %4 = arith.select %arg2, %3, %c0_i32 : i32
    return %1, %4 : f64, i32
  }
}

