// RUN: %roundtrip %s --mlir-print-local-scope
// Output of: mlir-opt --lower-affine --mlir-print-local-scope --convert-scf-to-cf tests/tools/mlir-opt-inputs/affine-loops.mlir
// Regenerate with tests/tools/regen-mlir-opt-outputs.sh; do not edit below.

module {
  func.func @triangle(%arg0: index) -> index {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    cf.br ^bb1(%c0_0, %c0 : index, index)
  ^bb1(%0: index, %1: index):  // 2 preds: ^bb0, ^bb9
    %2 = arith.cmpi slt, %0, %c16 : index
    cf.cond_br %2, ^bb2, ^bb10
  ^bb2:  // pred: ^bb1
    %c0_1 = arith.constant 0 : index
    %c16_2 = arith.constant 16 : index
    %c2 = arith.constant 2 : index
    cf.br ^bb3(%c0_1, %1 : index, index)
  ^bb3(%3: index, %4: index):  // 2 preds: ^bb2, ^bb8
    %5 = arith.cmpi slt, %3, %c16_2 : index
    cf.cond_br %5, ^bb4, ^bb9
  ^bb4:  // pred: ^bb3
    %c3 = arith.constant 3 : index
    %6 = arith.muli %0, %c3 overflow<nsw> : index
    %c2_3 = arith.constant 2 : index
    %c0_4 = arith.constant 0 : index
    %c-1 = arith.constant -1 : index
    %7 = arith.cmpi slt, %3, %c0_4 : index
    %8 = arith.subi %c-1, %3 : index
    %9 = arith.select %7, %8, %3 : index
    %10 = arith.divsi %9, %c2_3 : index
    %11 = arith.subi %c-1, %10 : index
    %12 = arith.select %7, %11, %10 : index
    %13 = arith.addi %6, %12 : index
    %c-1_5 = arith.constant -1 : index
    %14 = arith.muli %arg0, %c-1_5 overflow<nsw> : index
    %15 = arith.addi %13, %14 : index
    %c4 = arith.constant 4 : index
    %16 = arith.remsi %15, %c4 : index
    %c0_6 = arith.constant 0 : index
    %17 = arith.cmpi slt, %16, %c0_6 : index
    %18 = arith.addi %16, %c4 : index
    %19 = arith.select %17, %18, %16 : index
    %c0_7 = arith.constant 0 : index
    %c-1_8 = arith.constant -1 : index
    %20 = arith.muli %3, %c-1_8 overflow<nsw> : index
    %21 = arith.addi %0, %20 : index
    %22 = arith.cmpi sge, %21, %c0_7 : index
    cf.cond_br %22, ^bb5, ^bb6
  ^bb5:  // pred: ^bb4
    %23 = arith.addi %4, %19 : index
    cf.br ^bb7(%23 : index)
  ^bb6:  // pred: ^bb4
    cf.br ^bb7(%4 : index)
  ^bb7(%24: index):  // 2 preds: ^bb5, ^bb6
    cf.br ^bb8
  ^bb8:  // pred: ^bb7
    %25 = arith.addi %3, %c2 : index
    cf.br ^bb3(%25, %24 : index, index)
  ^bb9:  // pred: ^bb3
    %26 = arith.addi %0, %c1 : index
    cf.br ^bb1(%26, %4 : index, index)
  ^bb10:  // pred: ^bb1
    return %1 : index
  }
}
