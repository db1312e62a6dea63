// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// A reshape produces a statically shaped tensor.

toy.func @f(%a: tensor<2xf64>) {
  %0 = toy.reshape(%a : tensor<2xf64>) to tensor<*xf64>
  toy.return
}

// CHECK: loc("{{.*}}reshape-dynamic.mlir":5:8): error: 'toy.reshape' op result #0 must be statically shaped tensor of 64-bit float values, but got 'tensor<*xf64>'
// CHECK-NEXT: Error can't load file {{.*}}reshape-dynamic.mlir
