// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// Constant result rank against its value.

toy.func @f() {
  %0 = "toy.constant"() {value = dense<1.0> : tensor<2xf64>} : () -> tensor<2x2xf64>
  toy.return
}

// CHECK: loc("{{.*}}constant-rank.mlir":5:8): error: 'toy.constant' op return type must match the one of the attached value attribute: 1 != 2
// CHECK-NEXT: Error can't load file {{.*}}constant-rank.mlir
