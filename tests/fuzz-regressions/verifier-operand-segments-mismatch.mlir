// RUN: strata-opt %s -verify-diagnostics
// RUN: not strata-opt %s -o /dev/null 2>/dev/null
//
// Fuzz regression (fuzz/, target parse_mlir with the func/arith/cf dialects):
// `operandSegmentSizes` that do not add up to the operand count made the
// cf.cond_br verifier index past the operand list (panic: "range start index
// 2 out of range for slice of length 1", crates/strata-dialects/src/cf.rs:43).
// The generic verifier now checks the segments first, as MLIR does.
func.func @f(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op operand count (1) does not match with the total size (3) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1) -> ()
^bb1:
  return
}
