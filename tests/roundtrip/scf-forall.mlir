// RUN: %roundtrip %s
// RUN: %roundtrip %s --mlir-print-debuginfo
// scf.forall: normalized loops print as `in`, others with mixed static and
// dynamic bounds and steps; shared_outs with results (the in_parallel
// terminator then printed); an empty in_parallel hidden without results;
// attributes after the region.

func.func @forall(%lb: index, %ub: index, %m: memref<?xf32>, %f: f32, %t: tensor<4xf32>, %u: tensor<?xf32>) -> (tensor<4xf32>, tensor<?xf32>) {
  scf.forall (%i, %j) in (%ub, 8) {
    memref.store %f, %m[%i] : memref<?xf32>
  }
  scf.forall (%i) = (%lb) to (%ub) step (4) {
    memref.store %f, %m[%i] : memref<?xf32>
  }
  scf.forall (%i, %j) = (0, -2) to (%ub, 5) step (1, %lb) {
  } {tag = "x"}
  scf.forall (%i) = (0) to (%ub) step (1) {
  }
  scf.forall () in () {
  }
  %r:2 = scf.forall (%i) in (4) shared_outs(%o = %t, %p = %u) -> (tensor<4xf32>, tensor<?xf32>) {
    scf.forall.in_parallel {
    }
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<?xf32>
}
