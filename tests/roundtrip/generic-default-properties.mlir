// RUN: %roundtrip %s
// MLIR populates default-valued properties (ODS DefaultValuedAttr) when an
// op is made, so the generic form shows them even for ops written in custom
// form without them: `overflowFlags = #arith.overflow<none>`, `fastmath =
// #arith.fastmath<none>`. Plain optional ones stay absent unless written
// (`fastmath` of extf/truncf, kept when written as none), and so do
// DefaultValuedOptionalAttr ones (memref.load's `nontemporal`).

func.func @custom_form(%a: i32, %b: i32, %x: f32, %h: f16, %m: memref<4xf32>, %i: index) -> f32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %a, %b overflow<none> : i32
  %2 = arith.subi %a, %b overflow<nsw> : i32
  %3 = arith.shli %a, %b : i32
  %4 = arith.addf %x, %x : f32
  %5 = arith.mulf %x, %x fastmath<none> : f32
  %6 = arith.negf %x : f32
  %7 = arith.cmpf olt, %x, %x : f32
  %8 = arith.cmpi slt, %a, %b : i32
  %9 = arith.extf %h : f16 to f32
  %10 = arith.extf %h fastmath<none> : f16 to f32
  %11 = arith.truncf %x : f32 to f16
  %12 = arith.maximumf %x, %x : f32
  %13 = arith.index_cast %a : i32 to index
  %14 = memref.load %m[%i] : memref<4xf32>
  memref.store %x, %m[%i] : memref<4xf32>
  %15 = memref.load %m[%i] {nontemporal = true} : memref<4xf32>
  return %14 : f32
}

// Written in generic form with the defaults spelled out: read as the same
// ops, printed the same way.
func.func @generic_form(%a: i32, %x: f32) -> i32 {
  %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = "arith.addf"(%x, %x) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %2 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}
