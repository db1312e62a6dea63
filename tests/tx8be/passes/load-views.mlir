// RUN: strata-opt %s -split-input-file -tx8be-load-views | FileCheck %s
// tx8be-load-views: a Transpose or Slice group whose result (through
// top-level reshapes) only loads read leaves its group and stays at the top
// level as a view: the loads read the tensor under it through it (codegen:
// op_dma_load_view), and the groups are renumbered.

// The split into heads, read as [b*h, s, d] by the next group.
// CHECK-LABEL: func.func @heads
// CHECK-NEXT: %[[R:[0-9]+]] = tx8be.Reshape(%arg0)
// CHECK-NEXT: %[[T:[0-9]+]] = tx8be.Transpose(%[[R]]) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x16x4x32xbf16>) -> tensor<2x4x16x32xbf16>
// CHECK-NEXT: %[[V:[0-9]+]] = tx8be.Reshape(%[[T]]) : (tensor<2x4x16x32xbf16>) -> tensor<8x16x32xbf16>
// CHECK-NEXT: tx8be.group -> tensor<8x16x32xbf16> attributes {group_id = 0 : i64}
// CHECK-NEXT: tx8be.load_var %[[V]] : tensor<8x16x32xbf16>
// CHECK-NEXT: tx8be.Unary
func.func @heads(%x: tensor<2x16x128xbf16>) -> tensor<8x16x32xbf16> {
  %r = tx8be.Reshape(%x) : (tensor<2x16x128xbf16>) -> tensor<2x16x4x32xbf16>
  %t = tx8be.group -> tensor<2x4x16x32xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %r : tensor<2x16x4x32xbf16>
    %2 = tx8be.Transpose(%1) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x16x4x32xbf16>) -> tensor<2x4x16x32xbf16>
    %3 = tx8be.store_var %2 : tensor<2x4x16x32xbf16>
    tx8be.yield %3 : tensor<2x4x16x32xbf16>
  }
  %v = tx8be.Reshape(%t) : (tensor<2x4x16x32xbf16>) -> tensor<8x16x32xbf16>
  %e = tx8be.group -> tensor<8x16x32xbf16> attributes {group_id = 1 : i64} {
    %1 = tx8be.load_var %v : tensor<8x16x32xbf16>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<8x16x32xbf16>) -> tensor<8x16x32xbf16>
    %3 = tx8be.store_var %2 : tensor<8x16x32xbf16>
    tx8be.yield %3 : tensor<8x16x32xbf16>
  }
  return %e : tensor<8x16x32xbf16>
}

// -----

