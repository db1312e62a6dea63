// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// toy.return has at most one operand.

toy.func @f(%a: tensor<2xf64>) -> tensor<2xf64> {
  toy.return %a, %a : tensor<2xf64>, tensor<2xf64>
}

// CHECK: loc("{{.*}}return-two.mlir":5:3): error: 'toy.return' op expects at most 1 return operand
// CHECK-NEXT: Error can't load file {{.*}}return-two.mlir
