// RUN: %roundtrip %s
// Output of: mlir-opt --convert-scf-to-cf --mlir-print-op-generic tests/tools/mlir-opt-inputs/scf-while.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

"builtin.module"() ({
  "func.func"() <{function_type = (i64) -> i64, sym_name = "collatz"}> ({
  ^bb0(%arg2: i64):
    %7 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %8 = "arith.constant"() <{value = 2 : i64}> : () -> i64
    %9 = "arith.constant"() <{value = 3 : i64}> : () -> i64
    %10 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    "cf.br"(%arg2, %10)[^bb1] : (i64, i64) -> ()
  ^bb1(%11: i64, %12: i64):  // 2 preds: ^bb0, ^bb2
    %13 = "arith.cmpi"(%11, %7) <{predicate = 4 : i64}> : (i64, i64) -> i1
    "cf.cond_br"(%13, %11, %12)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i64, i64) -> ()
  ^bb2(%14: i64, %15: i64):  // pred: ^bb1
    %16 = "arith.remsi"(%14, %8) : (i64, i64) -> i64
    %17 = "arith.cmpi"(%16, %10) <{predicate = 0 : i64}> : (i64, i64) -> i1
    %18 = "arith.select"(%17, %14, %14) : (i1, i64, i64) -> i64
    %19 = "arith.divsi"(%14, %8) : (i64, i64) -> i64
    %20 = "arith.muli"(%14, %9) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    %21 = "arith.addi"(%20, %7) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    %22 = "arith.select"(%17, %19, %21) : (i1, i64, i64) -> i64
    %23 = "arith.addi"(%15, %7) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    "cf.br"(%22, %23)[^bb1] : (i64, i64) -> ()
  ^bb3:  // pred: ^bb1
    "func.return"(%12) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "gcd"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "cf.br"(%arg0, %arg1)[^bb1] : (i32, i32) -> ()
  ^bb1(%1: i32, %2: i32):  // 2 preds: ^bb0, ^bb2
    %3 = "arith.cmpi"(%2, %0) <{predicate = 1 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%3, %1, %2)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i32, i32) -> ()
  ^bb2(%4: i32, %5: i32):  // pred: ^bb1
    %6 = "arith.remui"(%4, %5) : (i32, i32) -> i32
    "cf.br"(%5, %6)[^bb1] : (i32, i32) -> ()
  ^bb3:  // pred: ^bb1
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

