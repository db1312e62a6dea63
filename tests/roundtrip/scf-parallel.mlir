// RUN: %roundtrip %s
// RUN: %roundtrip %s --mlir-print-debuginfo
// scf.parallel with and without reductions (the implicit operand-less
// scf.reduce printed with its trailing space), one result without
// parentheses, several reductions separated by commas, an attribute
// dictionary after the region.

func.func @parallel(%lb: index, %ub: index, %s: index, %m: memref<?xf32>, %init: f32) -> (f32, i32, f32) {
  %c0 = arith.constant 0 : i32
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
    %v = memref.load %m[%i] : memref<?xf32>
    memref.store %v, %m[%i] : memref<?xf32>
  }
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) {
    scf.reduce
  } {tag}
  %r:2 = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) init (%init, %c0) -> (f32, i32) {
    %v = memref.load %m[%i] : memref<?xf32>
    %k = arith.index_cast %j : index to i32
    scf.reduce(%v, %k : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %x = arith.addf %a, %b : f32
      scf.reduce.return %x : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      %y = arith.maxsi %a, %b : i32
      scf.reduce.return %y : i32
    }
  } {foo = 1 : i32}
  %one = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%init) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %x = arith.mulf %a, %b : f32
      scf.reduce.return %x : f32
    }
  }
  return %r#0, %r#1, %one : f32, i32, f32
}
