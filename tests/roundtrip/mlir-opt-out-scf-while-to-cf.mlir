// RUN: %roundtrip %s
// Output of: mlir-opt --convert-scf-to-cf tests/tools/mlir-opt-inputs/scf-while.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

module {
  func.func @collatz(%arg0: i64) -> i64 {
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c3_i64 = arith.constant 3 : i64
    %c0_i64 = arith.constant 0 : i64
    cf.br ^bb1(%arg0, %c0_i64 : i64, i64)
  ^bb1(%0: i64, %1: i64):  // 2 preds: ^bb0, ^bb2
    %2 = arith.cmpi sgt, %0, %c1_i64 : i64
    cf.cond_br %2, ^bb2(%0, %1 : i64, i64), ^bb3
  ^bb2(%3: i64, %4: i64):  // pred: ^bb1
    %5 = arith.remsi %3, %c2_i64 : i64
    %6 = arith.cmpi eq, %5, %c0_i64 : i64
    %7 = arith.select %6, %3, %3 : i64
    %8 = arith.divsi %3, %c2_i64 : i64
    %9 = arith.muli %3, %c3_i64 : i64
    %10 = arith.addi %9, %c1_i64 : i64
    %11 = arith.select %6, %8, %10 : i64
    %12 = arith.addi %4, %c1_i64 : i64
    cf.br ^bb1(%11, %12 : i64, i64)
  ^bb3:  // pred: ^bb1
    return %1 : i64
  }
  func.func @gcd(%arg0: i32, %arg1: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    cf.br ^bb1(%arg0, %arg1 : i32, i32)
  ^bb1(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb2
    %2 = arith.cmpi ne, %1, %c0_i32 : i32
    cf.cond_br %2, ^bb2(%0, %1 : i32, i32), ^bb3
  ^bb2(%3: i32, %4: i32):  // pred: ^bb1
    %5 = arith.remui %3, %4 : i32
    cf.br ^bb1(%4, %5 : i32, i32)
  ^bb3:  // pred: ^bb1
    return %0 : i32
  }
}

