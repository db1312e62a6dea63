// RUN: %roundtrip %s
// Lexical corners: comments everywhere, odd whitespace, SSA names and block
// labels with the full suffix-id alphabet ([a-zA-Z0-9$._-]), numeric names,
// symbol names with dots and $, and names that are renumbered on print.

// A comment before anything.
func.func @"quoted.sym$"(%arg_with.dots$: i32, %0: i32,%1:i32) -> i32 {   // trailing comment
	%x$y = arith.addi %arg_with.dots$, %0 : i32
  %a-b = arith.muli %x$y,%1:i32
  %42 = arith.subi %a-b, %x$y : i32 // numbers are just names
  %_underscore = arith.xori %42, %42 : i32
  cf.br ^bb.label-1$(%_underscore : i32)
^bb.label-1$(%arg.b: i32):   // block labels use the same alphabet
  cf.br ^999(%arg.b : i32)
^999(%z: i32):
  return %z : i32
}
func.func private @sym.with.dots_and$dollar(i32)->i32
