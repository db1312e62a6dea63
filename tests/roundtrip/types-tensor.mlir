// RUN: %roundtrip %s
// Ranked tensors: 0-d, static, dynamic `?`, zero-sized dims, encodings; and
// unranked tensors.

func.func private @ranked(tensor<f32>, tensor<1xf32>, tensor<2x3x4xi8>, tensor<0x4xf32>, tensor<1x1x1x1x1xindex>)
func.func private @dynamic(tensor<?xf32>, tensor<?x?xf32>, tensor<4x?x8xi32>, tensor<?x0xf16>)
func.func private @unranked(tensor<*xf32>, tensor<*xi1>, tensor<*xcomplex<f64>>) -> tensor<*xindex>
func.func private @element_types(tensor<2xvector<4xf32>>, tensor<?xcomplex<f32>>)
func.func private @encodings(tensor<4xf32, "sparse">, tensor<?x?xf64, {layout = 1 : i64}>, tensor<8xi8, 42 : i32>, tensor<2x2xf32, [1, 2]>, tensor<4xf32, @sym>)
