// RUN: %roundtrip %s
// Float casts: extf, truncf (with rounding modes), int<->float conversions,
// the scaling (microscaling) casts, and bitcasts on tensors.

func.func @float_casts(%h: f16, %f: f32, %d: f64, %i: i32, %t: tensor<4xf32>) -> f64 {
  %0 = arith.extf %h : f16 to f32
  %1 = arith.extf %f : f32 to f64
  %2 = arith.truncf %d : f64 to f32
  %3 = arith.truncf %f : f32 to bf16
  %4 = arith.sitofp %i : i32 to f32
  %5 = arith.uitofp %i : i32 to f64
  %6 = arith.fptosi %f : f32 to i64
  %7 = arith.fptoui %d : f64 to i8
  %8 = arith.bitcast %t : tensor<4xf32> to tensor<4xi32>
  %9 = arith.extf %t : tensor<4xf32> to tensor<4xf64>
  %10 = arith.truncf %f : f32 to f8E4M3FN
  return %1 : f64
}

func.func @rounding_modes(%f: f32) -> f16 {
  %0 = arith.truncf %f to_nearest_even : f32 to f16
  %1 = arith.truncf %f downward : f32 to f16
  %2 = arith.truncf %f upward : f32 to f16
  %3 = arith.truncf %f toward_zero : f32 to f16
  %4 = arith.truncf %f to_nearest_away : f32 to f16
  %5 = arith.truncf %f to_nearest_even fastmath<nnan> : f32 to f16
  return %0 : f16
}

func.func @scaling(%f: f32, %s: f8E8M0FNU, %v: vector<4xf4E2M1FN>, %vs: vector<4xf8E8M0FNU>) -> f32 {
  %0 = arith.scaling_truncf %f, %s : f32, f8E8M0FNU to f8E4M3FN
  %1 = arith.scaling_extf %0, %s : f8E4M3FN, f8E8M0FNU to f32
  %2 = arith.scaling_extf %v, %vs : vector<4xf4E2M1FN>, vector<4xf8E8M0FNU> to vector<4xf32>
  %3 = arith.scaling_truncf %2, %vs to_nearest_even : vector<4xf32>, vector<4xf8E8M0FNU> to vector<4xf4E2M1FN>
  return %1 : f32
}
