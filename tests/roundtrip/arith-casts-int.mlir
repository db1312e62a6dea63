// RUN: %roundtrip %s
// Integer casts: extsi, extui, trunci, index_cast and index_castui (both
// directions), bitcast between same-width types, on scalars and vectors.

func.func @int_casts(%a: i32, %i: index, %v: vector<4xi16>) -> i64 {
  %0 = arith.extsi %a : i32 to i64
  %1 = arith.extui %a : i32 to i64
  %2 = arith.trunci %0 : i64 to i8
  %3 = arith.index_cast %a : i32 to index
  %4 = arith.index_cast %i : index to i64
  %5 = arith.index_castui %a : i32 to index
  %6 = arith.index_castui %i : index to i16
  %7 = arith.bitcast %a : i32 to f32
  %8 = arith.bitcast %7 : f32 to i32
  %9 = arith.extsi %v : vector<4xi16> to vector<4xi32>
  %10 = arith.trunci %v : vector<4xi16> to vector<4xi1>
  %11 = arith.bitcast %v : vector<4xi16> to vector<4xf16>
  %12 = arith.extui %2 : i8 to i9
  return %0 : i64
}
