// RUN: strata-opt -canonicalize %s --allow-unregistered-dialect > %t.s
// RUN: mlir-opt -canonicalize %s --allow-unregistered-dialect > %t.r
// RUN: diff %t.r %t.s
// RUN: FileCheck %s < %t.s
// SimplifyAllocConst: constant dynamic sizes of memref.alloc move into its
// type, a memref.cast restores the old type; loads, stores and deallocs
// read through the cast (which then dies), other users keep it. Casts of
// casts fold, a negative size stays dynamic.

// CHECK-LABEL: func.func @f
// CHECK: %[[A:.*]] = memref.alloc(%arg0) : memref<4x?xf32>
// CHECK: memref.load %[[A]]
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: memref.dealloc %[[A]] : memref<4x?xf32>
// CHECK: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: %[[C:.*]] = memref.cast %[[B]] : memref<4xf32> to memref<?xf32>
// CHECK: memref.load %[[B]]
// CHECK: "test.use"(%[[C]])
// CHECK: memref.alloc() : memref<0xf32>
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
func.func @f(%n: index) -> f32 {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %a = memref.alloc(%c4, %n) : memref<?x?xf32>
  %v = memref.load %a[%c0, %c0] : memref<?x?xf32>
  memref.store %v, %a[%c0, %c0] : memref<?x?xf32>
  memref.dealloc %a : memref<?x?xf32>
  %b = memref.alloc(%c4) {alignment = 64 : i64} : memref<?xf32>
  %w = memref.load %b[%c0] : memref<?xf32>
  "test.use"(%b) : (memref<?xf32>) -> ()
  %d = memref.alloc(%c0) : memref<?xf32>
  "test.use"(%d) : (memref<?xf32>) -> ()
  %e = memref.alloc(%cm1) : memref<?xf32>
  "test.use"(%e) : (memref<?xf32>) -> ()
  %s = arith.addf %v, %w : f32
  return %s : f32
}

// CHECK-LABEL: func.func @casts
// CHECK-NEXT: %[[U:.*]] = memref.cast %arg0 : memref<4xf32> to memref<*xf32>
// CHECK-NEXT: "test.use"(%arg0, %[[U]])
func.func @casts(%a: memref<4xf32>) {
  %0 = memref.cast %a : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %0 : memref<?xf32> to memref<4xf32>
  %2 = memref.cast %0 : memref<?xf32> to memref<*xf32>
  "test.use"(%1, %2) : (memref<4xf32>, memref<*xf32>) -> ()
  return
}
