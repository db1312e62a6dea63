// Sum and dot product with scf.for and scf.if; lowered to cf.
func.func @sum(%lb: index, %ub: index, %step: index) -> i64 {
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %zero) -> (i64) {
    %iv = arith.index_cast %i : index to i64
    %odd = arith.andi %iv, %iv : i64
    %c = arith.cmpi ne, %odd, %zero : i64
    %next = scf.if %c -> (i64) {
      %a = arith.addi %acc, %iv : i64
      scf.yield %a : i64
    } else {
      %s = arith.subi %acc, %iv : i64
      scf.yield %s : i64
    }
    scf.yield %next : i64
  }
  return %r : i64
}
func.func @poly(%x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f32) {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %p = arith.mulf %acc, %x fastmath<contract> : f32
    %s = arith.addf %p, %fi fastmath<contract> : f32
    scf.yield %s : f32
  }
  return %r : f32
}
