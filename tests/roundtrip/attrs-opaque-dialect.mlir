// RUN: %roundtrip %s --allow-unregistered-dialect
// Attributes of unregistered dialects are kept as opaque text.

func.func private @opaque() attributes {
  a = #foo.bar, b = #foo.baz<"string", 1, [2]>, c = #foo<"raw">, d = #mydialect.attr<{k = v}>,
  e = [#foo.x, #foo.y<z>], typed = #foo.typed : i32
}
