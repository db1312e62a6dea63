// Invalid UTF-8 in comments and strings (this file is binary on purpose):
// a comment with ÿþ, a truncated sequence â‚ and an overlong À¯
func.func private @f() attributes {s = "aÿþb", t = "Ã© í €", u = "â‚"} // tail €
func.func @g() -> i32 {
  // øˆ€€€ five-byte form
  %c = arith.constant 7 : i32
  return %c : i32
}
func.func private @h() attributes {d = dense<["þ", "ok"]> : tensor<2x!t.s>} // ÿ