// RUN: strata-opt -symbol-dce -split-input-file -allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt -symbol-dce -split-input-file -allow-unregistered-dialect %s | mlir-opt -split-input-file -allow-unregistered-dialect --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -symbol-dce -split-input-file -allow-unregistered-dialect %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata

// The top-level module is hidden, so are the tables nested in it: nested
// symbols in them are discardable too, and a private module goes whole.
// CHECK-LABEL: module {
// CHECK-NEXT: module @public_mod {
// CHECK-NEXT: }
// CHECK-NEXT: }
module @private_mod attributes {sym_visibility = "private"} {
  func.func nested @inner()
}
module @public_mod {
  func.func private @p()
  func.func nested @n()
}

// -----

// A nested reference keeps every symbol on its path.
// CHECK-LABEL: module {
// CHECK: module @lib attributes {sym_visibility = "private"} {
// CHECK-NEXT: func.func nested @used()
// CHECK-NEXT: }
// CHECK: func.func @main() attributes {ref = @lib::@used}
module @lib attributes {sym_visibility = "private"} {
  func.func nested @used()
  func.func nested @unused()
}
func.func @main() attributes {ref = @lib::@used} {
  return
}

// -----

// References resolve in the nearest symbol table: @outer inside the
// nested module names nothing there, so the outer @outer dies.
// CHECK-LABEL: module {
// CHECK-NOT: @outer()
// CHECK: module @m {
// CHECK: func.func @f() attributes {ref = @outer}
func.func private @outer()
module @m {
  func.func @f() attributes {ref = @outer} {
    return
  }
}

// -----

// A nested reference through a symbol that is not a table resolves to
// nothing; a broken path keeps nothing alive.
// CHECK-LABEL: module {
// CHECK-NOT: @not_a_table
// CHECK-NOT: @lib2
// CHECK: func.func @g() attributes {a = @not_a_table::@x, b = @lib2::@missing}
func.func private @not_a_table()
module @lib2 attributes {sym_visibility = "private"} {
  func.func nested @present()
}
func.func @g() attributes {a = @not_a_table::@x, b = @lib2::@missing} {
  return
}

// -----

// Symbol tables inside functions and unregistered ops (with several
// regions) are found and swept; uses inside a live function's regions count.
// CHECK-LABEL: module {
// CHECK: func.func private @kept
// CHECK: "foo.wrap"() ({
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @pub_in_anon
// CHECK-NOT: @priv_in_anon
// CHECK: "foo.call"() {f = @kept}
func.func private @kept()
func.func @host() {
  "foo.wrap"() ({
    builtin.module {
      func.func @pub_in_anon() {
        return
      }
      func.func private @priv_in_anon()
    }
    "foo.call"() {f = @kept} : () -> ()
  }, {}) : () -> ()
  return
}
