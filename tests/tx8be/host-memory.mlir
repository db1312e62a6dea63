// A model that fits the card (8 Gi elements in and out: 32 GB of bf16
// DDR) needs far more host memory to run (the inputs as f64 values, their
// card images, the results): --run refuses it with the sizes, instead of
// aborting on an allocation of tens of GB.
// RUN: rm -rf %t && not tx8c %s -o %t --run -q 2>&1 | FileCheck %s
// CHECK: tx8c: error: running the program needs about {{[0-9.]+}} GB of host memory for its inputs and outputs (values, card images and results), and this machine has {{[0-9.]+}} GB available
// CHECK-NOT: memory allocation of

func.func @main(%x: tensor<8192x1048576xf32> {onnx.name = "x"}) -> (tensor<8192x1048576xf32> {onnx.name = "y"}) {
  %e = stablehlo.exponential %x : tensor<8192x1048576xf32>
  return %e : tensor<8192x1048576xf32>
}
