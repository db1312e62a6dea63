// RUN: %roundtrip %s
// Every custom-syntax op of this issue, written in generic form: the pretty
// output must use the custom syntax, the generic output must match the
// reference's generic output.

"func.func"() <{function_type = (i32, i1, index) -> (i32), sym_name = "all_generic"}> ({
^bb0(%a: i32, %c: i1, %i: index):
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %1 = "arith.subi"(%a, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %2 = "func.call"(%1) <{callee = @callee}> : (i32) -> i32
  %f = "func.constant"() <{value = @callee}> : () -> ((i32) -> i32)
  %3 = "func.call_indirect"(%f, %2) : ((i32) -> i32, i32) -> i32
  "cf.assert"(%c) <{msg = "must hold"}> : (i1) -> ()
  "cf.switch"(%a, %3, %1) [^bb1, ^bb2] <{case_operand_segments = array<i32: 1>, case_values = dense<5> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()
^bb1(%x: i32):
  "func.return"(%x) : (i32) -> ()
^bb2(%y: i32):
  %u = "builtin.unrealized_conversion_cast"(%y) : (i32) -> i64
  %v = "builtin.unrealized_conversion_cast"(%u) : (i64) -> i32
  "func.return"(%v) : (i32) -> ()
}) : () -> ()
"func.func"() <{function_type = (i32) -> i32, sym_name = "callee", sym_visibility = "private"}> ({
}) : () -> ()
