// RUN: strata-opt -symbol-dce -split-input-file -allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt -symbol-dce -split-input-file -allow-unregistered-dialect %s | mlir-opt -split-input-file -allow-unregistered-dialect --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -symbol-dce -split-input-file -allow-unregistered-dialect %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata
// An unknown single-region op is a potentially unknown symbol table only
// when its dialect namespace is unknown too. mlir-opt 22 registers the
// `test` dialect (and many Strata lacks), so `test.region` has a dialect
// there: symbol uses under it are walked normally (minimised from the
// differential case cse-nested-region.mlir). The failing case with an
// unknown namespace is unknown-table.mlir. CHECK lines reviewed against
// mlir-opt 22's output.

// CHECK-LABEL: module
// CHECK-NOT: @dead
// CHECK: func.func private @used
// CHECK: func.func @nested
// CHECK: "test.region"
func.func private @dead()
func.func private @used()
func.func @nested(%a: i32) -> i32 {
  %1 = "test.region"() ({
    "test.yield"(%a) {ref = @used} : (i32) -> ()
  }) : () -> i32
  return %1 : i32
}

