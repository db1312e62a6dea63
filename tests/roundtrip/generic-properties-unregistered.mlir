// RUN: %roundtrip %s --allow-unregistered-dialect
// Unregistered ops may carry a properties dictionary `<{...}>` too; it is
// kept separate from the discardable attributes.

func.func @f(%a: i32) {
  "foo.props"() <{p = 1 : i32}> : () -> ()
  "foo.both"(%a) <{inherent = "yes", n = [1, 2]}> {discardable = 3 : i64} : (i32) -> ()
  %0 = "foo.props_region"() <{q}> ({
    "foo.yield"() : () -> ()
  }) : () -> i32
  return
}
