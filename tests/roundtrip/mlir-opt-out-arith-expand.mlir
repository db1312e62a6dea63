// RUN: %roundtrip %s
// Output of: mlir-opt --arith-expand tests/tools/mlir-opt-inputs/arith-expand.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

module {
  func.func @expand(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: index, %arg5: index) -> (i32, i32, i32, f32, index) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.divsi %arg0, %arg1 : i32
    %1 = arith.muli %0, %arg1 : i32
    %2 = arith.cmpi ne, %arg0, %1 : i32
    %3 = arith.cmpi slt, %arg0, %c0_i32 : i32
    %4 = arith.cmpi slt, %arg1, %c0_i32 : i32
    %5 = arith.cmpi eq, %3, %4 : i1
    %6 = arith.andi %2, %5 : i1
    %7 = arith.addi %0, %c1_i32 : i32
    %8 = arith.select %6, %7, %0 : i32
    %9 = arith.divsi %arg0, %arg1 : i32
    %10 = arith.muli %9, %arg1 : i32
    %11 = arith.cmpi ne, %arg0, %10 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %12 = arith.cmpi slt, %arg0, %c0_i32_0 : i32
    %13 = arith.cmpi slt, %arg1, %c0_i32_0 : i32
    %14 = arith.cmpi ne, %12, %13 : i1
    %15 = arith.andi %11, %14 : i1
    %c-1_i32 = arith.constant -1 : i32
    %16 = arith.addi %9, %c-1_i32 : i32
    %17 = arith.select %15, %16, %9 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %18 = arith.cmpi eq, %arg0, %c0_i32_1 : i32
    %c1_i32_2 = arith.constant 1 : i32
    %19 = arith.subi %arg0, %c1_i32_2 : i32
    %20 = arith.divui %19, %arg1 : i32
    %21 = arith.addi %20, %c1_i32_2 : i32
    %22 = arith.select %18, %c0_i32_1, %21 : i32
    %23 = arith.cmpf ugt, %arg2, %arg3 : f32
    %24 = arith.select %23, %arg2, %arg3 : f32
    %25 = arith.cmpf uno, %arg3, %arg3 : f32
    %26 = arith.select %25, %arg3, %24 : f32
    %27 = arith.cmpf ult, %26, %arg3 : f32
    %28 = arith.select %27, %26, %arg3 : f32
    %29 = arith.cmpf uno, %arg3, %arg3 : f32
    %30 = arith.select %29, %arg3, %28 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %31 = arith.divsi %arg4, %arg5 : index
    %32 = arith.muli %31, %arg5 : index
    %33 = arith.cmpi ne, %arg4, %32 : index
    %34 = arith.cmpi slt, %arg4, %c0 : index
    %35 = arith.cmpi slt, %arg5, %c0 : index
    %36 = arith.cmpi eq, %34, %35 : i1
    %37 = arith.andi %33, %36 : i1
    %38 = arith.addi %31, %c1 : index
    %39 = arith.select %37, %38, %31 : index
    return %8, %17, %22, %30, %39 : i32, i32, i32, f32, index
  }
  func.func @bf16_trunc(%arg0: f32) -> bf16 {
    %0 = arith.truncf %arg0 : f32 to bf16
    return %0 : bf16
  }
}

