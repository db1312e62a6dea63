// RUN: %roundtrip %s
// builtin.module: named and anonymous, nested, attributes (dialect-prefixed
// only), sym_visibility, empty bodies.

module @outer attributes {my.attr = "x", my.flag} {
  module {
  }
  module @named_empty {
  }
  module @with_funcs attributes {my.whatever = 1 : i32} {
    func.func private @decl()
  }
  module @private_mod attributes {my.a = [1, 2]} {
    module @deeper {
      func.func @f() {
        return
      }
    }
  }
}
