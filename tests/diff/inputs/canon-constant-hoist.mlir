// canonicalize moves constants to the start of the entry block (deduplicated,
// in its own order) and removes the ones left unused; non-entry blocks'
// constants move too.
func.func @hoist(%a: i32, %c: i1) -> i32 {
  %0 = arith.addi %a, %a : i32
  %c7 = arith.constant 7 : i32
  %1 = arith.muli %0, %c7 : i32
  %c9 = arith.constant 9 : i32
  %unused = arith.constant 42 : i64
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %c7b = arith.constant 7 : i32
  %c11 = arith.constant 11 : i32
  %2 = arith.muli %1, %c7b : i32
  %3 = arith.addi %2, %c11 : i32
  cf.br ^bb3(%3 : i32)
^bb2:
  %c13 = arith.constant 13 : i32
  %4 = arith.xori %1, %c13 : i32
  %5 = arith.xori %4, %c9 : i32
  cf.br ^bb3(%5 : i32)
^bb3(%6: i32):
  %f = arith.constant 2.0 : f32
  %i = arith.fptosi %f : f32 to i32
  %7 = arith.addi %6, %i : i32
  return %7 : i32
}
