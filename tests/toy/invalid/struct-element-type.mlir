// RUN: not toyc %s -emit=mlir 2>&1 | FileCheck %s
// Struct elements are tensors or structs.

toy.func @f(%a: !toy.struct<f64>) {
  toy.return
}

// CHECK: loc("{{.*}}struct-element-type.mlir":4:29): error: element type for a struct must either be a TensorType or a StructType, got: f64
// CHECK-NEXT: Error can't load file {{.*}}struct-element-type.mlir
