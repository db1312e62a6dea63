// RUN: %roundtrip %s
// Type aliases are resolved at parse time: builtin types have no alias names
// of their own, so mlir-opt prints the aliased types in full.

!f32_vec = vector<4xf32>
!big = tensor<?x?x!f32_vec>
!fn = (i32) -> !f32_vec
!matrix = memref<4x4xf32, strided<[4, 1]>>

func.func @uses(%a: !f32_vec, %b: !big, %c: !matrix) -> !f32_vec {
  return %a : !f32_vec
}

func.func private @fn_alias(!fn) -> !fn
