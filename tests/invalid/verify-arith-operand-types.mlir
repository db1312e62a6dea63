// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Operands of arith ops with mismatched or wrong kinds of types.

// expected-note@+1 {{prior use here}}
func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %0 = arith.addi %a, %b : i32
  return
}

// -----

func.func @g(%a: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %a, %a : f32
  return
}

// -----

func.func @h(%a: i32) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

func.func @i(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @j(%a: vector<4xi32>, %b: vector<8xi32>) {
  // expected-error@+1 {{'arith.muli' op requires the same type for all operands and results}}
  %0 = "arith.muli"(%a, %b) : (vector<4xi32>, vector<8xi32>) -> vector<4xi32>
  return
}
