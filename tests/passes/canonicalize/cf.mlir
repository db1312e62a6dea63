// RUN: strata-opt -canonicalize --split-input-file --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt -canonicalize --split-input-file --allow-unregistered-dialect %s | mlir-opt --split-input-file --allow-unregistered-dialect --mlir-print-op-generic > %t.strata
// RUN: mlir-opt -canonicalize --split-input-file --allow-unregistered-dialect %s --mlir-print-op-generic > %t.ref
// RUN: diff %t.ref %t.strata
// Canonicalization of cf: cf.br merging and pass-through chains (with the
// branch-cycle guard), cf.cond_br constant conditions (also ones produced by
// arith folds), identical successors (arith.select), pass-through successors
// (weights kept), same-condition and truth propagation, loops with back
// edges, the cf.switch patterns, and cf.assert of a constant.
// CHECK lines were generated with mlir-opt 22 and reviewed; the diff RUN line
// compares with mlir-opt at test time.

// CHECK-LABEL: func.func @br_merge_single_pred(
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @br_merge_single_pred(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %y = arith.addi %x, %x : i32
  return %y : i32
}

// -----

// CHECK-LABEL: func.func @br_pass_through_chain(
// CHECK-NEXT: cf.cond_br %arg0, ^bb2(%arg2, %arg1 : i32, i32), ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.use"(%arg2) : (i32) -> ()
// CHECK-NEXT: cf.br ^bb2(%arg2, %arg1 : i32, i32)
// CHECK-NEXT: ^bb2(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %2 = arith.subi %0, %1 : i32
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
func.func @br_pass_through_chain(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb4
^bb1(%x: i32):
  cf.br ^bb2(%x, %b : i32, i32)
^bb2(%p: i32, %q: i32):
  cf.br ^bb3(%q, %p : i32, i32)
^bb4:
  "test.use"(%b) : (i32) -> ()
  cf.br ^bb3(%b, %a : i32, i32)
^bb3(%r: i32, %s: i32):
  %t = arith.subi %r, %s : i32
  return %t : i32
}

// -----

// CHECK-LABEL: func.func @br_pass_through_arg_used_elsewhere(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: cf.br ^bb2(%0 : i32)
// CHECK-NEXT: ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @br_pass_through_arg_used_elsewhere(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%a : i32)
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  cf.br ^bb2(%x : i32)
^bb2(%r: i32):
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @br_cycle_of_empty_blocks(
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: }
func.func @br_cycle_of_empty_blocks() {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
}

// -----

// CHECK-LABEL: func.func @br_chain_into_loop(
// CHECK-NEXT: cf.cond_br %arg0, ^bb2, ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.x"() : () -> ()
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb2, ^bb3
// CHECK-NEXT: "test.op"() : () -> ()
// CHECK-NEXT: "test.op2"() : () -> ()
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: }
func.func @br_chain_into_loop(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb4
^bb4:
  "test.x"() : () -> ()
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  "test.op"() : () -> ()
  cf.br ^bb3
^bb3:
  "test.op2"() : () -> ()
  cf.br ^bb2
}

// -----

// CHECK-LABEL: func.func @cond_br_const_true(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
func.func @cond_br_const_true(%a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  cf.cond_br %true, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  return %x : i32
^bb2(%y: i32):
  %z = arith.muli %y, %y : i32
  return %z : i32
}

// -----

// CHECK-LABEL: func.func @cond_br_const_false(
// CHECK-NEXT: %0 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @cond_br_const_false(%a: i32, %b: i32) -> i32 {
  %false = arith.constant false
  cf.cond_br %false, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  return %x : i32
^bb2(%y: i32):
  %z = arith.muli %y, %y : i32
  return %z : i32
}

// -----

// CHECK-LABEL: func.func @cond_br_condition_from_arith_fold(
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %0 = arith.muli %arg0, %c2_i32 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @cond_br_condition_from_arith_fold(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %lt = arith.cmpi slt, %c1, %c2 : i32
  %n = arith.xori %lt, %lt : i1
  cf.cond_br %n, ^bb1, ^bb2
^bb1:
  %s = arith.addi %a, %c1 : i32
  return %s : i32
^bb2:
  %m = arith.muli %a, %c2 : i32
  return %m : i32
}

// -----

