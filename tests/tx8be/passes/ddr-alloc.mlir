// RUN: strata-opt %s -tx8be-ddr-alloc | FileCheck %s
// tx8be-ddr-alloc gives every DDR tensor an address aligned to 4096 bytes
// from the DDR base 0x10000000 (268435456): the weights first (ddr_addr on
// tx8be.const), then the function's inputs (tx8be.ddr_addr argument
// attribute), then the outputs the function returns, then the other
// groups' outputs (ddr_addr on tx8be.store_var). A result's address is
// that of the store producing it; a reshape shares its operand's bytes.
// The function gets the DDR bytes it uses (tx8be.ddr_bytes).

// Every tensor is 1025 x 4 = 4100 bytes: two pages each, so weight 1
// starts at base + 8192, the input at base + 16384, group 1's output (the
// result, reached through a reshape) at base + 24576, group 0's at
// base + 32768; 40960 bytes in all.
// CHECK-LABEL: func.func @mlp
// CHECK-SAME: (%{{.*}}: tensor<1025xf32> {tx8be.ddr_addr = 268451840 : i64}) -> (tensor<1025xf32> {tx8be.ddr_addr = 268460032 : i64})
// CHECK-SAME: tx8be.ddr_bytes = 40960 : i64
// CHECK-NEXT: tx8be.const {ddr_addr = 268435456 : i64} dense<5.000000e-01> : tensor<1025xf32>
// CHECK-NEXT: tx8be.const {ddr_addr = 268443648 : i64} dense<0.000000e+00> : tensor<1025xf32>
// CHECK: tx8be.store_var %{{.*}} {ddr_addr = 268468224 : i64}
// CHECK: tx8be.Reshape
// CHECK: tx8be.store_var %{{.*}} {ddr_addr = 268460032 : i64}
// CHECK: tx8be.Reshape
// CHECK-NEXT: return
func.func @mlp(%x: tensor<1025xf32>) -> tensor<1025xf32> {
  %w = tx8be.const dense<0.5> : tensor<1025xf32>
  %z = tx8be.const dense<0.0> : tensor<1025xf32>
  %g0 = tx8be.group -> tensor<1025xf32> attributes {group_id = 0 : i64} {
    %1 = tx8be.load_var %x : tensor<1025xf32>
    %2 = tx8be.load_const %w : tensor<1025xf32>
    %3 = tx8be.Binary(%1, %2) {kind = "mul"} : (tensor<1025xf32>, tensor<1025xf32>) -> tensor<1025xf32>
    %4 = tx8be.store_var %3 : tensor<1025xf32>
    tx8be.yield %4 : tensor<1025xf32>
  }
  %r = tx8be.Reshape(%g0) : (tensor<1025xf32>) -> tensor<5x205xf32>
  %g1 = tx8be.group -> tensor<5x205xf32> attributes {group_id = 1 : i64} {
    %5 = tx8be.load_var %r : tensor<5x205xf32>
    %6 = tx8be.Unary(%5) {kind = "relu"} : (tensor<5x205xf32>) -> tensor<5x205xf32>
    %7 = tx8be.store_var %6 : tensor<5x205xf32>
    tx8be.yield %7 : tensor<5x205xf32>
  }
  %back = tx8be.Reshape(%g1) : (tensor<5x205xf32>) -> tensor<1025xf32>
  return %back : tensor<1025xf32>
}
