// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// memref.dim on a 0-d memref or a non-memref, with a non-index index or
// result.

func.func @rank0(%m: memref<f32>, %c: index) -> index {
  // expected-error@+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'}}
  %d = memref.dim %m, %c : memref<f32>
  return %d : index
}

// -----

func.func @tensor(%t: tensor<4xf32>, %c: index) -> index {
  // expected-error@+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'tensor<4xf32>'}}
  %d = memref.dim %t, %c : tensor<4xf32>
  return %d : index
}

// -----

func.func @index_type(%m: memref<4xf32>, %c: i32) -> index {
  // expected-error@+1 {{'memref.dim' op operand #1 must be index, but got 'i32'}}
  %d = "memref.dim"(%m, %c) : (memref<4xf32>, i32) -> index
  return %d : index
}

// -----

func.func @result_type(%m: memref<4xf32>, %c: index) -> i32 {
  // expected-error@+1 {{'memref.dim' op result #0 must be index, but got 'i32'}}
  %d = "memref.dim"(%m, %c) : (memref<4xf32>, index) -> i32
  return %d : i32
}
