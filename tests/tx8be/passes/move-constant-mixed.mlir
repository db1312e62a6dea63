// RUN: strata-opt %s -tx8be-move-constant | FileCheck %s
// One constant loaded into SPM by one user and read from DDR by another (an
// embedding table tied to a language-model head) is split: the Gemm loads
// the constant, the Gather reads a copy of it from DDR, each with its own
// load_const and id. The seed asserts here.

// CHECK-LABEL: func.func @tied
// CHECK: %[[T:.*]] = tx8be.const {const_map_id = 0 : i64} dense<1.000000e+00> : tensor<16x16xf32>
// CHECK: %[[C:.*]] = tx8be.const {const_map_id = 1 : i64} dense<1.000000e+00> : tensor<16x16xf32>
// CHECK: %[[LC:.*]] = tx8be.load_const %[[C]] {bypasscodegen = true, const_map_id = 1 : i64
// CHECK: tx8be.Gather(%[[LC]],
// CHECK: %[[LT:.*]] = tx8be.load_const %[[T]] {const_map_id = 0 : i64
// CHECK-NOT: bypasscodegen
// CHECK: tx8be.Gemm(%{{.*}}, %[[LT]])
func.func @tied(%idx: tensor<3xi32>, %x: tensor<2x16xf32>) -> (tensor<3x16xf32>, tensor<2x16xf32>) {
  %table = tx8be.const dense<1.0> : tensor<16x16xf32> loc("shared_table")
  %g = tx8be.Gather(%table, %idx) {axis = 0 : i64} : (tensor<16x16xf32>, tensor<3xi32>) -> tensor<3x16xf32>
  %m = tx8be.Gemm(%x, %table) {trans_a = false, trans_b = false} : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32>
  return %g, %m : tensor<3x16xf32>, tensor<2x16xf32>
}