// Kept as groups: a transpose the function returns, one that moves the
// innermost dim (each copy would move one element), one whose runs are
// shorter than 64 bytes (8 bf16), and one a load reads as dims that do not
// split alike with the transposed dims ([6, 4] against [4, 6]).
// CHECK-LABEL: func.func @kept
// CHECK-NOT: tx8be.Transpose
// CHECK: tx8be.load_var %arg0
// CHECK-NEXT: tx8be.Transpose
// CHECK: tx8be.load_var %arg0
// CHECK-NEXT: tx8be.Transpose
// CHECK: tx8be.load_var %arg1
// CHECK-NEXT: tx8be.Transpose
// CHECK: tx8be.load_var %arg2
// CHECK-NEXT: tx8be.Transpose
// CHECK-NOT: tx8be.Transpose
// CHECK: return
func.func @kept(%x: tensor<2x16x4x32xbf16>, %y: tensor<2x16x4x8xbf16>, %z: tensor<4x6x32xbf16>) -> (tensor<2x4x16x32xbf16>, tensor<2x16x32x4xbf16>, tensor<2x4x16x8xbf16>, tensor<6x4x32xbf16>) {
  %a = tx8be.group -> tensor<2x4x16x32xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<2x16x4x32xbf16>
    %2 = tx8be.Transpose(%1) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x16x4x32xbf16>) -> tensor<2x4x16x32xbf16>
    %3 = tx8be.store_var %2 : tensor<2x4x16x32xbf16>
    tx8be.yield %3 : tensor<2x4x16x32xbf16>
  }
  %b = tx8be.group -> tensor<2x16x32x4xbf16> attributes {group_id = 1 : i64} {
    %1 = tx8be.load_var %x : tensor<2x16x4x32xbf16>
    %2 = tx8be.Transpose(%1) {perm = array<i64: 0, 1, 3, 2>} : (tensor<2x16x4x32xbf16>) -> tensor<2x16x32x4xbf16>
    %3 = tx8be.store_var %2 : tensor<2x16x32x4xbf16>
    tx8be.yield %3 : tensor<2x16x32x4xbf16>
  }
  %b2 = tx8be.group -> tensor<2x16x32x4xbf16> attributes {group_id = 2 : i64} {
    %1 = tx8be.load_var %b : tensor<2x16x32x4xbf16>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<2x16x32x4xbf16>) -> tensor<2x16x32x4xbf16>
    %3 = tx8be.store_var %2 : tensor<2x16x32x4xbf16>
    tx8be.yield %3 : tensor<2x16x32x4xbf16>
  }
  %c = tx8be.group -> tensor<2x4x16x8xbf16> attributes {group_id = 3 : i64} {
    %1 = tx8be.load_var %y : tensor<2x16x4x8xbf16>
    %2 = tx8be.Transpose(%1) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x16x4x8xbf16>) -> tensor<2x4x16x8xbf16>
    %3 = tx8be.store_var %2 : tensor<2x4x16x8xbf16>
    tx8be.yield %3 : tensor<2x4x16x8xbf16>
  }
  %c2 = tx8be.group -> tensor<2x4x16x8xbf16> attributes {group_id = 4 : i64} {
    %1 = tx8be.load_var %c : tensor<2x4x16x8xbf16>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<2x4x16x8xbf16>) -> tensor<2x4x16x8xbf16>
    %3 = tx8be.store_var %2 : tensor<2x4x16x8xbf16>
    tx8be.yield %3 : tensor<2x4x16x8xbf16>
  }
  %d = tx8be.group -> tensor<6x4x32xbf16> attributes {group_id = 5 : i64} {
    %1 = tx8be.load_var %z : tensor<4x6x32xbf16>
    %2 = tx8be.Transpose(%1) {perm = array<i64: 1, 0, 2>} : (tensor<4x6x32xbf16>) -> tensor<6x4x32xbf16>
    %3 = tx8be.store_var %2 : tensor<6x4x32xbf16>
    tx8be.yield %3 : tensor<6x4x32xbf16>
  }
  %dr = tx8be.Reshape(%d) : (tensor<6x4x32xbf16>) -> tensor<4x6x32xbf16>
  %d2 = tx8be.group -> tensor<4x6x32xbf16> attributes {group_id = 6 : i64} {
    %1 = tx8be.load_var %dr : tensor<4x6x32xbf16>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<4x6x32xbf16>) -> tensor<4x6x32xbf16>
    %3 = tx8be.store_var %2 : tensor<4x6x32xbf16>
    tx8be.yield %3 : tensor<4x6x32xbf16>
  }
  %dd = tx8be.Reshape(%d2) : (tensor<4x6x32xbf16>) -> tensor<6x4x32xbf16>
  return %a, %b2, %c2, %dd : tensor<2x4x16x32xbf16>, tensor<2x16x32x4xbf16>, tensor<2x4x16x8xbf16>, tensor<6x4x32xbf16>
}

// -----

