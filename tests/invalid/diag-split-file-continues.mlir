// RUN: not strata-opt %s -split-input-file 2>%t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// With --split-input-file, an error in one chunk does not stop the others:
// every chunk is processed, valid chunks are still printed, and the exit code
// is non-zero because one chunk failed. Line numbers refer to the whole file.
// A failed chunk prints nothing, but the separators are still printed, so the
// output starts with a separator line and ends with one.
// (The separator is written as a regex below: a CHECK line spelling it out
// would itself split this file.)
//
// OUT: {{^// [-]{5}$}}
// OUT-NEXT: {{^}}module {{[{]}}{{$}}
// OUT-NEXT: {{^}}  func.func @good() {{[{]}}{{$}}
// OUT: {{^// [-]{5}$}}
// OUT-NOT: {{.}}
//
// ERR: {{.*}}diag-split-file-continues.mlir:21:3: error: 'func.return' op has 0 operands, but enclosing function (@bad) returns 1
// ERR: {{.*}}diag-split-file-continues.mlir:33:8: error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'

func.func @bad() -> i32 {
  return
}

// -----

func.func @good() {
  return
}

// -----

func.func @also_bad(%a: f32) {
  %0 = arith.addi %a, %a : f32
  return
}
