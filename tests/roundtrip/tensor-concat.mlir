// RUN: %roundtrip %s
// tensor.concat (issue 29): static and dynamic inputs, one input, an inner
// dimension, an attribute dictionary, and the generic form.
func.func @concats(%a: tensor<2x4xf32>, %b: tensor<?x4xf32>, %c: tensor<2x?xf32>) -> (tensor<?x4xf32>, tensor<2x4xf32>, tensor<2x?xf32>, tensor<4x4xf32>, tensor<?x4xf32>) {
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = tensor.concat dim(0) %a : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %2 = tensor.concat dim(1) %a, %c, %a : (tensor<2x4xf32>, tensor<2x?xf32>, tensor<2x4xf32>) -> tensor<2x?xf32>
  %3 = tensor.concat dim(0) %a, %a {tag = 1 : i32} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  %4 = "tensor.concat"(%b, %a) <{dim = 0 : i64}> : (tensor<?x4xf32>, tensor<2x4xf32>) -> tensor<?x4xf32>
  return %0, %1, %2, %3, %4 : tensor<?x4xf32>, tensor<2x4xf32>, tensor<2x?xf32>, tensor<4x4xf32>, tensor<?x4xf32>
}
