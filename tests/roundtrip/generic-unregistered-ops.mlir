// RUN: %roundtrip %s --allow-unregistered-dialect
// Unregistered ops in generic form: no operands/results, several results,
// attribute dictionaries, operands of mixed types, dialect types.

func.func @f(%a: i32, %b: f32) -> i32 {
  "foo.noop"() : () -> ()
  %0 = "foo.one"(%a) : (i32) -> i32
  %1, %2 = "foo.two"(%a, %b) {attr = 1 : i64, name = "x"} : (i32, f32) -> (i32, f32)
  %3 = "foo.typed"(%0, %1) {flag} : (i32, i32) -> !foo.custom<"t">
  "foo.consume"(%3, %2) : (!foo.custom<"t">, f32) -> ()
  %4 = "foo.dotted.name.op"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  return %1 : i32
}
