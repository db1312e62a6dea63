// UNSUPPORTED: reference-stand-in
// Strata writes MLIR text only: --emit-bytecode is refused with a clear
// message and a non-zero exit, before any output (mlir-opt writes bytecode).
// RUN: not strata-opt --emit-bytecode %S/Inputs/two-modules.mlir -o %t.out 2>&1 | FileCheck %s
// CHECK: strata-opt: --emit-bytecode is not supported: Strata reads and writes MLIR text only, not MLIR bytecode
// RUN: not test -e %t.out
