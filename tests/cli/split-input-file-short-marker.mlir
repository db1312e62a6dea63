// UNSUPPORTED: reference-stand-in
// mlir-opt 22 loops forever on a split marker shorter than three characters
// (it splits on the empty string); strata-opt refuses it with an error.
// RUN: not strata-opt --split-input-file=ab %S/Inputs/split-custom-marker.mlir 2>&1 | FileCheck %s
// CHECK: strata-opt: the split marker 'ab' is too short: it needs at least 3 characters
