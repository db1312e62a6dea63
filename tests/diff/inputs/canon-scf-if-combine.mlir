// DIFF-PASS-SETS: 0,1,4,5,7,8,9,13
// scf.if CombineIfs / CombineNestedIfs (issue 29): adjacent ifs on one
// computed condition, chains of three, results used in the next if and
// after, a negation on an argument (the xori of a cmpi becomes the
// inverse cmpi first, so those ifs stay apart), nesting with results and
// selects, and the cases left alone; then cse and the lowering to cf.
func.func @chain(%a: i32, %b: i32, %m: memref<4xi32>) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cond = arith.cmpi slt, %a, %b : i32
  %r0 = scf.if %cond -> (i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  %r1 = scf.if %cond -> (i32) {
    %t = arith.muli %r0, %r0 : i32
    memref.store %t, %m[%c0] : memref<4xi32>
    scf.yield %t : i32
  } else {
    %u = arith.subi %r0, %b : i32
    scf.yield %u : i32
  }
  %r2 = scf.if %cond -> (i32) {
    %v = arith.addi %r1, %r0 : i32
    scf.yield %v : i32
  } else {
    memref.store %r1, %m[%c1] : memref<4xi32>
    scf.yield %r1 : i32
  }
  return %r0, %r1, %r2 : i32, i32, i32
}
func.func @negated_chain(%a: i32, %b: i32, %m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %cond = arith.cmpi eq, %a, %b : i32
  %not = arith.xori %cond, %true : i1
  %r0 = scf.if %cond -> (i32) {
    scf.yield %a : i32
  } else {
    %s = arith.addi %a, %b : i32
    memref.store %s, %m[%c0] : memref<4xi32>
    scf.yield %s : i32
  }
  %r1 = scf.if %not -> (i32) {
    %t = arith.muli %r0, %b : i32
    scf.yield %t : i32
  } else {
    %u = arith.subi %r0, %b : i32
    memref.store %u, %m[%c0] : memref<4xi32>
    scf.yield %u : i32
  }
  scf.if %cond {
    memref.store %r1, %m[%c0] : memref<4xi32>
  }
  return %r1 : i32
}
func.func @negated_arg(%cond: i1, %a: i32, %b: i32, %m: memref<4xi32>) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %not = arith.xori %cond, %true : i1
  %r0 = scf.if %not -> (i32) {
    %s = arith.addi %a, %b : i32
    memref.store %s, %m[%c0] : memref<4xi32>
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  %r1 = scf.if %cond -> (i32) {
    %t = arith.muli %r0, %b : i32
    scf.yield %t : i32
  } else {
    %u = arith.subi %r0, %a : i32
    memref.store %u, %m[%c0] : memref<4xi32>
    scf.yield %u : i32
  }
  return %r0, %r1 : i32, i32
}
func.func @separated(%a: i32, %b: i32, %m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %cond = arith.cmpi ult, %a, %b : i32
  %r0 = scf.if %cond -> (i32) {
    %s = arith.addi %a, %b : i32
    memref.store %s, %m[%c0] : memref<4xi32>
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  %k = arith.muli %r0, %r0 : i32
  scf.if %cond {
    memref.store %k, %m[%c0] : memref<4xi32>
  }
  %other = arith.cmpi ugt, %a, %b : i32
  scf.if %other {
    memref.store %a, %m[%c0] : memref<4xi32>
  }
  return %k : i32
}
func.func @nested_chain(%a: i32, %b: i32, %c: i32, %m: memref<4xi32>) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %p = arith.cmpi slt, %a, %b : i32
  %q = arith.cmpi slt, %b, %c : i32
  %r:2 = scf.if %p -> (i32, i32) {
    %i = scf.if %q -> (i32) {
      %s = arith.addi %a, %c : i32
      memref.store %s, %m[%c0] : memref<4xi32>
      scf.yield %s : i32
    } else {
      scf.yield %c : i32
    }
    scf.yield %i, %a : i32, i32
  } else {
    scf.yield %c, %b : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
func.func @nested_kept(%a: i32, %b: i32, %m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %p = arith.cmpi slt, %a, %b : i32
  %q = arith.cmpi sgt, %a, %b : i32
  %r = scf.if %p -> (i32) {
    %i = scf.if %q -> (i32) {
      memref.store %a, %m[%c0] : memref<4xi32>
      scf.yield %a : i32
    } else {
      scf.yield %a : i32
    }
    scf.yield %i : i32
  } else {
    scf.yield %b : i32
  }
  scf.if %p {
    scf.if %q {
      memref.store %b, %m[%c0] : memref<4xi32>
    } else {
      memref.store %a, %m[%c0] : memref<4xi32>
    }
  }
  return %r : i32
}
func.func @in_loops(%n: index, %a: i32, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %r, %c0 : index
    scf.if %even {
      memref.store %a, %m[%i] : memref<?xi32>
    }
    scf.if %even {
      %b = arith.addi %a, %a : i32
      memref.store %b, %m[%c0] : memref<?xi32>
    } else {
      memref.store %a, %m[%c0] : memref<?xi32>
    }
    %big = arith.cmpi ugt, %i, %c2 : index
    scf.if %even {
      scf.if %big {
        memref.store %a, %m[%c1] : memref<?xi32>
      }
    }
  }
  return
}
