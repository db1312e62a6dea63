// RUN: %roundtrip %s
// Symbol references: flat, nested (@a::@b::@c), quoted names with characters
// that are not valid in bare identifiers.

module @outer {
  module @inner {
    func.func private @leaf()
  }
  func.func private @refs() attributes {
    flat = @outer, nested = @outer::@inner::@leaf, two = @inner::@leaf,
    quoted = @"name with spaces", quoted_nested = @"a b"::@"c-d",
    dotted = @name.with.dots, dollar = @"$dollar", list = [@a, @b::@c]
  }
}
