// RUN: %roundtrip %s
// builtin.unrealized_conversion_cast: 1->1, N->1, 1->N, 0->1 and N->M casts.

func.func @casts(%a: i32, %b: f32, %t: tensor<4xf32>) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  %1 = builtin.unrealized_conversion_cast %a, %b : i32, f32 to tuple<i32, f32>
  %2:2 = builtin.unrealized_conversion_cast %1 : tuple<i32, f32> to i32, f32
  %3 = builtin.unrealized_conversion_cast to index
  %4:3 = builtin.unrealized_conversion_cast %t, %a : tensor<4xf32>, i32 to memref<4xf32>, index, i1
  %5 = builtin.unrealized_conversion_cast %4#0 : memref<4xf32> to tensor<4xf32>
  return %0 : i64
}
