// RUN: %roundtrip %s
// tensor.bitcast (issue 29): int <-> float and signedness changes of one
// width, dynamic and unranked shapes on either side, an attribute
// dictionary, and the generic form.
func.func @bitcasts(%t: tensor<4xi32>, %u: tensor<*xf16>, %d: tensor<?x2xui8>) -> (tensor<4xf32>, tensor<?xsi32>, tensor<*xi32>, tensor<*xbf16>, tensor<3x?xi8>, tensor<4xf32>) {
  %0 = tensor.bitcast %t : tensor<4xi32> to tensor<4xf32>
  %1 = tensor.bitcast %t {tag} : tensor<4xi32> to tensor<?xsi32>
  %2 = tensor.bitcast %t : tensor<4xi32> to tensor<*xi32>
  %3 = tensor.bitcast %u : tensor<*xf16> to tensor<*xbf16>
  %4 = tensor.bitcast %d : tensor<?x2xui8> to tensor<3x?xi8>
  %5 = "tensor.bitcast"(%t) : (tensor<4xi32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<?xsi32>, tensor<*xi32>, tensor<*xbf16>, tensor<3x?xi8>, tensor<4xf32>
}
