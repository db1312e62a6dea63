// RUN: %roundtrip %s --allow-unregistered-dialect
// builtin.module's body is a graph region: values may be used before the op
// that defines them, and cycles are allowed (no dominance check).

module {
  "foo.user"(%later) : (i32) -> ()
  %later = "foo.def"() : () -> i32
  %cycle_a = "foo.a"(%cycle_b) : (i32) -> i32
  %cycle_b = "foo.b"(%cycle_a) : (i32) -> i32
  %self = "foo.self"(%self) : (i32) -> i32
}
