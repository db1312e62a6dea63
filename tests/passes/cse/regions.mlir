// Nested regions of unregistered ops. Such ops might be isolated from
// above, so their regions start from an empty table; they have unknown
// effects, so they are never replaced or erased themselves; their
// single-block regions have no SSA dominance.
// RUN: strata-opt -cse -split-input-file --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt -cse -split-input-file --allow-unregistered-dialect %s > %t.strata && mlir-opt -cse -split-input-file --allow-unregistered-dialect %s > %t.ref && diff %t.ref %t.strata
// RUN: mlir-opt -split-input-file --allow-unregistered-dialect --mlir-print-op-generic %t.strata > %t.strata.gen && mlir-opt -cse -split-input-file --allow-unregistered-dialect --mlir-print-op-generic %s > %t.ref.gen && diff %t.ref.gen %t.strata.gen

// CHECK-LABEL: func.func @fresh_table_inside(
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:      %[[B:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:      "test.use"(%[[A]], %[[B]], %[[B]])
// CHECK-NEXT:    })
// CHECK-NEXT:    return %[[A]] : i32
func.func @fresh_table_inside(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  "test.region"() ({
    %b = arith.addi %x, %x : i32
    %c = arith.addi %x, %x : i32
    "test.use"(%a, %b, %c) : (i32, i32, i32) -> ()
  }) : () -> ()
  %d = arith.addi %x, %x : i32
  return %d : i32
}

// -----

// CHECK-LABEL: func.func @unregistered_ops_stay(
// CHECK-NEXT:    "test.pure"(%arg0)
// CHECK-NEXT:    "test.pure"(%arg0)
// CHECK-NEXT:    "test.unused"(%arg0)
// CHECK-NEXT:    "test.region"()
// CHECK-NEXT:      "test.inner"()
// CHECK-NEXT:    })
// CHECK-NEXT:    "test.region"()
// CHECK-NEXT:      "test.inner"()
func.func @unregistered_ops_stay(%x: i32) -> i32 {
  %0 = "test.pure"(%x) : (i32) -> i32
  %1 = "test.pure"(%x) : (i32) -> i32
  %2 = "test.unused"(%x) : (i32) -> i32
  "test.region"() ({
    "test.inner"() : () -> ()
  }) : () -> ()
  "test.region"() ({
    "test.inner"() : () -> ()
  }) : () -> ()
  %3 = arith.addi %0, %1 : i32
  return %3 : i32
}

// -----

// CHECK-LABEL: func.func @nested_twice(
// CHECK-NEXT:    "test.outer"() ({
// CHECK-NEXT:      %[[O:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:      "test.inner"() ({
// CHECK-NEXT:        %[[I:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:        "test.use"(%[[I]], %[[I]])
// CHECK-NEXT:      })
// CHECK-NEXT:      "test.use"(%[[O]], %[[O]])
func.func @nested_twice(%x: i32) {
  "test.outer"() ({
    %0 = arith.muli %x, %x : i32
    "test.inner"() ({
      %1 = arith.muli %x, %x : i32
      %2 = arith.muli %x, %x : i32
      "test.use"(%1, %2) : (i32, i32) -> ()
    }) : () -> ()
    %3 = arith.muli %x, %x : i32
    "test.use"(%0, %3) : (i32, i32) -> ()
  }) : () -> ()
  return
}

// -----

// CHECK-LABEL: func.func @dead_inside_region(
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:      "test.done"()
// CHECK-NEXT:    })
func.func @dead_inside_region(%x: i32) {
  "test.region"() ({
    %0 = arith.muli %x, %x : i32
    %1 = arith.constant 3 : i32
    "test.done"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A multi-block region has SSA dominance even under an unregistered op.
// CHECK-LABEL: func.func @multi_block_region(
// CHECK-NEXT:    "test.cfg"() ({
// CHECK-NEXT:      %[[S:.*]] = arith.subi %arg0, %arg0 : i32
// CHECK-NEXT:      cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT:    ^bb1:
// CHECK-NEXT:      "test.use"(%[[S]], %[[S]])
// CHECK-NEXT:      cf.br ^bb2
// CHECK-NEXT:    ^bb2:
// CHECK-NEXT:      "test.end"(%[[S]])
func.func @multi_block_region(%x: i32, %c: i1) {
  "test.cfg"() ({
    %0 = arith.subi %x, %x : i32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %1 = arith.subi %x, %x : i32
    "test.use"(%0, %1) : (i32, i32) -> ()
    cf.br ^bb2
  ^bb2:
    %2 = arith.subi %x, %x : i32
    "test.end"(%2) : (i32) -> ()
  }) : () -> ()
  return
}

// -----

// Ops of a multi-block region are left alone when the op holding it is
// simplified, and the holder is skipped itself.
// CHECK-LABEL: func.func @ops_with_multi_block_regions(
// CHECK-COUNT-2: "test.a"() ({
func.func @ops_with_multi_block_regions(%x: i32, %c: i1) {
  "test.a"() ({
    cf.br ^bb1
  ^bb1:
    "test.end"() : () -> ()
  }) : () -> ()
  "test.a"() ({
    cf.br ^bb1
  ^bb1:
    "test.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// In a graph region a user may come before the value it uses. Uses by ops
// already in the table are not redirected, and the duplicate then stays.
// CHECK-LABEL: func.func @graph_region_use_before_def(
// CHECK-NEXT:    "test.graph"() ({
// CHECK-NEXT:      %[[M:.*]] = arith.muli %[[Q:.*]], %[[Q]] : i32
// CHECK-NEXT:      %[[P:.*]] = arith.constant 1 : i32
// CHECK-NEXT:      %[[Q]] = arith.constant 1 : i32
// CHECK-NEXT:      "test.use"(%[[M]], %[[M]], %[[P]], %[[P]])
func.func @graph_region_use_before_def() {
  "test.graph"() ({
    %m = arith.muli %q, %q : i32
    %p = arith.constant 1 : i32
    %q = arith.constant 1 : i32
    %n = arith.muli %q, %q : i32
    "test.use"(%m, %n, %p, %q) : (i32, i32, i32, i32) -> ()
  }) : () -> ()
  return
}
