// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null
// Verifier errors of the affine ops Toy's lowering uses: an induction
// variable used as a symbol (loop bound, subscript), a subscript count
// that does not match the memref rank.

func.func @iv_as_symbol_bound(%A: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = %i to 8 {
    }
  }
  return
}

// -----

func.func @iv_as_symbol_index(%A: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %v = affine.load %A[symbol(%i)] : memref<8xf32>
  }
  return
}

// -----

func.func @rank_mismatch(%A: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op affine map num results must equal memref rank}}
  %v = affine.load %A[%i] : memref<8x8xf32>
  return
}
