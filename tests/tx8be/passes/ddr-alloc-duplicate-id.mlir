// RUN: not strata-opt %s -tx8be-ddr-alloc 2>&1 | FileCheck %s
// Two constants with one const_map_id cannot both be constant K of the
// weights image: an error at the second one.
// CHECK: second_weight
// CHECK-SAME: two tx8be.const ops have const_map_id 0
func.func @dup(%x: tensor<16xf32>) -> tensor<16xf32> {
  %a = tx8be.const {const_map_id = 0 : i64} dense<1.0> : tensor<16xf32> loc("first_weight")
  %b = tx8be.const {const_map_id = 0 : i64} dense<2.0> : tensor<16xf32> loc("second_weight")
  return %x : tensor<16xf32>
}
