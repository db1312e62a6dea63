// RUN: %roundtrip %s --allow-unregistered-dialect
// Successors in generic form (`[^bb1, ^bb2]`), passing block arguments
// through registered cf ops written generically, and block argument lists.

func.func @f(%a: i32, %c: i1) -> i32 {
  "cf.cond_br"(%c, %a, %a)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
^bb1(%x: i32):
  "cf.br"(%x)[^bb3] : (i32) -> ()
^bb2(%y: i32):
  "foo.terminator"(%y)[^bb3, ^bb1] : (i32) -> ()
^bb3(%z: i32):
  "func.return"(%z) : (i32) -> ()
}
