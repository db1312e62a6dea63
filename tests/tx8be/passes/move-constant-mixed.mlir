// RUN: not strata-opt %s -tx8be-move-constant 2>&1 | FileCheck %s
// One constant loaded into SPM by one user and read from DDR by another
// (the seed asserts) is an error located at the constant.

// CHECK: shared_table
// CHECK-SAME: constant is loaded into SPM by 'tx8be.Gemm' (operand 1) but read from DDR by 'tx8be.Gather' (operand 0); one constant cannot be both
func.func @tied(%idx: tensor<3xi32>, %x: tensor<2x16xf32>) -> (tensor<3x16xf32>, tensor<2x16xf32>) {
  %table = tx8be.const dense<1.0> : tensor<16x16xf32> loc("shared_table")
  %g = tx8be.Gather(%table, %idx) {axis = 0 : i64} : (tensor<16x16xf32>, tensor<3xi32>) -> tensor<3x16xf32>
  %m = tx8be.Gemm(%x, %table) {trans_a = false, trans_b = false} : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32>
  return %g, %m : tensor<3x16xf32>, tensor<2x16xf32>
}
