// RUN: %roundtrip %s
// arith.cmpf with every predicate (ordered, unordered, true/false), on
// scalars, vectors and tensors.

func.func @cmpf(%a: f32, %b: f32, %v: vector<2xf16>, %t: tensor<4xf64>) -> i1 {
  %0 = arith.cmpf false, %a, %b : f32
  %1 = arith.cmpf oeq, %a, %b : f32
  %2 = arith.cmpf ogt, %a, %b : f32
  %3 = arith.cmpf oge, %a, %b : f32
  %4 = arith.cmpf olt, %a, %b : f32
  %5 = arith.cmpf ole, %a, %b : f32
  %6 = arith.cmpf one, %a, %b : f32
  %7 = arith.cmpf ord, %a, %b : f32
  %8 = arith.cmpf ueq, %a, %b : f32
  %9 = arith.cmpf ugt, %a, %b : f32
  %10 = arith.cmpf uge, %a, %b : f32
  %11 = arith.cmpf ult, %a, %b : f32
  %12 = arith.cmpf ule, %a, %b : f32
  %13 = arith.cmpf une, %a, %b : f32
  %14 = arith.cmpf uno, %a, %b : f32
  %15 = arith.cmpf true, %a, %b : f32
  %16 = arith.cmpf oeq, %v, %v : vector<2xf16>
  %17 = arith.cmpf uno, %t, %t : tensor<4xf64>
  return %15 : i1
}
