// RUN: %roundtrip %s --split-input-file
// --split-input-file: each chunk is parsed and printed on its own (value and
// alias numbering restart per chunk) and the outputs are joined by
// separator lines. Note: ANY line containing the five-dash marker splits,
// even inside a comment, so this header must not spell it out.

func.func @chunk1(%a: i32) -> i32 {
  %c = arith.constant 5 : i32
  %0 = arith.addi %a, %c : i32
  return %0 : i32
}

// -----

// Same names as chunk 1 must not clash: chunks are separate modules.
func.func @chunk1(%a: i32) -> i32 {
  %c = arith.constant 5 : i32
  return %c : i32
}

// -----
#m = affine_map<(d0, d1) -> (d1, d0)>
func.func private @chunk3(memref<2x2xf32, #m>) attributes {m = affine_map<(d0) -> (d0 + 1)>}
// -----
module @explicit {
}
