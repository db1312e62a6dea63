// Simple duplicates, constants, attributes, types, operand order and
// multiple results.
// RUN: strata-opt -cse -split-input-file %s | FileCheck %s
// RUN: strata-opt -cse -split-input-file %s > %t.strata && mlir-opt -cse -split-input-file %s > %t.ref && diff %t.ref %t.strata
// RUN: mlir-opt -split-input-file --mlir-print-op-generic %t.strata > %t.strata.gen && mlir-opt -cse -split-input-file --mlir-print-op-generic %s > %t.ref.gen && diff %t.ref.gen %t.strata.gen

// CHECK-LABEL: func.func @simple(
// CHECK-NEXT:    %[[S:.*]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:    return %[[S]], %[[S]] : i32, i32
func.func @simple(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.subi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @constants(
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[C1L:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    return %[[C1]], %[[C1]], %[[C2]], %[[C1L]]
func.func @constants() -> (i32, i32, i32, i64) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  %2 = arith.constant 2 : i32
  %3 = arith.constant 1 : i64
  return %0, %1, %2, %3 : i32, i32, i32, i64
}

// -----

// Replacing %2 makes %3 a duplicate of %1.
// CHECK-LABEL: func.func @chain(
// CHECK-NEXT:    %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %[[M]], %arg0 : i32
// CHECK-NEXT:    %[[X:.*]] = arith.xori %[[A]], %[[A]] : i32
// CHECK-NEXT:    return %[[X]] : i32
func.func @chain(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  %1 = arith.addi %0, %a : i32
  %2 = arith.muli %a, %a : i32
  %3 = arith.addi %2, %a : i32
  %4 = arith.xori %1, %3 : i32
  return %4 : i32
}

// -----

// Nothing is equivalent: properties and discardable attributes count.
// CHECK-LABEL: func.func @attributes_differ(
// CHECK-NEXT:    arith.addi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT:    arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    arith.addi %arg0, %arg1 {tag} : i32
// CHECK-NEXT:    arith.cmpi slt
// CHECK-NEXT:    arith.cmpi sgt
// CHECK-NEXT:    return
func.func @attributes_differ(%a: i32, %b: i32) -> (i32, i32, i32, i1, i1) {
  %0 = arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.addi %a, %b {tag} : i32
  %3 = arith.cmpi slt, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i1, i1
}

// -----

// CHECK-LABEL: func.func @same_discardable_attributes(
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg1 {other, tag = 1 : i64} : i32
// CHECK-NEXT:    return %[[A]], %[[A]] : i32, i32
func.func @same_discardable_attributes(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.addi %a, %b {tag = 1 : i64, other} : i32
  %1 = arith.addi %a, %b {other, tag = 1 : i64} : i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @result_types_differ(
// CHECK-NEXT:    arith.extsi
// CHECK-NEXT:    arith.extui
// CHECK-NEXT:    arith.sitofp
func.func @result_types_differ(%a: i32) -> (i64, i64, f32) {
  %0 = arith.extsi %a : i32 to i64
  %1 = arith.extui %a : i32 to i64
  %2 = arith.sitofp %a : i32 to f32
  return %0, %1, %2 : i64, i64, f32
}

// -----

// Commutative ops compare their operands as a set.
// CHECK-LABEL: func.func @commutative_order(
// CHECK-NEXT:    %[[ADD:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[MUL:.*]] = arith.muli %arg1, %arg0 : i32
// CHECK-NEXT:    return %[[ADD]], %[[ADD]], %[[MUL]], %[[MUL]] : i32, i32, i32, i32
func.func @commutative_order(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.muli %b, %a : i32
  %3 = arith.muli %a, %b : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @non_commutative_order(
// CHECK-NEXT:    %[[AB:.*]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[BA:.*]] = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT:    return %[[AB]], %[[BA]], %[[AB]] : i32, i32, i32
func.func @non_commutative_order(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.subi %a, %b : i32
  %1 = arith.subi %b, %a : i32
  %2 = arith.subi %a, %b : i32
  return %0, %1, %2 : i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @multiple_results(
// CHECK-NEXT:    %[[SUM:.*]], %[[OVF:.*]] = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT:    %[[LO:.*]], %[[HI:.*]] = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK-NEXT:    return %[[SUM]], %[[OVF]], %[[LO]], %[[HI]], %[[LO]], %[[HI]] :
func.func @multiple_results(%a: i32, %b: i32) -> (i32, i1, i32, i32, i32, i32) {
  %0:2 = arith.addui_extended %a, %b : i32, i1
  %1:2 = arith.addui_extended %a, %b : i32, i1
  %2:2 = arith.mulsi_extended %a, %b : i32
  %3:2 = arith.mulsi_extended %b, %a : i32
  return %0#0, %1#1, %2#0, %2#1, %3#0, %3#1 : i32, i1, i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @fastmath(
// CHECK-NEXT:    %[[FAST:.*]] = arith.addf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT:    %[[PLAIN:.*]] = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT:    return %[[FAST]], %[[PLAIN]], %[[FAST]] : f32, f32, f32
func.func @fastmath(%a: f32, %b: f32) -> (f32, f32, f32) {
  %0 = arith.addf %a, %b fastmath<fast> : f32
  %1 = arith.addf %a, %b : f32
  %2 = arith.addf %b, %a fastmath<fast> : f32
  return %0, %1, %2 : f32, f32, f32
}

// -----

// The index_cast is unused: erased as dead.
// CHECK-LABEL: func.func @vector_and_index(
// CHECK-NEXT:    %[[V:.*]] = arith.addi %arg0, %arg0 : vector<4xi32>
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[I:.*]] = arith.addi %arg1, %[[C4]] : index
// CHECK-NEXT:    return %[[V]], %[[V]], %[[I]], %[[I]] :
func.func @vector_and_index(%a: vector<4xi32>, %i: index) -> (vector<4xi32>, vector<4xi32>, index, index) {
  %0 = arith.addi %a, %a : vector<4xi32>
  %1 = arith.addi %a, %a : vector<4xi32>
  %2 = arith.index_cast %0 : vector<4xi32> to vector<4xindex>
  %3 = arith.constant 4 : index
  %4 = arith.constant 4 : index
  %5 = arith.addi %i, %3 : index
  %6 = arith.addi %4, %i : index
  return %0, %1, %5, %6 : vector<4xi32>, vector<4xi32>, index, index
}
