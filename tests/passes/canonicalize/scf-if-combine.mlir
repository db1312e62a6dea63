// RUN: strata-opt -canonicalize %s > %t.s && mlir-opt -canonicalize %s > %t.r && diff %t.r %t.s
// RUN: strata-opt -canonicalize --mlir-print-debuginfo %s > %t.sd && mlir-opt -canonicalize --mlir-print-debuginfo %s > %t.rd && diff %t.rd %t.sd
// RUN: FileCheck %s < %t.s
// Issue 29: upstream's scf.if patterns CombineIfs (adjacent ifs on one
// condition or on its `xori .., true` negation) and CombineNestedIfs (an if
// whose then block is only another if, neither else doing more than
// yield), and the cases they leave alone. The CHECK lines are mlir-opt
// 22's output for this file; the RUN lines also diff both tools' output.

// ---- CombineIfs ----

// Same condition, both with results: the second if's uses of the first's
// results become what the first yields on the same branch.
// CHECK-LABEL: func.func @adjacent_same_cond(
// CHECK-NEXT:   %[[IF:.*]]:2 = scf.if %arg0 -> (f32, f32) {
// CHECK-NEXT:     %[[ADDF:.*]] = arith.addf %arg2, %arg3 : f32
// CHECK-NEXT:     %[[SUBF:.*]] = arith.subf %[[ADDF]], %arg2 : f32
// CHECK-NEXT:     memref.store %[[SUBF]], %arg1[] : memref<f32>
// CHECK-NEXT:     scf.yield %[[ADDF]], %[[SUBF]] : f32, f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %[[MULF:.*]] = arith.mulf %arg2, %arg3 : f32
// CHECK-NEXT:     %[[DIVF:.*]] = arith.divf %[[MULF]], %arg3 : f32
// CHECK-NEXT:     scf.yield %[[MULF]], %[[DIVF]] : f32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %[[IF]]#0, %[[IF]]#1 : f32, f32
// CHECK-NEXT: }
func.func @adjacent_same_cond(%c: i1, %m: memref<f32>, %x: f32, %y: f32) -> (f32, f32) {
  %a = scf.if %c -> (f32) {
    %s = arith.addf %x, %y : f32
    scf.yield %s : f32
  } else {
    %p = arith.mulf %x, %y : f32
    scf.yield %p : f32
  }
  %b = scf.if %c -> (f32) {
    %t = arith.subf %a, %x : f32
    memref.store %t, %m[] : memref<f32>
    scf.yield %t : f32
  } else {
    %d = arith.divf %a, %y : f32
    scf.yield %d : f32
  }
  return %a, %b : f32, f32
}

// The first if has no else, the second has one; a third then merges too.
// CHECK-LABEL: func.func @adjacent_no_else(
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg2, %arg1[] : memref<f32>
// CHECK-NEXT:     memref.store %arg3, %arg1[] : memref<f32>
// CHECK-NEXT:     memref.store %arg3, %arg1[] : memref<f32>
// CHECK-NEXT:   } else {
// CHECK-NEXT:     memref.store %arg2, %arg1[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @adjacent_no_else(%c: i1, %m: memref<f32>, %x: f32, %y: f32) {
  scf.if %c {
    memref.store %x, %m[] : memref<f32>
  }
  scf.if %c {
    memref.store %y, %m[] : memref<f32>
  } else {
    memref.store %x, %m[] : memref<f32>
  }
  scf.if %c {
    memref.store %y, %m[] : memref<f32>
  }
  return
}

// The first if has no else, the second has results.
// CHECK-LABEL: func.func @prev_no_else_next_results(
// CHECK-NEXT:   %[[IF:.*]] = scf.if %arg0 -> (f32) {
// CHECK-NEXT:     memref.store %arg2, %arg1[] : memref<f32>
// CHECK-NEXT:     %[[SUBF:.*]] = arith.subf %arg3, %arg2 : f32
// CHECK-NEXT:     scf.yield %[[SUBF]] : f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %[[DIVF:.*]] = arith.divf %arg2, %arg3 : f32
// CHECK-NEXT:     scf.yield %[[DIVF]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %[[IF]] : f32
// CHECK-NEXT: }
func.func @prev_no_else_next_results(%c: i1, %m: memref<f32>, %x: f32, %y: f32) -> f32 {
  scf.if %c {
    memref.store %x, %m[] : memref<f32>
  }
  %b = scf.if %c -> (f32) {
    %t = arith.subf %y, %x : f32
    scf.yield %t : f32
  } else {
    %d = arith.divf %x, %y : f32
    scf.yield %d : f32
  }
  return %b : f32
}

