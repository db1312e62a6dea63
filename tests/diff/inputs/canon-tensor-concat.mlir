// DIFF-PASS-SETS: 0,1,4,5,7,8,9
// tensor.concat (issue 29): the single-input fold and cast, refined input
// and result types, concats of concats, dims of a concat, encodings.
func.func @single_same(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = tensor.concat dim(0) %a : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @single_cast(%a: tensor<2x4xf32>) -> tensor<?x4xf32> {
  %0 = tensor.concat dim(0) %a : (tensor<2x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @result_type(%a: tensor<2x4xf32>, %c: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %0 = tensor.concat dim(0) %a, %c : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
  %1 = tensor.cast %0 : tensor<?x4xf32> to tensor<5x4xf32>
  return %1 : tensor<5x4xf32>
}
func.func @result_type_kept(%a: tensor<2x4xf32>, %c: tensor<3x4xf32>) -> tensor<?x?xf32> {
  %0 = tensor.concat dim(0) %a, %c : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @operand_types(%a: tensor<?x4xf32>, %b: tensor<?x?xf32>) -> tensor<?x4xf32> {
  %0 = tensor.concat dim(0) %a, %b : (tensor<?x4xf32>, tensor<?x?xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @both(%a: tensor<2x4xf32>, %b: tensor<?x?xf32>, %c: tensor<3x?xf32>) -> tensor<?x?xf32> {
  %0 = tensor.concat dim(0) %a, %b, %c : (tensor<2x4xf32>, tensor<?x?xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @inner_dim(%a: tensor<2x3xi8>, %b: tensor<2x5xi8>) -> tensor<?x8xi8> {
  %0 = tensor.concat dim(1) %a, %b : (tensor<2x3xi8>, tensor<2x5xi8>) -> tensor<?x8xi8>
  return %0 : tensor<?x8xi8>
}
func.func @kept(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = tensor.concat dim(0) %a, %b {tag} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @dead(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) {
  %0 = tensor.concat dim(0) %a, %b : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return
}
func.func @nested(%a: tensor<?x2xf32>, %b: tensor<3x?xf32>) -> (tensor<?x?xf32>, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.concat dim(0) %a, %b : (tensor<?x2xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
  %1 = tensor.concat dim(1) %0, %0 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %d0 = tensor.dim %1, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %1, %c1 : tensor<?x?xf32>
  return %1, %d0, %d1 : tensor<?x?xf32>, index, index
}
func.func @encoded(%a: tensor<2x?xf32, "enc">, %b: tensor<?x4xf32, "enc">) -> tensor<?x?xf32, "enc"> {
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x?xf32, "enc">, tensor<?x4xf32, "enc">) -> tensor<?x?xf32, "enc">
  return %0 : tensor<?x?xf32, "enc">
}
func.func @single_dynamic(%a: tensor<?x4xf32>) -> tensor<3x4xf32> {
  %0 = tensor.concat dim(0) %a : (tensor<?x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
