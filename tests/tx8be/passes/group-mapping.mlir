// RUN: strata-opt %s -split-input-file -tx8be-group-ops -tx8be-group-mapping -verify-diagnostics | FileCheck %s
// tx8be-group-mapping: every group gets dev_region = [x0, y0, x_dim,
// y_dim], the whole tile grid from tile (0, 0); the grid is the module's
// tx8be.x_dim / tx8be.y_dim, by default the card's 4x4 mesh.

// CHECK-LABEL: func.func @card_mesh
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {dev_region = array<i64: 0, 0, 4, 4>, group_id = 0 : i64}
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {dev_region = array<i64: 0, 0, 4, 4>, group_id = 1 : i64}
module {
  func.func @card_mesh(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %u = tx8be.Unary(%x) {kind = "relu"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %e = tx8be.Unary(%u) {kind = "exp"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    return %e : tensor<4x8xf32>
  }
}

// -----

// CHECK-LABEL: func.func @module_grid
// CHECK: tx8be.group -> tensor<4x8xf32> attributes {dev_region = array<i64: 0, 0, 2, 4>, group_id = 0 : i64}
module attributes {tx8be.x_dim = 2 : i64, tx8be.y_dim = 4 : i64} {
  func.func @module_grid(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %u = tx8be.Unary(%x) {kind = "relu"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    return %u : tensor<4x8xf32>
  }
}

// -----

// expected-error@+1 {{module attribute 'tx8be.x_dim' = 8 is outside the card's mesh (1 to 4 tiles)}}
module attributes {tx8be.x_dim = 8 : i64} {
  func.func @too_wide(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %u = tx8be.Unary(%x) {kind = "relu"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    return %u : tensor<4x8xf32>
  }
}

// -----

// expected-error@+1 {{module attribute 'tx8be.y_dim' must be an integer (tiles along the mesh)}}
module attributes {tx8be.y_dim = "four"} {
  func.func @not_int(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    return %x : tensor<4x8xf32>
  }
}
