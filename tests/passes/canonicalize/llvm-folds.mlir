// RUN: strata-opt -canonicalize %s --split-input-file > %t.s
// RUN: mlir-opt -canonicalize %s --split-input-file > %t.r
// RUN: diff %t.r %t.s
// RUN: FileCheck %s < %t.s
// The llvm dialect's folds, as mlir-opt 22 has them: constant-like ops
// (constant, zero, undef, poison, addressof) uniqued and hoisted, a zero of
// an integer type uniqued with an equal constant; icmp eq/ne of equal
// operands and of an alloca against null; extractvalue through
// insertvalue chains; chained bitcasts; GEP zero and constant dynamic
// indices; shl/or/zext of constants; add/mul commutative (constants move
// right); unused loads and allocas erased, volatile loads kept. Nothing
// else folds upstream (add, select, trunc stay), and neither here.

llvm.mlir.global internal constant @g("ab\00")

// CHECK-LABEL: llvm.func @constants
// CHECK-NEXT: %[[T:.*]] = llvm.mlir.constant(true) : i1
// CHECK-NEXT: llvm.mlir.addressof @g
// CHECK-NEXT: llvm.mlir.poison : i32
// CHECK-NEXT: llvm.mlir.undef : i32
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NOT: llvm.mlir.zero
// CHECK: llvm.add %arg0, %[[Z]]
// CHECK: llvm.select %[[T]]
// CHECK: llvm.load volatile
// CHECK-NOT: llvm.alloca
llvm.func @constants(%a: i32, %p: !llvm.ptr) -> i32 {
  %dead = llvm.load %p : !llvm.ptr -> i32
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %z = llvm.mlir.zero : i32
  %u = llvm.mlir.undef : i32
  %q = llvm.mlir.poison : i32
  %g = llvm.mlir.addressof @g : !llvm.ptr
  %x = llvm.add %z, %a : i32
  %y = llvm.add %x, %c0 : i32
  %i = llvm.icmp "eq" %a, %a : i32
  %sel = llvm.select %i, %y, %c1 : i1, i32
  %v = llvm.load volatile %p : !llvm.ptr -> i32
  %al = llvm.alloca %c1 x i32 : (i32) -> !llvm.ptr
  %r1 = llvm.add %sel, %u : i32
  %r2 = llvm.add %r1, %q : i32
  %r3 = llvm.add %r2, %v : i32
  llvm.store %r3, %g : i32, !llvm.ptr
  llvm.return %r3 : i32
}

// -----

// CHECK-LABEL: llvm.func @icmp
// CHECK-NOT: llvm.icmp "eq"
// CHECK-NOT: llvm.icmp "ne"
// CHECK: llvm.icmp "sle" %arg0, %arg0
llvm.func @icmp(%a: i32) -> i1 {
  %0 = llvm.icmp "ne" %a, %a : i32
  %1 = llvm.icmp "sle" %a, %a : i32
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %al = llvm.alloca %c1 x i32 : (i64) -> !llvm.ptr
  %z = llvm.mlir.zero : !llvm.ptr
  %2 = llvm.icmp "eq" %al, %z : !llvm.ptr
  %3 = llvm.icmp "ne" %z, %al : !llvm.ptr
  %r = llvm.and %0, %1 : i1
  %r1 = llvm.and %r, %2 : i1
  %r2 = llvm.and %r1, %3 : i1
  llvm.return %r2 : i1
}

// -----

// CHECK-LABEL: llvm.func @aggregates_and_casts
// CHECK-NOT: llvm.extractvalue
// CHECK-NOT: llvm.bitcast
// CHECK-NOT: llvm.getelementptr %arg1[0]
// CHECK: llvm.getelementptr %arg1[3, 2]
llvm.func @aggregates_and_casts(%a: i32, %p: !llvm.ptr, %s: !llvm.struct<(i32, struct<(i64, i32)>)>) -> i32 {
  %i0 = llvm.insertvalue %a, %s[0] : !llvm.struct<(i32, struct<(i64, i32)>)>
  %i1 = llvm.insertvalue %a, %i0[1, 1] : !llvm.struct<(i32, struct<(i64, i32)>)>
  %e0 = llvm.extractvalue %i1[0] : !llvm.struct<(i32, struct<(i64, i32)>)>
  %inner = llvm.extractvalue %i1[1] : !llvm.struct<(i32, struct<(i64, i32)>)>
  %e1 = llvm.extractvalue %inner[1] : !llvm.struct<(i64, i32)>
  %bc = llvm.bitcast %e1 : i32 to f32
  %bc2 = llvm.bitcast %bc : f32 to i32
  %g0 = llvm.getelementptr %p[0] : (!llvm.ptr) -> !llvm.ptr, i32
  %l0 = llvm.load %g0 : !llvm.ptr -> i32
  %c3 = llvm.mlir.constant(3 : i64) : i64
  %g1 = llvm.getelementptr %p[%c3, 2] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, i32, i32)>
  %l1 = llvm.load %g1 : !llvm.ptr -> i32
  %r0 = llvm.add %e0, %bc2 : i32
  %r1 = llvm.add %r0, %l0 : i32
  %r2 = llvm.add %r1, %l1 : i32
  llvm.return %r2 : i32
}

// -----

// CHECK-LABEL: llvm.func @integer_folds
// CHECK-DAG: llvm.mlir.constant(7 : i64)
// CHECK-DAG: llvm.mlir.constant(96 : i64)
// CHECK: llvm.shl %{{.*}}, %{{.*}} : i64
// CHECK: llvm.add %arg0, %{{.*}} : i64
// CHECK: llvm.sub %{{.*}}, %arg0 : i64
// CHECK: llvm.trunc
llvm.func @integer_folds(%x: i64) -> i64 {
  %c7 = llvm.mlir.constant(7 : i32) : i32
  %c3 = llvm.mlir.constant(3 : i64) : i64
  %c5 = llvm.mlir.constant(5 : i64) : i64
  %c99 = llvm.mlir.constant(99 : i64) : i64
  %z = llvm.zext %c7 : i32 to i64
  %s = llvm.shl %c3, %c5 : i64
  %big = llvm.shl %c3, %c99 : i64
  %o = llvm.or %c3, %c5 : i64
  %a = llvm.add %c3, %x : i64
  %b = llvm.sub %c3, %x : i64
  %t = llvm.trunc %c99 : i64 to i32
  %te = llvm.sext %t : i32 to i64
  %r0 = llvm.add %z, %s : i64
  %r1 = llvm.add %r0, %o : i64
  %r2 = llvm.add %r1, %a : i64
  %r3 = llvm.add %r2, %b : i64
  %r4 = llvm.add %r3, %big : i64
  %r5 = llvm.add %r4, %te : i64
  llvm.return %r5 : i64
}
