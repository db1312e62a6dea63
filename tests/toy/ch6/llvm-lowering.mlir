// RUN: toyc -chapter=6 %s -emit=mlir-llvm 2>&1 | FileCheck %s
// RUN: toyc -chapter=6 %s -emit=mlir-llvm 2>&1 | mlir-opt | FileCheck %s
// RUN: toyc -chapter=6 %s -emit=mlir-llvm -opt 2>&1 | FileCheck %s --check-prefix=OPT
// The tutorial's chapter-6 llvm-lowering test, written from its
// description: the affine-lowering input taken all the way to the llvm
// dialect. Only the overall shape is checked (runtime declarations, the
// format-string globals, allocation through malloc, the printf calls in
// the print loops, free), not every instruction; the second RUN line
// checks that mlir-opt accepts and re-prints the output.

toy.func @main() {
  %0 = toy.constant dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf64>
  %2 = toy.transpose(%0 : tensor<2x3xf64>) to tensor<3x2xf64>
  %3 = toy.mul %2, %2 : tensor<3x2xf64>
  toy.print %3 : tensor<3x2xf64>
  toy.return
}

// CHECK-LABEL: llvm.func @free(!llvm.ptr)
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK: llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK: llvm.mlir.global internal constant @nl("\0A\00") {addr_space = 0 : i32}
// CHECK: llvm.mlir.global internal constant @frmt_spec("%f \00") {addr_space = 0 : i32}
// CHECK-LABEL: llvm.func @main()
// CHECK-DAG: llvm.mlir.constant(1.000000e+00 : f64) : f64
// CHECK-DAG: llvm.mlir.constant(6.000000e+00 : f64) : f64
// CHECK: llvm.call @malloc
// CHECK: llvm.store
// CHECK: llvm.br ^bb1
// CHECK: llvm.icmp "slt"
// CHECK: llvm.cond_br
// CHECK: llvm.load
// CHECK: llvm.fmul
// CHECK: llvm.mlir.addressof @frmt_spec : !llvm.ptr
// CHECK: llvm.mlir.addressof @nl : !llvm.ptr
// CHECK: llvm.call @printf({{.*}}) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32
// CHECK: llvm.call @printf({{.*}}) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
// CHECK: llvm.call @free
// CHECK: llvm.return
// CHECK-NOT: toy.
// CHECK-NOT: memref.
// CHECK-NOT: affine.
// CHECK-NOT: builtin.unrealized_conversion_cast

// With -opt, fusion and scalar replacement leave two buffers (the
// constant and the result) instead of three.
// OPT-LABEL: llvm.func @main()
// OPT-COUNT-2: llvm.call @malloc
// OPT-NOT: llvm.call @malloc
// OPT: llvm.call @printf
// OPT-COUNT-2: llvm.call @free
// OPT-NOT: llvm.call @free
// OPT: llvm.return

// The same program as LLVM IR (`-emit=llvm`, as the tutorial's test runs it):
// RUN: toyc -chapter=6 %s -emit=llvm -opt 2>&1 | FileCheck %s --check-prefix=LLVM
// LLVM-DAG: declare ptr @malloc(i64)
// LLVM-DAG: declare i32 @printf(ptr, ...)
// LLVM-DAG: @frmt_spec = internal constant [4 x i8] c"%f \00"
// LLVM-DAG: @nl = internal constant [2 x i8] c"\0A\00"
// LLVM: define void @main()
// LLVM: call ptr @malloc(i64
// LLVM: fmul double
// LLVM: call i32 (ptr, ...) @printf(ptr %{{[a-z0-9]+}}, double
// LLVM: call i32 (ptr, ...) @printf(ptr %{{[a-z0-9]+}})
// LLVM: call void @free(ptr
// LLVM: ret void