// The second if is on the negated condition, without else: its then code
// goes to the combined else.
// CHECK-LABEL: func.func @adjacent_negated(
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg2, %arg1[] : memref<f32>
// CHECK-NEXT:   } else {
// CHECK-NEXT:     memref.store %arg3, %arg1[] : memref<f32>
// CHECK-NEXT:     memref.store %arg3, %arg1[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @adjacent_negated(%c: i1, %m: memref<f32>, %x: f32, %y: f32) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %c {
    memref.store %x, %m[] : memref<f32>
  } else {
    memref.store %y, %m[] : memref<f32>
  }
  scf.if %n {
    memref.store %y, %m[] : memref<f32>
  }
  return
}

// The negated case with results: the second if's then block, which runs
// when the first's else does, sees the first's else yield.
// CHECK-LABEL: func.func @negated_results(
// CHECK-NEXT:   %[[IF:.*]]:2 = scf.if %arg0 -> (f32, f32) {
// CHECK-NEXT:     %[[ADDF:.*]] = arith.addf %arg2, %arg3 : f32
// CHECK-NEXT:     %[[DIVF:.*]] = arith.divf %[[ADDF]], %arg3 : f32
// CHECK-NEXT:     memref.store %[[DIVF]], %arg1[] : memref<f32>
// CHECK-NEXT:     scf.yield %[[ADDF]], %[[DIVF]] : f32, f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %[[MULF:.*]] = arith.mulf %arg2, %arg3 : f32
// CHECK-NEXT:     %[[SUBF:.*]] = arith.subf %[[MULF]], %arg2 : f32
// CHECK-NEXT:     memref.store %[[SUBF]], %arg1[] : memref<f32>
// CHECK-NEXT:     scf.yield %[[MULF]], %[[SUBF]] : f32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %[[IF]]#0, %[[IF]]#1 : f32, f32
// CHECK-NEXT: }
func.func @negated_results(%c: i1, %m: memref<f32>, %x: f32, %y: f32) -> (f32, f32) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  %a = scf.if %c -> (f32) {
    %s = arith.addf %x, %y : f32
    scf.yield %s : f32
  } else {
    %p = arith.mulf %x, %y : f32
    scf.yield %p : f32
  }
  %b = scf.if %n -> (f32) {
    %t = arith.subf %a, %x : f32
    memref.store %t, %m[] : memref<f32>
    scf.yield %t : f32
  } else {
    %d = arith.divf %a, %y : f32
    memref.store %d, %m[] : memref<f32>
    scf.yield %d : f32
  }
  return %a, %b : f32, f32
}

// The first if is on the negation of the second's condition; the
// combined if on the negation then folds to the plain condition with its
// branches swapped.
// CHECK-LABEL: func.func @adjacent_negated_first(
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg3, %arg1[] : memref<f32>
// CHECK-NEXT:   } else {
// CHECK-NEXT:     memref.store %arg2, %arg1[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @adjacent_negated_first(%c: i1, %m: memref<f32>, %x: f32, %y: f32) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %n {
    memref.store %x, %m[] : memref<f32>
  }
  scf.if %c {
    memref.store %y, %m[] : memref<f32>
  }
  return
}

// `xori %true, %c`: the fold moves the constant to the right first, so
// the negation is recognized.
// CHECK-LABEL: func.func @xori_const_first(
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg2, %arg1[] : memref<f32>
// CHECK-NEXT:   } else {
// CHECK-NEXT:     memref.store %arg3, %arg1[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @xori_const_first(%c: i1, %m: memref<f32>, %x: f32, %y: f32) {
  %true = arith.constant true
  %n = arith.xori %true, %c : i1
  scf.if %c {
    memref.store %x, %m[] : memref<f32>
  }
  scf.if %n {
    memref.store %y, %m[] : memref<f32>
  }
  return
}

