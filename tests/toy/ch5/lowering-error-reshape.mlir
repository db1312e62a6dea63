// RUN: not toyc -chapter=5 %s -emit=mlir-affine 2>&1 | FileCheck %s
// The partial lowering fails, as the tutorial's does, on a toy op no
// pattern lowers: here a reshape that canonicalization cannot fold away.

toy.func @main() {
  %0 = toy.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
  %1 = toy.add %0, %0 : tensor<4xf64>
  %2 = toy.reshape(%1 : tensor<4xf64>) to tensor<2x2xf64>
  toy.print %2 : tensor<2x2xf64>
  toy.return
}
// CHECK: lowering-error-reshape.mlir":8:8): error: failed to legalize operation 'toy.reshape' that was explicitly marked illegal
