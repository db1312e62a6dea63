// RUN: %roundtrip %s
// Output of: mlir-opt --canonicalize tests/tools/mlir-opt-inputs/canonicalize.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

module {
  func.func @fold(%arg0: i32, %arg1: i1, %arg2: vector<4xi32>) -> (i32, i32, vector<4xi32>) {
    %c4_i32 = arith.constant 4 : i32
    %cst = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
    %c6_i32 = arith.constant 6 : i32
    %0 = arith.muli %arg0, %c6_i32 : i32
    %1 = arith.addi %arg2, %cst : vector<4xi32>
    return %c4_i32, %0, %1 : i32, i32, vector<4xi32>
  }
}

