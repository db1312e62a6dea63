// Inlining: a private callee called once is inlined and erased; a public
// callee is inlined but kept; a callee with no results; nested calls.
func.func private @once(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  return %0 : i32
}
func.func @pub(%a: i32, %b: i32) -> i32 {
  %0 = arith.muli %a, %b : i32
  return %0 : i32
}
func.func private @noresult(%a: i32) {
  return
}
func.func private @outer(%a: i32) -> i32 {
  %0 = func.call @pub(%a, %a) : (i32, i32) -> i32
  %1 = func.call @pub(%0, %a) : (i32, i32) -> i32
  return %1 : i32
}
func.func @main(%x: i32) -> i32 {
  %0 = func.call @once(%x) : (i32) -> i32
  %1 = func.call @pub(%0, %x) : (i32, i32) -> i32
  func.call @noresult(%1) : (i32) -> ()
  %2 = func.call @outer(%1) : (i32) -> i32
  return %2 : i32
}
