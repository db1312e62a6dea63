// RUN: %roundtrip %s
// Tensor ops written in generic form: properties (static lists,
// operandSegmentSizes, reassociation, static_output_shape) read back and
// printed in custom form.

func.func @generic(%t: tensor<?x4xf32>, %i: index, %s: f32) {
  %0 = "tensor.empty"(%i) : (index) -> tensor<?x4xf32>
  %1 = "tensor.cast"(%t) : (tensor<?x4xf32>) -> tensor<3x4xf32>
  %2 = "tensor.dim"(%t, %i) : (tensor<?x4xf32>, index) -> index
  %3 = "tensor.extract"(%t, %i, %i) : (tensor<?x4xf32>, index, index) -> f32
  %4 = "tensor.insert"(%s, %t, %i, %i) : (f32, tensor<?x4xf32>, index, index) -> tensor<?x4xf32>
  %5 = "tensor.from_elements"(%s, %s) : (f32, f32) -> tensor<2xf32>
  %6 = "tensor.expand_shape"(%t, %i) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: -9223372036854775808, 2, 4>}> : (tensor<?x4xf32>, index) -> tensor<?x2x4xf32>
  %7 = "tensor.collapse_shape"(%6) <{reassociation = [[0, 1], [2]]}> : (tensor<?x2x4xf32>) -> tensor<?x4xf32>
  %8 = "tensor.extract_slice"(%t, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 2, -9223372036854775808>, static_strides = array<i64: 1, 1>}> : (tensor<?x4xf32>, index, index) -> tensor<2x?xf32>
  %9 = "tensor.insert_slice"(%8, %t, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 2, -9223372036854775808>, static_strides = array<i64: 1, 1>}> : (tensor<2x?xf32>, tensor<?x4xf32>, index, index) -> tensor<?x4xf32>
  return
}
