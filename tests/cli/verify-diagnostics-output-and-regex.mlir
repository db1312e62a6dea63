// --verify-diagnostics prints the IR of every chunk that still verifies
// (and nothing for a chunk whose expected error was produced), and reads
// expected-*-re annotations: literal text with {{regex}} parts (POSIX
// extended regexes, searched in the message). Both tools' stdout, stderr
// and exit status must be identical.
// RUN: strata-opt %S/Inputs/verify-diagnostics-ok-chunks.mlir --split-input-file --verify-diagnostics > %t.s.out 2> %t.s.err
// RUN: mlir-opt %S/Inputs/verify-diagnostics-ok-chunks.mlir --split-input-file --verify-diagnostics > %t.m.out 2> %t.m.err
// RUN: FileCheck %s --input-file %t.s.out
// RUN: diff %t.m.out %t.s.out
// RUN: diff %t.m.err %t.s.err
// Mismatches: an unexpected error, an expectation not produced, an invalid
// regex (reported before any chunk runs, its chunk still runs).
// RUN: not strata-opt %S/Inputs/verify-diagnostics-regex-and-output.mlir --split-input-file --verify-diagnostics > %t.s2.out 2> %t.s2.err
// RUN: not mlir-opt %S/Inputs/verify-diagnostics-regex-and-output.mlir --split-input-file --verify-diagnostics > %t.m2.out 2> %t.m2.err
// RUN: diff %t.m2.out %t.s2.out
// RUN: diff %t.m2.err %t.s2.err

// CHECK: func.func @ok(
// CHECK: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @ok2()
