// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Comparison predicates and operand kinds.

func.func @f(%a: i32) {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

func.func @g(%a: i32) {
  // expected-error@+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i32'}}
  %0 = arith.cmpf oeq, %a, %a : i32
  return
}

// -----

func.func @h(%a: f32) {
  // expected-error@+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'}}
  %0 = arith.cmpi eq, %a, %a : f32
  return
}

// -----

func.func @i(%a: i32) {
  // expected-error@+1 {{invalid properties {predicate = 42 : i64} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 42 : i64}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 42 : i64}> : (i32, i32) -> i1
  return
}
