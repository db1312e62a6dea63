// RUN: strata-opt %s -tx8be-fuse-activation | FileCheck %s
// RUN: strata-opt %s -tx8be-fuse-activation | strata-opt | FileCheck %s
// tx8be-fuse-activation: a relu or clip right after a Conv or Gemm becomes
// the product's own post-processing activation when nothing else reads the
// product, its type is the unary's and, for clip, both bounds are values
// of the element type (so the numbers do not change).

// CHECK-LABEL: func.func @conv_relu
// CHECK-NEXT: %[[C:.*]] = tx8be.Conv(%{{.*}}, %{{.*}}) {activation = "relu", dilations
// CHECK-NEXT: return %[[C]]
func.func @conv_relu(%x: tensor<1x4x4x2xbf16>, %w: tensor<1x1x2x3xbf16>) -> tensor<1x4x4x3xbf16> {
  %c = tx8be.Conv(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x4x2xbf16>, tensor<1x1x2x3xbf16>) -> tensor<1x4x4x3xbf16>
  %r = tx8be.Unary(%c) {kind = "relu"} : (tensor<1x4x4x3xbf16>) -> tensor<1x4x4x3xbf16>
  return %r : tensor<1x4x4x3xbf16>
}

// ReLU6 after a matmul with a bias: clip with its bounds.
// CHECK-LABEL: func.func @gemm_relu6
// CHECK-NEXT: %[[G:.*]] = tx8be.Gemm(%{{.*}}, %{{.*}}, %{{.*}}) {act_hi = 6.000000e+00 : f32, act_lo = 0.000000e+00 : f32, activation = "clip"}
// CHECK-NEXT: return %[[G]]
func.func @gemm_relu6(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %bias: tensor<16xf32>) -> tensor<4x16xf32> {
  %g = tx8be.Gemm(%a, %b, %bias) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  %r = tx8be.Unary(%g) {alpha = 0.000000e+00 : f32, beta = 6.000000e+00 : f32, kind = "clip"} : (tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// Must not fire: the conv's result is also returned (the product without
// its relu is still needed).
// CHECK-LABEL: func.func @two_uses
// CHECK: tx8be.Conv
// CHECK-NOT: activation
// CHECK: tx8be.Unary
func.func @two_uses(%x: tensor<1x4x4x2xbf16>, %w: tensor<1x1x2x3xbf16>) -> (tensor<1x4x4x3xbf16>, tensor<1x4x4x3xbf16>) {
  %c = tx8be.Conv(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x4x2xbf16>, tensor<1x1x2x3xbf16>) -> tensor<1x4x4x3xbf16>
  %r = tx8be.Unary(%c) {kind = "relu"} : (tensor<1x4x4x3xbf16>) -> tensor<1x4x4x3xbf16>
  return %c, %r : tensor<1x4x4x3xbf16>, tensor<1x4x4x3xbf16>
}

// Must not fire: 0.1 is not a bf16 value, so clipping the fp32 accumulator
// at 0.1 and rounding would differ from rounding then clipping.
// CHECK-LABEL: func.func @bound_not_representable
// CHECK: tx8be.Gemm
// CHECK-NOT: activation
// CHECK: tx8be.Unary
func.func @bound_not_representable(%a: tensor<4x8xbf16>, %b: tensor<8x16xbf16>) -> tensor<4x16xbf16> {
  %g = tx8be.Gemm(%a, %b) : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xbf16>
  %r = tx8be.Unary(%g) {alpha = 0.000000e+00 : f32, beta = 1.000000e-01 : f32, kind = "clip"} : (tensor<4x16xbf16>) -> tensor<4x16xbf16>
  return %r : tensor<4x16xbf16>
}

// Must not fire: an activation other than relu / clip, and a second relu
// after a fused one (the conv already has its activation).
// CHECK-LABEL: func.func @others
// CHECK: tx8be.Conv{{.*}}activation = "relu"
// CHECK-NEXT: tx8be.Unary{{.*}}kind = "relu"
// CHECK-NEXT: tx8be.Gemm
// CHECK-NOT: activation
// CHECK-NEXT: tx8be.Unary{{.*}}kind = "exp"
func.func @others(%x: tensor<1x4x4x2xbf16>, %w: tensor<1x1x2x3xbf16>, %a: tensor<4x8xbf16>, %b: tensor<8x16xbf16>) -> (tensor<1x4x4x3xbf16>, tensor<4x16xbf16>) {
  %c = tx8be.Conv(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x4x2xbf16>, tensor<1x1x2x3xbf16>) -> tensor<1x4x4x3xbf16>
  %r = tx8be.Unary(%c) {kind = "relu"} : (tensor<1x4x4x3xbf16>) -> tensor<1x4x4x3xbf16>
  %r2 = tx8be.Unary(%r) {kind = "relu"} : (tensor<1x4x4x3xbf16>) -> tensor<1x4x4x3xbf16>
  %g = tx8be.Gemm(%a, %b) : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xbf16>
  %e = tx8be.Unary(%g) {kind = "exp"} : (tensor<4x16xbf16>) -> tensor<4x16xbf16>
  return %r2, %e : tensor<1x4x4x3xbf16>, tensor<4x16xbf16>
}

// A residual block's end: add(conv, r) then relu -> the conv takes r as its
// psum (operand 3, after the bias) and the relu as its activation.
// CHECK-LABEL: func.func @residual
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x4x3xbf16>, %[[W:.*]]: tensor<1x1x3x3xbf16>, %[[B:.*]]: tensor<3xf32>)
// CHECK-NEXT: %[[C:.*]] = tx8be.Conv(%[[X]], %[[W]], %[[B]], %[[X]]) {activation = "relu"
// CHECK-NEXT: return %[[C]]
func.func @residual(%x: tensor<1x4x4x3xbf16>, %w: tensor<1x1x3x3xbf16>, %b: tensor<3xf32>) -> tensor<1x4x4x3xbf16> {
  %c = tx8be.Conv(%x, %w, %b) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x4x3xbf16>, tensor<1x1x3x3xbf16>, tensor<3xf32>) -> tensor<1x4x4x3xbf16>
  %a = tx8be.Binary(%x, %c) {kind = "add"} : (tensor<1x4x4x3xbf16>, tensor<1x4x4x3xbf16>) -> tensor<1x4x4x3xbf16>
  %r = tx8be.Unary(%a) {kind = "relu"} : (tensor<1x4x4x3xbf16>) -> tensor<1x4x4x3xbf16>
  return %r : tensor<1x4x4x3xbf16>
}

