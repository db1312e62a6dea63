// Everything at once for -inline -cse -canonicalize -symbol-dce: inlined
// helpers expose duplicates and constants; dead helpers vanish afterwards.
func.func private @inc(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  return %0 : i32
}
func.func private @twice(%a: i32) -> i32 {
  %0 = func.call @inc(%a) : (i32) -> i32
  %1 = func.call @inc(%0) : (i32) -> i32
  return %1 : i32
}
func.func private @never(%a: i32) -> i32 {
  %0 = func.call @inc(%a) : (i32) -> i32
  return %0 : i32
}
func.func @main(%x: i32, %c: i1) -> i32 {
  %0 = func.call @twice(%x) : (i32) -> i32
  %1 = func.call @twice(%x) : (i32) -> i32
  %2 = arith.subi %0, %1 : i32
  cf.cond_br %c, ^bb1, ^bb2(%2 : i32)
^bb1:
  %3 = func.call @inc(%x) : (i32) -> i32
  %4 = func.call @inc(%x) : (i32) -> i32
  %5 = arith.xori %3, %4 : i32
  cf.br ^bb2(%5 : i32)
^bb2(%6: i32):
  %7 = arith.addi %6, %0 : i32
  return %7 : i32
}
