// RUN: strata-opt -cse %s > %t.s
// RUN: mlir-opt -cse %s > %t.r
// RUN: diff %t.r %t.s
// RUN: FileCheck %s < %t.s
// llvm.load reads its address: two loads with no write between are one;
// a store (or a volatile access, which reads and writes memory at large)
// between them keeps both. Volatile loads are never merged.

// CHECK-LABEL: llvm.func @loads
// CHECK: %[[A:.*]] = llvm.load %arg0
// CHECK-NOT: llvm.load %arg0 :
// CHECK: llvm.store
// CHECK: %[[B:.*]] = llvm.load %arg0
// CHECK: llvm.load volatile %arg0
// CHECK: llvm.load volatile %arg0
// CHECK: llvm.load %arg0
llvm.func @loads(%p: !llvm.ptr, %v: i32) -> i32 {
  %0 = llvm.load %p : !llvm.ptr -> i32
  %1 = llvm.load %p : !llvm.ptr -> i32
  llvm.store %v, %p : i32, !llvm.ptr
  %2 = llvm.load %p : !llvm.ptr -> i32
  %3 = llvm.load volatile %p : !llvm.ptr -> i32
  %4 = llvm.load volatile %p : !llvm.ptr -> i32
  %5 = llvm.load %p : !llvm.ptr -> i32
  %r0 = llvm.add %0, %1 : i32
  %r1 = llvm.add %r0, %2 : i32
  %r2 = llvm.add %r1, %3 : i32
  %r3 = llvm.add %r2, %4 : i32
  %r4 = llvm.add %r3, %5 : i32
  llvm.return %r4 : i32
}
