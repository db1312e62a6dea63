// RUN: %roundtrip %s --split-input-file --allow-unregistered-dialect
// Split chunks mixing unregistered ops, graph regions and implicit modules.

"foo.a"() : () -> ()

// -----

%0 = "foo.b"(%1) : (i32) -> i32
%1 = "foo.c"() : () -> i32

// -----

func.func @f(%x: i32) -> i32 {
  %0:2 = "foo.two"(%x) : (i32) -> (i32, i32)
  return %0#1 : i32
}
