// Float identities and folding: x + -0.0, x - 0.0, x * 1.0, x / 1.0,
// negf(negf x), nan/inf arithmetic, maximumf/minimumf with nan and -0.0,
// cmpf folds on constants, fastmath flags.
func.func @fl(%x: f32, %y: f64) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f64, f64, f64, i1, i1, i1, f32, f32) {
  %nz = arith.constant -0.0 : f32
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %0 = arith.addf %x, %nz : f32
  %1 = arith.addf %x, %z : f32
  %2 = arith.subf %x, %z : f32
  %3 = arith.mulf %x, %one : f32
  %4 = arith.divf %x, %one : f32
  %n = arith.negf %x : f32
  %5 = arith.negf %n : f32
  %6 = arith.addf %inf, %ninf : f32
  %7 = arith.maximumf %nan, %one : f32
  %8 = arith.minimumf %z, %nz : f32
  %d1 = arith.constant 1.5 : f64
  %d2 = arith.constant 1.0e+300 : f64
  %9 = arith.mulf %d2, %d2 : f64
  %10 = arith.divf %d1, %d2 : f64
  %11 = arith.subf %y, %y : f64
  %12 = arith.cmpf olt, %one, %inf : f32
  %13 = arith.cmpf uno, %nan, %one : f32
  %14 = arith.cmpf oeq, %x, %x : f32
  %15 = arith.addf %x, %z fastmath<nsz> : f32
  %16 = arith.mulf %x, %z fastmath<fast> : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f64, f64, f64, i1, i1, i1, f32, f32
}
