// Cast chains: ext of ext, trunc of ext (to the source type, narrower,
// wider), trunc of trunc, index_cast round trips, casts of constants.
func.func @casts(%a: i8, %b: i32, %i: index, %f: f32) -> (i64, i64, i8, i16, i32, i8, i32, index, i64, i32, i64, f32, i32, i32, i8) {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.extsi %0 : i32 to i64
  %2 = arith.extui %a : i8 to i32
  %3 = arith.extui %2 : i32 to i64
  %4 = arith.trunci %0 : i32 to i8
  %5 = arith.trunci %1 : i64 to i16
  %6 = arith.trunci %1 : i64 to i32
  %7 = arith.trunci %b : i32 to i16
  %8 = arith.trunci %7 : i16 to i8
  %9 = arith.index_cast %b : i32 to index
  %10 = arith.index_cast %9 : index to i32
  %11 = arith.index_cast %i : index to i64
  %12 = arith.index_cast %11 : i64 to index
  %13 = arith.index_castui %b : i32 to index
  %14 = arith.index_castui %13 : index to i64
  %c = arith.constant -1 : i8
  %15 = arith.extui %c : i8 to i32
  %16 = arith.extsi %c : i8 to i64
  %17 = arith.sitofp %c : i8 to f32
  %18 = arith.fptosi %f : f32 to i32
  %cf = arith.constant -2.5 : f32
  %19 = arith.fptosi %cf : f32 to i32
  %20 = arith.fptoui %cf : f32 to i32
  %21 = arith.trunci %15 : i32 to i8
  return %1, %3, %4, %5, %6, %8, %10, %12, %14, %15, %16, %17, %18, %19, %21 : i64, i64, i8, i16, i32, i8, i32, index, i64, i32, i64, f32, i32, i32, i8
}
