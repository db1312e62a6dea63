// RUN: strata-opt %s -tx8be-split-wide-norm | FileCheck %s
// tx8be-split-wide-norm: a layer norm whose row does not fit one tile's
// SPM (here a 64 KiB window: a row of 8192 f32 needs two fp32 row buffers
// of 32 KiB beside the row itself) gets its statistics from two levels of
// mean reductions over [rows, k, c] chunks; rows that fit, and rows with
// no divisor into chunks, stay one op.

module attributes {tx8be.target = #tx8be.target<spm_usable_end = 131072>} {
  // CHECK-LABEL: func.func @split
  // CHECK-SAME: (%[[X:.*]]: tensor<2x8192xf32>)
  // CHECK-NEXT: %[[C:.*]] = tx8be.Reshape(%[[X]]) : (tensor<2x8192xf32>) -> tensor<2x16x512xf32>
  // CHECK-NEXT: %[[M1:.*]] = tx8be.Reduce(%[[C]]) {axes = array<i64: 2>, keepdims = true, kind = "mean"} : (tensor<2x16x512xf32>) -> tensor<2x16x1xf32>
  // CHECK-NEXT: %[[M:.*]] = tx8be.Reduce(%[[M1]]) {axes = array<i64: 1>, keepdims = true, kind = "mean"} : (tensor<2x16x1xf32>) -> tensor<2x1x1xf32>
  // CHECK-NEXT: %[[D:.*]] = tx8be.Binary(%[[C]], %[[M]]) {kind = "sub"}
  // CHECK-NEXT: %[[SQ:.*]] = tx8be.Binary(%[[D]], %[[D]]) {kind = "mul"}
  // CHECK-NEXT: %[[V1:.*]] = tx8be.Reduce(%[[SQ]]) {axes = array<i64: 2>, keepdims = true, kind = "mean"}
  // CHECK-NEXT: %[[V:.*]] = tx8be.Reduce(%[[V1]]) {axes = array<i64: 1>, keepdims = true, kind = "mean"}
  // CHECK-NEXT: %[[EPS:.*]] = tx8be.const dense<9.99999974E-6> : tensor<1x1x1xf32>
  // CHECK-NEXT: %[[VE:.*]] = tx8be.Binary(%[[V]], %[[EPS]]) {kind = "add"}
  // CHECK-NEXT: %[[R:.*]] = tx8be.Unary(%[[VE]]) {kind = "rsqrt"} : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  // CHECK-NEXT: %[[Y:.*]] = tx8be.Binary(%[[D]], %[[R]]) {kind = "mul"} : (tensor<2x16x512xf32>, tensor<2x1x1xf32>) -> tensor<2x16x512xf32>
  // CHECK-NEXT: %[[OUT:.*]] = tx8be.Reshape(%[[Y]]) : (tensor<2x16x512xf32>) -> tensor<2x8192xf32>
  // CHECK-NEXT: return %[[OUT]]
  func.func @split(%x: tensor<2x8192xf32>) -> tensor<2x8192xf32> {
    %g = tx8be.const dense<1.000000e+00> : tensor<8192xf32>
    %y = tx8be.LayerNorm(%x, %g) {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<2x8192xf32>, tensor<8192xf32>) -> tensor<2x8192xf32>
    return %y : tensor<2x8192xf32>
  }

