// RUN: %roundtrip %s
// Symbol visibility: public (the default; not printed), private and nested,
// on definitions and declarations, inside nested modules.

func.func public @explicit_public() {
  return
}
func.func private @private_def() {
  return
}
func.func nested @nested_def() {
  return
}
func.func private @private_decl()
module @inner {
  func.func nested @nested_decl(i32)
  func.func @public_in_inner() {
    return
  }
}
