// -inline inlines callees whose bodies hold tensor, memref and scf ops:
// those dialects declare every op legal to inline, as upstream's
// TensorInlinerInterface, MemRefInlinerInterface and SCFInlinerInterface do.
// RUN: strata-opt %s -inline | FileCheck %s
// RUN: mlir-opt %s -inline | FileCheck %s

// CHECK-LABEL: func.func @caller
// CHECK-NOT: call
// CHECK: tensor.extract_slice
// CHECK: memref.load
// CHECK: arith.select %arg3
func.func private @slice(%t: tensor<4xf32>) -> tensor<2xf32> {
  %s = tensor.extract_slice %t[1] [2] [1] : tensor<4xf32> to tensor<2xf32>
  return %s : tensor<2xf32>
}
func.func private @load(%m: memref<4xf32>, %i: index) -> f32 {
  %v = memref.load %m[%i] : memref<4xf32>
  return %v : f32
}
func.func private @pick(%c: i1, %a: f32, %b: f32) -> f32 {
  %r = scf.if %c -> (f32) {
    scf.yield %a : f32
  } else {
    scf.yield %b : f32
  }
  return %r : f32
}
func.func @caller(%t: tensor<4xf32>, %m: memref<4xf32>, %i: index, %c: i1, %f: f32) -> (tensor<2xf32>, f32) {
  %s = call @slice(%t) : (tensor<4xf32>) -> tensor<2xf32>
  %v = call @load(%m, %i) : (memref<4xf32>, index) -> f32
  %r = call @pick(%c, %v, %f) : (i1, f32, f32) -> f32
  return %s, %r : tensor<2xf32>, f32
}
