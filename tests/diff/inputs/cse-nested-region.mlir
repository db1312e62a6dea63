// DIFF-FLAGS: --allow-unregistered-dialect
// Ops in a nested (not isolated) region of an unregistered op: cse looks
// into the region; values of the enclosing block are visible there.
func.func @nested(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = "test.region"() ({
    %2 = arith.addi %a, %b : i32
    %3 = arith.addi %a, %b : i32
    %4 = arith.muli %2, %3 : i32
    "test.yield"(%4) : (i32) -> ()
  }) : () -> i32
  %5 = arith.muli %0, %0 : i32
  %6 = arith.addi %5, %1 : i32
  return %6 : i32
}
