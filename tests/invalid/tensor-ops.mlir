// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null
// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// Tensor ops with mlir-opt 22's verifier and parser messages: index
// counts, TypesMatchWith constraints, cast compatibility, reshape rules,
// expand/collapse reassociations and shapes, slice lists (dynamic entries,
// ranks, negative values), rank-reduced result types, static bounds, and
// the type kinds the custom forms accept.

func.func @a(%t: tensor<?x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1}}
  %e = tensor.empty() : tensor<?x4xf32>
  return
}

// -----

func.func @a(%t: tensor<?x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %x = tensor.extract %t[%i] : tensor<?x4xf32>
  return
}

// -----

func.func @a(%t: tensor<?x4xf32>, %i: index, %s: f32) {
  // expected-error@+1 {{'tensor.insert' op incorrect number of indices}}
  %x = tensor.insert %s into %t[%i] : tensor<?x4xf32>
  return
}

// -----

func.func @a(%t: tensor<?x4xf32>, %i: index) {
  // expected-error@+1 {{expected type to be 'tensor<2x4xf32>' or a rank-reduced version. (size mismatch) }}
  %x = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<?x4xf32> to tensor<2x5xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 8 >= 8}}
  %x = tensor.extract_slice %t[7, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{expected offsets to be non-negative, but got -1}}
  %x = tensor.extract_slice %t[-1, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{expected sizes to be non-negative, but got -2}}
  %x = tensor.extract_slice %t[0, 0] [-2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{expected type to be 'tensor<2x4xf32>' or a rank-reduced version. (size mismatch) }}
  %x = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<8xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{expected type to be 'tensor<2x4xf32>' or a rank-reduced version. (size mismatch) }}
  %x = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (0 vs 1)}}
  %x = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 1, 4>, static_strides = array<i64: 1, 1>}> : (tensor<8x4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2).}}
  %x = tensor.collapse_shape %t [[0], [1]] : tensor<8x4xf32> into tensor<32xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  3.}}
  %x = tensor.collapse_shape %t [[0, 2]] : tensor<8x4xf32> into tensor<32xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
  %x = tensor.collapse_shape %t [[1, 0]] : tensor<8x4xf32> into tensor<32xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  1.}}
  %x = tensor.collapse_shape %t [[0]] : tensor<8x4xf32> into tensor<32xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed type to be 'tensor<32xf32>', but got 'tensor<32xi32>'}}
  %x = tensor.collapse_shape %t [[0, 1]] : tensor<8x4xf32> into tensor<32xi32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed rank (2) to equal the number of reassociation maps (1).}}
  %x = tensor.collapse_shape %t [[0, 1]] : tensor<8x4xf32> into tensor<2x16xf32>
  return
}

// -----

func.func @a(%t: tensor<32xf32>, %i: index) {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 40}}
  %x = tensor.expand_shape %t [[0, 1]] output_shape [8, 4] : tensor<32xf32> into tensor<8x5xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.expand_shape' op expected the expanded type, 'tensor<32xf32>' to have a higher (or same) rank than the collapsed type, 'tensor<8x4xf32>'.}}
  %x = tensor.expand_shape %t [[0, 1]] output_shape [32] : tensor<8x4xf32> into tensor<32xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'tensor.dim' invalid kind of type specified}}
  %x = tensor.dim %t, %i : memref<8xf32>
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{use of value '%i' expects different type than prior uses: 'f32' vs 'index'}}
  %x = tensor.from_elements %i : tensor<1xf32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<8x4xf32>' and result type 'tensor<8x4xi32>' are cast incompatible}}
  %x = tensor.cast %t : tensor<8x4xf32> to tensor<8x4xi32>
  return
}

// -----

func.func @a(%t: tensor<8x4xf32>, %i: index) {
  %x = tensor.cast %t : tensor<8x4xf32> to tensor<*xf32>
  %y = tensor.cast %x : tensor<*xf32> to tensor<*xf32>
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<8x4xf32>' and result type 'tensor<8xf32>' are cast incompatible}}
  %z = tensor.cast %t : tensor<8x4xf32> to tensor<8xf32>
  return
}

// -----

func.func @a(%t: tensor<2xf32>, %s: f32, %i: index) {
  // expected-error@+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %x = "tensor.from_elements"(%s) : (f32) -> tensor<2xf32>
  return
}

// -----

