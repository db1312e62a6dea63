// The operator library's tensors have at most 6 dims (L_SHAPE, BOX): a
// rank-7 model is refused at compile time, at the op, instead of giving a
// main.c that does not compile.
// RUN: rm -rf %t && not tx8c %s -o %t -q 2>&1 | FileCheck %s
// CHECK: rank-limit.mlir:[[@LINE+4]]:8: error: 'tx8be.{{[a-z_A-Z]+}}' has a tensor of rank 7 (tensor<2x2x2x2x2x2x16xbf16>): the TX8 operator library handles at most 6 dimensions
// CHECK-NOT: main.c

func.func @main(%x: tensor<2x2x2x2x2x2x16xf32> {onnx.name = "x"}) -> (tensor<16x2x2x2x2x2x2xf32> {onnx.name = "y"}) {
  %e = stablehlo.exponential %x : tensor<2x2x2x2x2x2x16xf32>
  %t = stablehlo.transpose %e, dims = [6, 5, 4, 3, 2, 1, 0] : (tensor<2x2x2x2x2x2x16xf32>) -> tensor<16x2x2x2x2x2x2xf32>
  return %t : tensor<16x2x2x2x2x2x2xf32>
}
