// RUN: strata-opt %s --split-input-file -convert-func-to-llvm > %t.strata
// RUN: mlir-opt %s --split-input-file -convert-func-to-llvm > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: mlir-opt %t.strata --split-input-file | diff %t.strata -
// convert-func-to-llvm against mlir-opt at test time: memref arguments of
// rank 0 to 3 expanded into their descriptor fields and repacked at the
// entry, index arguments as i64, declarations, calls passing memrefs
// (unpacked) and returning values, void functions, several results (packed
// in a struct), folds of forwarding ops (upstream's driver folds before its
// patterns, but gives up folds to constants it cannot legalize here).

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

// -----

func.func private @two(i64, index) -> (i64, index)
func.func @several_results(%a: i64, %i: index, %x: f32) -> (i64, index, f32) {
  %0:2 = func.call @two(%a, %i) : (i64, index) -> (i64, index)
  %1 = arith.addi %0#1, %i : index
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %2 = arith.addi %0#0, %c0 : i64
  %3 = arith.addi %c1, %c1 : i64
  %4 = arith.maximumf %x, %x : f32
  %5 = arith.muli %3, %2 : i64
  return %5, %1, %4 : i64, index, f32
}
