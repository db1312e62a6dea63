// Options are accepted with one dash or two, as LLVM's command-line library
// accepts them; each spelling must give the same output as mlir-opt.
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --mlir-print-op-generic %s > %t.ref
// RUN: strata-opt --split-input-file --allow-unregistered-dialect --mlir-print-op-generic %s > %t.two
// RUN: diff %t.ref %t.two
// RUN: strata-opt -split-input-file -allow-unregistered-dialect -mlir-print-op-generic %s > %t.one
// RUN: diff %t.ref %t.one
// RUN: strata-opt %s -mlir-print-op-generic --split-input-file -allow-unregistered-dialect > %t.mixed
// RUN: diff %t.ref %t.mixed
// RUN: mlir-opt --mlir-elide-elementsattrs-if-larger=2 %s --split-input-file --allow-unregistered-dialect > %t.elide.ref
// RUN: strata-opt -mlir-elide-elementsattrs-if-larger 2 %s -split-input-file -allow-unregistered-dialect > %t.elide.space
// RUN: diff %t.elide.ref %t.elide.space
// RUN: strata-opt --mlir-elide-elementsattrs-if-larger=2 %s -split-input-file -allow-unregistered-dialect > %t.elide.eq
// RUN: diff %t.elide.ref %t.elide.eq

func.func @f() -> tensor<4xi32> {
  %0 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

"foo.op"() : () -> ()
