// RUN: strata-opt %s --split-input-file -convert-func-to-llvm > %t.strata
// RUN: mlir-opt %s --split-input-file -convert-func-to-llvm > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: mlir-opt %t.strata --split-input-file | diff %t.strata -
// convert-func-to-llvm against mlir-opt at test time: memref arguments of
// rank 0 to 3 expanded into their descriptor fields and repacked at the
// entry, index arguments as i64, declarations, calls passing memrefs
// (unpacked) and returning values, void functions.

func.func private @external(i64, f32) -> f64

func.func @scalars(%a: i64, %b: f32, %i: index) -> f64 {
  %0 = func.call @external(%a, %b) : (i64, f32) -> f64
  return %0 : f64
}

// -----

func.func @ranks(%m0: memref<f64>, %m1: memref<4xf32>, %m2: memref<2x3xf64>, %m3: memref<2x3x4xi32>, %n: index) {
  return
}

// -----

func.func @callee(%m: memref<2x3xf64>, %i: index) -> index {
  return %i : index
}

func.func @caller(%m: memref<2x3xf64>, %i: index) -> index {
  %0 = func.call @callee(%m, %i) : (memref<2x3xf64>, index) -> index
  %1 = func.call @callee(%m, %0) : (memref<2x3xf64>, index) -> index
  return %1 : index
}

// -----

func.func @void_call() {
  func.call @nothing() : () -> ()
  return
}
func.func @nothing() {
  return
}
