// RUN: %roundtrip %s
// arith.constant and its result name hints: %c<value>_<type> for integers
// (%c<value> for index, %true/%false for i1, %c_<neg> for negatives), %cst
// for floats and dense values; clashes get _0, _1, ... suffixes.

func.func @ints() -> (i32, i64, index, i1, i1, i8, i128) {
  %0 = arith.constant 0 : i32
  %1 = arith.constant 42 : i64
  %2 = arith.constant 7 : index
  %3 = arith.constant true
  %4 = arith.constant false
  %5 = arith.constant -3 : i8
  %6 = arith.constant 170141183460469231731687303715884105727 : i128
  %7 = arith.constant 0 : i32
  %8 = arith.constant 0 : i32
  %9 = arith.constant 1 : i1
  %10 = arith.constant 255 : i8
  %11 = arith.constant -1 : index
  %12 = arith.constant 0 : index
  return %0, %1, %2, %3, %4, %5, %6 : i32, i64, index, i1, i1, i8, i128
}

func.func @floats() -> (f32, f64, f16, bf16) {
  %0 = arith.constant 1.0 : f32
  %1 = arith.constant -0.0 : f64
  %2 = arith.constant 0x7C00 : f16
  %3 = arith.constant 3.5 : bf16
  %4 = arith.constant 0x7FC00000 : f32
  %5 = arith.constant 1.0e-10 : f64
  %6 = arith.constant 2.0 : f8E4M3FN
  return %0, %1, %2, %3 : f32, f64, f16, bf16
}

func.func @shaped() -> (tensor<4xi32>, vector<2xf32>, tensor<2x2xi1>) {
  %0 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %1 = arith.constant dense<2.0> : vector<2xf32>
  %2 = arith.constant dense<[[true, false], [false, true]]> : tensor<2x2xi1>
  %3 = arith.constant dense<0> : vector<[4]xi64>
  %4 = arith.constant dense<5> : tensor<index>
  return %0, %1, %2 : tensor<4xi32>, vector<2xf32>, tensor<2x2xi1>
}
