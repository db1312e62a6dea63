// symbol-dce: unused private functions go (also chains of them and private
// declarations); public ones and everything they reference stay.
func.func private @unused() {
  return
}
func.func private @unused_decl(i32) -> i32
func.func private @used_decl(i32) -> i32
func.func private @dead_a() {
  func.call @dead_b() : () -> ()
  return
}
func.func private @dead_b() {
  return
}
func.func private @live_helper(%a: i32) -> i32 {
  %0 = func.call @used_decl(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @self_rec(%a: i32) -> i32 {
  %0 = func.call @self_rec(%a) : (i32) -> i32
  return %0 : i32
}
func.func @main(%a: i32) -> i32 {
  %0 = func.call @live_helper(%a) : (i32) -> i32
  return %0 : i32
}
