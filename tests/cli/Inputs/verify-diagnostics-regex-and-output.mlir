// Annotations that do not match (see ../verify-diagnostics-output-and-regex.mlir).
func.func @bad(%a: i32) -> i64 {
  // expected-error-re@+1 {{'arith.index_cast' op operand type '{{i[0-9]+}}' and result type 'i{{(64|32)}}' are cast {{[[:alpha:]]+}}}}
  %0 = arith.index_cast %a : i32 to i64
  return %0 : i64
}

// -----

func.func @bad2(%a: i32) -> i64 {
  // expected-error-re@+1 {{^'arith.index_cast' op operand type 'i32' and result type 'f{{[0-9]+}}'}}
  %0 = arith.index_cast %a : i32 to i64
  return %0 : i64
}

// -----

// expected-warning-re@+1 {{foo {{(}}}}
func.func @bad3() {
  return
}

// -----

// expected-note-re@+1 {{a.b}}
func.func @bad4() {
  return
}

// -----

// An anchored pattern that matches only part of the message.
func.func @bad3() {
  %c = arith.constant 0 : i32
  // expected-error-re@+1 {{{{^}}op has 1 operands}}
  func.return %c : i32
}
