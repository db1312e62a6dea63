// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// toy.return only ends a toy.func (HasParent).

func.func @f() {
  toy.return
}

// CHECK: loc("{{.*}}return-parent.mlir":5:3): error: 'toy.return' op expects parent op 'toy.func'
// CHECK-NEXT: Error can't load file {{.*}}return-parent.mlir
