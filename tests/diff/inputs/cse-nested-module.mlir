// -cse runs on every function, also in nested modules.
module {
  func.func @top(%a: i8) -> i8 {
    %0 = arith.xori %a, %a : i8
    %1 = arith.xori %a, %a : i8
    %2 = arith.ori %0, %1 : i8
    return %2 : i8
  }
  module @inner {
    func.func @f(%a: i8) -> i8 {
      %0 = arith.andi %a, %a : i8
      %1 = arith.andi %a, %a : i8
      %2 = arith.ori %0, %1 : i8
      return %2 : i8
    }
    module @deeper {
      func.func private @g(%a: index) -> index {
        %0 = arith.addi %a, %a : index
        %1 = arith.addi %a, %a : index
        %2 = arith.muli %0, %1 : index
        return %2 : index
      }
    }
  }
}
