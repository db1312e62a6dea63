// func.call_indirect of a func.constant becomes a func.call; an unused
// func.constant is erased; calls are never erased, even unused.
func.func private @callee(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func private @decl(i32) -> (i32, i64)
func.func @caller(%a: i32) -> (i32, i32, i64) {
  %f = func.constant @callee : (i32) -> i32
  %0 = func.call_indirect %f(%a) : (i32) -> i32
  %g = func.constant @decl : (i32) -> (i32, i64)
  %1:2 = func.call_indirect %g(%0) : (i32) -> (i32, i64)
  %unused = func.constant @callee : (i32) -> i32
  %2 = func.call @callee(%a) : (i32) -> i32
  return %0, %1#0, %1#1 : i32, i32, i64
}
