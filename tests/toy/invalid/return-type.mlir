// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// toy.return with a ranked type other than the function result.

toy.func @f(%a: tensor<2xf64>) -> tensor<3xf64> {
  toy.return %a : tensor<2xf64>
}

// CHECK: loc("{{.*}}return-type.mlir":5:3): error: type of return operand (tensor<2xf64>) doesn't match function result type (tensor<3xf64>)
// CHECK-NEXT: Error can't load file {{.*}}return-type.mlir