  // A gamma that is not ones and a beta that is not zeros scale and shift
  // the chunks, cast to the row's element type. Leading dims are one.
  // CHECK-LABEL: func.func @affine_bf16
  // CHECK: tx8be.Reshape(%{{.*}}) : (tensor<1x4x8192xbf16>) -> tensor<4x16x512xbf16>
  // CHECK: %[[Y:.*]] = tx8be.Binary(%{{.*}}, %{{.*}}) {kind = "mul"} : (tensor<4x16x512xbf16>, tensor<4x1x1xbf16>) -> tensor<4x16x512xbf16>
  // CHECK-NEXT: %[[G:.*]] = tx8be.Reshape(%{{.*}}) : (tensor<8192xf32>) -> tensor<16x512xf32>
  // CHECK-NEXT: %[[GB:.*]] = tx8be.Cast(%[[G]]) : (tensor<16x512xf32>) -> tensor<16x512xbf16>
  // CHECK-NEXT: %[[YG:.*]] = tx8be.Binary(%[[Y]], %[[GB]]) {kind = "mul"}
  // CHECK-NEXT: %[[B:.*]] = tx8be.Reshape(%{{.*}}) : (tensor<8192xf32>) -> tensor<16x512xf32>
  // CHECK-NEXT: %[[BB:.*]] = tx8be.Cast(%[[B]])
  // CHECK-NEXT: %[[YB:.*]] = tx8be.Binary(%[[YG]], %[[BB]]) {kind = "add"}
  // CHECK-NEXT: tx8be.Reshape(%[[YB]]) : (tensor<4x16x512xbf16>) -> tensor<1x4x8192xbf16>
  // CHECK-NOT: LayerNorm
  func.func @affine_bf16(%x: tensor<1x4x8192xbf16>) -> tensor<1x4x8192xbf16> {
    %g = tx8be.const dense<2.000000e+00> : tensor<8192xf32>
    %b = tx8be.const dense<5.000000e-01> : tensor<8192xf32>
    %y = tx8be.LayerNorm(%x, %g, %b) {axis = 2 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<1x4x8192xbf16>, tensor<8192xf32>, tensor<8192xf32>) -> tensor<1x4x8192xbf16>
    return %y : tensor<1x4x8192xbf16>
  }

  // RMSNorm: no centring, the mean of squares of x itself.
  // CHECK-LABEL: func.func @rms
  // CHECK-NEXT: %[[C:.*]] = tx8be.Reshape
  // CHECK-NEXT: %[[SQ:.*]] = tx8be.Binary(%[[C]], %[[C]]) {kind = "mul"}
  // CHECK-NOT: "sub"
  // CHECK: tx8be.Unary(%{{.*}}) {kind = "rsqrt"}
  // CHECK-NEXT: tx8be.Binary(%[[C]], %{{.*}}) {kind = "mul"}
  func.func @rms(%x: tensor<1x8192xf32>) -> tensor<1x8192xf32> {
    %g = tx8be.const dense<1.000000e+00> : tensor<8192xf32>
    %y = tx8be.LayerNorm(%x, %g) {axis = 1 : i64, epsilon = 9.99999974E-6 : f32, rms = true} : (tensor<1x8192xf32>, tensor<8192xf32>) -> tensor<1x8192xf32>
    return %y : tensor<1x8192xf32>
  }

  // A row that fits stays one op.
  // CHECK-LABEL: func.func @fits
  // CHECK-NEXT: tx8be.const
  // CHECK-NEXT: tx8be.LayerNorm
  func.func @fits(%x: tensor<64x512xf32>) -> tensor<64x512xf32> {
    %g = tx8be.const dense<1.000000e+00> : tensor<512xf32>
    %y = tx8be.LayerNorm(%x, %g) {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<64x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
    return %y : tensor<64x512xf32>
  }

  // 8191 is prime: no chunks, the op stays (and the sharding says it
  // does not fit).
  // CHECK-LABEL: func.func @prime
  // CHECK-NEXT: tx8be.const
  // CHECK-NEXT: tx8be.LayerNorm
  func.func @prime(%x: tensor<1x8191xf32>) -> tensor<1x8191xf32> {
    %g = tx8be.const dense<1.000000e+00> : tensor<8191xf32>
    %y = tx8be.LayerNorm(%x, %g) {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<1x8191xf32>, tensor<8191xf32>) -> tensor<1x8191xf32>
    return %y : tensor<1x8191xf32>
  }
}
