// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// toy.add works on f64 tensors.

toy.func @f(%a: tensor<2xi32>) {
  %0 = toy.add %a, %a : tensor<2xi32>
  toy.return
}

// CHECK: loc("{{.*}}add-int.mlir":5:8): error: 'toy.add' op operand #0 must be tensor of 64-bit float values, but got 'tensor<2xi32>'
// CHECK-NEXT: Error can't load file {{.*}}add-int.mlir
