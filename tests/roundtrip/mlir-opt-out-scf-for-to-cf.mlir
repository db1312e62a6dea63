// RUN: %roundtrip %s
// Output of: mlir-opt --convert-scf-to-cf tests/tools/mlir-opt-inputs/scf-loops.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

module {
  func.func @sum(%arg0: index, %arg1: index, %arg2: index) -> i64 {
    %c0_i64 = arith.constant 0 : i64
    cf.br ^bb1(%arg0, %c0_i64 : index, i64)
  ^bb1(%0: index, %1: i64):  // 2 preds: ^bb0, ^bb6
    %2 = arith.cmpi slt, %0, %arg1 : index
    cf.cond_br %2, ^bb2, ^bb7
  ^bb2:  // pred: ^bb1
    %3 = arith.index_cast %0 : index to i64
    %4 = arith.andi %3, %3 : i64
    %5 = arith.cmpi ne, %4, %c0_i64 : i64
    cf.cond_br %5, ^bb3, ^bb4
  ^bb3:  // pred: ^bb2
    %6 = arith.addi %1, %3 : i64
    cf.br ^bb5(%6 : i64)
  ^bb4:  // pred: ^bb2
    %7 = arith.subi %1, %3 : i64
    cf.br ^bb5(%7 : i64)
  ^bb5(%8: i64):  // 2 preds: ^bb3, ^bb4
    cf.br ^bb6
  ^bb6:  // pred: ^bb5
    %9 = arith.addi %0, %arg2 : index
    cf.br ^bb1(%9, %8 : index, i64)
  ^bb7:  // pred: ^bb1
    return %1 : i64
  }
  func.func @poly(%arg0: f32, %arg1: index) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 0.000000e+00 : f32
    cf.br ^bb1(%c0, %cst : index, f32)
  ^bb1(%0: index, %1: f32):  // 2 preds: ^bb0, ^bb2
    %2 = arith.cmpi slt, %0, %arg1 : index
    cf.cond_br %2, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %3 = arith.index_cast %0 : index to i32
    %4 = arith.sitofp %3 : i32 to f32
    %5 = arith.mulf %1, %arg0 fastmath<contract> : f32
    %6 = arith.addf %5, %4 fastmath<contract> : f32
    %7 = arith.addi %0, %c1 : index
    cf.br ^bb1(%7, %6 : index, f32)
  ^bb3:  // pred: ^bb1
    return %1 : f32
  }
}

