// DIFF-FLAGS: --allow-unregistered-dialect
// Dead code: unused pure ops (and the chains feeding them) go; calls,
// divisions that might trap and unregistered ops stay; dead block-argument
// cycles.
func.func private @g() -> i32
func.func @dead(%a: i32, %b: i32, %n: i1) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %0 : i32
  %2 = func.call @g() : () -> i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %c2 = arith.constant 2 : i32
  %5 = arith.divsi %a, %c2 : i32
  %6 = "test.unknown"(%a) : (i32) -> i32
  cf.br ^bb1(%1 : i32)
^bb1(%7: i32):
  %8 = arith.addi %7, %a : i32
  cf.cond_br %n, ^bb1(%8 : i32), ^bb2
^bb2:
  return
}
