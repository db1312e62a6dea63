// Nested symbol tables: a public nested module keeps its public functions but
// loses unused private ones; a private nested module nobody references is
// erased whole; an anonymous nested module is processed too.
module {
  func.func @main() {
    return
  }
  module @pubmod {
    func.func private @dead() {
      return
    }
    func.func private @live() {
      return
    }
    func.func @entry() {
      func.call @live() : () -> ()
      return
    }
  }
  module @privmod attributes {sym_visibility = "private"} {
    func.func @f() {
      return
    }
  }
  module {
    func.func private @anon_dead() {
      return
    }
    func.func @anon_pub() {
      return
    }
  }
}
