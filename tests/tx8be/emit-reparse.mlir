// tx8c's --emit=tx8be output (the scheduled backend IR, every attribute the
// passes wrote) parses and verifies in strata-opt, prints back to the same
// text, and survives the generic form. Inputs/tiny_cnn.onnx is written by
// Inputs/make_tiny_cnn.py (Conv + Relu + GlobalAveragePool + Flatten + Gemm).
// RUN: tx8c %S/Inputs/tiny_cnn.onnx --emit=tx8be -q > %t.tx8be.mlir
// RUN: strata-opt %t.tx8be.mlir > %t.once.mlir
// RUN: strata-opt %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: strata-opt %t.tx8be.mlir --mlir-print-op-generic | strata-opt > %t.generic.mlir
// RUN: diff %t.once.mlir %t.generic.mlir
// RUN: FileCheck %s < %t.once.mlir
// The fp32 build of the same model re-parses too.
// RUN: tx8c %S/Inputs/tiny_cnn.onnx --emit=tx8be --dtype fp32 -q | strata-opt | FileCheck %s --check-prefix=F32

// CHECK-LABEL: func.func @main
// CHECK-SAME: tensor<1x2x4x4xbf16> {onnx.name = "x", tx8be.ddr_addr = {{[0-9]+}} : i64}
// CHECK-SAME: -> (tensor<1x2xbf16> {onnx.name = "y", tx8be.ddr_addr = {{[0-9]+}} : i64})
// CHECK-SAME: attributes {tx8be.ddr_bytes = {{[0-9]+}} : i64}
// The weights are laid out blocked at compile time (const_map_id, placement).
// CHECK: tx8be.const {const_map_id = {{[0-9]+}} : i64, ddr_addr = {{[0-9]+}} : i64, dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <{{N?}}Cx>{{.*}}} dense<
// The whole model is one chain of sole users, which tx8be-group-chains
// proposes as one group and tx8be-group-boundaries keeps whole. The group
// carries the cost model's estimate (tx8be-estimate) and its software
// pipeline (tx8be-sw-pipeline); the host reads its output after every
// tile is done: no barrier.
// CHECK: tx8be.group -> tensor<1x2xbf16> attributes {barrier = false, estimated_cycles = {{[0-9]+}} : i64, group_id = 0 : i64, sw_pipeline = {buffers = {{[12]}} : i64, pipeline = [
// CHECK: tx8be.load_var %arg0
// The input is converted to the Conv's channel-blocked placement once.
// CHECK: tx8be.Transpose
// CHECK: tx8be.ChannelNorm
// CHECK-SAME: blocked = "Cx"
// CHECK: tx8be.load_const
// CHECK-SAME: const_map_id = {{[0-9]+}} : i64
// CHECK-SAME: dev_info = #tx8be.dev_attr<{{.*}}mem_addr = [{{[0-9]+}}]>
// The Relu is the Conv's own post-processing (tx8be-fuse-activation); the
// feature map and the pool's reductions stay in SPM.
// CHECK: tx8be.Conv
// CHECK-SAME: activation = "relu"
// CHECK-SAME: dev_info = #tx8be.dev_attr<{{.*}}mem_layout = <Cx>{{.*}}mem_addr = [{{[0-9]+}}]>
// CHECK-SAME: layout_str = "NHWC-HWIO-Tensor-NHWC"
// CHECK-NOT: tx8be.Unary
// CHECK: tx8be.Reduce
// CHECK: tx8be.Reduce
// The Gemm reads the pooled channels blocked (the pool's reductions keep
// the channel dim); the last layout conversion gives the dense host
// output and carries the group's schedule.
// CHECK: tx8be.Gemm
// CHECK: tx8be.ChannelNorm
// CHECK-SAME: tile_parallel = #tx8be.parallel_attr<
// CHECK: tx8be.store_var %{{[0-9]+}} {ddr_addr = {{[0-9]+}} : i64}
// CHECK-NOT: tx8be.group
// CHECK: return

// F32: func.func @main(%arg0: tensor<1x2x4x4xf32>
// F32: tx8be.Conv{{.*}}-> tensor<1x4x4x3xf32>
// F32: tx8be.Gemm{{.*}}-> tensor<1x2xf32>
