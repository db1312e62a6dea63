// RUN: %roundtrip %s
// Float text digit for digit as mlir-opt 22 prints it (issue 12, item 4).
// LLVM's APFloat::toString truncates the exact decimal expansion before it
// rounds, so the six-digit form of 984.203 : f64 comes out as 9.842029e+02,
// does not read back, and the full form 984.20299999999997 is printed; the
// same truncation gives 9.997550e-02 for 0.1 : f16. A shortest-round-trip
// printer writes other text for all four constants of @issue_examples.

func.func @issue_examples() -> (f64, f32, f32, f16) {
  %0 = arith.constant 984.203 : f64
  %1 = arith.constant 8.16e-08 : f32
  %2 = arith.constant 1.0e-6 : f32
  %3 = arith.constant 0.1 : f16
  return %0, %1, %2, %3 : f64, f32, f32, f16
}

// f80 and f128 decimal literals are read through f64 first (MLIR's
// parseFloatFromLiteral), so they carry a double's value; the default form
// then prints 21 and 36 significant digits. Overflowing the double gives
// infinity even where the wide format could hold the value.
func.func @wide_literals() -> (f80, f128, f80, f128, f80) {
  %0 = arith.constant 0.1 : f80
  %1 = arith.constant 0.1 : f128
  %2 = arith.constant 3.141592653589793238462643383279502884 : f80
  %3 = arith.constant -2.718281828459045235360287471352662497e-300 : f128
  %4 = arith.constant 1.0e4000 : f80
  return %0, %1, %2, %3, %4 : f80, f128, f80, f128, f80
}

// x87 patterns Intel hardware rejects: pseudo-infinity and an unnormal are
// NaNs, printed with the all-ones exponent. (A pseudo-denormal is a value,
// but its decimal text is below the f64 range and does not read back in
// either tool, so the apfloat_text unit tests cover it instead.)
func.func @x87_patterns() -> (f80, f80) {
  %0 = arith.constant 0x7FFF0000000000000000 : f80
  %1 = arith.constant 0x00010000000000000001 : f80
  return %0, %1 : f80, f80
}

// Narrow formats: negative overflow keeps the NaN's sign in f8E4M3FN,
// f8E8M0FNU's smallest value is 2^-127, and dense elements print element
// by element with the same rule (including a splat).
func.func @narrow_and_dense() -> (f8E4M3FN, f8E8M0FNU, tensor<4xf16>, tensor<3xbf16>) {
  %0 = arith.constant -1.0e5 : f8E4M3FN
  %1 = arith.constant 5.9e-39 : f8E8M0FNU
  %2 = arith.constant dense<[0.1, 984.203, -6.1e-5, 0x7E00]> : tensor<4xf16>
  %3 = arith.constant dense<0.3> : tensor<3xbf16>
  return %0, %1, %2, %3 : f8E4M3FN, f8E8M0FNU, tensor<4xf16>, tensor<3xbf16>
}

// Dense arrays of every whole-byte float format print their elements with
// the same rule.
func.func private @arrays() attributes {
  f16 = array<f16: 0.1, 984.203, 0x7E00>, bf16 = array<bf16: 0.1, -3.0e38>,
  f80 = array<f80: 0.1, 1.0e-6>, f128 = array<f128: 8.16e-08>,
  e4m3 = array<f8E4M3FN: 0.1, -1.0e5>, e8m0 = array<f8E8M0FNU: 5.9e-39, 3.0>
}

// Just above the midpoint of f16's 1.0 and its upper neighbour by less than
// half an f64 ulp: MLIR's f64 step lands on the midpoint, which ties to even.
func.func @double_rounding() -> f16 {
  %0 = arith.constant 1.000488281250000000001 : f16
  return %0 : f16
}
