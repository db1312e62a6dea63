// RUN: %roundtrip %s --mlir-print-debuginfo
// Fused locations: plain, with metadata attributes of different kinds, nested,
// and the degenerate cases (one or zero children).

func.func @f(%a: i64) -> i64 {
  %0 = arith.addi %a, %a : i64 loc(fused["a.c":1:1, "b.c":2:2])
  %1 = arith.muli %0, %a : i64 loc(fused<"metadata">["a.c":1:1, "b.c":2:2])
  %2 = arith.subi %1, %a : i64 loc(fused<{pass = "cse", n = 3 : i32}>["a.c":1:1, "name"("c.c":3:3)])
  %3 = arith.xori %2, %a : i64 loc(fused[fused["x":1:1, "y":2:2], "z":3:3])
  %4 = arith.ori %3, %a : i64 loc(fused["only.c":4:4])
  %5 = arith.andi %4, %a : i64 loc(fused<"m">[callsite("f":1:1 at "g":2:2), unknown])
  return %5 : i64
}
