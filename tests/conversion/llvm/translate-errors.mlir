// RUN: not strata-translate --mlir-to-llvmir %s --split-marker-unsupported 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not strata-translate %s 2>&1 | FileCheck %s --check-prefix=MODE
// RUN: not strata-translate --mlir-to-llvmir %S/Inputs/not-lowered.mlir 2>&1 | FileCheck %s --check-prefix=NOTLOWERED
// RUN: sed -e "/half_lowered/,/^}/d" %S/Inputs/not-lowered.mlir | not strata-translate --mlir-to-llvmir - 2>&1 | FileCheck %s --check-prefix=FUNC
// RUN: not strata-translate --mlir-to-llvmir %S/Inputs/missing-file.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not strata-translate --mlir-to-llvmir %S/Inputs/bad-syntax.mlir 2>&1 | FileCheck %s --check-prefix=SYNTAX
// strata-translate refuses what it cannot translate with a located error
// and a non-zero exit, never a panic: unknown flags, no translation asked
// for, ops not lowered to the llvm dialect, unreadable and malformed input.

// FLAG: strata-translate: unknown option '--split-marker-unsupported'
// MODE: strata-translate: no translation given
// NOTLOWERED: not-lowered.mlir:4:8: error: cannot translate operation 'arith.addi' to LLVM IR
// FUNC: <stdin>:3:1: error: cannot translate operation 'func.func' to LLVM IR
// MISSING: strata-translate: cannot open '{{.*}}missing-file.mlir'
// SYNTAX: bad-syntax.mlir:3:{{[0-9]+}}: error:

llvm.func @f() {
  llvm.return
}
