// RUN: strata-opt %s -tx8be-sharding -tx8be-estimate | FileCheck %s
// tx8be-estimate writes the cost model's cycles of every group
// (estimated_cycles): each tile's steps as codegen runs them, charged with
// the C model's figures (hardware.md): DMA start 500 + bytes at the tile's
// DDR share min(64, 200 / 16 tiles) = 12.5 B/cycle, joins 180, CT/NE issue
// 20, CT 64 bf16 lanes per cycle, barrier 2000; the busiest tile counts.

// 32x64 bf16 cut over 16 tiles by rows: each tile loads 2x64 = 256 bytes
// (500 + 256 / 12.5 = 520.48), joins (180), runs one relu pass over 128
// elements (20 + 2) and the call's join (180), stores 256 bytes (520.48)
// and joins (180): 1602.96 cycles; with the barrier 3602.96.
// CHECK-LABEL: func.func @relu
// CHECK: tx8be.group -> tensor<32x64xbf16> attributes {barrier = false, estimated_cycles = 1603 : i64, group_id = 0 : i64}
// The second group is identical to the first: it takes its schedule
// (template_id, the seed's template mechanism).
// CHECK: tx8be.group -> tensor<32x64xbf16> attributes {barrier = true, estimated_cycles = 3603 : i64, group_id = 1 : i64, template_id = 0 : i64}
func.func @relu(%x: tensor<32x64xbf16>) -> (tensor<32x64xbf16>, tensor<32x64xbf16>) {
  %0 = tx8be.group -> tensor<32x64xbf16> attributes {barrier = false, group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<32x64xbf16>
    %2 = tx8be.Unary(%1) {kind = "relu"} : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
    %3 = tx8be.store_var %2 : tensor<32x64xbf16>
    tx8be.yield %3 : tensor<32x64xbf16>
  }
  %4 = tx8be.group -> tensor<32x64xbf16> attributes {barrier = true, group_id = 1 : i64} {
    %5 = tx8be.load_var %x : tensor<32x64xbf16>
    %6 = tx8be.Unary(%5) {kind = "relu"} : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
    %7 = tx8be.store_var %6 : tensor<32x64xbf16>
    tx8be.yield %7 : tensor<32x64xbf16>
  }
  return %0, %4 : tensor<32x64xbf16>, tensor<32x64xbf16>
}
