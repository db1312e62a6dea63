// RUN: %roundtrip %s
// The standard floating-point types.

func.func @floats(%a: f16, %b: bf16, %c: f32, %d: f64, %e: tf32, %f: f80, %g: f128) -> (f16, bf16, tf32) {
  return %a, %b, %e : f16, bf16, tf32
}

func.func private @float_containers(tensor<2xbf16>, vector<4xf16>, memref<8xtf32>, complex<f64>) -> tensor<f128>