// A downsample block: add(conv3, conv_ds) -> the later conv takes the
// earlier one's result as its psum; a conv without a bias gets a zero one.
// CHECK-LABEL: func.func @two_convs
// CHECK-NEXT: %[[C3:.*]] = tx8be.Conv(%arg0, %arg1)
// CHECK-NEXT: %[[Z:.*]] = tx8be.const dense<0.000000e+00> : tensor<3xf32>
// CHECK-NEXT: %[[D:.*]] = tx8be.Conv(%arg2, %arg3, %[[Z]], %[[C3]])
// CHECK-NOT: tx8be.Binary
// CHECK: return %[[D]]
func.func @two_convs(%x: tensor<1x4x4x3xbf16>, %w: tensor<1x1x3x3xbf16>, %y: tensor<1x4x4x2xbf16>, %wd: tensor<1x1x2x3xbf16>) -> tensor<1x4x4x3xbf16> {
  %c = tx8be.Conv(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x4x3xbf16>, tensor<1x1x3x3xbf16>) -> tensor<1x4x4x3xbf16>
  %d = tx8be.Conv(%y, %wd) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x4x2xbf16>, tensor<1x1x2x3xbf16>) -> tensor<1x4x4x3xbf16>
  %a = tx8be.Binary(%c, %d) {kind = "add"} : (tensor<1x4x4x3xbf16>, tensor<1x4x4x3xbf16>) -> tensor<1x4x4x3xbf16>
  return %a : tensor<1x4x4x3xbf16>
}

// Must not fire: the conv already has its relu (the add comes after the
// activation, a psum would come before it), the other operand broadcasts,
// and the residual is defined after the conv.
// CHECK-LABEL: func.func @no_residual
// CHECK: tx8be.Conv{{.*}}activation = "relu"
// CHECK: tx8be.Binary
// CHECK: tx8be.Conv
// CHECK-NOT: activation
// CHECK: tx8be.Binary
// CHECK: tx8be.Binary
func.func @no_residual(%x: tensor<1x4x4x3xbf16>, %w: tensor<1x1x3x3xbf16>, %s: tensor<1x1x1x3xbf16>) -> (tensor<1x4x4x3xbf16>, tensor<1x4x4x3xbf16>, tensor<1x4x4x3xbf16>) {
  %c = tx8be.Conv(%x, %w) {activation = "relu", dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x4x3xbf16>, tensor<1x1x3x3xbf16>) -> tensor<1x4x4x3xbf16>
  %a = tx8be.Binary(%c, %x) {kind = "add"} : (tensor<1x4x4x3xbf16>, tensor<1x4x4x3xbf16>) -> tensor<1x4x4x3xbf16>
  %d = tx8be.Conv(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x4x3xbf16>, tensor<1x1x3x3xbf16>) -> tensor<1x4x4x3xbf16>
  %b = tx8be.Binary(%d, %s) {kind = "add"} : (tensor<1x4x4x3xbf16>, tensor<1x1x1x3xbf16>) -> tensor<1x4x4x3xbf16>
  %e = tx8be.Conv(%x, %w) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x4x3xbf16>, tensor<1x1x3x3xbf16>) -> tensor<1x4x4x3xbf16>
  %later = tx8be.Unary(%x) {kind = "exp"} : (tensor<1x4x4x3xbf16>) -> tensor<1x4x4x3xbf16>
  %f = tx8be.Binary(%e, %later) {kind = "add"} : (tensor<1x4x4x3xbf16>, tensor<1x4x4x3xbf16>) -> tensor<1x4x4x3xbf16>
  return %a, %b, %f : tensor<1x4x4x3xbf16>, tensor<1x4x4x3xbf16>, tensor<1x4x4x3xbf16>
}
