// RUN: %roundtrip %s --mlir-print-debuginfo
// loc(unknown) and file:line:col locations, including ranges
// (`to line:col` and `to :col`), printed with --mlir-print-debuginfo; ops
// without an explicit loc get their position in this file.

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32 loc(unknown)
  %1 = arith.muli %0, %a : i32 loc("foo.c":10:4)
  %2 = arith.subi %1, %a : i32 loc("dir/bar.cc":1:1 to 2:3)
  %3 = arith.xori %2, %a : i32 loc("dir/bar.cc":7:2 to :9)
  %4 = arith.ori %3, %a : i32 loc("no_column.py":12)
  %5 = arith.andi %4, %a : i32
  return %5 : i32 loc("foo.c":11:3)
} loc("foo.c":9:1)
