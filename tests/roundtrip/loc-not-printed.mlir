// RUN: %roundtrip %s
// Without --mlir-print-debuginfo locations are parsed (aliases included) but
// not printed, and no #loc aliases appear in the output.

#loc = loc("a.mlir":1:1)
func.func @f(%a: i32 loc("arg":1:1)) -> i32 {
  %0 = arith.addi %a, %a : i32 loc(#loc)
  %1 = arith.muli %0, %0 : i32 loc(fused<"m">["x":1:1, "y":2:2])
  return %1 : i32 loc(unknown)
} loc(callsite("f" at "g"))
