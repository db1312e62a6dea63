// RUN: %roundtrip %s --mlir-print-debuginfo
// Name locations (with and without a child location) and callsite
// locations (nested callee/caller chains).

func.func @f(%a: f32) -> f32 {
  %0 = arith.addf %a, %a : f32 loc("just_a_name")
  %1 = arith.mulf %0, %a : f32 loc("named"("file.py":3:7))
  %2 = arith.subf %1, %a : f32 loc(callsite("callee.c":1:1 at "caller.c":5:5))
  %3 = arith.divf %2, %a : f32 loc(callsite(callsite("a":1:1 at "b":2:2) at "c":3:3))
  %4 = arith.negf %3 : f32 loc(callsite("inlined"("x.c":4:4) at unknown))
  %5 = arith.addf %4, %a : f32 loc("outer"("inner"("deep.mlir":9:9)))
  return %5 : f32
}
