// RUN: not strata-opt %s -tx8be-group-pattern=patterns=%S/Inputs/bad.patterns 2>&1 | FileCheck %s
// RUN: not strata-opt %s -tx8be-group-pattern=patterns=%S/Inputs/no-such-file.patterns 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not strata-opt %s -tx8be-group-pattern=opt_group=2 2>&1 | FileCheck %s --check-prefix=OPT
// A malformed pattern file is an error naming the file, line and column.
// CHECK: bad.patterns:3:14: error: unknown op 'Relu'
// MISSING: no-such-file.patterns: error: cannot read the pattern file
// OPT: expected 0 (none) or 1 (the built-in set)
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
