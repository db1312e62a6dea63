// RUN: %roundtrip %s
// Integer overflow flags (nsw, nuw, both; `none` is not printed) on the ops
// that take them, and the `exact` flag on divisions and right shifts.

func.func @overflow(%a: i64, %b: i64) -> i64 {
  %0 = arith.addi %a, %b overflow<nsw> : i64
  %1 = arith.addi %0, %b overflow<nuw> : i64
  %2 = arith.addi %1, %b overflow<nsw, nuw> : i64
  %3 = arith.subi %2, %b overflow<nuw, nsw> : i64
  %4 = arith.muli %3, %b overflow<nsw> : i64
  %5 = arith.shli %4, %b overflow<nuw> : i64
  %6 = arith.addi %5, %b overflow<none> : i64
  %7 = arith.trunci %6 overflow<nsw> : i64 to i32
  %8 = arith.trunci %6 overflow<nsw, nuw> : i64 to i16
  return %6 : i64
}

func.func @exact(%a: i32, %b: i32) -> i32 {
  %0 = arith.divsi %a, %b exact : i32
  %1 = arith.divui %0, %b exact : i32
  %2 = arith.shrsi %1, %b exact : i32
  %3 = arith.shrui %2, %b exact : i32
  return %3 : i32
}
