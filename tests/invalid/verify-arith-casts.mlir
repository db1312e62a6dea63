// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Cast ops must widen, narrow or keep the width as their name says.

func.func @f(%a: i64) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %a : i64 to i32
  return
}

// -----

func.func @g(%a: i32) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %a : i32 to i64
  return
}

// -----

func.func @h(%a: f64) {
  // expected-error@+1 {{'arith.extf' op operand type 'f64' and result type 'f32' are cast incompatible}}
  %0 = arith.extf %a : f64 to f32
  return
}

// -----

func.func @i(%a: i32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %a : i32 to f64
  return
}

// -----

func.func @j(%a: f32) {
  // expected-error@+1 {{'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = arith.index_cast %a : f32 to index
  return
}

// -----

func.func @k(%a: vector<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %a : vector<4xi32> to vector<8xi64>
  return
}
