// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// A transpose result must have the reversed shape.

toy.func @f(%a: tensor<2x3xf64>) {
  %0 = toy.transpose(%a : tensor<2x3xf64>) to tensor<2x3xf64>
  toy.return
}

// CHECK: loc("{{.*}}transpose-shape.mlir":5:8): error: expected result shape to be a transpose of the input
// CHECK-NEXT: Error can't load file {{.*}}transpose-shape.mlir
