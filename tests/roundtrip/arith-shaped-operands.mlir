// RUN: %roundtrip %s
// arith ops on vector (fixed and scalable) and tensor (static, dynamic,
// unranked) operands.

func.func @vectors(%a: vector<4xi32>, %s: vector<[8]xf32>, %m: vector<2x[4]xi1>) -> vector<4xi32> {
  %0 = arith.addi %a, %a : vector<4xi32>
  %1 = arith.muli %0, %a overflow<nsw> : vector<4xi32>
  %2 = arith.addf %s, %s fastmath<fast> : vector<[8]xf32>
  %3 = arith.cmpf ogt, %2, %s : vector<[8]xf32>
  %4 = arith.xori %m, %m : vector<2x[4]xi1>
  %5 = arith.sitofp %a : vector<4xi32> to vector<4xf32>
  %6 = arith.index_cast %a : vector<4xi32> to vector<4xindex>
  return %1 : vector<4xi32>
}

func.func @tensors(%t: tensor<2x3xf32>, %d: tensor<?x?xi64>, %u: tensor<*xf16>) -> tensor<?x?xi64> {
  %0 = arith.mulf %t, %t : tensor<2x3xf32>
  %1 = arith.subi %d, %d : tensor<?x?xi64>
  %2 = arith.negf %u : tensor<*xf16>
  %3 = arith.cmpi sle, %d, %1 : tensor<?x?xi64>
  %4 = arith.select %3, %d, %1 : tensor<?x?xi1>, tensor<?x?xi64>
  %5 = arith.fptosi %t : tensor<2x3xf32> to tensor<2x3xi32>
  return %4 : tensor<?x?xi64>
}
