// RUN: strata-opt %s -tx8be-attach-target="mesh_x=2 mesh_y=2" -tx8be-group-ops -tx8be-ds-space-init | FileCheck %s
// RUN: strata-opt %s -tx8be-attach-target="mesh_x=2 mesh_y=2" -tx8be-group-ops -tx8be-ds-space-init --mlir-disable-threading | FileCheck %s
// RUN: strata-opt %s -tx8be-group-ops -tx8be-ds-space-init | FileCheck %s --check-prefix=CARD
// A pass on each function reads the card the module names: the sharding
// space of both functions is the 2x2 mesh's (4 tiles), whether the
// functions run in parallel (detached from the module) or one by one;
// without a target, the built-in card's 16 tiles.

// CHECK: func.func @f
// CHECK: sharding_space = {{\[}}[4, array<i64: 1, 4>, array<i64: 2, 2>, array<i64: 4, 1>]
// CHECK: func.func @g
// CHECK: sharding_space = {{\[}}[4, array<i64: 1, 4>, array<i64: 2, 2>, array<i64: 4, 1>]
// CARD: sharding_space = {{\[}}[16,
func.func @f(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %u = tx8be.Unary(%x) {kind = "relu"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %u : tensor<64x64xf32>
}
func.func @g(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %u = tx8be.Unary(%x) {kind = "exp"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %u : tensor<64x64xf32>
}
