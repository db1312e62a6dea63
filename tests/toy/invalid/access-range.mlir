// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// struct_access index out of range.

toy.func @f(%a: !toy.struct<tensor<*xf64>>) {
  %0 = toy.struct_access %a[1] : !toy.struct<tensor<*xf64>> -> tensor<*xf64>
  toy.return
}

// CHECK: loc("{{.*}}access-range.mlir":5:8): error: 'toy.struct_access' op index should be within the range of the input struct type
// CHECK-NEXT: Error can't load file {{.*}}access-range.mlir
