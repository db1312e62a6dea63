// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// The custom parser of toy.constant wants a dense elements attribute.

toy.func @f() {
  %0 = toy.constant 1.0 : f64
  toy.return
}

// CHECK: loc("{{.*}}constant-not-dense.mlir":5:21): error: invalid kind of attribute specified
// CHECK-NEXT: Error can't load file {{.*}}constant-not-dense.mlir
