// RUN: %roundtrip %s
// cf.switch: only a default, several cases with and without operands,
// negative case values, different flag widths (index flags are not allowed).

func.func @switch(%flag: i32, %a: f32, %i: i64, %w: i8) -> f32 {
  cf.switch %flag : i32, [
    default: ^bb1,
    0: ^bb2(%a : f32),
    -1: ^bb3,
    42: ^bb2(%a : f32)
  ]
^bb1:
  cf.switch %w : i8, [
    default: ^bb2(%a : f32)
  ]
^bb2(%x: f32):
  cf.switch %i : i64, [
    default: ^bb3,
    7: ^bb4(%x, %flag : f32, i32),
    8: ^bb3
  ]
^bb3:
  return %a : f32
^bb4(%y: f32, %z: i32):
  return %y : f32
}