func.func @a(%t: tensor<2xf32>, %s: f32, %i: index) {
  // expected-error@+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %x = "tensor.from_elements"(%i, %i) : (index, index) -> tensor<2xf32>
  return
}

// -----

func.func @a(%t: tensor<2xf32>, %s: f32, %i: index) {
  // expected-error@+1 {{'tensor.insert' op failed to verify that scalar type matches element type of dest}}
  %x = "tensor.insert"(%i, %t, %i) : (index, tensor<2xf32>, index) -> tensor<2xf32>
  return
}

// -----

func.func @a(%t: tensor<2xf32>, %s: f32, %i: index) {
  // expected-error@+1 {{'tensor.insert' op failed to verify that result type matches type of dest}}
  %x = "tensor.insert"(%s, %t, %i) : (f32, tensor<2xf32>, index) -> tensor<3xf32>
  return
}

// -----

func.func @a(%t: tensor<2xf32>, %s: f32, %i: index) {
  // expected-error@+1 {{'tensor.extract' op failed to verify that result type matches element type of tensor}}
  %x = "tensor.extract"(%t, %i) : (tensor<2xf32>, index) -> i32
  return
}

// -----

func.func @a(%t: tensor<2xf32>, %u: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.insert_slice' op failed to verify that expected result type to match dest type}}
  %x = "tensor.insert_slice"(%t, %u) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> : (tensor<2xf32>, tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @a(%t: tensor<2xf32>, %u: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 4 >= 4}}
  %x = "tensor.insert_slice"(%t, %u) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 3>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> : (tensor<2xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<2xf32>, %u: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 3 inputs instead}}
  %x = "tensor.expand_shape"(%t) <{reassociation = [[0, 1]], static_output_shape = array<i64: 1, 2, 3>}> : (tensor<2xf32>) -> tensor<1x2xf32>
  return
}

// -----

func.func @a(%t: tensor<2xf32>, %u: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.expand_shape' op mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has 1 dynamic dims while output_shape has 0 values}}
  %x = "tensor.expand_shape"(%t) <{reassociation = [[0, 1]], static_output_shape = array<i64: -9223372036854775808, 2>}> : (tensor<2xf32>) -> tensor<1x2xf32>
  return
}

// -----

func.func @a(%t: tensor<2xf32>, %u: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %x = "tensor.expand_shape"(%t) <{reassociation = [[0, 1]], static_output_shape = array<i64: 1, 2>}> : (tensor<2xf32>) -> tensor<?x2xf32>
  return
}

// -----

func.func @a(%t: tensor<2xf32>, %u: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.expand_shape' op mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has 0 dynamic dims while output_shape has 1 values}}
  %x = "tensor.expand_shape"(%t, %i) <{reassociation = [[0, 1]], static_output_shape = array<i64: 1, 2>}> : (tensor<2xf32>, index) -> tensor<1x2xf32>
  return
}

// -----

func.func @a(%t: tensor<2xf32>, %u: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (1), but it is  2.}}
  %x = "tensor.collapse_shape"(%t) <{reassociation = [[0, 1]]}> : (tensor<2xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @a(%t: tensor<2xf32>, %u: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.collapse_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %x = "tensor.collapse_shape"(%t) <{reassociation = [0]}> : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @a(%t: tensor<2x3xf32>, %u: tensor<4xf32>, %i: index) {
  %x = tensor.collapse_shape %t [[0], [1]] : tensor<2x3xf32> into tensor<2x3xf32>
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 2}}
  %y = tensor.collapse_shape %t [[0], [1]] : tensor<2x3xf32> into tensor<3x2xf32>
  return
}

// -----

