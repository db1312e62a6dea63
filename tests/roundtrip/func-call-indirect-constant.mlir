// RUN: %roundtrip %s
// func.constant (result name hints come from the symbol name) and
// func.call_indirect with zero, one and several results.

func.func private @callee(i32, f32) -> (i32, f32)
func.func private @noop()
func.func private @"weird name"() -> i1

func.func @indirect(%a: i32, %b: f32) -> i32 {
  %f = constant @callee : (i32, f32) -> (i32, f32)
  %g = func.constant @noop : () -> ()
  %h = constant @"weird name" : () -> i1
  %0:2 = call_indirect %f(%a, %b) : (i32, f32) -> (i32, f32)
  call_indirect %g() : () -> ()
  %1 = call_indirect %h() : () -> i1
  %f2 = constant @callee : (i32, f32) -> (i32, f32)
  %2:2 = call_indirect %f2(%0#0, %0#1) : (i32, f32) -> (i32, f32)
  return %2#0 : i32
}

func.func @fn_arg(%fn: (i32) -> i32, %x: i32) -> i32 {
  %0 = call_indirect %fn(%x) : (i32) -> i32
  return %0 : i32
}
