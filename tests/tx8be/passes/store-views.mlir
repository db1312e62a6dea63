// RUN: strata-opt %s -split-input-file -tx8be-sharding -tx8be-store-views | FileCheck %s
// tx8be-store-views: a transpose view whose operand one group produces is
// marked stored (the group writes its result through the view; its
// readers load the view's result plainly) when that takes fewer DMA copies
// over both groups' recorded steps.

// Heads merged back as a transformer does ([b*h, s, d] -> [b, s, h*d]):
// the producer's steps are a head each (one 2-D copy stored through the
// view), the reader's softmax rows span every head (one copy per head
// through the view, one dense): stored.
// CHECK-LABEL: func.func @merge
// CHECK: tx8be.Transpose(%{{[0-9]+}}) {perm = array<i64: 0, 2, 1, 3>, stored = true} : (tensor<2x8x64x32xbf16>) -> tensor<2x64x8x32xbf16>
func.func @merge(%x: tensor<16x64x32xbf16>) -> tensor<128x256xbf16> {
  %e = tx8be.group -> tensor<16x64x32xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<16x64x32xbf16>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<16x64x32xbf16>) -> tensor<16x64x32xbf16>
    %3 = tx8be.store_var %2 : tensor<16x64x32xbf16>
    tx8be.yield %3 : tensor<16x64x32xbf16>
  }
  %r = tx8be.Reshape(%e) : (tensor<16x64x32xbf16>) -> tensor<2x8x64x32xbf16>
  %t = tx8be.Transpose(%r) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x8x64x32xbf16>) -> tensor<2x64x8x32xbf16>
  %v = tx8be.Reshape(%t) : (tensor<2x64x8x32xbf16>) -> tensor<128x256xbf16>
  %y = tx8be.group -> tensor<128x256xbf16> attributes {group_id = 1 : i64} {
    %1 = tx8be.load_var %v : tensor<128x256xbf16>
    %2 = tx8be.Softmax(%1) {axis = 1 : i64} : (tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %3 = tx8be.store_var %2 : tensor<128x256xbf16>
    tx8be.yield %3 : tensor<128x256xbf16>
  }
  return %y : tensor<128x256xbf16>
}

// -----

// The producer's steps span heads (four positions of every head: a copy
// per head stored through the view) and the reader's rows only four
// heads: reading through the view takes fewer copies; not stored.
// CHECK-LABEL: func.func @rows
// CHECK: tx8be.Transpose(%{{[0-9]+}}) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x64x32xbf16>) -> tensor<2x64x4x32xbf16>
func.func @rows(%x: tensor<8x64x32xbf16>) -> tensor<128x128xbf16> {
  %e = tx8be.group -> tensor<8x64x32xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<8x64x32xbf16>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<8x64x32xbf16>) -> tensor<8x64x32xbf16>
    %3 = tx8be.store_var %2 : tensor<8x64x32xbf16>
    tx8be.yield %3 : tensor<8x64x32xbf16>
  }
  %r = tx8be.Reshape(%e) : (tensor<8x64x32xbf16>) -> tensor<2x4x64x32xbf16>
  %t = tx8be.Transpose(%r) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x4x64x32xbf16>) -> tensor<2x64x4x32xbf16>
  %v = tx8be.Reshape(%t) : (tensor<2x64x4x32xbf16>) -> tensor<128x128xbf16>
  %y = tx8be.group -> tensor<128x128xbf16> attributes {group_id = 1 : i64} {
    %1 = tx8be.load_var %v : tensor<128x128xbf16>
    %2 = tx8be.Softmax(%1) {axis = 1 : i64} : (tensor<128x128xbf16>) -> tensor<128x128xbf16>
    %3 = tx8be.store_var %2 : tensor<128x128xbf16>
    tx8be.yield %3 : tensor<128x128xbf16>
  }
  return %y : tensor<128x128xbf16>
}

// -----

// The producer's result is also returned: its DDR tensor must keep its
// own layout; not stored (a `stored` written by hand is dropped: the pass
// decides afresh, and codegen refuses a stored view its producer does not
// write).
// CHECK-LABEL: func.func @returned
// CHECK: tx8be.Transpose(%{{[0-9]+}}) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x8x64x32xbf16>) -> tensor<2x64x8x32xbf16>
func.func @returned(%x: tensor<16x64x32xbf16>) -> (tensor<128x256xbf16>, tensor<16x64x32xbf16>) {
  %e = tx8be.group -> tensor<16x64x32xbf16> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<16x64x32xbf16>
    %2 = tx8be.Unary(%1) {kind = "exp"} : (tensor<16x64x32xbf16>) -> tensor<16x64x32xbf16>
    %3 = tx8be.store_var %2 : tensor<16x64x32xbf16>
    tx8be.yield %3 : tensor<16x64x32xbf16>
  }
  %r = tx8be.Reshape(%e) : (tensor<16x64x32xbf16>) -> tensor<2x8x64x32xbf16>
  %t = tx8be.Transpose(%r) {perm = array<i64: 0, 2, 1, 3>, stored = true} : (tensor<2x8x64x32xbf16>) -> tensor<2x64x8x32xbf16>
  %v = tx8be.Reshape(%t) : (tensor<2x64x8x32xbf16>) -> tensor<128x256xbf16>
  %y = tx8be.group -> tensor<128x256xbf16> attributes {group_id = 1 : i64} {
    %1 = tx8be.load_var %v : tensor<128x256xbf16>
    %2 = tx8be.Softmax(%1) {axis = 1 : i64} : (tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %3 = tx8be.store_var %2 : tensor<128x256xbf16>
    tx8be.yield %3 : tensor<128x256xbf16>
  }
  return %y, %e : tensor<128x256xbf16>, tensor<16x64x32xbf16>
}
