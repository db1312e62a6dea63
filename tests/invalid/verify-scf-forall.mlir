// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null
// scf.forall and scf.forall.in_parallel verifiers and custom parser errors
// with mlir-opt 22's messages.

func.func @b(%ub: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'scf.forall' number of operands and types do not match: got 1 operands and 2 types}}
  %r = scf.forall (%i) in (%ub) shared_outs(%o = %t) -> (tensor<4xf32>, tensor<4xf32>) {
  }
  return
}
// -----
func.func @c(%ub: index) {
  scf.forall (%i) in (%ub) {
    // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
    scf.yield
  }
  return
}
// -----
func.func @d(%ub: index) {
  // expected-error@+1 {{expected 0 dynamic upper bound values}}
  "scf.forall"(%ub) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
    ^bb0(%arg5: index):
      "scf.forall.in_parallel"() ({
      ^bb0:
      }) : () -> ()
    }) : (index) -> ()
  return
}
// -----
func.func @e(%ub: index) {
  // expected-error@+1 {{'scf.forall' op expects 0-th block argument to be an index}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
    ^bb0(%arg5: i32):
      "scf.forall.in_parallel"() ({
      ^bb0:
      }) : () -> ()
    }) : () -> ()
  return
}
// -----
func.func @g(%ub: index) {
  // expected-error@+1 {{'scf.forall.in_parallel' op expects parent op 'scf.forall'}}
  scf.forall.in_parallel {}
  return
}
// -----
func.func @i(%ub: index) {
  // expected-error@+1 {{expected 2 upper bound values, got 1}}
  scf.forall (%i, %j) in (%ub) {
  }
  return
}
// -----
func.func @j(%ub: index) {
  // expected-error@+1 {{custom op 'scf.forall' expected 'step'}}
  scf.forall (%i) = (0) to (4) {
  }
  return
}
// -----
func.func @l(%ub: index) {
  // expected-error@+1 {{expected 1 dynamic upper bound values}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
    ^bb0(%arg5: index):
      "scf.forall.in_parallel"() ({
      ^bb0:
      }) : () -> ()
    }) : () -> ()
  return
}
// -----
// expected-note@+1 {{prior use here}}
func.func @m(%ub: index, %t: tensor<4xf32>, %u: tensor<5xf32>) {
  // expected-error@+1 {{use of value '%t' expects different type than prior uses: 'tensor<5xf32>' vs 'tensor<4xf32>'}}
  %r = scf.forall (%i) in (%ub) shared_outs(%o = %t) -> (tensor<5xf32>) {
  }
  return
}
// -----
func.func @n(%ub: index, %t: f32) {
  // expected-error@+1 {{'scf.forall' op operand #1 must be variadic of ranked tensor of any type values, but got 'f32'}}
  %r = scf.forall (%i) in (%ub) shared_outs(%o = %t) -> (f32) {
  }
  return
}
