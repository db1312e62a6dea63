// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null
// scf.parallel, scf.reduce and scf.reduce.return verifiers and custom
// parser errors with mlir-opt 22's messages.

func.func @b(%lb: index, %ub: index, %s: index) {
  // expected-error@+1 {{custom op 'scf.parallel' expected 2 operands}}
  scf.parallel (%i, %j) = (%lb) to (%ub, %ub) step (%s, %s) {
  }
  return
}
// -----
func.func @c(%lb: index, %ub: index, %s: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%lb) to (%ub) step (%c0) {
  }
  return
}
// -----
func.func @d(%lb: index, %ub: index, %s: index, %f: f32) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%f) -> f32 {
    scf.reduce
  }
  return
}
// -----
func.func @e(%lb: index, %ub: index, %s: index, %f: f32) {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%f) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%f : f32) {
    ^bb0(%a: f32, %b: i32):
      scf.reduce.return %a : f32
    }
  }
  return
}
// -----
func.func @f(%lb: index, %ub: index, %s: index, %f: f32) {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%a: f32, %b: f32):
      %c = arith.constant 1 : i32
      // expected-error@+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %c : i32
    }
  }
  return
}
// -----
func.func @g(%lb: index, %ub: index, %s: index, %f: f32) {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%f) -> f32 {
    %c = arith.constant 1 : i32
    // expected-error@+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%c : i32) {
    ^bb0(%a: i32, %b: i32):
      scf.reduce.return %a : i32
    }
  }
  return
}
// -----
func.func @h(%f: f32) {
  // expected-error@+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
  scf.reduce(%f : f32) {
  ^bb0(%a: f32, %b: f32):
    scf.reduce.return %a : f32
  }
  return
}
// -----
func.func @j(%lb: index, %ub: index, %s: index, %f: f32) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%f) -> f32 {
    scf.reduce(%f : f32)
  }
  return
}
// -----
func.func @k(%lb: index, %ub: index, %s: index, %f: f32) {
  // expected-error@+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  scf.parallel () = () to () step () {
  }
  return
}
// -----
func.func @l(%lb: index, %ub: index, %s: index, %f: f32) {
  // expected-error@+1 {{custom op 'scf.parallel' number of operands and types do not match: got 2 operands and 1 types}}
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%f, %f) -> f32 {
  }
  return
}
// -----
func.func @m(%lb: index, %ub: index, %s: index, %f: f32) {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%f) -> f32 {
    // expected-error@+1 {{'scf.reduce' op region #0 ('reductions') failed to verify constraint: region with 1 blocks}}
    scf.reduce(%f : f32) {
    }
  }
  return
}
// -----
func.func @yield_terminator(%lb: index, %ub: index, %s: index) {
  // expected-error@+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
    // expected-note@+1 {{terminator here}}
    scf.yield
  }
  return
}
// -----
func.func @reduce_count(%lb: index, %ub: index, %s: index, %f: f32) {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%f) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expects number of reduction regions: 1 to be the same as number of reduction operands: 2}}
    scf.reduce(%f, %f : f32, f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }
  return
}
// -----
func.func @return_outside(%f: f32) {
  // expected-error@+1 {{'scf.reduce.return' op expects parent op 'scf.reduce'}}
  scf.reduce.return %f : f32
}
