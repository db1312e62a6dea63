// A call tx8c cannot inline is refused at its location with the reason,
// every one at once: a recursive function (the inliner leaves recursion
// alone) and a declaration without a body. The card runs one flat program.
// RUN: not tx8c %s --run=reference -o %t 2>&1 | FileCheck %s
// CHECK: tx8c-calls-invalid.mlir:[[@LINE+7]]:8: error: call to @count cannot be inlined: @count is recursive
// CHECK: tx8c-calls-invalid.mlir:[[@LINE+7]]:8: note: call to @host cannot be inlined: @host is a declaration without a body
// CHECK-NOT: panicked
// CHECK-NOT: cannot be lowered to tx8be yet

func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.abs %arg0 : tensor<4xf32>
  %1 = call @count(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = call @host(%1) : (tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
func.func private @count(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  %1 = call @count(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @host(%arg0: tensor<4xf32>) -> tensor<4xf32>
