// RUN: strata-opt -inline %s --split-input-file > %t.s
// RUN: mlir-opt -inline %s --split-input-file > %t.r
// RUN: diff %t.r %t.s
// RUN: FileCheck %s < %t.s
// llvm.call of an llvm.func is inlined by copying the callee, never by
// moving it (a private callee with one call is copied, and stays behind),
// unless it is variadic: llvm.return
// becomes llvm.br; the callee's constant-size entry allocas move to the
// caller's entry block with lifetime markers around the inlined body, and
// dynamic allocas are bracketed by stacksave/stackrestore.

// CHECK-LABEL: llvm.func @caller
// CHECK: %[[P:.*]] = llvm.alloca
// CHECK: %[[Q:.*]] = llvm.alloca
// CHECK: llvm.cond_br
// CHECK: llvm.intr.lifetime.start %[[P]]
// CHECK: llvm.intr.lifetime.end %[[P]]
// CHECK: llvm.intr.lifetime.start %[[Q]]
// CHECK-NOT: llvm.call @slot
// CHECK-LABEL: llvm.func @dynamic_caller
// CHECK: llvm.intr.stacksave
// CHECK: llvm.intr.stackrestore
llvm.func @slot(%a: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %p = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  llvm.store %a, %p : i32, !llvm.ptr
  %v = llvm.load %p : !llvm.ptr -> i32
  llvm.return %v : i32
}
llvm.func @caller(%a: i32, %c: i1) -> i32 {
  llvm.cond_br %c, ^bb1, ^bb2
^bb1:
  %r = llvm.call @slot(%a) : (i32) -> i32
  llvm.return %r : i32
^bb2:
  %s = llvm.call @slot(%a) : (i32) -> i32
  llvm.return %s : i32
}
llvm.func @dynamic(%a: i32, %n: i64) -> i32 {
  %p = llvm.alloca %n x i32 : (i64) -> !llvm.ptr
  llvm.store %a, %p : i32, !llvm.ptr
  %v = llvm.load %p : !llvm.ptr -> i32
  llvm.return %v : i32
}
llvm.func @dynamic_caller(%a: i32, %n: i64) -> i32 {
  %r = llvm.call @dynamic(%a, %n) : (i32, i64) -> i32
  llvm.return %r : i32
}

// -----

// CHECK-LABEL: llvm.func private @once
// CHECK-LABEL: llvm.func @calls_once
// CHECK-NOT: llvm.call
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @varargs_caller
// CHECK: llvm.call @varargs
llvm.func private @once(%a: i32) -> i32 {
  %b = llvm.add %a, %a : i32
  llvm.return %b : i32
}
llvm.func @calls_once(%a: i32) -> i32 {
  %r = llvm.call @once(%a) : (i32) -> i32
  llvm.return %r : i32
}
llvm.func @varargs(%a: i32, ...) -> i32 {
  llvm.return %a : i32
}
llvm.func @varargs_caller(%a: i32) -> i32 {
  %r = llvm.call @varargs(%a) vararg(!llvm.func<i32 (i32, ...)>) : (i32) -> i32
  llvm.return %r : i32
}
