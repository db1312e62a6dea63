// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Generic-form properties of the wrong kind.

func.func @f(%a: i32) {
  // expected-error@+1 {{invalid properties {overflowFlags = 3 : i32} for op arith.addi: Invalid attribute `overflowFlags` in property conversion: 3 : i32}}
  %0 = "arith.addi"(%a, %a) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32
  return
}

// -----

func.func @g(%a: f32) {
  // expected-error@+1 {{invalid properties {fastmath = "fast"} for op arith.addf: Invalid attribute `fastmath` in property conversion: "fast"}}
  %0 = "arith.addf"(%a, %a) <{fastmath = "fast"}> : (f32, f32) -> f32
  return
}

// -----

func.func @h() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}
