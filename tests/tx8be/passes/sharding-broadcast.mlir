// RUN: %python %S/../Inputs/fused_module.py conv_relu --n 16 --hw 8 --cin 1024 --cout 512 --elem bf16 | strata-opt -tx8be-sharding | FileCheck %s --check-prefix=BIG
// RUN: %python %S/../Inputs/fused_module.py conv_relu --n 16 --hw 8 --cin 32 --cout 32 --elem bf16 | strata-opt -tx8be-sharding | FileCheck %s --check-prefix=SMALL
// RUN: %python %S/../Inputs/fused_module.py conv_relu --n 16 --hw 7 --cin 512 --cout 512 --k 3 --elem bf16 | strata-opt -tx8be-sharding | FileCheck %s --check-prefix=ACT
// tx8be-sharding records on a group's load_const or load_var that the
// group broadcasts it (share = "broadcast", crates/tx8be-transforms/src/broadcast.rs) when
// every tile needs the whole tensor at every step and reading 1/16 of it
// per tile plus 15 DTE messages and two barriers is estimated faster than
// every tile reading it from DDR.

// 1 MiB of filters, one image per tile: the filters and the bias are
// broadcast; the activation load is not.
// BIG: tx8be.group
// BIG: tx8be.group
// BIG: tx8be.load_var
// BIG-NOT: share
// BIG-SAME: : tensor<16x8x8x1024xbf16>
// BIG-NEXT: tx8be.load_const {{.*}}share = "broadcast"{{.*}} : tensor<1x1x1024x512xbf16>
// BIG-NEXT: tx8be.load_const {{.*}}share = "broadcast"{{.*}} : tensor<512xf32>
// BIG-NEXT: tx8be.Conv(
// BIG-NEXT: tx8be.Unary({{.*}}shape_spatial_sharding = [16, 1, 1, 1]>

// 2 KiB of filters: 16 reads cost less than the messages and barriers.
// SMALL-NOT: share = "broadcast"

// ResNet-50 layer4's 3x3 conv at batch 16: 4.5 MiB of filters, 784 KiB of
// input. Sharded over the output channels, each tile reads 1/16 of the
// filters and the whole input, which is broadcast; the filters are not.
// ACT: tx8be.group
// ACT: tx8be.load_var {{.*}}share = "broadcast"{{.*}} : tensor<16x7x7x512xbf16>
// ACT-NEXT: tx8be.load_const
// ACT-NOT: share
// ACT-SAME: : tensor<3x3x512x512xbf16>
// ACT: tx8be.Unary({{.*}}shape_spatial_sharding = [1, 1, 1, 16]>
