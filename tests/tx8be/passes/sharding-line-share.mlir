// RUN: %python %S/../Inputs/fused_module.py conv_relu --n 16 --hw 7 --cin 512 --cout 1024 --elem bf16 | strata-opt -tx8be-sharding | FileCheck %s --check-prefix=COL
// RUN: %python %S/../Inputs/fused_module.py conv_relu --n 16 --hw 14 --cin 512 --cout 512 --k 3 --elem bf16 | strata-opt -tx8be-sharding | FileCheck %s --check-prefix=ROW
// tx8be-sharding records on a load that the tiles of each mesh row
// (share = "broadcast_row") or mesh column ("broadcast_column") hold the
// same box of it at every step, and that they read it in chunks and
// all-gather them along the line (crates/tx8be-transforms/src/line_share.rs)
// when that is estimated faster than every tile reading its box.

// A 1x1 conv 512 -> 1024 at batch 16 (ResNet-50 layer4's shape, half the
// outputs): sharded [4, 1, 1, 4] (t = 4 * batch quarter + channel
// quarter), the four tiles of a mesh column read the same quarter of the
// 1 MiB of filters; the input is split by batch and loaded per step. (At
// 512 -> 2048 the filters are now streamed down the columns and the
// input shared along the rows: sharding-stream-share.mlir.)
// COL: tx8be.group
// COL: tx8be.group
// COL: tx8be.load_var
// COL-NOT: share
// COL-SAME: : tensor<16x7x7x512xbf16>
// COL-NEXT: tx8be.load_const {{.*}}share = "broadcast_column"{{.*}} : tensor<1x1x512x1024xbf16>
// COL-NEXT: tx8be.load_const
// COL-NOT: share
// COL-SAME: : tensor<1024xf32>
// COL: tx8be.Unary({{.*}}shape_spatial_sharding = [4, 1, 1, 4]>

// Its 3x3 conv 512 -> 512 at 14x14: sharded [4, 1, 1, 4], the tiles of a
// mesh row (one batch quarter) read the same 4 images, which they share;
// the filters change with the step (a time split of the channels) and are
// streamed down the columns instead (sharding-stream-share.mlir).
// ROW: tx8be.group
// ROW: tx8be.group
// ROW: tx8be.load_var {{.*}}share = "broadcast_row"{{.*}} : tensor<16x14x14x512xbf16>
// ROW-NEXT: tx8be.load_const {{.*}}share = "stream_column"{{.*}} : tensor<3x3x512x512xbf16>
// ROW: tx8be.Unary({{.*}}shape_spatial_sharding = [4, 1, 1, 4]>
