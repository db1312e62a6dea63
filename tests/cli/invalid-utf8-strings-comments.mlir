// Bytes that are not UTF-8 inside comments and string literals are
// accepted, as mlir-opt reads bytes; in strings they mean themselves and
// print as escapes ("\FF\FE"). Pretty and generic output, from a file and
// from stdin, compared with mlir-opt.
// RUN: %roundtrip %S/Inputs/invalid-utf8.mlir --allow-unregistered-dialect
// RUN: mlir-opt --allow-unregistered-dialect %S/Inputs/invalid-utf8.mlir > %t.ref
// RUN: strata-opt --allow-unregistered-dialect < %S/Inputs/invalid-utf8.mlir > %t.stdin
// RUN: diff %t.ref %t.stdin
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %S/Inputs/invalid-utf8.mlir > %t.loc.ref
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-debuginfo %S/Inputs/invalid-utf8.mlir > %t.loc
// RUN: diff %t.loc.ref %t.loc
