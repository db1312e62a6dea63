// RUN: rm -rf %t && tx8c %s -o %t --run --dtype fp32 -q
// RUN: FileCheck %s < %t/run/report.json
// RUN: FileCheck %s --check-prefix=CARD < %t/run/card.toml
// A tx8be input compiled for the card its tx8be.target names (no
// --config) runs on that card: the C model gets the same figures, so the
// run has the 8 tiles of the 4x2 mesh, not the built-in 16.

// CHECK: "tile": 7,
// CHECK-NOT: "tile": 8,
// CARD: mesh_y = 2
module attributes {tx8be.target = #tx8be.target<mesh_y = 2>} {
  func.func @main(%x: tensor<64x64xf32> {onnx.name = "x"}) -> (tensor<64x64xf32> {onnx.name = "y"}) {
    %u = tx8be.Unary(%x) {kind = "relu"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    return %u : tensor<64x64xf32>
  }
}
