"builtin.module"() ({
  "func.func"() <{function_type = (i32, f32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: f32):
    %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = true}> : () -> i1
    %3 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %4 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %5 = "arith.constant"() <{value = 1.000000e-01 : f64}> : () -> f64
    %6 = "arith.constant"() <{value = 0.123456789 : f64}> : () -> f64
    %7 = "arith.constant"() <{value = 1.500000e+00 : f16}> : () -> f16
    %8 = "arith.cmpi"(%arg0, %3) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %9 = "arith.select"(%8, %arg0, %3) : (i1, i32, i32) -> i32
    %10 = "arith.addf"(%arg1, %4) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    %11 = "arith.truncf"(%5) <{roundingmode = 0 : i32}> : (f64) -> f32
    %12 = "arith.constant"() <{value = 3 : index}> : () -> index
    "cf.br"(%9)[^bb1] : (i32) -> ()
  ^bb1(%13: i32):  // pred: ^bb0
    %14 = "foo.bar"(%13) ({
    ^bb0(%arg2: i32):
      "foo.yield"(%arg2) : (i32) -> ()
    }) : (i32) -> i32
    "func.return"(%14) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "g", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

