// tx8c runs tx8be-sw-pipeline after tx8be-sharding: `--emit=tx8be` shows
// each group's software pipeline (`sw_pipeline`, crates/tx8be/OPS.md
// "Groups"). Inputs/fused_module.py conv_add_relu: channel_norm group,
// the fused Conv 1x1 -> Add (residual) -> Relu group, channel_norm group.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/fused_module.py conv_add_relu --n 1 --hw 56 --cin 256 --cout 256 --elem bf16 > %t/car.mlir
// RUN: tx8c %t/car.mlir --emit=tx8be -q > %t/out.mlir
// RUN: FileCheck %s < %t/out.mlir
// The output re-parses with the attribute.
// RUN: strata-opt %t/out.mlir | FileCheck %s

// The channel_norm groups (TDMA copies as long as their loads): double-
// buffered, each step's ChannelNorm beside the next step's load and the
// previous step's store.
// CHECK: tx8be.group {{.*}}sw_pipeline = {buffers = 2 : i64, pipeline = [{ld = ["load_var@0[i]"]}, {body = [{join = ["ld", "st"], ld = ["load_var@0[i+1]"], st = ["store_var@2[i-1]"], tdma = ["ChannelNorm@1[i]"]}], repeat = {{[0-9]+}} : i64}, {join = ["st"], st = ["store_var@2[i]"]}]
// The fused group, double-buffered (multi_buf_num = 2 on its anchor, the
// Relu): the
// weights and the bias never change (loaded once, in the prologue); the
// residual load (load_var@4) shares the conv input's buffer and DMA, so
// it is never issued; each step's Conv, Add and Relu run beside the next
// step's input load and the previous step's store.
// CHECK: tx8be.group {{.*}}sw_pipeline = {buffers = 2 : i64, pipeline = [{ld = ["load_var@0[i]", "load_const@1[i]", "load_const@2[i]"]}, {body = [{ct = ["Binary@5[i]", "Unary@6[i]"], join = ["ld", "st"], ld = ["load_var@0[i+1]"], ne = ["Conv@3[i]"], st = ["store_var@7[i-1]"]}], repeat = [[STEPS:[0-9]+]] : i64}, {join = ["st"], st = ["store_var@7[i]"]}], steps = [[STEPS]] : i64
// CHECK: tx8be.Unary{{.*}}multi_buf_num = 2
