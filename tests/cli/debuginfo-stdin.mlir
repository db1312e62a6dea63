// Locations of ops read from stdin name the buffer "<stdin>" (as mlir-opt
// does); strata-opt must print the same file name.
// RUN: mlir-opt --mlir-print-debuginfo < %s > %t.ref
// RUN: strata-opt --mlir-print-debuginfo < %s > %t.out
// RUN: diff %t.ref %t.out

func.func @f() {
  return
}
