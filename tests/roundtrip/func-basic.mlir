// RUN: %roundtrip %s
// func.func definitions and declarations, return with zero/one/many values,
// argument renaming to %argN, empty functions.

func.func @empty() {
  return
}

func.func @identity(%x: i32) -> i32 {
  return %x : i32
}

func.func @many(%a: i32, %b: f32, %c: index) -> (index, f32, i32) {
  return %c, %b, %a : index, f32, i32
}

func.func @tensors(%t: tensor<?xf32>, %m: memref<4xi8>) -> (tensor<?xf32>, memref<4xi8>) {
  return %t, %m : tensor<?xf32>, memref<4xi8>
}

func.func private @decl_only(i32, f32) -> i1
func.func private @no_args() -> (i1, i1)
