// Input from stdin (no file argument, or `-`) and output to a file with
// `-o FILE`, `-o=FILE` and `--o FILE`, each compared with mlir-opt doing the
// same thing.
// RUN: mlir-opt %s > %t.ref
// RUN: strata-opt < %s > %t.stdin
// RUN: diff %t.ref %t.stdin
// RUN: strata-opt - < %s > %t.dash
// RUN: diff %t.ref %t.dash
// RUN: strata-opt %s -o %t.o1
// RUN: diff %t.ref %t.o1
// RUN: strata-opt %s -o=%t.o2
// RUN: diff %t.ref %t.o2
// RUN: strata-opt --o %t.o3 %s
// RUN: diff %t.ref %t.o3

func.func @f(%a: i32) -> i32 {
  %c = arith.constant 3 : i32
  %0 = arith.muli %a, %c : i32
  return %0 : i32
}
