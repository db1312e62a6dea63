// RUN: strata-opt %s --split-input-file -finalize-memref-to-llvm > %t.strata
// RUN: mlir-opt %s --split-input-file -finalize-memref-to-llvm > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: not strata-opt %S/Inputs/memref-complex-elements.mlir -finalize-memref-to-llvm 2>&1 | FileCheck %s
// finalize-memref-to-llvm on memrefs of index (i64 in the descriptor,
// the GEP and the loads and stores), against mlir-opt. Memrefs of complex
// or vector elements are refused with an error at the first memref op
// (they were left unconverted behind live casts, exit status 0).

// CHECK: error: finalize-memref-to-llvm: memrefs of 'complex<f32>' elements are not supported

func.func @index_elements(%i: index, %v: index) -> index {
  %m = memref.alloc() : memref<4xindex>
  memref.store %v, %m[%i] : memref<4xindex>
  %x = memref.load %m[%i] : memref<4xindex>
  memref.dealloc %m : memref<4xindex>
  return %x : index
}

// -----

func.func @index_dynamic(%n: index, %i: index) -> index {
  %m = memref.alloc(%n, %n) : memref<?x?xindex>
  %x = memref.load %m[%i, %i] : memref<?x?xindex>
  memref.store %x, %m[%i, %n] : memref<?x?xindex>
  return %x : index
}
