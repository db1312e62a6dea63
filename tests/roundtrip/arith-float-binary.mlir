// RUN: %roundtrip %s
// Every float arithmetic op of arith: add/sub/mul/div/rem, the four min/max
// variants, negf, across float widths.

func.func @float_ops(%a: f32, %b: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %0, %b : f32
  %2 = arith.mulf %1, %b : f32
  %3 = arith.divf %2, %b : f32
  %4 = arith.remf %3, %b : f32
  %5 = arith.maximumf %4, %b : f32
  %6 = arith.minimumf %5, %b : f32
  %7 = arith.maxnumf %6, %b : f32
  %8 = arith.minnumf %7, %b : f32
  %9 = arith.negf %8 : f32
  return %9 : f32
}

func.func @widths(%h: f16, %bf: bf16, %d: f64, %t: tf32, %q: f128, %e: f8E5M2) {
  %0 = arith.addf %h, %h : f16
  %1 = arith.mulf %bf, %bf : bf16
  %2 = arith.divf %d, %d : f64
  %3 = arith.subf %t, %t : tf32
  %4 = arith.negf %q : f128
  %5 = arith.addf %e, %e : f8E5M2
  return
}
