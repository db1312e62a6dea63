// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Branch weights must have one entry per successor.

func.func @f(%c: i1) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 3 vs 2}}
  cf.cond_br %c weights([1, 2, 3]), ^bb1, ^bb1
^bb1:
  return
}
