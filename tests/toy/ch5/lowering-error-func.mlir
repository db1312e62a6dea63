// RUN: not toyc -chapter=5 %s -emit=mlir-affine 2>&1 | FileCheck %s
// Only `main` is lowered to func.func: another public function is left
// illegal and the lowering fails on it.

toy.func @helper(%arg0: tensor<2xf64>) {
  toy.print %arg0 : tensor<2xf64>
  toy.return
}
toy.func @main() {
  %0 = toy.constant dense<[1.0, 2.0]> : tensor<2xf64>
  toy.print %0 : tensor<2xf64>
  toy.return
}
// CHECK: lowering-error-func.mlir":5:1): error: failed to legalize operation 'toy.func' that was explicitly marked illegal
