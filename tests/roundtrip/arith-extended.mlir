// RUN: %roundtrip %s
// The two-result "extended" arithmetic ops: addui_extended (sum, overflow
// bit), mulsi_extended and mului_extended (low, high halves), on scalars and
// vectors.

func.func @extended(%a: i32, %b: i32, %v: vector<4xi64>) -> (i32, i1, i32, i32) {
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  %low, %high = arith.mulsi_extended %a, %b : i32
  %ulow, %uhigh = arith.mului_extended %a, %b : i32
  %vs:2 = arith.addui_extended %v, %v : vector<4xi64>, vector<4xi1>
  %vm:2 = arith.mului_extended %v, %v : vector<4xi64>
  return %sum, %overflow, %low, %uhigh : i32, i1, i32, i32
}
