func.func @count(%in: tensor<2x64x64x320xf16>, %w: tensor<320x3x3x320xf16>) -> tensor<2x32x32x320xf16> {
  %c = "oneflow.conv2d"(%in, %w) {data_format = "channels_last", device_name = ["@0:0"], device_tag = "cuda", dilation_rate = [1 : si32, 1 : si32], filters = 320 : si32, groups = 1 : si32, kernel_size = [3 : si32, 3 : si32], op_name = "c", operand_segment_sizes = dense<[1, 1, 1, 0]> : vector<4xi32>, padding_before = [1 : si32, 1 : si32], strides = [2 : si32, 2 : si32]} : (tensor<2x64x64x320xf16>, tensor<320x3x3x320xf16>) -> tensor<2x32x32x320xf16>
  return %c : tensor<2x32x32x320xf16>
}

// -----

func.func @length(%in: tensor<2x64x64x320xf16>, %w: tensor<320x3x3x320xf16>) -> tensor<2x32x32x320xf16> {
  %c = "oneflow.conv2d"(%in, %w) {data_format = "channels_last", device_name = ["@0:0"], device_tag = "cuda", dilation_rate = [1 : si32, 1 : si32], filters = 320 : si32, groups = 1 : si32, kernel_size = [3 : si32, 3 : si32], op_name = "c", operand_segment_sizes = dense<[1, 1, 0]> : vector<3xi32>, padding_before = [1 : si32, 1 : si32], strides = [2 : si32, 2 : si32]} : (tensor<2x64x64x320xf16>, tensor<320x3x3x320xf16>) -> tensor<2x32x32x320xf16>
  return %c : tensor<2x32x32x320xf16>
}