// A use of the first if's result nested deeper in the second's branch is
// replaced too (the branch region is an ancestor of the use).
// CHECK-LABEL: func.func @deep_use(
// CHECK-NEXT:   %[[IF:.*]] = scf.if %arg0 -> (f32) {
// CHECK-NEXT:     %[[ADDF:.*]] = arith.addf %arg2, %arg3 : f32
// CHECK-NEXT:     scf.for %arg7 = %arg4 to %arg5 step %arg6 {
// CHECK-NEXT:       memref.store %[[ADDF]], %arg1[%arg7] : memref<?xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.yield %[[ADDF]] : f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %[[MULF:.*]] = arith.mulf %arg2, %arg3 : f32
// CHECK-NEXT:     memref.store %[[MULF]], %arg1[%arg4] : memref<?xf32>
// CHECK-NEXT:     scf.yield %[[MULF]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %[[IF]] : f32
// CHECK-NEXT: }
func.func @deep_use(%c: i1, %m: memref<?xf32>, %x: f32, %y: f32, %lb: index, %ub: index, %st: index) -> f32 {
  %a = scf.if %c -> (f32) {
    %s = arith.addf %x, %y : f32
    scf.yield %s : f32
  } else {
    %p = arith.mulf %x, %y : f32
    scf.yield %p : f32
  }
  scf.if %c {
    scf.for %i = %lb to %ub step %st {
      memref.store %a, %m[%i] : memref<?xf32>
    }
  } else {
    memref.store %a, %m[%lb] : memref<?xf32>
  }
  return %a : f32
}

// Adjacent ifs inside a loop body.
// CHECK-LABEL: func.func @in_loop(
// CHECK-NEXT:   scf.for %arg6 = %arg3 to %arg4 step %arg5 {
// CHECK-NEXT:     scf.if %arg0 {
// CHECK-NEXT:       memref.store %arg2, %arg1[%arg6] : memref<?xf32>
// CHECK-NEXT:       memref.store %arg2, %arg1[%arg3] : memref<?xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @in_loop(%c: i1, %m: memref<?xf32>, %x: f32, %lb: index, %ub: index, %st: index) {
  scf.for %i = %lb to %ub step %st {
    scf.if %c {
      memref.store %x, %m[%i] : memref<?xf32>
    }
    scf.if %c {
      memref.store %x, %m[%lb] : memref<?xf32>
    }
  }
  return
}

