// RUN: %roundtrip %s
// Argument and result attributes on definitions and declarations, function
// attributes after `attributes`, and a combination of all three.

func.func @arg_attrs(%a: i32 {my.noalias}, %b: f32 {my.align = 16 : i64, my.name = "b"}, %c: index) -> i32 {
  return %a : i32
}

func.func @res_attrs(%a: i32) -> (i32 {my.result = "first"}, f32 {my.flag}) {
  %f = arith.constant 1.0 : f32
  return %a, %f : i32, f32
}

func.func @single_res_attr(%a: i32) -> (i32 {my.zext}) {
  return %a : i32
}

func.func private @decl_attrs(i32 {my.in}, f32) -> (i1 {my.out}) attributes {my.fn_attr = [1, 2], passthrough = "x"}

func.func @everything(%a: i32 {my.a}) -> (i32 {my.r}) attributes {my.f = true, sym_desc = "all"} {
  return %a : i32
}
