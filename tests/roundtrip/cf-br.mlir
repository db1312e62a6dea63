// RUN: %roundtrip %s
// cf.br with and without block arguments, chains of blocks, a block with
// several predecessors (the printer lists them in a `// N preds:` comment),
// and unreachable blocks (no predecessor comment).

func.func @br(%a: i32, %b: f32) -> i32 {
  cf.br ^bb1
^bb1:
  cf.br ^bb2(%a, %b : i32, f32)
^bb2(%x: i32, %y: f32):
  cf.br ^bb4(%x : i32)
^bb3:
  cf.br ^bb4(%a : i32)
^bb4(%z: i32):
  return %z : i32
}

func.func @self_loop() {
  cf.br ^loop
^loop:
  cf.br ^loop
}
