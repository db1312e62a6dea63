// RUN: %roundtrip %s --mlir-print-debuginfo
// Locations on block arguments: entry block arguments of func.func (through
// the function signature) and arguments of other blocks.

func.func @f(%a: i32 loc("arg_a.c":1:1), %b: i1 loc("arg_b"), %c: f32) -> i32 {
  cf.cond_br %b, ^bb1(%a : i32), ^bb2
^bb1(%x: i32 loc("bb1_x.c":2:2)):
  return %x : i32
^bb2:
  cf.br ^bb3(%a, %c : i32, f32)
^bb3(%y: i32 loc(unknown), %z: f32 loc(fused["p":1:1, "q":2:2])):
  return %y : i32
}
