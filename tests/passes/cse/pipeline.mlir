// The pass run through a textual pipeline on functions only: the module
// body is left alone.
// RUN: strata-opt --pass-pipeline='builtin.module(func.func(cse))' --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --pass-pipeline='builtin.module(func.func(cse))' --allow-unregistered-dialect %s > %t.strata && mlir-opt --pass-pipeline='builtin.module(func.func(cse))' --allow-unregistered-dialect %s > %t.ref && diff %t.ref %t.strata
// RUN: strata-opt --pass-pipeline='builtin.module(func.func(cse))' --allow-unregistered-dialect --mlir-disable-threading %s > %t.serial && diff %t.strata %t.serial
// RUN: strata-opt --pass-pipeline='builtin.module(cse)' --allow-unregistered-dialect %s > %t.mod && mlir-opt --pass-pipeline='builtin.module(cse)' --allow-unregistered-dialect %s > %t.modref && diff %t.modref %t.mod
// RUN: strata-opt --pass-pipeline='builtin.module(cse)' --allow-unregistered-dialect %s | FileCheck %s --check-prefix=MODULE

// CHECK:         %[[M0:.*]] = arith.constant 3 : i8
// CHECK-NEXT:    %[[M1:.*]] = arith.constant 3 : i8
// CHECK-NEXT:    "test.keep"(%[[M0]], %[[M1]])
// MODULE:        %[[M:.*]] = arith.constant 3 : i8
// MODULE-NEXT:   "test.keep"(%[[M]], %[[M]])
%m0 = arith.constant 3 : i8
%m1 = arith.constant 3 : i8
"test.keep"(%m0, %m1) : (i8, i8) -> ()

// CHECK-LABEL: func.func @one(
// CHECK-NEXT:    %[[X:.*]] = arith.divsi %arg0, %arg1 : i8
// CHECK-NEXT:    return %[[X]], %[[X]]
func.func @one(%a: i8, %b: i8) -> (i8, i8) {
  %0 = arith.divsi %a, %b : i8
  %1 = arith.divsi %a, %b : i8
  return %0, %1 : i8, i8
}

// CHECK-LABEL: func.func @two(
// CHECK-NEXT:    %[[X:.*]] = arith.remui %arg0, %arg1 : i8
// CHECK-NEXT:    return %[[X]], %[[X]]
func.func @two(%a: i8, %b: i8) -> (i8, i8) {
  %0 = arith.remui %a, %b : i8
  %1 = arith.remui %a, %b : i8
  return %0, %1 : i8, i8
}
