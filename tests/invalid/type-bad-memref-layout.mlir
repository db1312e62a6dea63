// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Memref layouts that do not fit the shape.

// expected-error@+1 {{expected the number of strides to match the rank}}
func.func private @f(memref<4x4xf32, strided<[1]>>)

// -----

// expected-error@+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
func.func private @g(memref<4xf32, affine_map<(d0, d1) -> (d0)>>)
