// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// A struct constant has one value per element.

toy.func @f() {
  %0 = toy.struct_constant [dense<1.0> : tensor<2xf64>] : !toy.struct<tensor<*xf64>, tensor<*xf64>>
  toy.return
}

// CHECK: loc("{{.*}}struct-constant-count.mlir":5:8): error: constant of StructType must be initialized by an ArrayAttr with the same number of elements, got {{\[}}dense<1.000000e+00> : tensor<2xf64>]
// CHECK-NEXT: Error can't load file {{.*}}struct-constant-count.mlir
