// Malformed pipelines and pass options fail with a message and a non-zero
// exit, before any output.

// RUN: not strata-opt --pass-pipeline='canonicalize' %s 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// RUN: not strata-opt --pass-pipeline='func.func(canonicalize)' %s 2>&1 | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: error: can't run 'func.func' pass manager on 'builtin.module' op

// RUN: not strata-opt --pass-pipeline='builtin.module(foo)' %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: 'foo' does not refer to a registered pass or pass pipeline

// RUN: not strata-opt --pass-pipeline='builtin.module(func.func(canonicalize)' %s 2>&1 | FileCheck %s --check-prefix=UNBALANCED
// UNBALANCED: error: MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline

// RUN: not strata-opt -canonicalize --pass-pipeline='builtin.module(canonicalize)' %s 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: '-pass-pipeline' option can't be used with individual pass options

// RUN: not strata-opt --canonicalize=foo=1 %s 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: <Pass-Options-Parser>: no such option foo

// RUN: not strata-opt --canonicalize=max-iterations=x %s 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: 'x' value invalid

// RUN: not strata-opt --canonicalize='region-simplify=sometimes' %s 2>&1 | FileCheck %s --check-prefix=ENUM
// ENUM: expected disabled, normal or aggressive

// RUN: not strata-opt -no-such-pass %s 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: Unknown command line argument '-no-such-pass'

func.func @f(%a: i32) -> i32 {
  return %a : i32
}
