// DIFF-FLAGS: --allow-unregistered-dialect
// Symbol uses other than func.call: func.constant, attributes of unregistered
// ops, nested references @mod::@f into a nested module (keeps a private
// function inside it alive), references from a dead function (do not count).
module {
  func.func private @by_constant(%a: i32) -> i32 {
    return %a : i32
  }
  func.func private @by_attr() {
    return
  }
  func.func private @by_dead() {
    return
  }
  func.func private @dead() {
    func.call @by_dead() : () -> ()
    return
  }
  module @mod attributes {sym_visibility = "private"} {
    func.func nested @f() {
      return
    }
    func.func private @g() {
      return
    }
  }
  func.func @main() -> ((i32) -> i32) {
    %f = func.constant @by_constant : (i32) -> i32
    "test.refs"() {callee = @by_attr, nested = @mod::@f} : () -> ()
    return %f : (i32) -> i32
  }
}
