// A function with source locations, printed with --mlir-print-debuginfo.
func.func @f(%a: i32 loc("src.c":1:10), %b: i32 loc("src.c":1:17)) -> i32 {
  %0 = arith.muli %a, %b : i32 loc("src.c":2:12)
  %1 = arith.addi %0, %a : i32 loc(callsite("helper.h":5:3 at "src.c":3:7))
  %c = arith.cmpi sgt, %1, %b : i32 loc(fused["src.c":4:6, "src.c":4:10])
  cf.cond_br %c, ^bb1, ^bb2 loc("src.c":4:3)
^bb1:
  return %1 : i32 loc("src.c":5:5)
^bb2:
  return %b : i32 loc("src.c":7:3)
} loc("src.c":1:1)
