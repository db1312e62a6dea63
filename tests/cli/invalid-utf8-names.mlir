// UNSUPPORTED: reference-stand-in
// Strata keeps names (symbols, op names, attribute names, file names of
// locations) as UTF-8 text. mlir-opt accepts names holding bytes that are not
// UTF-8; Strata refuses them with a located error instead of silently
// printing a different name. A stray non-UTF-8 byte outside comments and
// strings is an unexpected character, as in mlir-opt.
// RUN: not strata-opt --split-input-file --allow-unregistered-dialect %S/Inputs/invalid-utf8-names.mlir 2>&1 | FileCheck %s
// CHECK: invalid-utf8-names.mlir:1:19: error: names that are not valid UTF-8 are not supported by Strata
// CHECK: invalid-utf8-names.mlir:3:1: error: names that are not valid UTF-8 are not supported by Strata
// CHECK: invalid-utf8-names.mlir:5:36: error: names that are not valid UTF-8 are not supported by Strata
// CHECK: invalid-utf8-names.mlir:7:47: error: names that are not valid UTF-8 are not supported by Strata
// CHECK: invalid-utf8-names.mlir:10:1: error: unexpected character