// A slice of a fused projection (the middle third of the columns), split
// into heads by a transpose: both become views, the slice first.
// CHECK-LABEL: func.func @slice_then_heads
// CHECK-NEXT: %[[S:[0-9]+]] = tx8be.Slice(%arg0) {{.*}} : (tensor<2x16x384xbf16>) -> tensor<2x16x128xbf16>
// CHECK-NEXT: %[[R:[0-9]+]] = tx8be.Reshape(%[[S]])
// CHECK-NEXT: %[[T:[0-9]+]] = tx8be.Transpose(%[[R]])
// CHECK-NEXT: %[[V:[0-9]+]] = tx8be.Reshape(%[[T]])
// CHECK-NEXT: tx8be.group -> tensor<8x16x32xbf16> attributes {group_id = 0 : i64}
// CHECK-NEXT: tx8be.load_var %[[V]] : tensor<8x16x32xbf16>
func.func @slice_then_heads(%x: tensor<2x16x384xbf16>) -> tensor<8x16x32xbf16> {
  %s = tx8be.group -> tensor<2x16x128xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<2x16x384xbf16>
    %2 = tx8be.Slice(%1) {limits = array<i64: 2, 16, 256>, starts = array<i64: 0, 0, 128>, strides = array<i64: 1, 1, 1>} : (tensor<2x16x384xbf16>) -> tensor<2x16x128xbf16>
    %3 = tx8be.store_var %2 : tensor<2x16x128xbf16>
    tx8be.yield %3 : tensor<2x16x128xbf16>
  }
  %r = tx8be.Reshape(%s) : (tensor<2x16x128xbf16>) -> tensor<2x16x4x32xbf16>
  %t = tx8be.group -> tensor<2x4x16x32xbf16> attributes {group_id = 1 : i64} {
    %1 = tx8be.load_var %r : tensor<2x16x4x32xbf16>
    %2 = tx8be.Transpose(%1) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x16x4x32xbf16>) -> tensor<2x4x16x32xbf16>
    %3 = tx8be.store_var %2 : tensor<2x4x16x32xbf16>
    tx8be.yield %3 : tensor<2x4x16x32xbf16>
  }
  %v = tx8be.Reshape(%t) : (tensor<2x4x16x32xbf16>) -> tensor<8x16x32xbf16>
  %e = tx8be.group -> tensor<8x16x32xbf16> attributes {group_id = 2 : i64} {
    %1 = tx8be.load_var %v : tensor<8x16x32xbf16>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<8x16x32xbf16>) -> tensor<8x16x32xbf16>
    %3 = tx8be.store_var %2 : tensor<8x16x32xbf16>
    tx8be.yield %3 : tensor<8x16x32xbf16>
  }
  return %e : tensor<8x16x32xbf16>
}

// -----

