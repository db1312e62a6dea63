// After inlining, the callee body meets the caller's constants: the
// inliner's default pipeline (canonicalize) folds them away.
func.func private @poly(%x: i64, %k: i64) -> i64 {
  %0 = arith.muli %x, %k : i64
  %1 = arith.addi %0, %k : i64
  %c0 = arith.constant 0 : i64
  %2 = arith.cmpi eq, %k, %c0 : i64
  %3 = arith.select %2, %x, %1 : i64
  return %3 : i64
}
func.func @main(%x: i64) -> (i64, i64, i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %0 = func.call @poly(%x, %c0) : (i64, i64) -> i64
  %1 = func.call @poly(%x, %c1) : (i64, i64) -> i64
  %2 = func.call @poly(%c2, %c2) : (i64, i64) -> i64
  return %0, %1, %2 : i64, i64, i64
}
