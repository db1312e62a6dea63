// RUN: %roundtrip %s
// Every 8-, 6- and 4-bit float type mlir-opt 22 knows, spelled as it prints them.

func.func @f8(%a: f8E5M2, %b: f8E4M3, %c: f8E4M3FN, %d: f8E5M2FNUZ, %e: f8E4M3FNUZ, %f: f8E4M3B11FNUZ, %g: f8E3M4, %h: f8E8M0FNU) -> f8E8M0FNU {
  return %h : f8E8M0FNU
}

func.func @f6_f4(%a: f6E2M3FN, %b: f6E3M2FN, %c: f4E2M1FN) -> (f6E2M3FN, f4E2M1FN) {
  return %a, %c : f6E2M3FN, f4E2M1FN
}

func.func private @small_float_containers(tensor<4xf8E4M3FN>, vector<8xf4E2M1FN>, memref<2xf6E3M2FN>) -> vector<[4]xf8E5M2>
