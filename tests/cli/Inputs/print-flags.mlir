func.func @f(%a: i32, %b: tensor<200xi8>) -> i32 {
  %c = arith.constant 1 : i32 loc("cst")
  %0 = arith.andi %a, %c : i32 loc("sum"("f.mlir":3:4))
  %1 = arith.ori %0, %0 : i32 loc(fused["a", "b"])
  %d = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %e = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %f = arith.constant dense<7> : tensor<4xi32>
  cf.br ^bb1(%1 : i32)
^bb1(%x: i32 loc("xname")):
  %g = "t.region"() ({
  ^bb0(%y: i32 loc("yname")):
    "t.yield"(%x, %y) : (i32, i32) -> ()
  }) : () -> i32 loc(callsite("callee" at "caller.mlir":2:3))
  return %g : i32
}
func.func @g(%a: i32 loc(fused<"meta">["p.mlir":1:1, "q"]), %b: i32 loc(callsite("x.mlir":1:1 at "y.mlir":2:2))) -> i32 {
  %0 = arith.andi %a, %b : i32 loc(unknown)
  %1 = arith.andi %0, %0 : i32 loc("a.mlir":1:2 to 3:4)
  return %1 : i32
}
