// RUN: %roundtrip %s --mlir-print-debuginfo
// Output of: mlir-opt --convert-scf-to-cf --mlir-print-debuginfo tests/tools/mlir-opt-inputs/scf-loops.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

#loc2 = loc("scf-loops.mlir":2:16)
#loc3 = loc("scf-loops.mlir":2:28)
#loc4 = loc("scf-loops.mlir":2:40)
#loc7 = loc("scf-loops.mlir":4:16)
#loc8 = loc("scf-loops.mlir":4:53)
#loc12 = loc("scf-loops.mlir":8:13)
#loc17 = loc("scf-loops.mlir":19:17)
#loc18 = loc("scf-loops.mlir":19:26)
#loc23 = loc("scf-loops.mlir":23:16)
#loc24 = loc("scf-loops.mlir":23:50)
module {
  func.func @sum(%arg0: index loc("scf-loops.mlir":2:16), %arg1: index loc("scf-loops.mlir":2:28), %arg2: index loc("scf-loops.mlir":2:40)) -> i64 {
    %c0_i64 = arith.constant 0 : i64 loc(#loc5)
    cf.br ^bb1(%arg0, %c0_i64 : index, i64) loc(#loc6)
  ^bb1(%0: index loc("scf-loops.mlir":4:16), %1: i64 loc("scf-loops.mlir":4:53)):  // 2 preds: ^bb0, ^bb6
    %2 = arith.cmpi slt, %0, %arg1 : index loc(#loc6)
    cf.cond_br %2, ^bb2, ^bb7 loc(#loc6)
  ^bb2:  // pred: ^bb1
    %3 = arith.index_cast %0 : index to i64 loc(#loc9)
    %4 = arith.andi %3, %3 : i64 loc(#loc10)
    %5 = arith.cmpi ne, %4, %c0_i64 : i64 loc(#loc11)
    cf.cond_br %5, ^bb3, ^bb4 loc(#loc12)
  ^bb3:  // pred: ^bb2
    %6 = arith.addi %1, %3 : i64 loc(#loc13)
    cf.br ^bb5(%6 : i64) loc(#loc12)
  ^bb4:  // pred: ^bb2
    %7 = arith.subi %1, %3 : i64 loc(#loc14)
    cf.br ^bb5(%7 : i64) loc(#loc12)
  ^bb5(%8: i64 loc("scf-loops.mlir":8:13)):  // 2 preds: ^bb3, ^bb4
    cf.br ^bb6 loc(#loc12)
  ^bb6:  // pred: ^bb5
    %9 = arith.addi %0, %arg2 : index loc(#loc6)
    cf.br ^bb1(%9, %8 : index, i64) loc(#loc6)
  ^bb7:  // pred: ^bb1
    return %1 : i64 loc(#loc15)
  } loc(#loc1)
  func.func @poly(%arg0: f32 loc("scf-loops.mlir":19:17), %arg1: index loc("scf-loops.mlir":19:26)) -> f32 {
    %c0 = arith.constant 0 : index loc(#loc19)
    %c1 = arith.constant 1 : index loc(#loc20)
    %cst = arith.constant 0.000000e+00 : f32 loc(#loc21)
    cf.br ^bb1(%c0, %cst : index, f32) loc(#loc22)
  ^bb1(%0: index loc("scf-loops.mlir":23:16), %1: f32 loc("scf-loops.mlir":23:50)):  // 2 preds: ^bb0, ^bb2
    %2 = arith.cmpi slt, %0, %arg1 : index loc(#loc22)
    cf.cond_br %2, ^bb2, ^bb3 loc(#loc22)
  ^bb2:  // pred: ^bb1
    %3 = arith.index_cast %0 : index to i32 loc(#loc25)
    %4 = arith.sitofp %3 : i32 to f32 loc(#loc26)
    %5 = arith.mulf %1, %arg0 fastmath<contract> : f32 loc(#loc27)
    %6 = arith.addf %5, %4 fastmath<contract> : f32 loc(#loc28)
    %7 = arith.addi %0, %c1 : index loc(#loc22)
    cf.br ^bb1(%7, %6 : index, f32) loc(#loc22)
  ^bb3:  // pred: ^bb1
    return %1 : f32 loc(#loc29)
  } loc(#loc16)
} loc(#loc)
#loc = loc("scf-loops.mlir":0:0)
#loc1 = loc("scf-loops.mlir":2:1)
#loc5 = loc("scf-loops.mlir":3:11)
#loc6 = loc("scf-loops.mlir":4:8)
#loc9 = loc("scf-loops.mlir":5:11)
#loc10 = loc("scf-loops.mlir":6:12)
#loc11 = loc("scf-loops.mlir":7:10)
#loc13 = loc("scf-loops.mlir":9:12)
#loc14 = loc("scf-loops.mlir":12:12)
#loc15 = loc("scf-loops.mlir":17:3)
#loc16 = loc("scf-loops.mlir":19:1)
#loc19 = loc("scf-loops.mlir":20:9)
#loc20 = loc("scf-loops.mlir":21:9)
#loc21 = loc("scf-loops.mlir":22:11)
#loc22 = loc("scf-loops.mlir":23:8)
#loc25 = loc("scf-loops.mlir":24:11)
#loc26 = loc("scf-loops.mlir":25:11)
#loc27 = loc("scf-loops.mlir":26:10)
#loc28 = loc("scf-loops.mlir":27:10)
#loc29 = loc("scf-loops.mlir":30:3)

