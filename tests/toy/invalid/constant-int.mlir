// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// The value of toy.constant is an f64 elements attribute.

toy.func @f() {
  %0 = "toy.constant"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xf64>
  toy.return
}

// CHECK: loc("{{.*}}constant-int.mlir":5:8): error: 'toy.constant' op attribute 'value' failed to satisfy constraint: 64-bit float elements attribute
// CHECK-NEXT: Error can't load file {{.*}}constant-int.mlir
