// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Unknown fast-math, overflow and rounding-mode keywords.

func.func @f(%a: f32) {
  // expected-error@+2 {{custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  // expected-error@+1 {{custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
  %0 = arith.addf %a, %a fastmath<bogus> : f32
  return
}

// -----

func.func @g(%a: i32) {
  // expected-error@+2 {{custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
  // expected-error@+1 {{custom op 'arith.addi' failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`}}
  %0 = arith.addi %a, %a overflow<wrap> : i32
  return
}

// -----

func.func @h(%a: f32) {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.truncf %a sideways : f32 to f16
  return
}

// -----

func.func @i(%a: i32) {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.divsi %a, %a inexact : i32
  return
}
