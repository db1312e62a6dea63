// A private helper called many times, from several functions and blocks:
// inlined everywhere, then erased; the inliner's canonicalize cleans up.
func.func private @clamp(%x: i32, %lo: i32, %hi: i32) -> i32 {
  %0 = arith.maxsi %x, %lo : i32
  %1 = arith.minsi %0, %hi : i32
  return %1 : i32
}
func.func @a(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c9 = arith.constant 9 : i32
  %0 = func.call @clamp(%x, %c0, %c9) : (i32, i32, i32) -> i32
  %1 = func.call @clamp(%0, %c0, %c9) : (i32, i32, i32) -> i32
  %2 = func.call @clamp(%c9, %c0, %c9) : (i32, i32, i32) -> i32
  %3 = arith.addi %1, %2 : i32
  return %3 : i32
}
func.func @b(%x: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = func.call @clamp(%x, %x, %x) : (i32, i32, i32) -> i32
  return %0 : i32
^bb2:
  %c5 = arith.constant 5 : i32
  %1 = func.call @clamp(%x, %c5, %x) : (i32, i32, i32) -> i32
  return %1 : i32
}
