// Input of translate-errors.mlir: ops not lowered to the llvm dialect.
llvm.func @ok()
llvm.func @half_lowered(%a: i64) -> i64 {
  %0 = arith.addi %a, %a : i64
  llvm.return %0 : i64
}
func.func @f() {
  return
}
