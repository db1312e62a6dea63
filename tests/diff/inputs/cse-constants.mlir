// Constant duplicates: same value and type merge; the same value in another
// type does not; constants are not hoisted by cse (only canonicalize does).
func.func @consts(%a: i32) -> (i32, i64, index, i1, f32, f64, f32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %c1_0 = arith.constant 1 : i32
  %1 = arith.muli %0, %c1_0 : i32
  %c1_i64 = arith.constant 1 : i64
  %c1_i64_1 = arith.constant 1 : i64
  %2 = arith.addi %c1_i64, %c1_i64_1 : i64
  %c1_idx = arith.constant 1 : index
  %c1_idx2 = arith.constant 1 : index
  %3 = arith.addi %c1_idx, %c1_idx2 : index
  %t = arith.constant true
  %t2 = arith.constant true
  %4 = arith.andi %t, %t2 : i1
  %z = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %5 = arith.addf %z, %nz : f32
  %nan = arith.constant 0x7FC00000 : f32
  %nan2 = arith.constant 0x7FC00000 : f32
  %6 = arith.addf %nan, %nan2 : f32
  %d = arith.constant 1.0 : f64
  %d2 = arith.constant 1.000000e+00 : f64
  %7 = arith.addf %d, %d2 : f64
  return %1, %2, %3, %4, %5, %7, %6 : i32, i64, index, i1, f32, f64, f32
}
