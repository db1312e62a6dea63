// cf.switch: on a constant flag, with no cases, with cases all going to the
// default, with duplicate destinations, and a switch whose flag is known
// from a dominating switch. (The switch without cases is on another flag:
// mlir-opt 22 --canonicalize=top-down=false segfaults when a block whose only
// predecessor ends in a case-less `cf.switch %f` itself switches on %f.)
func.func @sw(%f: i32, %a: i32, %b: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  cf.switch %c2 : i32, [
    default: ^bb1(%a : i32),
    1: ^bb2(%b : i32),
    2: ^bb3(%a, %b : i32, i32)
  ]
^bb1(%0: i32):
  return %0 : i32
^bb2(%1: i32):
  return %1 : i32
^bb3(%2: i32, %3: i32):
  %4 = arith.addi %2, %3 : i32
  cf.switch %b : i32, [
    default: ^bb4(%4 : i32)
  ]
^bb4(%5: i32):
  cf.switch %f : i32, [
    default: ^bb5(%5 : i32),
    7: ^bb5(%5 : i32),
    8: ^bb5(%5 : i32)
  ]
^bb5(%6: i32):
  cf.switch %f : i32, [
    default: ^bb6(%6 : i32),
    3: ^bb7
  ]
^bb6(%7: i32):
  return %7 : i32
^bb7:
  cf.switch %f : i32, [
    default: ^bb8(%a : i32),
    3: ^bb8(%b : i32),
    4: ^bb8(%6 : i32)
  ]
^bb8(%8: i32):
  return %8 : i32
}
