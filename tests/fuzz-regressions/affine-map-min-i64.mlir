// Found by the parse_mlir fuzzer (parse, -canonicalize/-cse/-inline, print,
// re-parse): affine maps simplify to the constant -2^63, printed as
// -9223372036854775808, which the parser rejected as "constant too large
// for index" (mlir-opt 22 prints the same text and cannot read it back).
// Both printed forms must re-parse to the same map.
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// CHECK: affine_map<(d0) -> (-9223372036854775808, d0 - -9223372036854775808)>
// GENERIC: affine_map<(d0) -> (-9223372036854775808, d0 - -9223372036854775808)>
func.func private @f() attributes {m = affine_map<(d0) -> (-9223372036854775807 - 1, d0 + 9223372036854775807 + 1)>}
