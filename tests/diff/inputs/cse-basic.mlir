// CSE within one block: equal ops merge; operand order, result type,
// attributes (overflow flags, fastmath, predicates) keep ops apart.
func.func @basic(%a: i32, %b: i32, %x: f32) -> (i32, i32, i32, i32, i32, i1, i1, f32, f32, i64, i64) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.addi %b, %a : i32
  %3 = arith.addi %a, %b overflow<nsw> : i32
  %4 = arith.addi %a, %b overflow<nsw> : i32
  %5 = arith.cmpi slt, %a, %b : i32
  %6 = arith.cmpi sgt, %a, %b : i32
  %7 = arith.addf %x, %x : f32
  %8 = arith.addf %x, %x fastmath<fast> : f32
  %9 = arith.extsi %a : i32 to i64
  %10 = arith.extui %a : i32 to i64
  %11 = arith.extsi %a : i32 to i64
  %12 = arith.muli %9, %11 : i64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %10, %12 : i32, i32, i32, i32, i32, i1, i1, f32, f32, i64, i64
}
func.func @chain(%a: i64) -> i64 {
  %0 = arith.muli %a, %a : i64
  %1 = arith.addi %0, %a : i64
  %2 = arith.muli %a, %a : i64
  %3 = arith.addi %2, %a : i64
  %4 = arith.subi %1, %3 : i64
  %5 = arith.xori %4, %1 : i64
  %6 = arith.xori %4, %3 : i64
  %7 = arith.addi %5, %6 : i64
  return %7 : i64
}
