func.func private @"ÿ"()
// -----
"foo.opþ"() : () -> ()
// -----
func.func private @f() attributes {"ÿ" = 1}
// -----
func.func private @f() attributes {a = 1} loc("ÿ":1:2)
// -----
func.func private @f() attributes {a = 1 : i32} // ÿ

