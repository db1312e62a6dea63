// --version and --help exit successfully; --help lists the options of
// issue 2 under their mlir-opt names (mlir-opt hides --mlir-print-op-generic
// from --help, so it is not required here).
// RUN: strata-opt --version
// RUN: strata-opt --help | FileCheck %s
// CHECK-DAG: --split-input-file
// CHECK-DAG: --allow-unregistered-dialect
// CHECK-DAG: --mlir-print-debuginfo
// CHECK-DAG: --verify-diagnostics
// CHECK-DAG: --no-implicit-module
// CHECK-DAG: --mlir-print-local-scope
// CHECK-DAG: --mlir-elide-elementsattrs-if-larger
