// RUN: strata-opt -canonicalize %s --split-input-file --allow-unregistered-dialect > %t.s
// RUN: mlir-opt -canonicalize %s --split-input-file --allow-unregistered-dialect > %t.r
// RUN: diff %t.r %t.s
// scf.execute_region inlined (one block anywhere; several blocks in a
// function, yields becoming branches to a continuation block), kept when
// no_inline or when several blocks sit under a single-block op;
// scf.index_switch on a constant selector replaced by the chosen case or
// the default.

func.func @single(%c: i1) -> i64 {
  affine.for %i = 0 to 10 {
    %v = scf.execute_region -> i64 {
      %x = "test.val"() : () -> i64
      scf.yield %x : i64
    }
    "test.use"(%v) : (i64) -> ()
  }
  %w = scf.execute_region -> i64 no_inline {
    %x = "test.val"() : () -> i64
    scf.yield %x : i64
  }
  return %w : i64
}

// -----

func.func @multi() {
  "test.foo"() : () -> ()
  %v = scf.execute_region -> i64 {
    %c = "test.cmp"() : () -> i1
    cf.cond_br %c, ^bb2, ^bb3
  ^bb2:
    %x = "test.val1"() : () -> i64
    scf.yield %x : i64
  ^bb3:
    %y = "test.val2"() : () -> i64
    scf.yield %y : i64
  }
  "test.bar"(%v) : (i64) -> ()
  return
}

// -----

func.func @multi_in_loop() {
  affine.for %i = 0 to 10 {
    %v = scf.execute_region -> i64 {
      %c = "test.cmp"() : () -> i1
      cf.cond_br %c, ^bb1(%i : index), ^bb2
    ^bb1(%j: index):
      %x = "test.val1"(%j) : (index) -> i64
      scf.yield %x : i64
    ^bb2:
      %y = "test.val2"() : () -> i64
      scf.yield %y : i64
    }
    "test.bar"(%v) : (i64) -> ()
  }
  return
}

// -----

func.func @switch() -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %0 = scf.index_switch %c1 -> f32
  case 1 {
    %y = arith.constant 1.0 : f32
    scf.yield %y : f32
  }
  default {
    %y = arith.constant 42.0 : f32
    scf.yield %y : f32
  }
  %c2 = arith.constant 2 : index
  %1 = scf.index_switch %c2 -> f32
  case 0 {
    %y = arith.constant 0.0 : f32
    scf.yield %y : f32
  }
  default {
    %y = "test.val"() : () -> f32
    scf.yield %y : f32
  }
  return %0, %1 : f32, f32
}

// -----

func.func @switch_dynamic(%a: index) {
  scf.index_switch %a
  case 0 {
    "test.op0"() : () -> ()
    scf.yield
  }
  default {
    "test.op"() : () -> ()
    scf.yield
  }
  return
}
