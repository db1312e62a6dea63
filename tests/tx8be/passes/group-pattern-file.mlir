// RUN: strata-opt %s -tx8be-group-pattern=patterns=%S/Inputs/longest.patterns | FileCheck %s
// RUN: strata-opt %s -tx8be-group-pattern=patterns=%S/Inputs/priority-a.patterns | FileCheck %s --check-prefix=PRIO-A
// RUN: strata-opt %s -tx8be-group-pattern=patterns=%S/Inputs/priority-b.patterns | FileCheck %s --check-prefix=PRIO-B
// RUN: strata-opt %s -tx8be-group-pattern=patterns=%S/Inputs/cycle.patterns | FileCheck %s --check-prefix=CYCLE
// tx8be-group-pattern with patterns from a file (automaton.rs documents
// the format).

// Longest match: "Conv Unary Unary" (priority 1) beats "Conv Unary"
// (priority 9) when the chain has a second Unary.
// CHECK-LABEL: func.func @longest
// CHECK: tx8be.group
// CHECK-NEXT: tx8be.Conv
// CHECK-NEXT: tx8be.Unary{{.*}}"relu"
// CHECK-NEXT: tx8be.Unary{{.*}}"exp"
// CHECK-NEXT: tx8be.yield
func.func @longest(%x: tensor<1x8x8x4xf32>) -> tensor<1x8x8x8xf32> {
  %w = tx8be.const dense<0.5> : tensor<3x3x4x8xf32>
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  %r = tx8be.Unary(%c) {kind = "relu"} : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %e = tx8be.Unary(%r) {kind = "exp"} : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %e : tensor<1x8x8x8xf32>
}

// OR and WILDCARD: "Gemm|Pool Cast Unary*" takes a Gemm, the Cast and all
// three Unary ops after it.
// CHECK-LABEL: func.func @or_wildcard
// CHECK: tx8be.group
// CHECK-NEXT: tx8be.Gemm
// CHECK-NEXT: tx8be.Cast
// CHECK-NEXT: tx8be.Unary{{.*}}"relu"
// CHECK-NEXT: tx8be.Unary{{.*}}"exp"
// CHECK-NEXT: tx8be.Unary{{.*}}"abs"
// CHECK-NEXT: tx8be.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @or_wildcard(%x: tensor<4x8xf32>) -> tensor<4x8xbf16> {
  %w = tx8be.const dense<0.5> : tensor<8x8xf32>
  %y = tx8be.Gemm(%x, %w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %c = tx8be.Cast(%y) : (tensor<4x8xf32>) -> tensor<4x8xbf16>
  %r = tx8be.Unary(%c) {kind = "relu"} : (tensor<4x8xbf16>) -> tensor<4x8xbf16>
  %e = tx8be.Unary(%r) {kind = "exp"} : (tensor<4x8xbf16>) -> tensor<4x8xbf16>
  %a = tx8be.Unary(%e) {kind = "abs"} : (tensor<4x8xbf16>) -> tensor<4x8xbf16>
  return %a : tensor<4x8xbf16>
}

// Same length, different priorities: the higher one takes the Unary.
// PRIO-A-LABEL: func.func @priority
// PRIO-A: %[[B:.*]] = tx8be.Binary
// PRIO-A-NEXT: tx8be.group
// PRIO-A-NEXT: tx8be.Unary(%[[B]])
// PRIO-A-NEXT: tx8be.Softmax
// PRIO-A-NEXT: tx8be.yield
// PRIO-B-LABEL: func.func @priority
// PRIO-B: %[[G:.*]] = tx8be.group
// PRIO-B-NEXT: tx8be.Binary
// PRIO-B-NEXT: tx8be.Unary
// PRIO-B-NEXT: tx8be.yield
// PRIO-B-NEXT: }
// PRIO-B-NEXT: tx8be.Softmax(%[[G]])
func.func @priority(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %b = tx8be.Binary(%x, %y) {kind = "add"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %u = tx8be.Unary(%b) {kind = "exp"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = tx8be.Softmax(%u) {axis = 1 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// No cycle: A = Gemm, B = Unary(A), C = Binary(A, B). "Gemm Binary"
// would put A and C in one group with B outside, reading the group and
// read by it; A has two users, so it must end its group and is not
// grouped with C.
// CYCLE-LABEL: func.func @no_cycle
// CYCLE-NOT: tx8be.group
// CYCLE: return
func.func @no_cycle(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %w = tx8be.const dense<0.5> : tensor<8x8xf32>
  %a = tx8be.Gemm(%x, %w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %b = tx8be.Unary(%a) {kind = "exp"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %c = tx8be.Binary(%a, %b) {kind = "add"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}

// The same op twice in one user keeps the chain going (every use is by
// the next op): Gemm -> Binary(y, y).
// CYCLE-LABEL: func.func @same_user_twice
// CYCLE: tx8be.group
// CYCLE-NEXT: %[[Y:.*]] = tx8be.Gemm
// CYCLE-NEXT: tx8be.Binary(%[[Y]], %[[Y]])
// CYCLE-NEXT: tx8be.yield
func.func @same_user_twice(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %w = tx8be.const dense<0.5> : tensor<8x8xf32>
  %y = tx8be.Gemm(%x, %w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %m = tx8be.Binary(%y, %y) {kind = "mul"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %m : tensor<4x8xf32>
}
