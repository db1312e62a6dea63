// RUN: %roundtrip %s
// func.call: no results, one, several, recursion (callees are flat symbol
// references only), and discardable attributes on calls.

module {
  func.func private @sink(i32)
  func.func private @pair(i32) -> (i32, f32)
  func.func @rec(%n: i32) -> i32 {
    %r = call @rec(%n) : (i32) -> i32
    return %r : i32
  }
  func.func @caller(%a: i32) -> f32 {
    call @sink(%a) : (i32) -> ()
    %0:2 = call @pair(%a) : (i32) -> (i32, f32)
    %1 = func.call @rec(%0#0) {my.tag = "hot"} : (i32) -> i32
    return %0#1 : f32
  }
  module @inner {
    func.func nested @f(%x: i32) -> i32 {
      return %x : i32
    }
  }
}
