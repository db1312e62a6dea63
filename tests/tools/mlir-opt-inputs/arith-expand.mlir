// Ops that --arith-expand rewrites into simpler arith ops.
func.func @expand(%a: i32, %b: i32, %x: f32, %y: f32, %i: index, %j: index) -> (i32, i32, i32, f32, index) {
  %0 = arith.ceildivsi %a, %b : i32
  %1 = arith.floordivsi %a, %b : i32
  %2 = arith.ceildivui %a, %b : i32
  %3 = arith.maximumf %x, %y : f32
  %4 = arith.minimumf %3, %y : f32
  %5 = arith.ceildivsi %i, %j : index
  return %0, %1, %2, %4, %5 : i32, i32, i32, f32, index
}
func.func @bf16_trunc(%x: f32) -> bf16 {
  %0 = arith.truncf %x : f32 to bf16
  return %0 : bf16
}
