// Several independent chunks, as mlir-opt --split-input-file prints them.
func.func @first(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %0 = arith.addi %a, %c : i32
  return %0 : i32
}

// -----

func.func @second(%x: f32) -> f32 {
  %0 = arith.negf %x : f32
  return %0 : f32
}

// -----

#map = affine_map<(d0) -> (d0 * 2)>
func.func private @third(memref<4xf32, #map>)
