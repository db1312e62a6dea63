// RUN: %roundtrip %s --mlir-print-debuginfo
// Output of: mlir-opt --mlir-print-debuginfo tests/tools/mlir-opt-inputs/debuginfo.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

#loc2 = loc("src.c":1:10)
#loc3 = loc("src.c":1:17)
module {
  func.func @f(%arg0: i32 loc("src.c":1:10), %arg1: i32 loc("src.c":1:17)) -> i32 {
    %0 = arith.muli %arg0, %arg1 : i32 loc(#loc4)
    %1 = arith.addi %0, %arg0 : i32 loc(#loc12)
    %2 = arith.cmpi sgt, %1, %arg1 : i32 loc(#loc13)
    cf.cond_br %2, ^bb1, ^bb2 loc(#loc9)
  ^bb1:  // pred: ^bb0
    return %1 : i32 loc(#loc10)
  ^bb2:  // pred: ^bb0
    return %arg1 : i32 loc(#loc11)
  } loc(#loc1)
} loc(#loc)
#loc = loc("debuginfo.mlir":0:0)
#loc1 = loc("src.c":1:1)
#loc4 = loc("src.c":2:12)
#loc5 = loc("helper.h":5:3)
#loc6 = loc("src.c":3:7)
#loc7 = loc("src.c":4:6)
#loc8 = loc("src.c":4:10)
#loc9 = loc("src.c":4:3)
#loc10 = loc("src.c":5:5)
#loc11 = loc("src.c":7:3)
#loc12 = loc(callsite(#loc5 at #loc6))
#loc13 = loc(fused[#loc7, #loc8])

