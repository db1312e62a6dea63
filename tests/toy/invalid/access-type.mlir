// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// struct_access result type against the element type.

toy.func @f(%a: !toy.struct<tensor<*xf64>>) {
  %0 = toy.struct_access %a[0] : !toy.struct<tensor<*xf64>> -> tensor<2xf64>
  toy.return
}

// CHECK: loc("{{.*}}access-type.mlir":5:8): error: 'toy.struct_access' op must have the same result type as the struct element referred to by the index
// CHECK-NEXT: Error can't load file {{.*}}access-type.mlir
