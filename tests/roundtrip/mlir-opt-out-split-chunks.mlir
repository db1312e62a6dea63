// RUN: %roundtrip %s --split-input-file
// Output of: mlir-opt --split-input-file tests/tools/mlir-opt-inputs/split.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

module {
  func.func @first(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.addi %arg0, %c1_i32 : i32
    return %0 : i32
  }
}

// -----
module {
  func.func @second(%arg0: f32) -> f32 {
    %0 = arith.negf %arg0 : f32
    return %0 : f32
  }
}

// -----
#map = affine_map<(d0) -> (d0 * 2)>
module {
  func.func private @third(memref<4xf32, #map>)
}

