// Recursion: a self-recursive function, mutual recursion, and a non-recursive
// caller of them. The inliner must not loop and inlines in SCC order.
func.func private @fact(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %le = arith.cmpi sle, %n, %c1 : i64
  cf.cond_br %le, ^base, ^rec
^base:
  return %c1 : i64
^rec:
  %m = arith.subi %n, %c1 : i64
  %r = func.call @fact(%m) : (i64) -> i64
  %p = arith.muli %n, %r : i64
  return %p : i64
}
func.func private @even(%n: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  %z = arith.cmpi eq, %n, %c0 : i32
  cf.cond_br %z, ^yes, ^no
^yes:
  %t = arith.constant true
  return %t : i1
^no:
  %c1 = arith.constant 1 : i32
  %m = arith.subi %n, %c1 : i32
  %r = func.call @odd(%m) : (i32) -> i1
  return %r : i1
}
func.func private @odd(%n: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  %z = arith.cmpi eq, %n, %c0 : i32
  cf.cond_br %z, ^yes, ^no
^yes:
  %f = arith.constant false
  return %f : i1
^no:
  %c1 = arith.constant 1 : i32
  %m = arith.subi %n, %c1 : i32
  %r = func.call @even(%m) : (i32) -> i1
  return %r : i1
}
func.func @main(%n: i64, %k: i32) -> (i64, i1) {
  %0 = func.call @fact(%n) : (i64) -> i64
  %1 = func.call @even(%k) : (i32) -> i1
  return %0, %1 : i64, i1
}
