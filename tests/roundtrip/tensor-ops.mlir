// RUN: %roundtrip %s
// RUN: %roundtrip %s --mlir-print-debuginfo
// The core tensor ops in custom form: empty with and without sizes, cast
// to and from unranked, dim, extract/insert (rank 0 too), from_elements
// (empty, rank 0, nested shapes), reshape, expand_shape with static and
// dynamic output_shape, collapse_shape (empty reassociation), slices with
// static and dynamic mixed lists, rank-reducing slices,
// encodings; attribute dictionaries where each form puts them; result
// names (`%cast`, `%dim`, `%extracted`, ...) and their clashes.

func.func @ops(%t: tensor<?x4xf32>, %i: index, %s: f32, %u: tensor<*xf32>, %sh: tensor<2xi32>) {
  %e = tensor.empty(%i) : tensor<?x4xf32>
  %e2 = tensor.empty() : tensor<3x4xf32>
  %c = tensor.cast %t : tensor<?x4xf32> to tensor<3x4xf32>
  %cu = tensor.cast %t : tensor<?x4xf32> to tensor<*xf32>
  %cr = tensor.cast %u : tensor<*xf32> to tensor<?x?xf32>
  %d = tensor.dim %t, %i : tensor<?x4xf32>
  %du = tensor.dim %u, %i : tensor<*xf32>
  %x = tensor.extract %t[%i, %i] : tensor<?x4xf32>
  %y = tensor.insert %s into %t[%i, %i] : tensor<?x4xf32>
  %fe = tensor.from_elements %s, %s : tensor<2xf32>
  %fe0 = tensor.from_elements %s : tensor<f32>
  %fe1 = tensor.from_elements : tensor<0xf32>
  %fe2 = tensor.from_elements %i, %i, %i, %i, %i, %i : tensor<2x3xindex>
  %x0 = tensor.extract %fe0[] : tensor<f32>
  %y0 = tensor.insert %x0 into %fe0[] : tensor<f32>
  %r = tensor.reshape %t(%sh) : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %ru = tensor.reshape %u(%sh) : (tensor<*xf32>, tensor<2xi32>) -> tensor<*xf32>
  %ex = tensor.expand_shape %t [[0, 1], [2]] output_shape [%i, 2, 4] : tensor<?x4xf32> into tensor<?x2x4xf32>
  %ex0 = tensor.expand_shape %fe0 [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  %co = tensor.collapse_shape %ex [[0, 1], [2]] : tensor<?x2x4xf32> into tensor<?x4xf32>
  %co1 = tensor.collapse_shape %e2 [[0, 1]] : tensor<3x4xf32> into tensor<12xf32>
  %co0 = tensor.collapse_shape %ex0 [] : tensor<1x1xf32> into tensor<f32>
  %sl = tensor.extract_slice %t[%i, 0] [2, %i] [1, 1] : tensor<?x4xf32> to tensor<2x?xf32>
  %sl2 = tensor.extract_slice %t[0, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
  %sl3 = tensor.extract_slice %t[%i, %i] [%i, %i] [%i, %i] : tensor<?x4xf32> to tensor<?x?xf32>
  %is = tensor.insert_slice %sl into %t[%i, 0] [2, %i] [1, 1] : tensor<2x?xf32> into tensor<?x4xf32>
  %is2 = tensor.insert_slice %sl2 into %t[0, 0] [1, 4] [2, 1] : tensor<4xf32> into tensor<?x4xf32>
  return
}

func.func @attrs(%t: tensor<?x3xf32>, %y: tensor<0x3xf32>, %i: index) {
  %z = tensor.extract_slice %t[0, 0] [0, 3] [1, 1] {foo} : tensor<?x3xf32> to tensor<0x3xf32>
  %e = tensor.expand_shape %y [[0], [1, 2]] output_shape [0, 3, 1] {foo} : tensor<0x3xf32> into tensor<0x3x1xf32>
  %c = tensor.collapse_shape %e [[0], [1, 2]] {foo} : tensor<0x3x1xf32> into tensor<0x3xf32>
  %d = tensor.dim {foo} %y, %i : tensor<0x3xf32>
  %f = tensor.from_elements %i, %i {foo} : tensor<2xindex>
  %g = tensor.cast %y {foo} : tensor<0x3xf32> to tensor<?x3xf32>
  %h = tensor.empty() {foo} : tensor<0x3xf32>
  %k = tensor.extract %f[%i] {foo} : tensor<2xindex>
  %l = tensor.insert %i into %f[%i] {foo} : tensor<2xindex>
  %r = tensor.reshape %f(%f) {foo} : (tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xindex>
  %s = tensor.insert_slice %z into %t[0, 0] [0, 3] [1, 1] {foo} : tensor<0x3xf32> into tensor<?x3xf32>
  return
}

func.func @encoding(%t: tensor<8x8xf32, "enc">) -> tensor<2x2xf32, "enc"> {
  %0 = tensor.extract_slice %t[0, 0] [2, 2] [1, 1] : tensor<8x8xf32, "enc"> to tensor<2x2xf32, "enc">
  %1 = tensor.insert_slice %0 into %t[2, 2] [2, 2] [1, 1] : tensor<2x2xf32, "enc"> into tensor<8x8xf32, "enc">
  %2 = tensor.cast %1 : tensor<8x8xf32, "enc"> to tensor<?x8xf32, "enc">
  return %0 : tensor<2x2xf32, "enc">
}
