// RUN: not strata-opt %s -o /dev/null 2>&1 | FileCheck %s
// mlir-opt rejects it as "invalid properties ... Invalid attribute
// `case_operand_segments` in property conversion" (that wording is a known
// gap, see tests/known-failures.txt); this test pins the error and its place.
//
// Fuzz regression (fuzz/, target parse_mlir with the func/arith/cf dialects):
// `case_operand_segments` with i16 elements was read as i32 words and the
// cf.switch verifier indexed past its data (panic at
// crates/strata-dialects/src/cf.rs:51). The attribute is now constrained to an
// i32 dense array, checked before the op's own verifier runs.
func.func @f(%a: i32) {
  // CHECK: verifier-switch-segments-element-type.mlir:[[@LINE+1]]:3: error: {{.*}}case_operand_segments
  "cf.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i16: 0>, case_values = dense<5> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
