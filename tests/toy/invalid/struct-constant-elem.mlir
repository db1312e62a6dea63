// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// A tensor element of a struct constant is dense FP data.

toy.func @f() {
  %0 = toy.struct_constant ["a"] : !toy.struct<tensor<*xf64>>
  toy.return
}

// CHECK: loc("{{.*}}struct-constant-elem.mlir":5:8): error: constant of TensorType must be initialized by a DenseFPElementsAttr, got "a"
// CHECK-NEXT: Error can't load file {{.*}}struct-constant-elem.mlir