// CHECK-LABEL: func.func @cond_br_identical_successors(
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @cond_br_identical_successors(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  return %x : i32
}

// -----

// CHECK-LABEL: func.func @cond_br_identical_successors_select(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = arith.select %arg0, %arg3, %arg4 : vector<2xf32>
// CHECK-NEXT: return %0, %arg1, %1 : i32, i32, vector<2xf32>
// CHECK-NEXT: }
func.func @cond_br_identical_successors_select(%c: i1, %a: i32, %b: i32, %v: vector<2xf32>, %w: vector<2xf32>) -> (i32, i32, vector<2xf32>) {
  cf.cond_br %c, ^bb1(%a, %a, %v : i32, i32, vector<2xf32>), ^bb1(%b, %a, %w : i32, i32, vector<2xf32>)
^bb1(%x: i32, %y: i32, %z: vector<2xf32>):
  return %x, %y, %z : i32, i32, vector<2xf32>
}

// -----

// CHECK-LABEL: func.func @cond_br_identical_successors_other_pred(
// CHECK-NEXT: cf.cond_br %arg1, ^bb1, ^bb2(%arg3 : i32)
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.cond_br %arg0, ^bb2(%arg2 : i32), ^bb2(%arg3 : i32)
// CHECK-NEXT: ^bb2(%0: i32):  // 3 preds: ^bb0, ^bb1, ^bb1
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @cond_br_identical_successors_other_pred(%c: i1, %d: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %d, ^bb1, ^bb2(%b : i32)
^bb1:
  cf.cond_br %c, ^bb2(%a : i32), ^bb2(%b : i32)
^bb2(%x: i32):
  return %x : i32
}

// -----

// CHECK-LABEL: func.func @cond_br_pass_through(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @cond_br_pass_through(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c weights([30, 70]), ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.br ^bb3(%x : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%r: i32):
  "test.use"(%r) : (i32) -> ()
  cf.br ^bb4
^bb4:
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @cond_br_same_condition(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.a"() : () -> ()
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.b"() : () -> ()
// CHECK-NEXT: %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @cond_br_same_condition(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.a"() : () -> ()
  cf.cond_br %c, ^bb3(%a : i32), ^bb4(%b : i32)
^bb2:
  "test.b"() : () -> ()
  cf.cond_br %c, ^bb3(%b : i32), ^bb4(%a : i32)
^bb3(%x: i32):
  return %x : i32
^bb4(%y: i32):
  %z = arith.addi %y, %y : i32
  return %z : i32
}

// -----

// CHECK-LABEL: func.func @cond_br_truth_propagation(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.consume"(%true) : (i1) -> ()
// CHECK-NEXT: cf.br ^bb3(%true, %c1_i32 : i1, i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.consume"(%false, %false) : (i1, i1) -> ()
// CHECK-NEXT: cf.br ^bb3(%false, %arg1 : i1, i32)
// CHECK-NEXT: ^bb3(%0: i1, %1: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return %0, %1 : i1, i32
// CHECK-NEXT: }
func.func @cond_br_truth_propagation(%c: i1, %a: i32) -> (i1, i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.consume"(%c) : (i1) -> ()
  %e = arith.extui %c : i1 to i32
  cf.br ^bb3(%c, %e : i1, i32)
^bb2:
  "test.consume"(%c, %c) : (i1, i1) -> ()
  cf.br ^bb3(%c, %a : i1, i32)
^bb3(%r: i1, %s: i32):
  return %r, %s : i1, i32
}

// -----

// CHECK-LABEL: func.func @loop_counting(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: cf.br ^bb1(%c0_i32, %c0_i32 : i32, i32)
// CHECK-NEXT: ^bb1(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %2 = arith.cmpi slt, %0, %arg0 : i32
// CHECK-NEXT: cf.cond_br %2, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %3 = arith.addi %1, %0 : i32
// CHECK-NEXT: %4 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT: cf.br ^bb1(%4, %3 : i32, i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @loop_counting(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^header(%c0, %c0 : i32, i32)
^header(%i: i32, %acc: i32):
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^body, ^exit
^body:
  %acc2 = arith.addi %acc, %i : i32
  %i2 = arith.addi %i, %c1 : i32
  cf.br ^latch(%i2, %acc2 : i32, i32)
