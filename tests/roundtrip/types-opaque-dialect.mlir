// RUN: %roundtrip %s --allow-unregistered-dialect
// Types of unregistered dialects keep their body text verbatim (opaque types),
// both in the pretty `!dialect.name<...>` form and as `!dialect<"...">`.

func.func private @opaque(!foo.bar, !foo.baz<"x", 1>, !foo<"raw body">, !mydialect.type<f32, [1, 2], {a = 3}>) -> !foo.bar
func.func private @nested(tensor<4x!foo.elem>, tuple<!a.b, !c.d<e>>, complex<f32>) -> !x.y<<nested<angle>>>
