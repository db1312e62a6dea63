// RUN: toyc -chapter=2 %s -emit=mlir 2>&1 | FileCheck %s
// RUN: toyc -chapter=2 %s -emit=mlir 2>&1 | toyc -chapter=2 -x mlir - -emit=mlir 2>&1 | FileCheck %s
// Own program: the generic form of every chapter 2 op reads back in the
// tutorial's custom form, which reads back unchanged.

"toy.func"() ({
^bb0(%arg0: tensor<*xf64>, %arg1: tensor<2x3xf64>):
  %0 = "toy.transpose"(%arg0) : (tensor<*xf64>) -> tensor<*xf64>
  %1 = "toy.mul"(%0, %arg1) : (tensor<*xf64>, tensor<2x3xf64>) -> tensor<*xf64>
  %2 = "toy.add"(%1, %1) : (tensor<*xf64>, tensor<*xf64>) -> tensor<*xf64>
  "toy.return"(%2) : (tensor<*xf64>) -> ()
}) {sym_name = "f", function_type = (tensor<*xf64>, tensor<2x3xf64>) -> tensor<*xf64>} : () -> ()
"toy.func"() ({
  %0 = "toy.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf64>} : () -> tensor<6xf64>
  %1 = "toy.reshape"(%0) : (tensor<6xf64>) -> tensor<2x3xf64>
  %2 = "toy.generic_call"(%1, %1) {callee = @f} : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<*xf64>
  "toy.print"(%2) : (tensor<*xf64>) -> ()
  "toy.return"() : () -> ()
}) {sym_name = "main", function_type = () -> ()} : () -> ()

// CHECK-LABEL: toy.func @f(
// CHECK-SAME:      [[A:%.*]]: tensor<*xf64>, [[B:%.*]]: tensor<2x3xf64>) -> tensor<*xf64> {
// CHECK-NEXT:    [[T:%.*]] = toy.transpose([[A]] : tensor<*xf64>) to tensor<*xf64>
// CHECK-NEXT:    [[M:%.*]] = toy.mul [[T]], [[B]] : (tensor<*xf64>, tensor<2x3xf64>) -> tensor<*xf64>
// CHECK-NEXT:    [[S:%.*]] = toy.add [[M]], [[M]] : tensor<*xf64>
// CHECK-NEXT:    toy.return [[S]] : tensor<*xf64>
// CHECK-LABEL: toy.func @main() {
// CHECK-NEXT:    [[C:%.*]] = toy.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf64>
// CHECK-NEXT:    [[R:%.*]] = toy.reshape([[C]] : tensor<6xf64>) to tensor<2x3xf64>
// CHECK-NEXT:    [[G:%.*]] = toy.generic_call @f([[R]], [[R]]) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<*xf64>
// CHECK-NEXT:    toy.print [[G]] : tensor<*xf64>
// CHECK-NEXT:    toy.return