^latch(%li: i32, %la: i32):
  cf.br ^header(%li, %la : i32, i32)
^exit:
  return %acc : i32
}

// -----

// CHECK-LABEL: func.func @loop_never_entered(
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: return %c5_i32 : i32
// CHECK-NEXT: }
func.func @loop_never_entered(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  cf.br ^header(%c5 : i32)
^header(%i: i32):
  %lt = arith.cmpi slt, %c5, %c0 : i32
  cf.cond_br %lt, ^body, ^exit(%i : i32)
^body:
  %i2 = arith.addi %i, %n : i32
  cf.br ^header(%i2 : i32)
^exit(%r: i32):
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @loop_with_invariant_arg(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: cf.br ^bb1(%arg0, %c1_i32 : i32, i32)
// CHECK-NEXT: ^bb1(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %2 = arith.muli %0, %1 : i32
// CHECK-NEXT: cf.cond_br %arg1, ^bb1(%2, %1 : i32, i32), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
func.func @loop_with_invariant_arg(%n: i32, %c: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  cf.br ^header(%n, %c1 : i32, i32)
^header(%i: i32, %k: i32):
  %s = arith.muli %i, %k : i32
  cf.cond_br %c, ^header(%s, %k : i32, i32), ^exit
^exit:
  return %s : i32
}

// -----

// CHECK-LABEL: func.func @switch_only_default(
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @switch_only_default(%f: i32, %a: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}

// -----

// CHECK-LABEL: func.func @switch_cases_matching_default(
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1(%arg1 : i32),
// CHECK-NEXT: 20: ^bb2,
// CHECK-NEXT: 30: ^bb1(%arg2 : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: "test.one"(%0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.two"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_cases_matching_default(%f: i32, %a: i32, %b: i32) {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    10: ^bb1(%a : i32),
    20: ^bb2,
    30: ^bb1(%b : i32),
    -1: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  "test.one"(%x) : (i32) -> ()
  return
^bb2:
  "test.two"() : () -> ()
  return
}

// -----

// CHECK-LABEL: func.func @switch_constant_flag(
// CHECK-NEXT: return %arg1, %arg1 : i32, i32
// CHECK-NEXT: }
func.func @switch_constant_flag(%a: i32, %b: i32) -> (i32, i32) {
  %c20 = arith.constant 20 : i8
  %c7 = arith.constant 7 : i8
  cf.switch %c20 : i8, [
    default: ^bb1(%a : i32),
    10: ^bb1(%b : i32),
    20: ^bb2(%b : i32)
  ]
^bb1(%x: i32):
  "test.one"(%x) : (i32) -> ()
  cf.switch %c7 : i8, [
    default: ^bb3(%a : i32),
    10: ^bb3(%b : i32)
  ]
^bb2(%y: i32):
  return %y, %y : i32, i32
^bb3(%z: i32):
  return %z, %z : i32, i32
}

// -----

// CHECK-LABEL: func.func @switch_pass_through(
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb2(%arg1 : i32),
// CHECK-NEXT: 42: ^bb2(%arg2 : i32),
// CHECK-NEXT: 43: ^bb1
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.x"() : () -> ()
// CHECK-NEXT: cf.br ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb2(%0: i32):  // 3 preds: ^bb0, ^bb0, ^bb1
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_pass_through(%f: i32, %a: i32, %b: i32) {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    42: ^bb2,
    43: ^bb3
  ]
^bb1(%x: i32):
  cf.br ^bb4(%x : i32)
^bb2:
  cf.br ^bb4(%b : i32)
^bb3:
  "test.x"() : () -> ()
  cf.br ^bb4(%a : i32)
^bb4(%r: i32):
  "test.use"(%r) : (i32) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @switch_from_switch_same_flag(
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 42: ^bb2,
// CHECK-NEXT: 43: ^bb3
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.default"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.in42"() : () -> ()
// CHECK-NEXT: "test.five"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb3:  // pred: ^bb0
// CHECK-NEXT: "test.in43"() : () -> ()
// CHECK-NEXT: "test.four"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_from_switch_same_flag(%f: i32, %a: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    42: ^bb2,
    43: ^bb3
  ]
^bb1:
  "test.default"() : () -> ()
  return
^bb2:
  "test.in42"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb4,
    42: ^bb5
  ]
