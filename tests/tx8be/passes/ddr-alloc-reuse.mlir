// RUN: strata-opt %s -split-input-file -tx8be-ddr-alloc | FileCheck %s
// RUN: strata-opt %s -split-input-file -tx8be-ddr-alloc=reuse=false | FileCheck %s --check-prefix=NOREUSE
// tx8be-ddr-alloc hands the bytes of an activation whose last reader ran
// in an earlier barrier epoch to a later group's output (first fit). A
// buffer read in the current epoch stays: a tile could still be reading
// it while another writes. The returned output is never reused.

// A chain x -> g0 -> g1 -> g2 -> g3 (returned), a barrier after every
// group. Each tensor is 4100 bytes (two pages). The input is at base
// (268435456), the result g3 at base + 8192; the arena starts at
// base + 16384. g0 takes arena 0; g1 (epoch 1, g0 read in epoch 1) takes
// arena 8192; g2 (epoch 2) reuses g0's bytes at arena 0: g0's last read
// was in epoch 1. 32768 bytes in all, where no reuse needs 40960.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: tx8be.ddr_bytes = 32768 : i64
// CHECK: tx8be.store_var %{{.*}} {ddr_addr = 268451840 : i64}
// CHECK: tx8be.store_var %{{.*}} {ddr_addr = 268460032 : i64}
// CHECK: tx8be.store_var %{{.*}} {ddr_addr = 268451840 : i64}
// CHECK: tx8be.store_var %{{.*}} {ddr_addr = 268443648 : i64}
// NOREUSE-LABEL: func.func @chain
// NOREUSE-SAME: tx8be.ddr_bytes = 40960 : i64
// NOREUSE: tx8be.store_var %{{.*}} {ddr_addr = 268443648 : i64}
// NOREUSE: tx8be.store_var %{{.*}} {ddr_addr = 268451840 : i64}
// NOREUSE: tx8be.store_var %{{.*}} {ddr_addr = 268460032 : i64}
// NOREUSE: tx8be.store_var %{{.*}} {ddr_addr = 268468224 : i64}
func.func @chain(%x: tensor<1025xf32>) -> tensor<1025xf32> {
  %g0 = tx8be.group -> tensor<1025xf32> attributes {barrier = true, group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<1025xf32>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<1025xf32>) -> tensor<1025xf32>
    %3 = tx8be.store_var %2 : tensor<1025xf32>
    tx8be.yield %3 : tensor<1025xf32>
  }
  %g1 = tx8be.group -> tensor<1025xf32> attributes {barrier = true, group_id = 1 : i64} {
    %1 = tx8be.load_var %g0 : tensor<1025xf32>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<1025xf32>) -> tensor<1025xf32>
    %3 = tx8be.store_var %2 : tensor<1025xf32>
    tx8be.yield %3 : tensor<1025xf32>
  }
  %g2 = tx8be.group -> tensor<1025xf32> attributes {barrier = true, group_id = 2 : i64} {
    %1 = tx8be.load_var %g1 : tensor<1025xf32>
    %2 = tx8be.Unary(%1) {kind = "neg"} : (tensor<1025xf32>) -> tensor<1025xf32>
    %3 = tx8be.store_var %2 : tensor<1025xf32>
    tx8be.yield %3 : tensor<1025xf32>
  }
  %g3 = tx8be.group -> tensor<1025xf32> attributes {barrier = false, group_id = 3 : i64} {
    %1 = tx8be.load_var %g2 : tensor<1025xf32>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<1025xf32>) -> tensor<1025xf32>
    %3 = tx8be.store_var %2 : tensor<1025xf32>
    tx8be.yield %3 : tensor<1025xf32>
  }
  return %g3 : tensor<1025xf32>
}

// -----

// Without barriers between them (one epoch), nothing is reused: g2 would
// overwrite g0 while another tile may still read it in g1.
// CHECK-LABEL: func.func @one_epoch
// CHECK: tx8be.store_var %{{.*}} {ddr_addr = 268451840 : i64}
// CHECK: tx8be.store_var %{{.*}} {ddr_addr = 268460032 : i64}
// CHECK: tx8be.store_var %{{.*}} {ddr_addr = 268468224 : i64}
func.func @one_epoch(%x: tensor<1025xf32>) -> tensor<1025xf32> {
  %g0 = tx8be.group -> tensor<1025xf32> attributes {barrier = false, group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<1025xf32>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<1025xf32>) -> tensor<1025xf32>
    %3 = tx8be.store_var %2 : tensor<1025xf32>
    tx8be.yield %3 : tensor<1025xf32>
  }
  %g1 = tx8be.group -> tensor<1025xf32> attributes {barrier = false, group_id = 1 : i64} {
    %1 = tx8be.load_var %g0 : tensor<1025xf32>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<1025xf32>) -> tensor<1025xf32>
    %3 = tx8be.store_var %2 : tensor<1025xf32>
    tx8be.yield %3 : tensor<1025xf32>
  }
  %g2 = tx8be.group -> tensor<1025xf32> attributes {barrier = false, group_id = 2 : i64} {
    %1 = tx8be.load_var %g1 : tensor<1025xf32>
    %2 = tx8be.Unary(%1) {kind = "neg"} : (tensor<1025xf32>) -> tensor<1025xf32>
    %3 = tx8be.store_var %2 : tensor<1025xf32>
    tx8be.yield %3 : tensor<1025xf32>
  }
  %g3 = tx8be.group -> tensor<1025xf32> attributes {barrier = false, group_id = 3 : i64} {
    %1 = tx8be.load_var %g2 : tensor<1025xf32>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<1025xf32>) -> tensor<1025xf32>
    %3 = tx8be.store_var %2 : tensor<1025xf32>
    tx8be.yield %3 : tensor<1025xf32>
  }
  return %g3 : tensor<1025xf32>
}
