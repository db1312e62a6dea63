// RUN: strata-opt %s -tx8be-fold-mean | FileCheck %s
// tx8be-fold-mean: a sum reduction divided by the count it summed is a
// mean reduction; a chain of sums whose lengths multiply to the count
// becomes a chain of means.

// CHECK-LABEL: func.func @one
// CHECK-SAME: (%[[X:.*]]: tensor<2x35x64xf32>)
// CHECK-NEXT: %[[R:.*]] = tx8be.Reduce(%[[X]]) {axes = array<i64: 1>, kind = "mean"} : (tensor<2x35x64xf32>) -> tensor<2x64xf32>
// CHECK-NEXT: return %[[R]]
func.func @one(%x: tensor<2x35x64xf32>) -> tensor<2x64xf32> {
  %r = tx8be.Reduce(%x) {axes = array<i64: 1>, kind = "sum"} : (tensor<2x35x64xf32>) -> tensor<2x64xf32>
  %n = tx8be.const dense<3.500000e+01> : tensor<2x64xf32>
  %d = tx8be.Binary(%r, %n) {kind = "div"} : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  return %d : tensor<2x64xf32>
}

// ResNet's pool: W (7) then H (5), divided by 35 (a broadcast scalar).
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 2>, kind = "mean"} : (tensor<2x5x7x64xf32>) -> tensor<2x5x64xf32>
// CHECK-NEXT: %[[H:.*]] = tx8be.Reduce(%{{.*}}) {axes = array<i64: 1>, kind = "mean"} : (tensor<2x5x64xf32>) -> tensor<2x64xf32>
// CHECK-NEXT: return %[[H]]
func.func @chain(%x: tensor<2x5x7x64xf32>) -> tensor<2x64xf32> {
  %w = tx8be.Reduce(%x) {axes = array<i64: 2>, kind = "sum"} : (tensor<2x5x7x64xf32>) -> tensor<2x5x64xf32>
  %h = tx8be.Reduce(%w) {axes = array<i64: 1>, kind = "sum"} : (tensor<2x5x64xf32>) -> tensor<2x64xf32>
  %n = tx8be.const dense<3.500000e+01> : tensor<1x1xf32>
  %d = tx8be.Binary(%h, %n) {kind = "div"} : (tensor<2x64xf32>, tensor<1x1xf32>) -> tensor<2x64xf32>
  return %d : tensor<2x64xf32>
}

// Must not fire: the divisor is not the count (the sum over 7 divided by 5).
// CHECK-LABEL: func.func @other_divisor
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 2>, kind = "sum"}
// CHECK: tx8be.Binary
func.func @other_divisor(%x: tensor<2x5x7xf32>) -> tensor<2x5xf32> {
  %r = tx8be.Reduce(%x) {axes = array<i64: 2>, kind = "sum"} : (tensor<2x5x7xf32>) -> tensor<2x5xf32>
  %n = tx8be.const dense<5.000000e+00> : tensor<2x5xf32>
  %d = tx8be.Binary(%r, %n) {kind = "div"} : (tensor<2x5xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
  return %d : tensor<2x5xf32>
}

// Must not fire: the divisor varies (not one count for every element).
// CHECK-LABEL: func.func @varying_divisor
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 1>, kind = "sum"}
// CHECK: tx8be.Binary
func.func @varying_divisor(%x: tensor<2x2xf32>) -> tensor<2xf32> {
  %r = tx8be.Reduce(%x) {axes = array<i64: 1>, kind = "sum"} : (tensor<2x2xf32>) -> tensor<2xf32>
  %n = tx8be.const dense<[2.000000e+00, 3.000000e+00]> : tensor<2xf32>
  %d = tx8be.Binary(%r, %n) {kind = "div"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %d : tensor<2xf32>
}

// Must not fire: the sum has another user.
// CHECK-LABEL: func.func @sum_shared
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 1>, kind = "sum"}
// CHECK: tx8be.Binary
func.func @sum_shared(%x: tensor<2x4xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r = tx8be.Reduce(%x) {axes = array<i64: 1>, kind = "sum"} : (tensor<2x4xf32>) -> tensor<2xf32>
  %n = tx8be.const dense<4.000000e+00> : tensor<2xf32>
  %d = tx8be.Binary(%r, %n) {kind = "div"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %d, %r : tensor<2xf32>, tensor<2xf32>
}

// Must not fire: an integer division truncates (and the mean is float only).
// CHECK-LABEL: func.func @integer
// CHECK-NEXT: tx8be.Reduce(%{{.*}}) {axes = array<i64: 1>, kind = "sum"}
// CHECK: tx8be.Binary
func.func @integer(%x: tensor<2x4xi32>) -> tensor<2xi32> {
  %r = tx8be.Reduce(%x) {axes = array<i64: 1>, kind = "sum"} : (tensor<2x4xi32>) -> tensor<2xi32>
  %n = tx8be.const dense<4> : tensor<2xi32>
  %d = tx8be.Binary(%r, %n) {kind = "div"} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %d : tensor<2xi32>
}
