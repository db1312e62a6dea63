// RUN: strata-translate --mlir-to-llvmir %s | FileCheck %s
// RUN: strata-translate --mlir-to-llvmir %s | llc -o /dev/null
// Volatile loads and stores keep `volatile` in LLVM IR; the stack and
// lifetime intrinsics become calls of their `.p0` overloads, declared once.

// CHECK: define i1 @f(ptr %[[P:[a-z0-9]+]], i64 %[[N:[a-z0-9]+]])
// CHECK: %[[S:.*]] = call ptr @llvm.stacksave.p0()
// CHECK: %[[A:.*]] = alloca i32, i64 %[[N]]
// CHECK: call void @llvm.lifetime.start.p0(ptr %[[A]])
// CHECK: %[[V:.*]] = load volatile i32, ptr %[[P]], align 4
// CHECK: store volatile i32 %[[V]], ptr %[[A]]
// CHECK: call void @llvm.lifetime.end.p0(ptr %[[A]])
// CHECK: icmp ne ptr %[[A]], null
// CHECK: call void @llvm.stackrestore.p0(ptr %[[S]])
// CHECK-DAG: declare ptr @llvm.stacksave.p0()
// CHECK-DAG: declare void @llvm.lifetime.start.p0(ptr)
// CHECK-DAG: declare void @llvm.lifetime.end.p0(ptr)
// CHECK-DAG: declare void @llvm.stackrestore.p0(ptr)
llvm.func @f(%p: !llvm.ptr, %n: i64) -> i1 {
  %s = llvm.intr.stacksave : !llvm.ptr
  %a = llvm.alloca %n x i32 : (i64) -> !llvm.ptr
  llvm.intr.lifetime.start %a : !llvm.ptr
  %v = llvm.load volatile %p {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store volatile %v, %a : i32, !llvm.ptr
  llvm.intr.lifetime.end %a : !llvm.ptr
  %z = llvm.mlir.zero : !llvm.ptr
  %c = llvm.icmp "ne" %a, %z : !llvm.ptr
  llvm.intr.stackrestore %s : !llvm.ptr
  llvm.return %c : i1
}
