// Multi-block callees: the caller's block is split after the call, the
// callee's returns become branches to the split-off block, whose arguments
// replace the call's results.
// RUN: strata-opt -allow-unregistered-dialect -split-input-file -inline='default-pipeline=' %s | FileCheck %s
// RUN: strata-opt -allow-unregistered-dialect -split-input-file -inline='default-pipeline=' %s | mlir-opt -allow-unregistered-dialect -split-input-file --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -allow-unregistered-dialect -split-input-file -inline='default-pipeline=' %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata

// CHECK-LABEL: func.func @caller
// CHECK: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK-NEXT: cf.br ^bb3(%arg1 : i32)
// CHECK: ^bb2:
// CHECK-NEXT: cf.br ^bb3(%arg2 : i32)
// CHECK: ^bb3(%[[R:.*]]: i32):
// CHECK-NEXT: arith.addi %[[R]], %[[R]]
func.func private @select(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  return %b : i32
}
func.func @caller(%c: i1, %x: i32, %y: i32) -> i32 {
  %0 = call @select(%c, %x, %y) : (i1, i32, i32) -> i32
  %1 = arith.addi %0, %0 : i32
  return %1 : i32
}

// -----

// Inlined into a block that is not the entry block, twice, with a loop in
// the callee.
// CHECK-LABEL: func.func @loop_caller
func.func private @count(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^head(%c0 : i32)
^head(%i: i32):
  %done = arith.cmpi sge, %i, %n : i32
  cf.cond_br %done, ^exit, ^body
^body:
  %next = arith.addi %i, %c1 : i32
  cf.br ^head(%next : i32)
^exit:
  return %i : i32
}
func.func @loop_caller(%c: i1, %n: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  %0 = call @count(%n) : (i32) -> i32
  cf.br ^join(%0 : i32)
^b:
  %1 = call @count(%n) : (i32) -> i32
  %2 = arith.addi %1, %1 : i32
  cf.br ^join(%2 : i32)
^join(%r: i32):
  return %r : i32
}

// -----

// A multi-block callee is not inlined where the call's parent op might
// require a single block (an unregistered op).
// CHECK-LABEL: func.func @in_region
// CHECK: "foo.wrap"
// CHECK-NEXT: func.call @two_blocks
func.func private @two_blocks(%a: i32) -> i32 {
  cf.br ^next
^next:
  return %a : i32
}
func.func @in_region(%x: i32) {
  "foo.wrap"() ({
    %0 = func.call @two_blocks(%x) : (i32) -> i32
    "foo.yield"() : () -> ()
  }, {}) : () -> ()
  return
}
