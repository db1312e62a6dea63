// The inliner alone (empty optimization pipeline), checked against mlir-opt.
// RUN: strata-opt -allow-unregistered-dialect -split-input-file -inline='default-pipeline=' %s | FileCheck %s
// RUN: strata-opt -allow-unregistered-dialect -split-input-file -inline='default-pipeline=' %s | mlir-opt -allow-unregistered-dialect -split-input-file --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -allow-unregistered-dialect -split-input-file -inline='default-pipeline=' %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata

// A single-block callee: its return operands replace the call's results.
// The private callee goes once its last call is inlined; the public one stays.
// CHECK-LABEL: func.func @pub_callee
// CHECK-NOT: @priv_callee
// CHECK-LABEL: func.func @caller1
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg0
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[A]], %[[A]]
// CHECK-NEXT: return %[[M]]
func.func @pub_callee(%a: i32) -> i32 {
  %r = arith.addi %a, %a : i32
  return %r : i32
}
func.func private @priv_callee(%a: i32) -> i32 {
  %r = arith.muli %a, %a : i32
  return %r : i32
}
func.func @caller1(%x: i32) -> i32 {
  %0 = call @pub_callee(%x) : (i32) -> i32
  %1 = call @priv_callee(%0) : (i32) -> i32
  return %1 : i32
}

// -----

// Two calls of a private callee: both inlined, then it is erased.
// CHECK-LABEL: module
// CHECK-NOT: @twice
// CHECK: func.func @caller2
// CHECK-NEXT: arith.subi
// CHECK-NEXT: arith.subi
// CHECK-NOT: call
func.func private @twice(%a: i32, %b: i32) -> i32 {
  %r = arith.subi %a, %b : i32
  return %r : i32
}
func.func @caller2(%x: i32, %y: i32) -> i32 {
  %0 = call @twice(%x, %y) : (i32, i32) -> i32
  %1 = call @twice(%0, %y) : (i32, i32) -> i32
  return %1 : i32
}

// -----

// A chain of private callees is inlined bottom-up and all of them go.
// CHECK-LABEL: module
// CHECK-NOT: func.func private
// CHECK: func.func @top
// CHECK-NEXT: arith.constant 3
// CHECK-NEXT: arith.constant 2
// CHECK-NEXT: arith.constant 1
func.func private @c() -> i32 {
  %c1 = arith.constant 1 : i32
  return %c1 : i32
}
func.func private @b() -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = call @c() : () -> i32
  %1 = arith.addi %c2, %0 : i32
  return %1 : i32
}
func.func private @a() -> i32 {
  %c3 = arith.constant 3 : i32
  %0 = call @b() : () -> i32
  %1 = arith.addi %c3, %0 : i32
  return %1 : i32
}
func.func @top() -> i32 {
  %0 = call @a() : () -> i32
  return %0 : i32
}

// -----

// No results, several results, unused results.
// CHECK-LABEL: func.func @caller3
// CHECK-NEXT: arith.constant 7
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.muli
// CHECK-NEXT: arith.subi
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.muli
// CHECK-NEXT: return
func.func private @no_results() {
  %c7 = arith.constant 7 : i32
  return
}
func.func private @two_results(%a: i32) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %a, %a : i32
  return %0, %1 : i32, i32
}
func.func @caller3(%x: i32) -> i32 {
  call @no_results() : () -> ()
  %r:2 = call @two_results(%x) : (i32) -> (i32, i32)
  %s = arith.subi %r#1, %r#0 : i32
  %u:2 = call @two_results(%x) : (i32) -> (i32, i32)
  return %s : i32
}

// -----

// Declarations, indirect calls and `no_inline` (on the function or on the
// call) are not inlined; a function referenced by func.constant stays.
// CHECK-LABEL: module
// CHECK: func.func private @decl
// CHECK: func.func private @by_value
// CHECK: func.func private @noinl
// CHECK: func.func private @plain
// CHECK: func.func @caller4
// CHECK: call @decl
// CHECK: call_indirect
// CHECK: call @noinl
// CHECK: call @plain(%{{.*}}) {no_inline}
func.func private @decl(i32) -> i32
func.func private @by_value(%a: i32) -> i32 {
  return %a : i32
}
func.func private @noinl(%a: i32) -> i32 attributes {no_inline} {
  return %a : i32
}
func.func private @plain(%a: i32) -> i32 {
  return %a : i32
}
func.func @caller4(%x: i32) -> i32 {
  %0 = call @decl(%x) : (i32) -> i32
  %f = constant @by_value : (i32) -> i32
  %1 = call_indirect %f(%0) : (i32) -> i32
  %2 = call @noinl(%1) : (i32) -> i32
  %3 = call @plain(%2) {no_inline} : (i32) -> i32
  return %3 : i32
}

// -----

// Calls inside an unregistered op's region are not inlined (the op may not
// allow it), nor are callees holding unregistered ops.
// CHECK-LABEL: module
// CHECK: func.func private @simple
// CHECK: func.func private @opaque_body
// CHECK: func.func @caller5
// CHECK: "foo.region"() ({
// CHECK-NEXT: func.call @simple
// CHECK: call @opaque_body
func.func private @simple(%a: i32) -> i32 {
  return %a : i32
}
func.func private @opaque_body(%a: i32) -> i32 {
  %0 = "foo.op"(%a) : (i32) -> i32
  return %0 : i32
}
func.func @caller5(%x: i32) -> i32 {
  "foo.region"() ({
    %0 = func.call @simple(%x) : (i32) -> i32
    "foo.yield"() : () -> ()
  }, {}) : () -> ()
  %1 = call @opaque_body(%x) : (i32) -> i32
  return %1 : i32
}

// -----

// A callee still referenced by something other than a call (an attribute
// of a module-level op) is inlined but stays.
// CHECK-LABEL: module
// CHECK: func.func private @referenced
// CHECK: "foo.keep"() {ref = @referenced}
// CHECK: func.func @caller6
// CHECK-NEXT: arith.addi
func.func private @referenced(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
"foo.keep"() {ref = @referenced} : () -> ()
func.func @caller6(%x: i32) -> i32 {
  %0 = call @referenced(%x) : (i32) -> i32
  return %0 : i32
}
