// UNSUPPORTED: reference-stand-in
// (the dialect list checked below is strata-opt's own)
// --list-passes and --show-dialects print their lists and exit, in
// mlir-opt's formats. mlir-opt registers every upstream pass and dialect, so
// the lists are compared entry by entry: each strata pass that mlir-opt has
// must list the same options (types and enumerated values included), and
// each strata dialect but OneFlow's must be one mlir-opt has.
// RUN: strata-opt --list-passes %s > %t.strata
// RUN: mlir-opt --list-passes > %t.mlir
// RUN: %python %S/../tools/compare-pass-list.py %t.strata %t.mlir
// RUN: strata-opt --show-dialects %s | FileCheck %s
// CHECK: Available Dialects: affine,arith,builtin,cf,chlo,func,llvm,memref,oneflow,scf,stablehlo,tensor,tx8be,ub{{$}}
// RUN: mlir-opt --show-dialects | FileCheck %s --check-prefix=MLIR
// MLIR: Available Dialects: {{.*}}affine,{{.*}}arith,{{.*}}builtin,cf,{{.*}}func,{{.*}}llvm,{{.*}}memref,{{.*}}scf,{{.*}}tensor,{{.*}}ub
