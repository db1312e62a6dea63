func.func @f(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.andi %a, %b : i32
  %1 = arith.ori %0, %a : i32
  %2 = arith.xori %0, %1 : i32
  %3:2 = "t.two"(%2, %0) : (i32, i32) -> (i32, i32)
  "t.sink"(%3#0, %3#1, %3#1) : (i32, i32, i32) -> ()
  "t.none"() : () -> ()
  return %3#0, %2 : i32, i32
}
