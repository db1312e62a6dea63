// RUN: strata-opt %s --split-input-file -pass-pipeline="builtin.module(func.func(convert-arith-to-llvm))" > %t.strata
// RUN: mlir-opt %s --split-input-file -pass-pipeline="builtin.module(func.func(convert-arith-to-llvm))" > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: strata-opt %s --split-input-file --convert-to-llvm="filter-dialects=arith" > %t.strata2
// RUN: mlir-opt %s --split-input-file --convert-to-llvm="filter-dialects=arith" > %t.ref2
// RUN: diff %t.ref2 %t.strata2
// RUN: strata-opt %s --split-input-file --convert-to-llvm > %t.strata3
// RUN: mlir-opt %s --split-input-file --convert-to-llvm > %t.ref3
// RUN: diff %t.ref3 %t.strata3
// convert-arith-to-llvm is op-agnostic as upstream's (nested under
// func.func), convert-to-llvm runs every lowering (or those of
// filter-dialects) in one pass; 1-D and 0-D vectors lower element-wise,
// floats LLVM lacks stay (their select moves integers); a signature of
// types alone takes its names from the entry block.

func.func @vectors(%a: vector<4xf32>, %b: vector<4xi64>, %i: vector<2xindex>, %z: vector<i32>) -> vector<4xf32> {
  %c = arith.constant dense<42.> : vector<4xf32>
  %0 = arith.addf %a, %c : vector<4xf32>
  %1 = arith.divsi %b, %b : vector<4xi64>
  %2 = arith.cmpi slt, %b, %1 : vector<4xi64>
  %3 = arith.index_cast %i : vector<2xindex> to vector<2xi1>
  %4 = arith.cmpf olt, %a, %0 : vector<4xf32>
  %5 = arith.constant dense<[0, 1]> : vector<2xindex>
  %6 = arith.addi %i, %5 : vector<2xindex>
  %7 = arith.extsi %z : vector<i32> to vector<i64>
  return %0 : vector<4xf32>
}

// -----

func.func @small_floats(%a: f4E2M1FN, %b: f4E2M1FN, %c: i1) -> f4E2M1FN {
  %0 = arith.addf %a, %b : f4E2M1FN
  %1 = arith.select %c, %0, %b : f4E2M1FN
  %2 = arith.constant 2.0 : tf32
  return %1 : f4E2M1FN
}

// -----

func.func @unnamed(i32, i32) -> i32 {
^bb0(%a: i32, %b: i32):
  %0 = arith.subi %a, %b : i32
  %1 = arith.shrsi %0, %b : i32
  return %1 : i32
}

// -----

func.func @whole(%a: i32, %n: index, %m: memref<4xf32>) -> i32 {
  %c = arith.constant 3 : i32
  %x = arith.addi %a, %c : i32
  %v = memref.load %m[%n] : memref<4xf32>
  %b = memref.alloc() : memref<8xf32>
  memref.store %v, %b[%n] : memref<8xf32>
  cf.br ^bb1(%x : i32)
^bb1(%y: i32):
  %r = func.call @g(%y) : (i32) -> i32
  return %r : i32
}
func.func private @g(i32) -> i32
