// RUN: strata-opt -symbol-dce -split-input-file -allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt -symbol-dce -split-input-file -allow-unregistered-dialect %s | mlir-opt -split-input-file -allow-unregistered-dialect --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -symbol-dce -split-input-file -allow-unregistered-dialect %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata

// Private and unreferenced: erased. Public: kept even when unreferenced.
// CHECK-LABEL: module
// CHECK-NOT: @dead_private
// CHECK: func.func @unused_public
// CHECK-NOT: @dead_private
func.func private @dead_private() {
  return
}
func.func @unused_public() {
  return
}

// -----

// A private callee of a public function stays live, transitively.
// CHECK-LABEL: module
// CHECK: func.func private @leaf
// CHECK: func.func private @middle
// CHECK: func.func @entry
func.func private @leaf() {
  return
}
func.func private @middle() {
  call @leaf() : () -> ()
  return
}
func.func @entry() {
  call @middle() : () -> ()
  return
}

// -----

// References held only by dead symbols do not keep anything alive; a cycle
// of private functions dies whole.
// CHECK-LABEL: module
// CHECK-NOT: func.func
// CHECK: }
func.func private @only_used_by_dead() {
  return
}
func.func private @dead_user() {
  call @only_used_by_dead() : () -> ()
  return
}
func.func private @ping() {
  call @pong() : () -> ()
  return
}
func.func private @pong() {
  call @ping() : () -> ()
  return
}
func.func private @self() {
  call @self() : () -> ()
  return
}

// -----

// References anywhere in an attribute count: arrays, dictionaries,
// func.constant.
// CHECK-LABEL: module
// CHECK-DAG: func.func private @in_array
// CHECK-DAG: func.func private @in_dict
// CHECK-DAG: func.func private @by_constant
// CHECK-NOT: @unreferenced
func.func private @in_array()
func.func private @in_dict()
func.func private @by_constant()
func.func private @unreferenced()
func.func @user() -> (() -> ()) attributes {refs = [1, [@in_array]], more = {inner = {x = @in_dict}}} {
  %f = constant @by_constant : () -> ()
  return %f : () -> ()
}

// -----

// Ops that are not symbols are always live, and so is what they refer to;
// references to symbols that do not exist are ignored.
// CHECK-LABEL: module
// CHECK: func.func private @kept_by_op
// CHECK-NOT: @dropped
// CHECK: "foo.user"() {callee = @kept_by_op, other = @does_not_exist}
func.func private @kept_by_op()
func.func private @dropped()
"foo.user"() {callee = @kept_by_op, other = @does_not_exist} : () -> ()

// -----

// Properties of an unregistered op are not symbol uses.
// CHECK-LABEL: module
// CHECK-NOT: func.func private @only_in_properties
// CHECK: "foo.props"() <{ref = @only_in_properties}>
func.func private @only_in_properties()
"foo.props"() <{ref = @only_in_properties}> : () -> ()
