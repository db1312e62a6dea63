// Prefixes of attribute-heavy round-trip files, cut every few bytes: each
// truncated input must be accepted or rejected with a diagnostic, never crash.
// (Steps keep the run short: about 100 prefixes per file.)
// RUN: %prefixes strata-opt %S/../roundtrip/attrs-dense-hex.mlir 7
// RUN: %prefixes strata-opt %S/../roundtrip/attrs-dialect-resources.mlir 6
// RUN: %prefixes strata-opt %S/../roundtrip/attrs-string-unit.mlir 5
// RUN: %prefixes strata-opt %S/../roundtrip/attrs-affine-map.mlir 7
// RUN: %prefixes strata-opt %S/../roundtrip/types-memref-layout.mlir 9
