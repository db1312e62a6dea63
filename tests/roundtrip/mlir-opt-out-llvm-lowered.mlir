// RUN: %roundtrip %s
// Output of: mlir-opt --lower-affine --convert-scf-to-cf --convert-arith-to-llvm --convert-func-to-llvm --finalize-memref-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts tests/tools/mlir-opt-inputs/affine-loops.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

module {
  llvm.func @triangle(%arg0: i64) -> i64 {
    %0 = llvm.mlir.constant(0 : index) : i64
    %1 = llvm.mlir.constant(0 : index) : i64
    %2 = llvm.mlir.constant(16 : index) : i64
    %3 = llvm.mlir.constant(1 : index) : i64
    llvm.br ^bb1(%1, %0 : i64, i64)
  ^bb1(%4: i64, %5: i64):  // 2 preds: ^bb0, ^bb9
    %6 = llvm.icmp "slt" %4, %2 : i64
    llvm.cond_br %6, ^bb2, ^bb10
  ^bb2:  // pred: ^bb1
    %7 = llvm.mlir.constant(0 : index) : i64
    %8 = llvm.mlir.constant(16 : index) : i64
    %9 = llvm.mlir.constant(2 : index) : i64
    llvm.br ^bb3(%7, %5 : i64, i64)
  ^bb3(%10: i64, %11: i64):  // 2 preds: ^bb2, ^bb8
    %12 = llvm.icmp "slt" %10, %8 : i64
    llvm.cond_br %12, ^bb4, ^bb9
  ^bb4:  // pred: ^bb3
    %13 = llvm.mlir.constant(3 : index) : i64
    %14 = llvm.mul %4, %13 overflow<nsw> : i64
    %15 = llvm.mlir.constant(2 : index) : i64
    %16 = llvm.mlir.constant(0 : index) : i64
    %17 = llvm.mlir.constant(-1 : index) : i64
    %18 = llvm.icmp "slt" %10, %16 : i64
    %19 = llvm.sub %17, %10 : i64
    %20 = llvm.select %18, %19, %10 : i1, i64
    %21 = llvm.sdiv %20, %15 : i64
    %22 = llvm.sub %17, %21 : i64
    %23 = llvm.select %18, %22, %21 : i1, i64
    %24 = llvm.add %14, %23 : i64
    %25 = llvm.mlir.constant(-1 : index) : i64
    %26 = llvm.mul %arg0, %25 overflow<nsw> : i64
    %27 = llvm.add %24, %26 : i64
    %28 = llvm.mlir.constant(4 : index) : i64
    %29 = llvm.srem %27, %28 : i64
    %30 = llvm.mlir.constant(0 : index) : i64
    %31 = llvm.icmp "slt" %29, %30 : i64
    %32 = llvm.add %29, %28 : i64
    %33 = llvm.select %31, %32, %29 : i1, i64
    %34 = llvm.mlir.constant(0 : index) : i64
    %35 = llvm.mlir.constant(-1 : index) : i64
    %36 = llvm.mul %10, %35 overflow<nsw> : i64
    %37 = llvm.add %4, %36 : i64
    %38 = llvm.icmp "sge" %37, %34 : i64
    llvm.cond_br %38, ^bb5, ^bb6
  ^bb5:  // pred: ^bb4
    %39 = llvm.add %11, %33 : i64
    llvm.br ^bb7(%39 : i64)
  ^bb6:  // pred: ^bb4
    llvm.br ^bb7(%11 : i64)
  ^bb7(%40: i64):  // 2 preds: ^bb5, ^bb6
    llvm.br ^bb8
  ^bb8:  // pred: ^bb7
    %41 = llvm.add %10, %9 : i64
    llvm.br ^bb3(%41, %40 : i64, i64)
  ^bb9:  // pred: ^bb3
    %42 = llvm.add %4, %3 : i64
    llvm.br ^bb1(%42, %11 : i64, i64)
  ^bb10:  // pred: ^bb1
    llvm.return %5 : i64
  }
}

