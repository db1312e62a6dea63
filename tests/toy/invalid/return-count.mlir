// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// toy.return against a function without results.

toy.func @f() {
  %0 = toy.constant dense<1.0> : tensor<f64>
  toy.return %0 : tensor<f64>
}

// CHECK: loc("{{.*}}return-count.mlir":6:3): error: 'toy.return' op does not return the same number of values (1) as the enclosing function (0)
// CHECK-NEXT: Error can't load file {{.*}}return-count.mlir
