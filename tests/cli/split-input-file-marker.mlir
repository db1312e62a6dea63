// --split-input-file[=MARKER] and --output-split-marker split and join
// exactly as mlir-opt 22 does: a custom marker, an empty value (the default
// marker), markers in the middle of a line, a longer dash run, near misses
// (warned about on stderr and glued back), a chunk that fails while the
// others print. stdout and stderr are both compared with mlir-opt.
// RUN: mlir-opt '--split-input-file=// ===' %S/Inputs/split-custom-marker.mlir > %t.custom.ref 2> %t.custom.err.ref
// RUN: strata-opt '--split-input-file=// ===' %S/Inputs/split-custom-marker.mlir > %t.custom 2> %t.custom.err
// RUN: diff %t.custom.ref %t.custom
// RUN: diff %t.custom.err.ref %t.custom.err
// RUN: mlir-opt --split-input-file= --output-split-marker='// next' %S/Inputs/split-custom-marker.mlir > %t.empty.ref
// RUN: strata-opt --split-input-file= --output-split-marker='// next' %S/Inputs/split-custom-marker.mlir > %t.empty
// RUN: diff %t.empty.ref %t.empty
// RUN: not mlir-opt --split-input-file %S/Inputs/split-near-misses.mlir > %t.near.ref 2> %t.near.err.ref
// RUN: not strata-opt --split-input-file %S/Inputs/split-near-misses.mlir > %t.near 2> %t.near.err
// RUN: diff %t.near.ref %t.near
// RUN: diff %t.near.err.ref %t.near.err
