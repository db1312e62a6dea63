// RUN: strata-opt -canonicalize --split-input-file --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt -canonicalize --split-input-file --allow-unregistered-dialect %s | mlir-opt --split-input-file --allow-unregistered-dialect --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -canonicalize --split-input-file --allow-unregistered-dialect %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata
// Canonicalization of func: call_indirect of a func.constant becomes func.call;
// func.constant is uniqued and hoisted like any constant, and folded through
// branches (the constant flows into a block argument first).
// CHECK lines were generated with mlir-opt 22 and reviewed; the diff RUN line
// compares with mlir-opt at test time.

// CHECK-LABEL: func.func private @callee(
// CHECK-LABEL: func.func @call_indirect_of_constant(
// CHECK-NEXT: %0 = call @callee(%arg0) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func private @callee(i32) -> i32

func.func @call_indirect_of_constant(%a: i32) -> i32 {
  %f = func.constant @callee : (i32) -> i32
  %r = func.call_indirect %f(%a) : (i32) -> i32
  return %r : i32
}

// -----

// CHECK-LABEL: func.func private @callee(
// CHECK-LABEL: func.func @call_indirect_keeps_other_uses(
// CHECK-NEXT: %f = constant @callee : (i32) -> (i32, i32)
// CHECK-NEXT: %0:2 = call @callee(%arg0) : (i32) -> (i32, i32)
// CHECK-NEXT: %1 = arith.addi %0#0, %0#1 : i32
// CHECK-NEXT: return %f, %1 : (i32) -> (i32, i32), i32
// CHECK-NEXT: }
func.func private @callee(i32) -> (i32, i32)

func.func @call_indirect_keeps_other_uses(%a: i32) -> ((i32) -> (i32, i32), i32) {
  %f = func.constant @callee : (i32) -> (i32, i32)
  %r:2 = func.call_indirect %f(%a) : (i32) -> (i32, i32)
  %s = arith.addi %r#0, %r#1 : i32
  return %f, %s : (i32) -> (i32, i32), i32
}

// -----

// CHECK-LABEL: func.func @call_indirect_of_argument(
// CHECK-NEXT: %0 = call_indirect %arg0(%arg1) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @call_indirect_of_argument(%f: (i32) -> i32, %a: i32) -> i32 {
  %r = func.call_indirect %f(%a) : (i32) -> i32
  return %r : i32
}

// -----

// CHECK-LABEL: func.func private @callee(
// CHECK-LABEL: func.func @constants_uniqued_and_hoisted(
// CHECK-NEXT: %f = constant @callee : () -> ()
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%f : () -> ())
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.use"(%f) : (() -> ()) -> ()
// CHECK-NEXT: cf.br ^bb2(%f : () -> ())
// CHECK-NEXT: ^bb2(%0: () -> ()):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return %0, %f : () -> (), () -> ()
// CHECK-NEXT: }
func.func private @callee() -> ()

func.func @constants_uniqued_and_hoisted(%c: i1) -> (() -> (), () -> ()) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %f = func.constant @callee : () -> ()
  "test.use"(%f) : (() -> ()) -> ()
  cf.br ^bb3(%f : () -> ())
^bb2:
  %g = func.constant @callee : () -> ()
  cf.br ^bb3(%g : () -> ())
^bb3(%h: () -> ()):
  %k = func.constant @callee : () -> ()
  return %h, %k : () -> (), () -> ()
}

// -----

// CHECK-LABEL: func.func private @callee(
// CHECK-LABEL: func.func @unused_constant_erased(
// CHECK-NEXT: call @callee() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func private @callee() -> ()

func.func @unused_constant_erased() {
  %f = func.constant @callee : () -> ()
  %g = func.constant @callee : () -> ()
  func.call_indirect %g() : () -> ()
  return
}

// -----

// CHECK-LABEL: func.func private @pick(
// CHECK-LABEL: func.func @call_indirect_through_branch(
// CHECK-NEXT: %0 = call @pick(%arg0) : (i1) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func private @pick(i1) -> i32

func.func @call_indirect_through_branch(%c: i1) -> i32 {
  %f = func.constant @pick : (i1) -> i32
  %true = arith.constant true
  cf.cond_br %true, ^bb1(%f : (i1) -> i32), ^bb2
^bb1(%g: (i1) -> i32):
  %r = func.call_indirect %g(%c) : (i1) -> i32
  return %r : i32
^bb2:
  %z = arith.constant 0 : i32
  return %z : i32
}
