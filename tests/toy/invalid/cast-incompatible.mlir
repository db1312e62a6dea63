// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// toy.cast between ranked tensors of different shapes.

toy.func @f(%a: tensor<2xf64>) {
  %0 = toy.cast %a : tensor<2xf64> to tensor<3xf64>
  toy.return
}

// CHECK: loc("{{.*}}cast-incompatible.mlir":5:8): error: 'toy.cast' op operand type 'tensor<2xf64>' and result type 'tensor<3xf64>' are cast incompatible
// CHECK-NEXT: Error can't load file {{.*}}cast-incompatible.mlir