^bb3:
  "test.in43"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb4,
    42: ^bb5
  ]
^bb4:
  "test.four"() : () -> ()
  return
^bb5:
  "test.five"() : () -> ()
  return
}

// -----

// CHECK-LABEL: func.func @switch_from_default_switch_same_flag(
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 42: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.default"() : () -> ()
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb3,
// CHECK-NEXT: 43: ^bb4
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.two"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: "test.three"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb4:  // pred: ^bb1
// CHECK-NEXT: "test.five"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_from_default_switch_same_flag(%f: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    42: ^bb2
  ]
^bb1:
  "test.default"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb3,
    42: ^bb4,
    43: ^bb5
  ]
^bb2:
  "test.two"() : () -> ()
  return
^bb3:
  "test.three"() : () -> ()
  return
^bb4:
  "test.four"() : () -> ()
  return
^bb5:
  "test.five"() : () -> ()
  return
}

// -----

// CHECK-LABEL: func.func @assert_constant(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.assert %arg0, "may fail"
// CHECK-NEXT: cf.assert %false, "always fails"
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @assert_constant(%c: i1) {
  %true = arith.constant true
  %false = arith.constant false
  cf.assert %true, "always holds"
  cf.assert %c, "may fail"
  cf.assert %false, "always fails"
  return
}

// -----

// CHECK-LABEL: func.func @self_loop(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.br ^bb1(%arg1 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %1 = arith.addi %0, %0 : i32
// CHECK-NEXT: "test.use"(%arg0) : (i1) -> ()
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%1 : i32), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @self_loop(%c: i1, %a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %y = arith.addi %x, %x : i32
  "test.use"(%c) : (i1) -> ()
  cf.cond_br %c, ^bb1(%y : i32), ^bb2
^bb2:
  "test.use"(%c) : (i1) -> ()
  return %y : i32
}

// -----

// CHECK-LABEL: func.func @sw_same_dest_twice(
// CHECK-NEXT: cf.switch %arg0 : i8, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 253: ^bb2,
// CHECK-NEXT: 5: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: cf.switch %arg0 : i8, [
// CHECK-NEXT: default: ^bb3,
// CHECK-NEXT: 253: ^bb4,
// CHECK-NEXT: 5: ^bb5
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT: "test.a"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb4:  // pred: ^bb2
// CHECK-NEXT: "test.b"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb5:  // pred: ^bb2
// CHECK-NEXT: "test.c"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @sw_same_dest_twice(%f: i8, %a: i32) {
  cf.switch %f : i8, [
    default: ^bb1,
    -3: ^bb2,
    5: ^bb2
  ]
^bb1:
  return
^bb2:
  cf.switch %f : i8, [
    default: ^bb3,
    -3: ^bb4,
    5: ^bb5
  ]
^bb3:
  "test.a"() : () -> ()
  return
^bb4:
  "test.b"() : () -> ()
  return
^bb5:
  "test.c"() : () -> ()
  return
}

// -----

// CHECK-LABEL: func.func @sw_const_i1(
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @sw_const_i1(%a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  cf.switch %t : i1, [
    default: ^bb1(%a : i32),
    1: ^bb1(%b : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}

// -----

// CHECK-LABEL: func.func @nested_cond(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb3(%c0_i32 : i32)
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.cond_br %arg1, ^bb2, ^bb3(%arg2 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: cf.cond_br %arg0, ^bb3(%arg2 : i32), ^bb3(%c0_i32 : i32)
// CHECK-NEXT: ^bb3(%0: i32):  // 4 preds: ^bb0, ^bb1, ^bb2, ^bb2
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @nested_cond(%c: i1, %d: i1, %a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  cf.cond_br %c, ^bb1, ^bb3(%c0 : i32)
^bb1:
  cf.cond_br %d, ^bb2, ^bb3(%a : i32)
^bb2:
  cf.cond_br %c, ^bb3(%a : i32), ^bb3(%c0 : i32)
^bb3(%r: i32):
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @unreachable_loop(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
func.func @unreachable_loop(%a: i32) -> i32 {
  return %a : i32
^bb1(%x: i32):
  %y = arith.addi %x, %a : i32
  cf.br ^bb1(%y : i32)
}
