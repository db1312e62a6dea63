// RUN: %roundtrip %s
// Output of: mlir-opt --convert-arith-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts --mlir-print-op-generic tests/tools/mlir-opt-inputs/arith-expand.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<struct<(i32, i32, i32, f32, i64)> (i32, i32, f32, f32, i64, i64)>, linkage = #llvm.linkage<external>, sym_name = "expand", visibility_ = 0 : i64}> ({
  ^bb0(%arg1: i32, %arg2: i32, %arg3: f32, %arg4: f32, %arg5: i64, %arg6: i64):
    %1 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %2 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %3 = "llvm.sdiv"(%arg1, %arg2) : (i32, i32) -> i32
    %4 = "llvm.mul"(%3, %arg2) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %5 = "llvm.icmp"(%arg1, %4) <{predicate = 1 : i64}> : (i32, i32) -> i1
    %6 = "llvm.icmp"(%arg1, %1) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %7 = "llvm.icmp"(%arg2, %1) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %8 = "llvm.icmp"(%6, %7) <{predicate = 0 : i64}> : (i1, i1) -> i1
    %9 = "llvm.and"(%5, %8) : (i1, i1) -> i1
    %10 = "llvm.add"(%3, %2) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %11 = "llvm.select"(%9, %10, %3) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i32, i32) -> i32
    %12 = "llvm.sdiv"(%arg1, %arg2) : (i32, i32) -> i32
    %13 = "llvm.mul"(%12, %arg2) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %14 = "llvm.icmp"(%arg1, %13) <{predicate = 1 : i64}> : (i32, i32) -> i1
    %15 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %16 = "llvm.icmp"(%arg1, %15) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %17 = "llvm.icmp"(%arg2, %15) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %18 = "llvm.icmp"(%16, %17) <{predicate = 1 : i64}> : (i1, i1) -> i1
    %19 = "llvm.and"(%14, %18) : (i1, i1) -> i1
    %20 = "llvm.mlir.constant"() <{value = -1 : i32}> : () -> i32
    %21 = "llvm.add"(%12, %20) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %22 = "llvm.select"(%19, %21, %12) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i32, i32) -> i32
    %23 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %24 = "llvm.icmp"(%arg1, %23) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %25 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %26 = "llvm.sub"(%arg1, %25) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %27 = "llvm.udiv"(%26, %arg2) : (i32, i32) -> i32
    %28 = "llvm.add"(%27, %25) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %29 = "llvm.select"(%24, %23, %28) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i32, i32) -> i32
    %30 = "llvm.intr.maximum"(%arg3, %arg4) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, f32) -> f32
    %31 = "llvm.intr.minimum"(%30, %arg4) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, f32) -> f32
    %32 = "llvm.mlir.constant"() <{value = 0 : index}> : () -> i64
    %33 = "llvm.mlir.constant"() <{value = 1 : index}> : () -> i64
    %34 = "llvm.sdiv"(%arg5, %arg6) : (i64, i64) -> i64
    %35 = "llvm.mul"(%34, %arg6) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %36 = "llvm.icmp"(%arg5, %35) <{predicate = 1 : i64}> : (i64, i64) -> i1
    %37 = "llvm.icmp"(%arg5, %32) <{predicate = 2 : i64}> : (i64, i64) -> i1
    %38 = "llvm.icmp"(%arg6, %32) <{predicate = 2 : i64}> : (i64, i64) -> i1
    %39 = "llvm.icmp"(%37, %38) <{predicate = 0 : i64}> : (i1, i1) -> i1
    %40 = "llvm.and"(%36, %39) : (i1, i1) -> i1
    %41 = "llvm.add"(%34, %33) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %42 = "llvm.select"(%40, %41, %34) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i64, i64) -> i64
    %43 = "llvm.mlir.poison"() : () -> !llvm.struct<(i32, i32, i32, f32, i64)>
    %44 = "llvm.insertvalue"(%43, %11) <{position = array<i64: 0>}> : (!llvm.struct<(i32, i32, i32, f32, i64)>, i32) -> !llvm.struct<(i32, i32, i32, f32, i64)>
    %45 = "llvm.insertvalue"(%44, %22) <{position = array<i64: 1>}> : (!llvm.struct<(i32, i32, i32, f32, i64)>, i32) -> !llvm.struct<(i32, i32, i32, f32, i64)>
    %46 = "llvm.insertvalue"(%45, %29) <{position = array<i64: 2>}> : (!llvm.struct<(i32, i32, i32, f32, i64)>, i32) -> !llvm.struct<(i32, i32, i32, f32, i64)>
    %47 = "llvm.insertvalue"(%46, %31) <{position = array<i64: 3>}> : (!llvm.struct<(i32, i32, i32, f32, i64)>, f32) -> !llvm.struct<(i32, i32, i32, f32, i64)>
    %48 = "llvm.insertvalue"(%47, %42) <{position = array<i64: 4>}> : (!llvm.struct<(i32, i32, i32, f32, i64)>, i64) -> !llvm.struct<(i32, i32, i32, f32, i64)>
    "llvm.return"(%48) : (!llvm.struct<(i32, i32, i32, f32, i64)>) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<bf16 (f32)>, linkage = #llvm.linkage<external>, sym_name = "bf16_trunc", visibility_ = 0 : i64}> ({
  ^bb0(%arg0: f32):
    %0 = "llvm.fptrunc"(%arg0) : (f32) -> bf16
    "llvm.return"(%0) : (bf16) -> ()
  }) : () -> ()
}) : () -> ()

