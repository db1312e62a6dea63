// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// operandSegmentSizes must agree with the operand list.

func.func @f(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1) -> ()
^bb1:
  return
}
