// Calls inside a nested module resolve in that module's symbol table and are
// inlined there; the same names at top level are distinct functions.
module {
  func.func private @h(%a: i8) -> i8 {
    %0 = arith.addi %a, %a : i8
    return %0 : i8
  }
  func.func @top(%a: i8) -> i8 {
    %0 = func.call @h(%a) : (i8) -> i8
    return %0 : i8
  }
  module @m {
    func.func private @h(%a: i8) -> i8 {
      %0 = arith.muli %a, %a : i8
      return %0 : i8
    }
    func.func @inner(%a: i8) -> i8 {
      %0 = func.call @h(%a) : (i8) -> i8
      %1 = func.call @h(%0) : (i8) -> i8
      return %1 : i8
    }
  }
}
