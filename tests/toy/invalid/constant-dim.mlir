// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// Constant result dimensions against its value.

toy.func @f() {
  %0 = "toy.constant"() {value = dense<1.0> : tensor<2x3xf64>} : () -> tensor<2x4xf64>
  toy.return
}

// CHECK: loc("{{.*}}constant-dim.mlir":5:8): error: 'toy.constant' op return type shape mismatches its attribute at dimension 1: 3 != 4
// CHECK-NEXT: Error can't load file {{.*}}constant-dim.mlir
