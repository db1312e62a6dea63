module @jit_layernorm attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x32xf32>) -> (tensor<16x32xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<[0.836840391, 0.942083597, 1.03569782, 1.16047549, 0.883652329, 0.983339667, 1.07967663, 8.762680e-01, 1.00988054, 1.03608811, 0.871597647, 1.27070808, 0.922275066, 1.13403916, 0.974991321, 1.04014349, 0.971936583, 1.03936231, 0.877178609, 1.10646677, 0.969947814, 1.06548095, 0.971831321, 0.936640799, 0.938058078, 0.897553086, 0.935037553, 0.865776777, 0.90964353, 1.20075798, 1.19590831, 0.891115248]> : tensor<32xf32>
    %cst_0 = stablehlo.constant dense<[0.0435857587, 0.00925327092, -0.0272007827, -0.163925678, -0.157870665, -0.0501742885, 0.0126241911, 0.168271914, -0.1193306, 0.193342075, 0.103350885, 0.0982998982, 0.0844975337, -0.223849058, -0.270505428, -0.143483743, -0.0888573378, 0.0997019112, 0.101031907, 0.0827121958, 0.105428107, 0.0388366133, -0.107780255, 0.149842158, 0.0831039697, 0.118936293, 0.069026351, 0.168477282, 0.0895550847, 0.0834059268, 0.101435758, 0.0904747769]> : tensor<32xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %cst_2 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<16x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x32xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<16x32xf32>
    %6 = chlo.square %5 : tensor<16x32xf32> -> tensor<16x32xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %cst_4 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<16x1xf32>
    %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x32xf32>
    %12 = stablehlo.subtract %arg0, %11 : tensor<16x32xf32>
    %cst_5 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %14 = stablehlo.add %10, %13 : tensor<16x1xf32>
    %15 = stablehlo.sqrt %14 : tensor<16x1xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %17 = stablehlo.divide %16, %15 : tensor<16x1xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x32xf32>
    %19 = stablehlo.multiply %12, %18 : tensor<16x32xf32>
    %20 = stablehlo.broadcast_in_dim %cst, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<16x32xf32>
    %22 = stablehlo.multiply %19, %21 : tensor<16x32xf32>
    %23 = stablehlo.broadcast_in_dim %cst_0, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<16x32xf32>
    %25 = stablehlo.add %22, %24 : tensor<16x32xf32>
    return %25 : tensor<16x32xf32>
  }
}
