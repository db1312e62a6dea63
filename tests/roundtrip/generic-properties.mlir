// RUN: %roundtrip %s
// Registered ops written in generic form with properties `<{...}>`: the
// pretty printer turns them back into custom syntax; inherent attributes
// given in the attribute dictionary instead of properties are accepted too.

"builtin.module"() ({
  "func.func"() <{function_type = (i32, f32) -> i32, sym_name = "generic", sym_visibility = "private"}> ({
  ^bb0(%a: i32, %b: f32):
    %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
    %1 = "arith.constant"() <{value = 7 : i32}> : () -> i32
    %2 = "arith.cmpi"(%0, %1) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %3 = "arith.addf"(%b, %b) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    %4 = "arith.select"(%2, %0, %1) : (i1, i32, i32) -> i32
    %5 = "arith.constant"() {value = 8 : i32} : () -> i32
    %6 = "arith.muli"(%4, %5) {some_discardable = "kept"} : (i32, i32) -> i32
    "func.return"(%6) : (i32) -> ()
  }) {extra = unit} : () -> ()
}) : () -> ()
