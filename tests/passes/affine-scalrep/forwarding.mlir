// RUN: strata-opt -affine-scalrep %s | FileCheck %s
// RUN: strata-opt -affine-scalrep %s > %t.strata && mlir-opt -affine-scalrep %s > %t.ref && diff %t.ref %t.strata
// RUN: strata-opt -canonicalize -affine-scalrep %s > %t.strata2 && mlir-opt -canonicalize -affine-scalrep %s > %t.ref2 && diff %t.ref2 %t.strata2
// Issue 12 item 9: -affine-scalrep as MLIR's affineScalarReplace. A store
// to a fresh allocation does not block forwarding from a function argument
// (two arguments may alias, an allocation and a call result may too);
// buffers are erased only when their loads were forwarded; a store
// overwritten before any read is dropped; stores in a loop that provably
// never touch the loaded element (dependence analysis) do not block it;
// identical loads are merged last. The random class runs in the
// differential suite (tests/tools/gen-random-affine.py, pass sets
// -affine-scalrep and -canonicalize -affine-scalrep).

func.func private @get() -> memref<10xf32>

// CHECK-LABEL: func.func @fresh(
// CHECK-SAME:    %[[M:[a-z0-9]+]]: memref<10xf32>, %[[V:[a-z0-9]+]]: f32)
// CHECK-NOT:     affine.load
// CHECK:         return %[[V]]
func.func @fresh(%m: memref<10xf32>, %v: f32) -> f32 {
  %a = memref.alloc() : memref<10xf32>
  affine.store %v, %m[0] : memref<10xf32>
  affine.store %v, %a[0] : memref<10xf32>
  %x = affine.load %m[0] : memref<10xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @two_args(
// CHECK:         affine.load
func.func @two_args(%m: memref<10xf32>, %n: memref<10xf32>, %v: f32, %w: f32) -> f32 {
  affine.store %v, %m[0] : memref<10xf32>
  affine.store %w, %n[0] : memref<10xf32>
  %x = affine.load %m[0] : memref<10xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @dead_alloc(
// CHECK-NEXT:    return
func.func @dead_alloc(%v: f32) -> f32 {
  %a = memref.alloc() : memref<10xf32>
  affine.store %v, %a[0] : memref<10xf32>
  %x = affine.load %a[0] : memref<10xf32>
  memref.dealloc %a : memref<10xf32>
  return %x : f32
}

// A buffer none of whose loads was forwarded stays.
// CHECK-LABEL: func.func @write_only(
// CHECK:         memref.alloc
func.func @write_only(%v: f32) {
  %a = memref.alloc() : memref<10xf32>
  affine.store %v, %a[0] : memref<10xf32>
  return
}

// CHECK-LABEL: func.func @overwritten(
// CHECK-SAME:    %{{.*}}: memref<10xf32>, %{{.*}}: f32, %[[W:[a-z0-9]+]]: f32)
// CHECK-NEXT:    affine.store %[[W]]
// CHECK-NEXT:    return
func.func @overwritten(%m: memref<10xf32>, %v: f32, %w: f32) {
  affine.store %v, %m[0] : memref<10xf32>
  affine.store %w, %m[0] : memref<10xf32>
  return
}

// CHECK-LABEL: func.func @loop(
// CHECK-NOT:     memref.alloc
// CHECK-COUNT-1: affine.load
func.func @loop(%m: memref<10xf32>, %v: f32) -> f32 {
  %a = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %v, %a[%i] : memref<10xf32>
    %x = affine.load %a[%i] : memref<10xf32>
    affine.store %x, %m[%i] : memref<10xf32>
  }
  %y = affine.load %m[3] : memref<10xf32>
  %z = affine.load %m[3] : memref<10xf32>
  %s = arith.addf %y, %z : f32
  return %s : f32
}

// CHECK-LABEL: func.func @call_result(
// CHECK:         affine.load
func.func @call_result(%v: f32) -> f32 {
  %a = memref.alloc() : memref<10xf32>
  %m = call @get() : () -> memref<10xf32>
  affine.store %v, %a[0] : memref<10xf32>
  affine.store %v, %m[0] : memref<10xf32>
  %x = affine.load %a[0] : memref<10xf32>
  return %x : f32
}

// Stores to %m[%i + 1] never touch %m[0], in any iteration.
// CHECK-LABEL: func.func @loop_carried(
// CHECK-NOT:     affine.load
func.func @loop_carried(%m: memref<10xf32>, %v: f32) -> f32 {
  affine.store %v, %m[0] : memref<10xf32>
  affine.for %i = 0 to 10 {
    %y = affine.load %m[0] : memref<10xf32>
    %z = arith.addf %y, %v : f32
    affine.store %z, %m[%i + 1] : memref<10xf32>
  }
  %x = affine.load %m[0] : memref<10xf32>
  return %x : f32
}

// Here they do, from the second iteration on.
// CHECK-LABEL: func.func @loop_carried_dependence(
// CHECK:         affine.for
// CHECK:           affine.load
func.func @loop_carried_dependence(%m: memref<10xf32>, %v: f32) -> f32 {
  affine.store %v, %m[1] : memref<10xf32>
  affine.for %i = 0 to 10 {
    %y = affine.load %m[1] : memref<10xf32>
    %z = arith.addf %y, %v : f32
    affine.store %z, %m[%i] : memref<10xf32>
  }
  %x = affine.load %m[1] : memref<10xf32>
  return %x : f32
}

// Composed subscripts: the apply chain and the constant name element 7.
// CHECK-LABEL: func.func @composed(
// CHECK-NOT:     affine.load
func.func @composed(%m: memref<10xf32>, %n: index, %v: f32) -> f32 {
  %c7 = arith.constant 7 : index
  %a = affine.apply affine_map<(d0) -> (d0 - 1)>(%n)
  %b = affine.apply affine_map<(d0)[s0] -> (d0 + 1 - s0 + 7)>(%a)[%n]
  affine.store %v, %m[%b] : memref<10xf32>
  %x = affine.load %m[%c7] : memref<10xf32>
  return %x : f32
}
