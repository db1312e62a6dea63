// RUN: %roundtrip %s
// cf.assert with messages containing escapes, and an assert on a computed
// condition.

func.func @assert(%c: i1, %a: i32) {
  cf.assert %c, "simple message"
  cf.assert %c, ""
  cf.assert %c, "with \"quotes\" and a \\ backslash\n"
  %zero = arith.constant 0 : i32
  %nonzero = arith.cmpi ne, %a, %zero : i32
  cf.assert %nonzero, "expected a non-zero value"
  return
}
