// Chunks that verify print their IR under --verify-diagnostics; a chunk
// whose expected error is produced prints nothing.
func.func @ok(%a: index) -> index {
  %c1 = arith.constant 1 : index
  %0 = arith.addi %a, %c1 : index
  return %0 : index
}

// -----

func.func @bad(%a: i32) -> i64 {
  // expected-error-re@+1 {{'arith.index_cast' op operand type '{{i[0-9]+}}' and result type 'i{{(64|32)}}' are cast {{[[:alpha:]]+}}}}
  %0 = arith.index_cast %a : i32 to i64
  return %0 : i64
}

// -----

// Anchored patterns: the whole message must match; parentheses in the
// literal part are escaped by the -re form.
func.func @bad2() {
  %c = arith.constant 0 : i32
  // expected-error-re@+1 {{{{^}}'func.return' op has 1 operands, but enclosing function (@bad2) returns {{[0-9]}}{{$}}}}
  func.return %c : i32
}

// -----

func.func @ok2() {
  return
}
