// The output does not depend on threading or on verification after each
// pass, and matches mlir-opt's.

// RUN: strata-opt --pass-pipeline='builtin.module(func.func(canonicalize))' %s > %t.threads
// RUN: strata-opt --pass-pipeline='builtin.module(func.func(canonicalize))' --mlir-disable-threading %s > %t.one
// RUN: strata-opt --pass-pipeline='builtin.module(func.func(canonicalize))' --verify-each=false %s > %t.noverify
// RUN: mlir-opt --pass-pipeline='builtin.module(func.func(canonicalize))' %s > %t.ref
// RUN: diff %t.ref %t.threads
// RUN: diff %t.ref %t.one
// RUN: diff %t.ref %t.noverify

func.func @a(%x: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2(%x : i32)
^bb1(%p: i32):
  return %p : i32
^bb2(%q: i32):
  return %q : i32
^bb3:
  return %x : i32
}

func.func @b(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %x : i32
}

func.func @c(%x: i32) -> i32 {
  cf.br ^bb1(%x, %x : i32, i32)
^bb1(%u: i32, %v: i32):
  return %u : i32
}
