// RUN: strata-opt %s --split-input-file -finalize-memref-to-llvm > %t.strata
// RUN: mlir-opt %s --split-input-file -finalize-memref-to-llvm > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: mlir-opt %t.strata --split-input-file | diff %t.strata -
// finalize-memref-to-llvm against mlir-opt at test time: malloc-based
// allocation of ranks 0 to 3 (sizes, running strides, size through a GEP
// on null), loads and stores through the aligned pointer with the
// linearized index, dealloc through free, on memrefs from allocations and
// from function arguments (cast to the descriptor at the entry); dynamic
// sizes (strides multiplied at allocation, read from the descriptor at
// each access).

func.func @rank0(%x: f64) -> f64 {
  %m = memref.alloc() : memref<f64>
  memref.store %x, %m[] : memref<f64>
  %v = memref.load %m[] : memref<f64>
  memref.dealloc %m : memref<f64>
  return %v : f64
}

// -----

func.func @rank1(%x: f32, %i: index) -> f32 {
  %m = memref.alloc() : memref<16xf32>
  memref.store %x, %m[%i] : memref<16xf32>
  %v = memref.load %m[%i] : memref<16xf32>
  memref.dealloc %m : memref<16xf32>
  return %v : f32
}

// -----

func.func @rank3(%arg: memref<2x3x4xi64>, %i: index, %j: index, %k: index) -> i64 {
  %m = memref.alloc() : memref<5x6x7xi64>
  %v = memref.load %arg[%i, %j, %k] : memref<2x3x4xi64>
  memref.store %v, %m[%k, %j, %i] : memref<5x6x7xi64>
  %w = memref.load %m[%i, %i, %i] : memref<5x6x7xi64>
  memref.dealloc %m : memref<5x6x7xi64>
  return %w : i64
}

// -----

func.func @two_allocs(%x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<3x2xf64>
  %b = memref.alloc() : memref<2x3xf64>
  memref.store %x, %a[%c1, %c0] : memref<3x2xf64>
  %v = memref.load %a[%c1, %c0] : memref<3x2xf64>
  memref.store %v, %b[%c0, %c1] : memref<2x3xf64>
  memref.dealloc %b : memref<2x3xf64>
  memref.dealloc %a : memref<3x2xf64>
  return
}

// -----

func.func @f(%n: index, %m: index, %i: index, %j: index, %x: f32) -> f32 {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n, %m) : memref<?x4x?xf32>
  memref.store %x, %a[%i] : memref<?xf32>
  memref.store %x, %b[%i, %j, %i] : memref<?x4x?xf32>
  %v = memref.load %b[%j, %i, %j] : memref<?x4x?xf32>
  memref.dealloc %b : memref<?x4x?xf32>
  return %v : f32
}
func.func @g(%a: memref<?x?xf64>, %i: index) -> f64 {
  %v = memref.load %a[%i, %i] : memref<?x?xf64>
  return %v : f64
}
