// RUN: not toyc -chapter=7 %s -emit=mlir 2>&1 | FileCheck %s

// The following IR is not "valid":
// - toy.print should not return a value.
// - toy.print should take an argument.
// - There should be a block terminator.
toy.func @main() {
  %0 = "toy.print"()  : () -> tensor<2x3xf64>
}

// CHECK: loc("{{.*}}invalid.mlir":8:8): error: block with no terminator, has %0 = "toy.print"() : () -> tensor<2x3xf64>
// CHECK-NEXT: Error can't load file {{.*}}invalid.mlir
