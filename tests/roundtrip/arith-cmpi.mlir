// RUN: %roundtrip %s
// arith.cmpi with every predicate, on scalars, index, vectors and tensors
// (the result is i1 of the same shape).

func.func @cmpi(%a: i32, %b: i32, %i: index, %v: vector<4xi8>, %t: tensor<?xi64>) -> i1 {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpi eq, %i, %i : index
  %11 = arith.cmpi slt, %v, %v : vector<4xi8>
  %12 = arith.cmpi uge, %t, %t : tensor<?xi64>
  return %9 : i1
}
