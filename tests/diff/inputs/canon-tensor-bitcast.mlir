// DIFF-PASS-SETS: 0,1,4,5,7,8,9
// tensor.bitcast (issue 29): identity bitcasts, chains, chains back to the
// source type, through dynamic and unranked shapes, of constants.
func.func @identity(%t: tensor<4xi32>) -> tensor<4xi32> {
  %0 = tensor.bitcast %t : tensor<4xi32> to tensor<4xi32>
  return %0 : tensor<4xi32>
}
func.func @chain(%t: tensor<4xi32>) -> (tensor<4xsi32>, tensor<4xf32>) {
  %0 = tensor.bitcast %t : tensor<4xi32> to tensor<4xf32>
  %1 = tensor.bitcast %0 : tensor<4xf32> to tensor<4xui32>
  %2 = tensor.bitcast %1 : tensor<4xui32> to tensor<4xsi32>
  return %2, %0 : tensor<4xsi32>, tensor<4xf32>
}
func.func @round_trip(%t: tensor<?xf16>) -> tensor<?xf16> {
  %0 = tensor.bitcast %t : tensor<?xf16> to tensor<?xi16>
  %1 = tensor.bitcast %0 : tensor<?xi16> to tensor<?xf16>
  return %1 : tensor<?xf16>
}
func.func @shapes(%t: tensor<*xi32>) -> tensor<4xf32> {
  %0 = tensor.bitcast %t : tensor<*xi32> to tensor<?xf32>
  %1 = tensor.bitcast %0 : tensor<?xf32> to tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func @constant() -> tensor<2xf32> {
  %c = arith.constant dense<[1, 2]> : tensor<2xi32>
  %0 = tensor.bitcast %c : tensor<2xi32> to tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @dead(%t: tensor<4xi32>) {
  %0 = tensor.bitcast %t : tensor<4xi32> to tensor<4xf32>
  return
}
func.func @shared(%t: tensor<2x?xi8>) -> (tensor<2x?xui8>, tensor<2x3xsi8>, tensor<?x?xi8>) {
  %0 = tensor.bitcast %t : tensor<2x?xi8> to tensor<2x?xui8>
  %1 = tensor.bitcast %0 : tensor<2x?xui8> to tensor<2x3xsi8>
  %2 = tensor.bitcast %0 : tensor<2x?xui8> to tensor<?x?xi8>
  %3 = tensor.bitcast %t : tensor<2x?xi8> to tensor<2x?xui8>
  return %3, %1, %2 : tensor<2x?xui8>, tensor<2x3xsi8>, tensor<?x?xi8>
}
