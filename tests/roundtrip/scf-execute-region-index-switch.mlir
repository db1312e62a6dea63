// RUN: %roundtrip %s
// scf.execute_region (result arrow, no_inline, several blocks, attributes
// after the region) and scf.index_switch (cases at the op's indentation,
// the default region first in generic form, implicit yields).

func.func @f(%a: index, %m: memref<i32>) -> i32 {
  %0 = scf.index_switch %a -> i32
  case 1 {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  case 5 {
    %c = arith.constant 5 : i32
    scf.yield %c : i32
  }
  default {
    %c = arith.constant 0 : i32
    scf.yield %c : i32
  }
  scf.index_switch %a
  case 2 {
    scf.yield
  }
  default {
  }
  %v = scf.execute_region -> i32 {
    %c = arith.constant 2 : i32
    scf.yield %c : i32
  }
  %w:2 = scf.execute_region -> (i32, i32) no_inline {
    %c = arith.constant 2 : i32
    %t = arith.constant true
    cf.cond_br %t, ^bb1, ^bb2
  ^bb1:
    scf.yield %c, %c : i32, i32
  ^bb2:
    scf.yield %c, %v : i32, i32
  } {foo}
  scf.execute_region {
    scf.yield
  }
  %x, %y = scf.index_switch %a -> i32, index
  default {
    scf.yield %v, %a : i32, index
  }
  return %0 : i32
}
