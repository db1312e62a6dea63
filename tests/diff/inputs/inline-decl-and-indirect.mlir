// Declarations are never inlined; call_indirect of a func.constant is
// turned into a direct call by the inliner's simplification pipeline and
// then inlined in a later iteration (or not: pin what mlir-opt does).
func.func private @ext(i32) -> i32
func.func private @sq(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}
func.func @main(%x: i32) -> (i32, i32) {
  %0 = func.call @ext(%x) : (i32) -> i32
  %f = func.constant @sq : (i32) -> i32
  %1 = func.call_indirect %f(%0) : (i32) -> i32
  return %0, %1 : i32, i32
}
