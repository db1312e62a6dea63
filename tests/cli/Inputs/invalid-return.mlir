func.func @f(%a: i32) -> i32 {
  %0 = arith.andi %a, %a : i32
  return
}
