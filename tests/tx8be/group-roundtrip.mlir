// A group without results (its body only stores) and an empty yield
// print back the same, pretty and through the generic form; the default
// group_tag (0) is elided, another value is kept.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @no_results
// CHECK-NEXT: tx8be.group attributes {group_id = 1 : i64, group_tag = 2 : i64} {
// CHECK-NEXT: %0 = tx8be.store_var %arg0 {ddr_addr = 0 : i64} : tensor<4xf32>
// CHECK-NEXT: tx8be.yield{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: tx8be.group attributes {group_id = 2 : i64} {
func.func @no_results(%x: tensor<4xf32>) {
  tx8be.group attributes {group_id = 1 : i64, group_tag = 2 : i64} {
    %s = tx8be.store_var %x {ddr_addr = 0 : i64} : tensor<4xf32>
    tx8be.yield
  }
  tx8be.group attributes {group_id = 2 : i64, group_tag = 0 : i64} {
    tx8be.yield
  }
  return
}

// DDR addresses of function arguments and results (set by DDR allocation).
// CHECK-LABEL: func.func @ddr_args(%arg0: tensor<4xf32> {tx8be.ddr_addr = 4096 : i64}) -> (tensor<4xf32> {tx8be.ddr_addr = 8192 : i64})
func.func @ddr_args(%x: tensor<4xf32> {tx8be.ddr_addr = 4096 : i64}) -> (tensor<4xf32> {tx8be.ddr_addr = 8192 : i64}) {
  %u = tx8be.Unary(%x) {kind = "relu"} : (tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
