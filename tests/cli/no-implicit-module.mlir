// --no-implicit-module: a single top-level op is printed as is (no module is
// wrapped around it); several top-level ops are an error reported at
// `file:0:0`, which --verify-diagnostics cannot express.
// RUN: mlir-opt --no-implicit-module %s --split-input-file > %t.ref
// RUN: strata-opt --no-implicit-module %s --split-input-file > %t.out
// RUN: diff %t.ref %t.out
// RUN: not strata-opt --no-implicit-module %S/Inputs/two-modules.mlir 2>&1 | FileCheck %s
// CHECK: two-modules.mlir:0:0: error: source must contain a single top-level operation, found: 2

func.func @lonely() {
  return
}

// -----

module @named {
  func.func private @g()
}
