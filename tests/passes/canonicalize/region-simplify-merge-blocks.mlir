// RUN: strata-opt -canonicalize=region-simplify=aggressive %s | FileCheck %s
// RUN: strata-opt -canonicalize=region-simplify=aggressive %s > %t.strata && mlir-opt -canonicalize=region-simplify=aggressive %s > %t.ref && diff %t.ref %t.strata
// RUN: strata-opt -canonicalize %s > %t.strata2 && mlir-opt -canonicalize %s > %t.ref2 && diff %t.ref2 %t.strata2
// Issue 12 item 8: under region-simplify=aggressive identical blocks merge
// (MLIR's mergeIdenticalBlocks): operands defined outside the blocks that
// differ become new arguments of the kept block, fed by every predecessor
// (cf.br, cf.cond_br, cf.switch), repeated new arguments are pruned, and
// blocks that differ in an op stay. The differential suite runs this pass
// set on every generated CFG (tests/diff/run-diff.py).

// CHECK-LABEL: func.func @merge_args(
// CHECK:         arith.select
// CHECK-NOT:     cf.cond_br
// CHECK-LABEL: func.func @merge_same(
// CHECK-NEXT:    call @use
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @switch(
// CHECK:         default: ^bb1(%{{.*}}, %{{.*}} : i32, i32),
// CHECK-NEXT:    1: ^bb1(
// CHECK-NEXT:    2: ^bb1(
// CHECK-LABEL: func.func @differ(
// CHECK:         cf.cond_br %{{.*}}, ^bb1, ^bb2
func.func private @use(i32)
func.func @merge_args(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %a : i32
  cf.br ^bb3(%x : i32)
^bb2:
  %y = arith.addi %b, %b : i32
  cf.br ^bb3(%y : i32)
^bb3(%r: i32):
  return %r : i32
}
func.func @merge_same(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  call @use(%a) : (i32) -> ()
  return
^bb2:
  call @use(%a) : (i32) -> ()
  return
}
func.func @switch(%f: i32, %a: i32, %b: i32, %d: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    1: ^bb2(%b : i32),
    2: ^bb3(%d : i32)
  ]
^bb1(%p: i32):
  %m = arith.muli %p, %a : i32
  return %m : i32
^bb2(%q: i32):
  %n = arith.muli %q, %b : i32
  return %n : i32
^bb3(%s: i32):
  %o = arith.muli %s, %a : i32
  return %o : i32
}
func.func @differ(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %a : i32
  return %x : i32
^bb2:
  %y = arith.muli %a, %a : i32
  return %y : i32
}
