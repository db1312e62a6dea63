// RUN: %roundtrip %s
// Output of: mlir-opt --arith-emulate-wide-int=widest-int-supported=32 tests/tools/mlir-opt-inputs/wide-int.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

module {
  func.func @wide(%arg0: vector<2xi32>, %arg1: vector<2xi32>) -> vector<2xi32> {
    %0 = vector.extract %arg0[0] : i32 from vector<2xi32>
    %1 = vector.extract %arg0[1] : i32 from vector<2xi32>
    %2 = vector.extract %arg1[0] : i32 from vector<2xi32>
    %3 = vector.extract %arg1[1] : i32 from vector<2xi32>
    %sum, %overflow = arith.addui_extended %0, %2 : i32, i1
    %4 = arith.extui %overflow : i1 to i32
    %5 = arith.addi %4, %1 : i32
    %6 = arith.addi %5, %3 : i32
    %cst = arith.constant dense<0> : vector<2xi32>
    %7 = vector.insert %sum, %cst [0] : i32 into vector<2xi32>
    %8 = vector.insert %6, %7 [1] : i32 into vector<2xi32>
    %9 = vector.extract %8[0] : i32 from vector<2xi32>
    %10 = vector.extract %8[1] : i32 from vector<2xi32>
    %11 = vector.extract %arg1[0] : i32 from vector<2xi32>
    %12 = vector.extract %arg1[1] : i32 from vector<2xi32>
    %low, %high = arith.mului_extended %9, %11 : i32
    %13 = arith.muli %9, %12 : i32
    %14 = arith.muli %10, %11 : i32
    %15 = arith.addi %high, %13 : i32
    %16 = arith.addi %15, %14 : i32
    %cst_0 = arith.constant dense<0> : vector<2xi32>
    %17 = vector.insert %low, %cst_0 [0] : i32 into vector<2xi32>
    %18 = vector.insert %16, %17 [1] : i32 into vector<2xi32>
    %19 = vector.extract %18[0] : i32 from vector<2xi32>
    %20 = vector.extract %18[1] : i32 from vector<2xi32>
    %21 = vector.extract %arg0[0] : i32 from vector<2xi32>
    %22 = vector.extract %arg0[1] : i32 from vector<2xi32>
    %23 = arith.xori %19, %21 : i32
    %24 = arith.xori %20, %22 : i32
    %cst_1 = arith.constant dense<0> : vector<2xi32>
    %25 = vector.insert %23, %cst_1 [0] : i32 into vector<2xi32>
    %26 = vector.insert %24, %25 [1] : i32 into vector<2xi32>
    %27 = vector.extract %26[0] : i32 from vector<2xi32>
    %28 = vector.extract %26[1] : i32 from vector<2xi32>
    %29 = vector.extract %arg1[0] : i32 from vector<2xi32>
    %30 = vector.extract %arg1[1] : i32 from vector<2xi32>
    %31 = arith.cmpi ult, %27, %29 : i32
    %32 = arith.cmpi ult, %28, %30 : i32
    %33 = arith.cmpi eq, %28, %30 : i32
    %34 = arith.select %33, %31, %32 : i1
    %35 = vector.extract %26[0] : i32 from vector<2xi32>
    %36 = vector.extract %26[1] : i32 from vector<2xi32>
    %37 = vector.extract %arg1[0] : i32 from vector<2xi32>
    %38 = vector.extract %arg1[1] : i32 from vector<2xi32>
    %39 = arith.select %34, %35, %37 : i32
    %40 = arith.select %34, %36, %38 : i32
    %cst_2 = arith.constant dense<0> : vector<2xi32>
    %41 = vector.insert %39, %cst_2 [0] : i32 into vector<2xi32>
    %42 = vector.insert %40, %41 [1] : i32 into vector<2xi32>
    return %42 : vector<2xi32>
  }
}

