// RUN: %roundtrip %s --allow-unregistered-dialect
// Top-level ops without a module are wrapped into an implicit builtin.module;
// top-level unregistered ops are fine there too.

"foo.top_level"() {n = 1 : i32} : () -> ()
func.func private @decl()
%0 = "foo.value"() : () -> i32
"foo.use"(%0) : (i32) -> ()
