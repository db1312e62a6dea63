// Input of translate-errors.mlir: a malformed llvm op.
llvm.func @f(%a: i64) -> i64 {
  %0 = llvm.add %a : i64
  llvm.return %0 : i64
}
