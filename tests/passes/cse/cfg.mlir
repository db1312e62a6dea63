// Multi-block regions: one scope per dominator-tree node.
// RUN: strata-opt -cse -split-input-file %s | FileCheck %s
// RUN: strata-opt -cse -split-input-file %s > %t.strata && mlir-opt -cse -split-input-file %s > %t.ref && diff %t.ref %t.strata
// RUN: mlir-opt -split-input-file --mlir-print-op-generic %t.strata > %t.strata.gen && mlir-opt -cse -split-input-file --mlir-print-op-generic %s > %t.ref.gen && diff %t.ref.gen %t.strata.gen

// CHECK-LABEL: func.func @dominating_block(
// CHECK-NEXT:    %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    return %[[M]] : i32
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[M]], %[[M]] : i32
// CHECK-NEXT:    return %[[S]] : i32
func.func @dominating_block(%a: i32, %c: i1) -> i32 {
  %0 = arith.muli %a, %a : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.muli %a, %a : i32
  return %1 : i32
^bb2:
  %2 = arith.muli %a, %a : i32
  %3 = arith.addi %0, %2 : i32
  return %3 : i32
}

// -----

// CHECK-LABEL: func.func @siblings_do_not_share(
// CHECK:       ^bb1:
// CHECK-NEXT:    arith.muli %arg0, %arg0
// CHECK:       ^bb2:
// CHECK-NEXT:    arith.muli %arg0, %arg0
// CHECK:       ^bb3(%{{.*}}: i32):
// CHECK-NEXT:    arith.muli %arg0, %arg0
func.func @siblings_do_not_share(%a: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.muli %a, %a : i32
  cf.br ^bb3(%0 : i32)
^bb2:
  %1 = arith.muli %a, %a : i32
  cf.br ^bb3(%1 : i32)
^bb3(%x: i32):
  %2 = arith.muli %a, %a : i32
  %3 = arith.addi %x, %2 : i32
  return %3 : i32
}

// -----

// The header's constant and compare are dominated by the entry block and
// the header, so the body and the exit reuse them.
// CHECK-LABEL: func.func @loop(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    cf.br ^bb1(%[[C0]] : i32)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: i32):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[I]], %arg1 : i32
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[N:.*]] = arith.addi %[[I]], %[[C1]] : i32
// CHECK-NEXT:    %[[U:.*]] = arith.muli %[[N]], %[[N]] : i32
// CHECK-NEXT:    cf.br ^bb1(%[[U]] : i32)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    arith.extui %[[CMP]] : i1 to i32
func.func @loop(%a: i32, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^header(%c0 : i32)
^header(%i: i32):
  %c1b = arith.constant 1 : i32
  %cond = arith.cmpi slt, %i, %n : i32
  cf.cond_br %cond, ^body, ^exit
^body:
  %next = arith.addi %i, %c1b : i32
  %again = arith.addi %c1, %i : i32
  %use = arith.muli %next, %again : i32
  cf.br ^header(%use : i32)
^exit:
  %cond2 = arith.cmpi slt, %i, %n : i32
  %r = arith.extui %cond2 : i1 to i32
  return %r : i32
}

// -----

// Unreachable blocks are not in the dominator tree: nothing there changes.
// CHECK-LABEL: func.func @unreachable_block_untouched(
// CHECK:       ^bb1:
// CHECK-NEXT:    arith.addi %arg0, %arg0
// CHECK-NEXT:    %[[K:.*]] = arith.addi %arg0, %arg0
// CHECK-NEXT:    arith.muli %arg0, %arg0
// CHECK-NEXT:    return %[[K]]
func.func @unreachable_block_untouched(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
^dead:
  %1 = arith.addi %a, %a : i32
  %2 = arith.addi %a, %a : i32
  %unused = arith.muli %a, %a : i32
  return %2 : i32
}

// -----

// The dominator tree, not the text order, decides what a block sees:
// ^bb2 is written before ^bb1 but dominated by it.
// CHECK-LABEL: func.func @textual_order_irrelevant(
// CHECK-NEXT:    cf.br ^bb2
// CHECK-NEXT:  ^bb1(%[[X:.*]]: i32):
// CHECK-NEXT:    %{{.*}} = arith.addi %[[S:.*]], %[[X]] : i32
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[S]] = arith.subi %arg0, %arg0 : i32
// CHECK-NEXT:    cf.br ^bb1(%[[S]] : i32)
func.func @textual_order_irrelevant(%a: i32) -> i32 {
  cf.br ^bb1
^bb2(%x: i32):
  %1 = arith.subi %a, %a : i32
  %2 = arith.addi %1, %x : i32
  return %2 : i32
^bb1:
  %0 = arith.subi %a, %a : i32
  cf.br ^bb2(%0 : i32)
}

// -----

// CHECK-LABEL: func.func @scopes_close_after_subtree(
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[L:.*]] = arith.subi %arg0, %arg0 : i32
// CHECK:       ^bb2:
// CHECK-NEXT:    arith.addi %[[L]], %[[L]] : i32
// CHECK:       ^bb3:
// CHECK-NEXT:    %[[R:.*]] = arith.subi %arg0, %arg0 : i32
// CHECK:       ^bb4:
// CHECK-NEXT:    arith.muli %[[R]], %[[R]] : i32
func.func @scopes_close_after_subtree(%a: i32, %c: i1) -> (i32) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  %0 = arith.subi %a, %a : i32
  cf.br ^bb2
^bb2:
  %1 = arith.subi %a, %a : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
^bb3:
  %3 = arith.subi %a, %a : i32
  cf.br ^bb4
^bb4:
  %4 = arith.subi %a, %a : i32
  %5 = arith.muli %3, %4 : i32
  return %5 : i32
}

// -----

// CHECK-LABEL: func.func @switch_successors(
// CHECK-NEXT:    %[[X:.*]] = arith.xori %arg0, %arg1 : i32
// CHECK:       ^bb1:
// CHECK-NEXT:    arith.addi %[[X]], %[[X]] : i32
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[T:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:    arith.addi %[[T]], %[[X]] : i32
func.func @switch_successors(%a: i32, %f: i32) -> i32 {
  %0 = arith.xori %a, %f : i32
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2,
    2: ^bb1
  ]
^bb1:
  %1 = arith.xori %a, %f : i32
  %5 = arith.addi %0, %1 : i32
  return %5 : i32
^bb2:
  %2 = arith.xori %f, %a : i32
  %3 = arith.xori %a, %f : i32
  %4 = arith.addi %2, %3 : i32
  %6 = arith.addi %4, %0 : i32
  return %6 : i32
}
