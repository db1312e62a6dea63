// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Unregistered dialect types and attributes need the flag too.

// expected-error@+1 {{`!"foo"<"type">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func private @f(!foo.type)

// -----

// expected-error@+1 {{#"foo"<"attr"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func private @g() attributes {a = #foo.attr}
