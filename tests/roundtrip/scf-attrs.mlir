// RUN: %roundtrip %s
// RUN: %roundtrip %s --mlir-print-debuginfo
// scf ops with attribute dictionaries (after the region; `attributes` for
// scf.while), arrow types without parentheses, empty branches.

func.func @f(%c: i1, %i: index, %x: f32) -> f32 {
  scf.for %j = %i to %i step %i {
  } {tag = "loop"}
  %r = scf.if %c -> f32 {
    scf.yield %x : f32
  } else {
    scf.yield %x : f32
  } {tag = 1 : i32}
  %w = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  } attributes {tag = 2 : i64}
  %u = scf.for %j = %i to %i step %i iter_args(%a = %x) -> f32 {
    scf.yield %a : f32
  }
  scf.if %c {
  } else {
  }
  return %r : f32
}
