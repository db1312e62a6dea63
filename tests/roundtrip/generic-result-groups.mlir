// RUN: %roundtrip %s --allow-unregistered-dialect
// Result groups: `%name:N = ...` defines N results used as %name#i; the
// printer numbers each op's results as one group when there are several.

func.func @f() -> (i32, i32) {
  %pair:2 = "foo.pair"() : () -> (i32, i32)
  %triple:3 = "foo.triple"() : () -> (i1, f32, index)
  %x = "foo.use"(%pair#1, %triple#2, %pair#0, %triple#0) : (i32, index, i32, i1) -> i32
  %a, %b:2, %c = "foo.mixed"() : () -> (i8, i16, i16, i32)
  "foo.use2"(%a, %b#0, %b#1, %c) : (i8, i16, i16, i32) -> ()
  return %pair#0, %x : i32, i32
}
