// RUN: toyc -chapter=3 %s -emit=mlir -opt 2>&1 | FileCheck %s
// Own program: a chain of three transposes keeps one (SimplifyRedundantTranspose),
// reshape of reshape becomes one reshape, then a reshape to its own type goes.

toy.func @main(%arg0: tensor<2x3xf64>) {
  %0 = toy.transpose(%arg0 : tensor<2x3xf64>) to tensor<3x2xf64>
  %1 = toy.transpose(%0 : tensor<3x2xf64>) to tensor<2x3xf64>
  %2 = toy.transpose(%1 : tensor<2x3xf64>) to tensor<3x2xf64>
  %3 = "toy.reshape"(%2) : (tensor<3x2xf64>) -> tensor<6xf64>
  %4 = toy.reshape(%3 : tensor<6xf64>) to tensor<3x2xf64>
  toy.print %4 : tensor<3x2xf64>
  toy.return
}

// CHECK-LABEL: toy.func @main(
// CHECK-SAME:      [[ARG:%.*]]: tensor<2x3xf64>) {
// CHECK-NEXT:    [[T:%.*]] = toy.transpose([[ARG]] : tensor<2x3xf64>) to tensor<3x2xf64>
// CHECK-NEXT:    toy.print [[T]] : tensor<3x2xf64>
// CHECK-NEXT:    toy.return
