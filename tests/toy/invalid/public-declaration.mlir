// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// A function without body is a declaration: it must not be public.

toy.func @ext(tensor<*xf64>) -> tensor<*xf64>

// CHECK: loc("{{.*}}public-declaration.mlir":4:1): error: 'toy.func' op symbol declaration cannot have public visibility
// CHECK-NEXT: Error can't load file {{.*}}public-declaration.mlir
