// Visibility: `nested` functions in the top module count as private for
// symbol-dce at the top level; public functions are always live.
module {
  func.func nested @nested_unused() {
    return
  }
  func.func nested @nested_used() {
    return
  }
  func.func public @pub() {
    func.call @nested_used() : () -> ()
    return
  }
  func.func private @priv_used_by_priv() {
    return
  }
  func.func private @priv_entry() {
    func.call @priv_used_by_priv() : () -> ()
    return
  }
}
