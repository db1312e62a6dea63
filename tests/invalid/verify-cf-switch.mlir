// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// cf.switch case values, successors and flag types.

// expected-note@+1 {{prior use here}}
func.func @f(%flag: i32) {
  // expected-error@+1 {{use of value '%flag' expects different type than prior uses: 'i64' vs 'i32'}}
  cf.switch %flag : i64, [
    default: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @g(%flag: i32, %a: f32) {
  // expected-error@+1 {{branch has 1 operands for successor #1, but target block has 0}}
  cf.switch %flag : i32, [
    default: ^bb1,
    1: ^bb1(%a : f32)
  ]
^bb1:
  return
}

// -----

func.func @i(%flag: i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (2) should match number of case destinations (1)}}
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
