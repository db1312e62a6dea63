// RUN: not toyc %s -emit=mlir -opt 2>&1 | FileCheck %s
// A call that cannot be inlined cannot have its shape inferred.

toy.func private @ext(tensor<*xf64>) -> tensor<*xf64>
toy.func @main() {
  %0 = toy.constant dense<1.0> : tensor<2xf64>
  %1 = toy.generic_call @ext(%0) : (tensor<2xf64>) -> tensor<*xf64>
  toy.print %1 : tensor<*xf64>
  toy.return
}

// CHECK: loc("{{.*}}shape-no-interface.mlir":7:8): error: unable to infer shape of operation without shape inference interface
