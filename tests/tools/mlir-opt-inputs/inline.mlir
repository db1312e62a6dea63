// Small private helpers inlined into their callers by -inline (then the
// helpers are removed by -symbol-dce).
func.func private @square(%x: f64) -> f64 {
  %0 = arith.mulf %x, %x : f64
  return %0 : f64
}
func.func private @clamp(%x: i32, %lo: i32, %hi: i32) -> i32 {
  %0 = arith.maxsi %x, %lo : i32
  %1 = arith.minsi %0, %hi : i32
  return %1 : i32
}
func.func private @branchy(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  return %a : i32
^b:
  %n = arith.subi %a, %a : i32
  return %n : i32
}
func.func @main(%x: f64, %i: i32, %c: i1) -> (f64, i32) {
  %lo = arith.constant -10 : i32
  %hi = arith.constant 10 : i32
  %s = call @square(%x) : (f64) -> f64
  %s2 = call @square(%s) : (f64) -> f64
  %cl = call @clamp(%i, %lo, %hi) : (i32, i32, i32) -> i32
  %br = call @branchy(%c, %cl) : (i1, i32) -> i32
  return %s2, %br : f64, i32
}
