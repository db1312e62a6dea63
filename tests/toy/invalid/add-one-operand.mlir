// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// The binary op syntax has two operands.

toy.func @f(%a: tensor<2xf64>) {
  %0 = toy.add %a : tensor<2xf64>
  toy.return
}

// CHECK: loc("{{.*}}add-one-operand.mlir":5:16): error: expected 2 operands
// CHECK-NEXT: Error can't load file {{.*}}add-one-operand.mlir
