// RUN: %roundtrip %s
// Fast-math flags on float ops: each flag, combinations (printed in a fixed
// order), `fast` (all flags), and `none` (not printed).

func.func @fastmath(%a: f32, %b: f32, %v: vector<4xf64>) -> f32 {
  %0 = arith.addf %a, %b fastmath<reassoc> : f32
  %1 = arith.subf %0, %b fastmath<nnan> : f32
  %2 = arith.mulf %1, %b fastmath<ninf> : f32
  %3 = arith.divf %2, %b fastmath<nsz> : f32
  %4 = arith.remf %3, %b fastmath<arcp> : f32
  %5 = arith.maximumf %4, %b fastmath<contract> : f32
  %6 = arith.minimumf %5, %b fastmath<afn> : f32
  %7 = arith.maxnumf %6, %b fastmath<fast> : f32
  %8 = arith.minnumf %7, %b fastmath<none> : f32
  %9 = arith.negf %8 fastmath<nnan,ninf> : f32
  %10 = arith.addf %9, %b fastmath<afn, reassoc, nsz> : f32
  %11 = arith.addf %10, %b fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %12 = arith.cmpf olt, %11, %b fastmath<nnan> : f32
  %13 = arith.mulf %v, %v fastmath<contract> : vector<4xf64>
  %14 = arith.extf %a fastmath<nnan> : f32 to f64
  %15 = arith.truncf %14 fastmath<ninf> : f64 to f16
  return %11 : f32
}
