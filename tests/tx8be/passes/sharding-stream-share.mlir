// RUN: %python %S/../Inputs/fused_module.py gemm_unary --n 1024 --cin 768 --cout 768 --elem bf16 | strata-opt -tx8be-sharding | FileCheck %s --check-prefix=ROW
// RUN: %python %S/../Inputs/fused_module.py gemm_unary --n 768 --cin 768 --cout 2304 --elem bf16 | strata-opt -tx8be-sharding -tx8be-spm-alloc | FileCheck %s --check-prefix=COL
// tx8be-sharding records on a load that the tiles of each mesh row
// (share = "stream_row") or column ("stream_column") hold the same box of
// it at each step of a double-buffered schedule, a different box at each,
// when reading a chunk per tile and sending it along the line at every
// step (a barrier each) is estimated faster than every tile reading its box
// (crates/tx8be-transforms/src/stream_share.rs); tx8be-spm-alloc gives the
// load three buffers.

// 1024 x 768 x 768: [4, 4], A's 256 rows per tile in steps of 128 rows,
// streamed along the rows; the weights' column block, the same at every
// step, shared down the columns before the steps.
// ROW: tx8be.load_var {{.*}}share = "stream_row"{{.*}} : tensor<1024x768xbf16>
// ROW-NEXT: tx8be.load_const {{.*}}share = "broadcast_column"{{.*}} : tensor<768x768xbf16>
// ROW: tx8be.Unary({{.*}}multi_buf_num = 2{{.*}}temporal_mem_slice = [128, 192]{{.*}}shape_spatial_sharding = [4, 4]>

// 768 x 768 x 2304: the weights' 576 columns per tile in steps of 288,
// streamed down the columns, in three buffers.
// COL: tx8be.load_var {{.*}}share = "broadcast_row"{{.*}} : tensor<768x768xbf16>
// COL-NEXT: tx8be.load_const {{.*}}multi_buf_num = 3{{.*}}mem_addr = [{{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}]>, share = "stream_column"{{.*}} : tensor<768x2304xbf16>
