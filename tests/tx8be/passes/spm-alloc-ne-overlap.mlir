// RUN: %python %S/../Inputs/fused_module.py gemm_unary --n 1024 --cin 768 --cout 3072 --elem bf16 | strata-opt -tx8be-sharding -tx8be-spm-alloc | FileCheck %s
// RUN: %python %S/../Inputs/fused_module.py gemm_unary --n 64 --cin 64 --cout 64 --elem f32 | strata-opt -tx8be-sharding -tx8be-spm-alloc | FileCheck %s --check-prefix=SINGLE
// tx8be-spm-alloc gives the first call of a double-buffered group whose
// first call runs on the NE and the others on the CT (GEMM -> GELU) two
// result buffers of its own, so the next step's GEMM runs beside this
// step's GELU (crates/tx8be-transforms/src/ne_overlap.rs); codegen
// alternates them (groups-stream-share-run.mlir runs one).
// CHECK: tx8be.Gemm({{.*}}multi_buf_en = true, multi_buf_num = 2,{{.*}}mem_addr = [[[#A:]], [[#B:]]]>
// CHECK-SAME: -> tensor<1024x3072xbf16>
// CHECK: tx8be.Unary({{.*}}multi_buf_num = 2
// A single-buffered group keeps one.
// SINGLE: tx8be.Gemm({{.*}}multi_buf_num = 1,{{.*}}mem_addr = [{{[0-9]+}}]>
// SINGLE: tx8be.Unary({{.*}}multi_buf_num = 1
