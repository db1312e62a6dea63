// RUN: %roundtrip %s
// Output of: mlir-opt --cse tests/tools/mlir-opt-inputs/cse.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

module {
  func.func @cse(%arg0: i64, %arg1: i64, %arg2: i1) -> i64 {
    %0 = arith.addi %arg0, %arg1 : i64
    %c7_i64 = arith.constant 7 : i64
    cf.cond_br %arg2, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %1 = arith.muli %0, %c7_i64 : i64
    cf.br ^bb3(%1 : i64)
  ^bb2:  // pred: ^bb0
    %2 = arith.muli %0, %0 : i64
    cf.br ^bb3(%2 : i64)
  ^bb3(%3: i64):  // 2 preds: ^bb1, ^bb2
    %4 = arith.addi %3, %c7_i64 : i64
    return %4 : i64
  }
}