// Not combined: different conditions.
// CHECK-LABEL: func.func @adjacent_different(
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg3, %arg2[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.if %arg1 {
// CHECK-NEXT:     memref.store %arg3, %arg2[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @adjacent_different(%c: i1, %d: i1, %m: memref<f32>, %x: f32) {
  scf.if %c {
    memref.store %x, %m[] : memref<f32>
  }
  scf.if %d {
    memref.store %x, %m[] : memref<f32>
  }
  return
}

// Not combined: `xori %c, %d` is no negation of %c.
// CHECK-LABEL: func.func @xori_not_one(
// CHECK-NEXT:   %[[XORI:.*]] = arith.xori %arg0, %arg1 : i1
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg3, %arg2[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.if %[[XORI]] {
// CHECK-NEXT:     memref.store %arg4, %arg2[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @xori_not_one(%c: i1, %d: i1, %m: memref<f32>, %x: f32, %y: f32) {
  %n = arith.xori %c, %d : i1
  scf.if %c {
    memref.store %x, %m[] : memref<f32>
  }
  scf.if %n {
    memref.store %y, %m[] : memref<f32>
  }
  return
}

// Not combined: an op using the first if's result sits between the ifs.
// CHECK-LABEL: func.func @used_between(
// CHECK-NEXT:   %[[IF:.*]] = scf.if %arg0 -> (f32) {
// CHECK-NEXT:     %[[ADDF:.*]] = arith.addf %arg2, %arg3 : f32
// CHECK-NEXT:     scf.yield %[[ADDF]] : f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %[[MULF:.*]] = arith.mulf %arg2, %arg3 : f32
// CHECK-NEXT:     scf.yield %[[MULF]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[ADDF1:.*]] = arith.addf %[[IF]], %[[IF]] : f32
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %[[ADDF1]], %arg1[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @used_between(%c: i1, %m: memref<f32>, %x: f32, %y: f32) {
  %a = scf.if %c -> (f32) {
    %s = arith.addf %x, %y : f32
    scf.yield %s : f32
  } else {
    %p = arith.mulf %x, %y : f32
    scf.yield %p : f32
  }
  %u = arith.addf %a, %a : f32
  scf.if %c {
    memref.store %u, %m[] : memref<f32>
  }
  return
}

// ---- CombineNestedIfs ----

// An if whose then block is only another if: one if on `andi`.
// CHECK-LABEL: func.func @nested_no_results(
// CHECK-NEXT:   %[[ANDI:.*]] = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT:   scf.if %[[ANDI]] {
// CHECK-NEXT:     memref.store %arg3, %arg2[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @nested_no_results(%c: i1, %d: i1, %m: memref<f32>, %x: f32) {
  scf.if %c {
    scf.if %d {
      memref.store %x, %m[] : memref<f32>
    }
  }
  return
}

// The outer result yielded from the inner if is kept (the inner else
// yields what the outer else does); the one from outside becomes a select.
// CHECK-LABEL: func.func @nested_results(
// CHECK-NEXT:   %[[ANDI:.*]] = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT:   %[[SELECT:.*]] = arith.select %arg0, %arg3, %arg4 : f32
// CHECK-NEXT:   %[[IF:.*]] = scf.if %[[ANDI]] -> (f32) {
// CHECK-NEXT:     %[[ADDF:.*]] = arith.addf %arg3, %arg4 : f32
// CHECK-NEXT:     memref.store %[[ADDF]], %arg2[] : memref<f32>
// CHECK-NEXT:     scf.yield %[[ADDF]] : f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg4 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %[[IF]], %[[SELECT]] : f32, f32
// CHECK-NEXT: }
func.func @nested_results(%c: i1, %d: i1, %m: memref<f32>, %x: f32, %y: f32) -> (f32, f32) {
  %r:2 = scf.if %c -> (f32, f32) {
    %i = scf.if %d -> (f32) {
      %s = arith.addf %x, %y : f32
      memref.store %s, %m[] : memref<f32>
      scf.yield %s : f32
    } else {
      scf.yield %y : f32
    }
    scf.yield %i, %x : f32, f32
  } else {
    scf.yield %y, %y : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}

// Only a value from outside the ifs is yielded: it becomes a select and
// the combined if's result, now unused, goes.
// CHECK-LABEL: func.func @nested_outside_value(
// CHECK-NEXT:   %[[ANDI:.*]] = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT:   %[[SELECT:.*]] = arith.select %arg0, %arg3, %arg4 : f32
// CHECK-NEXT:   scf.if %[[ANDI]] {
// CHECK-NEXT:     memref.store %arg3, %arg2[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return %[[SELECT]] : f32
// CHECK-NEXT: }
func.func @nested_outside_value(%c: i1, %d: i1, %m: memref<f32>, %x: f32, %y: f32) -> f32 {
  %r = scf.if %c -> (f32) {
    scf.if %d {
      memref.store %x, %m[] : memref<f32>
    }
    scf.yield %x : f32
  } else {
    scf.yield %y : f32
  }
  return %r : f32
}

// Three levels fold into two andi; the if after them is on another
// condition (%arg0 alone) and stays.
// CHECK-LABEL: func.func @nested_three(
// CHECK-NEXT:   %[[ANDI:.*]] = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT:   %[[ANDI1:.*]] = arith.andi %[[ANDI]], %arg2 : i1
// CHECK-NEXT:   scf.if %[[ANDI1]] {
// CHECK-NEXT:     memref.store %arg4, %arg3[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg4, %arg3[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @nested_three(%a: i1, %b: i1, %c: i1, %m: memref<f32>, %x: f32) {
  scf.if %a {
    scf.if %b {
      scf.if %c {
        memref.store %x, %m[] : memref<f32>
      }
    }
  }
  scf.if %a {
    memref.store %x, %m[] : memref<f32>
  }
  return
}

// Two ifs on one condition in the then block merge first, then the
// nesting.
// CHECK-LABEL: func.func @nested_then_adjacent(
// CHECK-NEXT:   %[[ANDI:.*]] = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT:   scf.if %[[ANDI]] {
// CHECK-NEXT:     memref.store %arg3, %arg2[] : memref<f32>
// CHECK-NEXT:     memref.store %arg4, %arg2[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @nested_then_adjacent(%a: i1, %b: i1, %m: memref<f32>, %x: f32, %y: f32) {
  scf.if %a {
    scf.if %b {
      memref.store %x, %m[] : memref<f32>
    }
    scf.if %b {
      memref.store %y, %m[] : memref<f32>
    }
  }
  return
}

// Not combined: the inner else yields something else than the outer
// else.
// CHECK-LABEL: func.func @nested_mismatch(
// CHECK-NEXT:   %[[IF:.*]] = scf.if %arg0 -> (f32) {
// CHECK-NEXT:     %[[IF1:.*]] = scf.if %arg1 -> (f32) {
// CHECK-NEXT:       %[[ADDF:.*]] = arith.addf %arg3, %arg4 : f32
// CHECK-NEXT:       memref.store %[[ADDF]], %arg2[] : memref<f32>
// CHECK-NEXT:       scf.yield %[[ADDF]] : f32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg3 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.yield %[[IF1]] : f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg4 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %[[IF]] : f32
// CHECK-NEXT: }
func.func @nested_mismatch(%c: i1, %d: i1, %m: memref<f32>, %x: f32, %y: f32) -> f32 {
  %r = scf.if %c -> (f32) {
    %i = scf.if %d -> (f32) {
      %s = arith.addf %x, %y : f32
      memref.store %s, %m[] : memref<f32>
      scf.yield %s : f32
    } else {
      scf.yield %x : f32
    }
    scf.yield %i : f32
  } else {
    scf.yield %y : f32
  }
  return %r : f32
}

// Not combined: the inner else computes its yield.
// CHECK-LABEL: func.func @nested_inner_else_ops_results(
// CHECK-NEXT:   %[[IF:.*]] = scf.if %arg0 -> (f32) {
// CHECK-NEXT:     %[[IF1:.*]] = scf.if %arg1 -> (f32) {
// CHECK-NEXT:       memref.store %arg3, %arg2[] : memref<f32>
// CHECK-NEXT:       scf.yield %arg3 : f32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %[[ADDF:.*]] = arith.addf %arg4, %arg4 : f32
// CHECK-NEXT:       scf.yield %[[ADDF]] : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.yield %[[IF1]] : f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg4 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %[[IF]] : f32
// CHECK-NEXT: }
func.func @nested_inner_else_ops_results(%c: i1, %d: i1, %m: memref<f32>, %x: f32, %y: f32) -> f32 {
  %r = scf.if %c -> (f32) {
    %i = scf.if %d -> (f32) {
      memref.store %x, %m[] : memref<f32>
      scf.yield %x : f32
    } else {
      %z = arith.addf %y, %y : f32
      scf.yield %z : f32
    }
    scf.yield %i : f32
  } else {
    scf.yield %y : f32
  }
  return %r : f32
}

// Not combined: the inner if has an else doing work.
// CHECK-LABEL: func.func @nested_inner_else_ops(
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     scf.if %arg1 {
// CHECK-NEXT:       memref.store %arg3, %arg2[] : memref<f32>
// CHECK-NEXT:     } else {
// CHECK-NEXT:       memref.store %arg4, %arg2[] : memref<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @nested_inner_else_ops(%c: i1, %d: i1, %m: memref<f32>, %x: f32, %y: f32) {
  scf.if %c {
    scf.if %d {
      memref.store %x, %m[] : memref<f32>
    } else {
      memref.store %y, %m[] : memref<f32>
    }
  }
  return
}

// Not combined: the outer if has an else doing work.
// CHECK-LABEL: func.func @nested_outer_else_ops(
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     scf.if %arg1 {
// CHECK-NEXT:       memref.store %arg3, %arg2[] : memref<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   } else {
// CHECK-NEXT:     memref.store %arg4, %arg2[] : memref<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @nested_outer_else_ops(%c: i1, %d: i1, %m: memref<f32>, %x: f32, %y: f32) {
  scf.if %c {
    scf.if %d {
      memref.store %x, %m[] : memref<f32>
    }
  } else {
    memref.store %y, %m[] : memref<f32>
  }
  return
}

// Not combined: the outer then block does more than the inner if.
// CHECK-LABEL: func.func @nested_not_alone(
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg3, %arg2[] : memref<f32>
// CHECK-NEXT:     scf.if %arg1 {
// CHECK-NEXT:       memref.store %arg3, %arg2[] : memref<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @nested_not_alone(%c: i1, %d: i1, %m: memref<f32>, %x: f32) {
  scf.if %c {
    memref.store %x, %m[] : memref<f32>
    scf.if %d {
      memref.store %x, %m[] : memref<f32>
    }
  }
  return
}

// Not combined: the inner if is in the outer else.
// CHECK-LABEL: func.func @nested_in_else(
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg4, %arg2[] : memref<f32>
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.if %arg1 {
// CHECK-NEXT:       memref.store %arg3, %arg2[] : memref<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @nested_in_else(%c: i1, %d: i1, %m: memref<f32>, %x: f32, %y: f32) {
  scf.if %c {
    memref.store %y, %m[] : memref<f32>
  } else {
    scf.if %d {
      memref.store %x, %m[] : memref<f32>
    }
  }
  return
}