func.func @a(%t: tensor<?x3xf32>, %u: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %y = tensor.collapse_shape %t [[0, 1]] : tensor<?x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @a(%t: tensor<2x3xf32>, %u: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %y = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<?xf32>
  return
}

// -----

func.func @a(%t: tensor<2x3xf32>, %u: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.reshape' op operand #1 must be 1D tensor of signless integer or index values, but got 'tensor<4xf32>'}}
  %y = tensor.reshape %t(%u) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 8 >= 8}}
  %x = tensor.extract_slice %t[8] [0] [1] : tensor<8xf32> to tensor<0xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 9 >= 8}}
  %x = tensor.extract_slice %t[9] [1] [1] : tensor<8xf32> to tensor<1xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
  %x = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (tensor<8xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %x = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 1, 1>, static_strides = array<i64: 1>}> : (tensor<8xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'sizes' to match the number of dynamic entries in 'static_sizes' (1 vs 0)}}
  %x = "tensor.extract_slice"(%t, %i) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (tensor<8xf32>, index) -> tensor<1xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract_slice' op requires attribute 'static_strides'}}
  %x = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 1>}> : (tensor<8xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
  %x = tensor.extract_slice %t[0, 0] [1] [1] : tensor<8xf32> to tensor<1xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{expected rank to be smaller or equal to the other rank. }}
  %x = tensor.extract_slice %t[0] [1] [1] : tensor<8xf32> to tensor<1x1xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{expected element type to be 'f32'}}
  %x = tensor.extract_slice %t[0] [1] [1] : tensor<8xf32> to tensor<1xi32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (0 vs 1) so the rank of the result type is well-formed.}}
  %x = tensor.extract_slice %t[] [1] [1] : tensor<8xf32> to tensor<1xi32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{custom op 'tensor.extract_slice' invalid kind of type specified: expected builtin.tensor, but found 'f32'}}
  %x = tensor.extract_slice %t[0] [1] [1] : tensor<8xf32> to f32
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{use of value '%t' expects different type than prior uses: 'index' vs 'tensor<8xf32>'}}
  %x = tensor.expand_shape %t [[0, 1]] output_shape [2, %t] : tensor<8xf32> into tensor<2x4xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{custom op 'tensor.expand_shape' expected 'output_shape'}}
  %x = tensor.expand_shape %t [[0, 1]] : tensor<8xf32> into tensor<2x4xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{'tensor.collapse_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %x = tensor.collapse_shape %t [0] : tensor<8xf32> into tensor<8xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (0 vs 1)}}
  %x = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 1, 1>, static_strides = array<i64: 1>}> : (tensor<8xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (0 vs 1)}}
  %x = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: -9223372036854775808, -1>, static_sizes = array<i64: 1, 1>, static_strides = array<i64: 1, 1>}> : (tensor<8xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected 1 offset values, got 2}}
  %x = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: -1, -1>, static_sizes = array<i64: 1, 1>, static_strides = array<i64: 1, 1>}> : (tensor<8xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{'tensor.extract_slice' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %x = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (tensor<8xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 1 inputs instead}}
  %x = "tensor.expand_shape"(%t) <{reassociation = [[0, 1]], static_output_shape = array<i64: 2>}> : (tensor<8xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 1 inputs instead}}
  %x = "tensor.expand_shape"(%t, %i) <{reassociation = [[0, 1]], static_output_shape = array<i64: 2>}> : (tensor<8xf32>, index) -> tensor<2x4xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
  %x = "tensor.empty"(%i) : (index) -> tensor<8xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{'tensor.empty' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %x = "tensor.empty"() : () -> tensor<*xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{'tensor.dim' op result #0 must be index, but got 'i32'}}
  %x = "tensor.dim"(%t, %i) : (tensor<8xf32>, index) -> i32
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{custom op 'tensor.empty' invalid kind of type specified: expected builtin.tensor, but found 'f32'}}
  %x = tensor.empty() : f32
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{custom op 'tensor.cast' invalid kind of type specified}}
  %x = tensor.cast %t : tensor<8xf32> to f32
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{custom op 'tensor.extract' invalid kind of type specified: expected builtin.tensor, but found 'f32'}}
  %x = tensor.extract %t[%i] : f32
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{custom op 'tensor.insert' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %x = tensor.insert %f into %t[%i] : tensor<*xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %x = tensor.from_elements %f : tensor<*xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' 'result' must be statically shaped tensor of any type values, but got 'tensor<?xf32>'}}
  %x = tensor.from_elements %f : tensor<?xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{custom op 'tensor.insert_slice' invalid kind of type specified: expected builtin.tensor, but found 'f32'}}
  %x = tensor.insert_slice %f into %t[0] [1] [1] : f32 into tensor<8xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'tensor.reshape' op operand #1 must be 1D tensor of signless integer or index values, but got 'index'}}
  %x = tensor.reshape %t(%i) : (tensor<8xf32>, index) -> tensor<8xf32>
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @a(%t: tensor<8xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{use of value '%t' expects different type than prior uses: 'tensor<f32>' vs 'tensor<8xf32>'}}
  %x = tensor.dim %t, %i : tensor<f32>
  return
}

// -----

func.func @a(%t: tensor<f32>, %i: index, %f: f32) {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %x = tensor.dim %t, %i : tensor<f32>
  return
}
