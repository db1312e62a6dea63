// Inlining a callee with a CFG and several returns: the call's block is
// split and the returns branch to the continuation with block arguments.
func.func private @abs(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %neg = arith.cmpi slt, %a, %c0 : i32
  cf.cond_br %neg, ^bb1, ^bb2
^bb1:
  %0 = arith.subi %c0, %a : i32
  return %0 : i32
^bb2:
  return %a : i32
}
func.func private @two(%a: i64, %c: i1) -> (i64, i1) {
  cf.cond_br %c, ^bb1(%a : i64), ^bb2
^bb1(%x: i64):
  %t = arith.constant true
  return %x, %t : i64, i1
^bb2:
  %c7 = arith.constant 7 : i64
  return %c7, %c : i64, i1
}
func.func @main(%x: i32, %y: i64, %c: i1) -> (i32, i64, i1) {
  %0 = func.call @abs(%x) : (i32) -> i32
  %1 = func.call @abs(%0) : (i32) -> i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %2:2 = func.call @two(%y, %c) : (i64, i1) -> (i64, i1)
  return %1, %2#0, %2#1 : i32, i64, i1
^bb2:
  %3 = arith.addi %1, %x : i32
  return %3, %y, %c : i32, i64, i1
}
