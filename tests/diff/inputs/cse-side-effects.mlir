// DIFF-FLAGS: --allow-unregistered-dialect
// Calls and unregistered ops (unknown effects) are never merged; pure ops
// on either side of them still are. Division ops have no side effects.
func.func private @g(i32) -> i32
func.func @effects(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32) {
  %0 = func.call @g(%a) : (i32) -> i32
  %1 = func.call @g(%a) : (i32) -> i32
  %2 = arith.divsi %a, %b : i32
  "test.side_effect"() : () -> ()
  %3 = arith.divsi %a, %b : i32
  %4 = "test.op"(%a) : (i32) -> i32
  %5 = "test.op"(%a) : (i32) -> i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.remui %a, %b : i32
  %8 = arith.addi %4, %5 : i32
  %9 = arith.addi %6, %7 : i32
  return %0, %1, %2, %3, %8, %9 : i32, i32, i32, i32, i32, i32
}
