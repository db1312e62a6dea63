// RUN: %roundtrip %s
// The default dialect of a region comes from the op that holds it, never
// from further out (MLIR's OpAsmOpInterface::getDefaultDialect, pushed per
// region by the printer): func.func declares `func`, builtin.module
// `builtin`, and scf, affine and llvm ops declare none, so a func.call
// inside their bodies is printed in full.

func.func private @g()
func.func private @h(i32) -> i32

func.func @in_scf_and_affine(%c: i1, %n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    func.call @g() : () -> ()
  }
  %r = scf.if %c -> (i32) {
    %y = func.call @h(%x) : (i32) -> i32
    scf.yield %y : i32
  } else {
    scf.yield %x : i32
  }
  scf.for %i = %c0 to %n step %c1 {
    func.call @g() : () -> ()
    scf.if %c {
      func.call @g() : () -> ()
    }
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    %next = func.call @h(%acc) : (i32) -> i32
    scf.yield %next : i32
  }
  affine.for %j = 0 to 10 {
    func.call @g() : () -> ()
    affine.for %k = 0 to 4 {
      func.call @g() : () -> ()
    }
  }
  %w = scf.while (%v = %x) : (i32) -> i32 {
    %t = func.call @h(%v) : (i32) -> i32
    %cond = arith.cmpi slt, %t, %x : i32
    scf.condition(%cond) %t : i32
  } do {
  ^bb0(%u: i32):
    func.call @g() : () -> ()
    scf.yield %u : i32
  }
  call @g() : () -> ()
  %cast = builtin.unrealized_conversion_cast %x : i32 to i64
  return %r : i32
}

module @inner {
  module @innermost {
    func.func private @k()
  }
}