// BERT's mask [b, 1, 1, t] expanded over the heads by an add of zeros
// (tx8be-sink-reshapes' broadcast) and read as [b*h, 1, t]: a view with
// stride 0 along the heads (the add's result is the mask itself but for
// the sign of a zero). An add of a constant that is not all zeros stays a
// group.
// CHECK-LABEL: func.func @expand
// CHECK: %[[Z:[0-9]+]] = tx8be.const
// CHECK: %[[E:[0-9]+]] = tx8be.Binary(%arg0, %[[Z]]) {kind = "add"} : (tensor<2x1x1x32xbf16>, tensor<1x4x1x1xbf16>) -> tensor<2x4x1x32xbf16>
// CHECK-NEXT: %[[V:[0-9]+]] = tx8be.Reshape(%[[E]]) : (tensor<2x4x1x32xbf16>) -> tensor<8x1x32xbf16>
// CHECK-NEXT: tx8be.group -> tensor<8x1x32xbf16> attributes {group_id = 0 : i64}
// CHECK-NEXT: tx8be.load_var %[[V]] : tensor<8x1x32xbf16>
// CHECK: tx8be.group -> tensor<2x4x1x32xbf16> attributes {group_id = 1 : i64}
// CHECK: tx8be.Binary
func.func @expand(%m: tensor<2x1x1x32xbf16>) -> (tensor<8x1x32xbf16>, tensor<2x4x1x32xbf16>) {
  %z = tx8be.const dense<0.0> : tensor<1x4x1x1xbf16>
  %o = tx8be.const dense<1.0> : tensor<1x4x1x1xbf16>
  %e = tx8be.group -> tensor<2x4x1x32xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %m : tensor<2x1x1x32xbf16>
    %2 = tx8be.load_const %z : tensor<1x4x1x1xbf16>
    %3 = tx8be.Binary(%1, %2) {kind = "add"} : (tensor<2x1x1x32xbf16>, tensor<1x4x1x1xbf16>) -> tensor<2x4x1x32xbf16>
    %4 = tx8be.store_var %3 : tensor<2x4x1x32xbf16>
    tx8be.yield %4 : tensor<2x4x1x32xbf16>
  }
  %v = tx8be.Reshape(%e) : (tensor<2x4x1x32xbf16>) -> tensor<8x1x32xbf16>
  %x = tx8be.group -> tensor<8x1x32xbf16> attributes {group_id = 1 : i64} {
    %1 = tx8be.load_var %v : tensor<8x1x32xbf16>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<8x1x32xbf16>) -> tensor<8x1x32xbf16>
    %3 = tx8be.store_var %2 : tensor<8x1x32xbf16>
    tx8be.yield %3 : tensor<8x1x32xbf16>
  }
  %f = tx8be.group -> tensor<2x4x1x32xbf16> attributes {group_id = 2 : i64} {
    %1 = tx8be.load_var %m : tensor<2x1x1x32xbf16>
    %2 = tx8be.load_const %o : tensor<1x4x1x1xbf16>
    %3 = tx8be.Binary(%1, %2) {kind = "add"} : (tensor<2x1x1x32xbf16>, tensor<1x4x1x1xbf16>) -> tensor<2x4x1x32xbf16>
    %4 = tx8be.store_var %3 : tensor<2x4x1x32xbf16>
    tx8be.yield %4 : tensor<2x4x1x32xbf16>
  }
  return %x, %f : tensor<8x1x32xbf16>, tensor<2x4x1x32xbf16>
}

// -----

// Kept as a group: a transpose whose reader is a Gather's table. op_gather
// reads its table straight from DDR at the load's source address, which a
// view shares with its operand: it would gather rows of the untransposed
// tensor (torch.nn.MultiheadAttention's q/k/v split: a transpose, then a
// Gather of index 0 on axis 0).
// CHECK-LABEL: func.func @gather_table
// CHECK-NOT: tx8be.Transpose
// CHECK: tx8be.load_var %arg0
// CHECK-NEXT: tx8be.Transpose
// CHECK: tx8be.Gather
func.func @gather_table(%x: tensor<2x3x16xf32>, %i: tensor<1xi32>) -> tensor<1x2x16xf32> {
  %t = tx8be.group -> tensor<3x2x16xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<2x3x16xf32>
    %2 = tx8be.Transpose(%1) {perm = array<i64: 1, 0, 2>} : (tensor<2x3x16xf32>) -> tensor<3x2x16xf32>
    %3 = tx8be.store_var %2 : tensor<3x2x16xf32>
    tx8be.yield %3 : tensor<3x2x16xf32>
  }
  %g = tx8be.group -> tensor<1x2x16xf32> attributes {group_id = 1 : i64} {
    %1 = tx8be.load_var %t : tensor<3x2x16xf32>
    %2 = tx8be.load_var %i : tensor<1xi32>
    %3 = tx8be.Gather(%1, %2) {axis = 0 : i64} : (tensor<3x2x16xf32>, tensor<1xi32>) -> tensor<1x2x16xf32>
    %4 = tx8be.store_var %3 : tensor<1x2x16xf32>
    tx8be.yield %4 : tensor<1x2x16xf32>
  }
  return %g : tensor<1x2x16xf32>
}
