// RUN: %roundtrip %s
// arith.select: scalar condition on scalars/vectors/tensors, and elementwise
// vector conditions (the printer adds the condition type then).

func.func @select(%c: i1, %a: i32, %b: i32, %v: vector<4xf32>, %vc: vector<4xi1>, %t: tensor<?xindex>) -> i32 {
  %0 = arith.select %c, %a, %b : i32
  %1 = arith.select %c, %v, %v : vector<4xf32>
  %2 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xf32>
  %3 = arith.select %c, %t, %t : tensor<?xindex>
  %4 = arith.select %c, %c, %c : i1
  return %0 : i32
}
