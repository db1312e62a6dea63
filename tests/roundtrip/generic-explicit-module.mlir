// RUN: %roundtrip %s
// A single explicit top-level module is not wrapped again; its name and
// attributes are kept.

module @top attributes {foo.attr = "x", sym_visibility = "public", my.num = 3 : i32} {
  func.func @f() {
    return
  }
}
