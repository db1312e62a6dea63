// -o FILE behaves like mlir-opt's ToolOutputFile: when the run fails the
// file is deleted, so no empty or partial file is left behind and a file
// that existed before is gone too; a run that succeeds keeps it. Each case
// is run with mlir-opt as well, to pin that this is its behaviour.
// RUN: rm -f %t.m1 %t.s1
// RUN: not mlir-opt --split-input-file %S/Inputs/second-chunk-fails.mlir -o %t.m1 2>/dev/null
// RUN: not test -e %t.m1
// RUN: not strata-opt --split-input-file %S/Inputs/second-chunk-fails.mlir -o %t.s1 2>/dev/null
// RUN: not test -e %t.s1
// RUN: echo previous > %t.m2
// RUN: echo previous > %t.s2
// RUN: not mlir-opt %s -o %t.m2 --mlir-print-op-generic -verify-each --pass-pipeline='builtin.module(func.func(canonicalize))' --allow-unregistered-dialect=false 2>/dev/null
// RUN: not test -e %t.m2
// RUN: not strata-opt %s -o %t.s2 --mlir-print-op-generic -verify-each --pass-pipeline='builtin.module(func.func(canonicalize))' --allow-unregistered-dialect=false 2>/dev/null
// RUN: not test -e %t.s2
// RUN: mlir-opt --split-input-file %S/Inputs/two-modules.mlir -o %t.m3
// RUN: strata-opt --split-input-file %S/Inputs/two-modules.mlir -o %t.s3
// RUN: diff %t.m3 %t.s3
// The message for an output that cannot be created is mlir-opt's.
// RUN: not mlir-opt %S/Inputs/two-modules.mlir -o %t.missing-dir/out 2> %t.m4
// RUN: not strata-opt %S/Inputs/two-modules.mlir -o %t.missing-dir/out 2> %t.s4
// RUN: diff %t.m4 %t.s4

// Verifies only with unregistered ops allowed, so the run fails.
"foo.op"() : () -> ()

// A failing run never deletes a device named with -o (LLVM removes only
// regular files): /dev/null is still a character device afterwards.
// RUN: not strata-opt %s -o /dev/null --pass-pipeline='builtin.module(no-such-pass)' 2>/dev/null
// RUN: test -c /dev/null
