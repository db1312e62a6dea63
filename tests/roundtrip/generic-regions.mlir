// RUN: %roundtrip %s --allow-unregistered-dialect
// Ops with regions in generic form: empty regions, several regions, nested
// regions, multi-block regions with branches, implicit ^bb0 with arguments.

func.func @f(%arg: i32) {
  "foo.empty_region"() ({
  }) : () -> ()
  "foo.two_regions"() ({
    "foo.yield"() : () -> ()
  }, {
    %0 = "foo.inner"(%arg) : (i32) -> i32
    "foo.yield"(%0) : (i32) -> ()
  }) : () -> ()
  %r = "foo.nested"(%arg) ({
  ^bb0(%x: i32, %y: f32):
    "foo.deeper"() ({
      "foo.deepest"(%x, %arg) : (i32, i32) -> ()
    }) : () -> ()
    "foo.yield"(%x) : (i32) -> ()
  }) {kind = "n"} : (i32) -> i32
  "foo.multi_block"() ({
    "foo.br"()[^bb1] : () -> ()
  ^bb1:
    "foo.cond"(%arg)[^bb1, ^bb2] : (i32) -> ()
  ^bb2:
    "foo.end"() : () -> ()
  }) : () -> ()
  return
}
