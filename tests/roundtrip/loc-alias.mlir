// RUN: %roundtrip %s --mlir-print-debuginfo
// Location aliases: #loc definitions (top of the file or after the module)
// used as loc(#alias); mlir-opt renames them #loc, #loc1, ... in its output
// and hoists every location it prints into such aliases.

#loc_a = loc("a.mlir":1:2)
#loc_b = loc("b.mlir":3:4)
#loc_callee = loc("callee"(#loc_a))
func.func @f(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32 loc(#loc_a)
  %1 = arith.muli %0, %x : i32 loc(#loc_callee)
  %2 = arith.subi %1, %x : i32 loc(callsite(#loc_a at #loc_b))
  return %2 : i32 loc(#loc_later)
} loc(#loc_b)
#loc_later = loc("late.mlir":5:6)
