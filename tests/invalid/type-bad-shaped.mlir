// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Invalid shapes and element types of tensor, memref and vector.

// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
func.func private @f(vector<0xf32>)

// -----

// expected-error@+1 {{expected non-function type}}
func.func private @g(vector<?xf32>)

// -----

// expected-error@+1 {{expected non-function type}}
func.func private @h(tensor<-1xf32>)

// -----

// expected-error@+1 {{invalid memref element type}}
func.func private @i(memref<4xtensor<f32>>)

// -----

// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func private @j(vector<4xtensor<f32>>)

// -----

// expected-error@+1 {{expected '>' in tensor type}}
func.func private @k(tensor<4xf32)
