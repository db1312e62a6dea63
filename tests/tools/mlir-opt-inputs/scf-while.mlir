// Collatz step counter and gcd with scf.while; lowered to cf.
func.func @collatz(%n0: i64) -> i64 {
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %res:2 = scf.while (%n = %n0, %steps = %zero) : (i64, i64) -> (i64, i64) {
    %cont = arith.cmpi sgt, %n, %one : i64
    scf.condition(%cont) %n, %steps : i64, i64
  } do {
  ^bb0(%n: i64, %steps: i64):
    %rem = arith.remsi %n, %two : i64
    %even = arith.cmpi eq, %rem, %zero : i64
    %next = arith.select %even, %n, %n : i64
    %half = arith.divsi %n, %two : i64
    %tri = arith.muli %n, %three : i64
    %tri1 = arith.addi %tri, %one : i64
    %n2 = arith.select %even, %half, %tri1 : i64
    %s2 = arith.addi %steps, %one : i64
    scf.yield %n2, %s2 : i64, i64
  }
  return %res#1 : i64
}
func.func @gcd(%a0: i32, %b0: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %r:2 = scf.while (%a = %a0, %b = %b0) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi ne, %b, %zero : i32
    scf.condition(%c) %a, %b : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %m = arith.remui %a, %b : i32
    scf.yield %b, %m : i32, i32
  }
  return %r#0 : i32
}
