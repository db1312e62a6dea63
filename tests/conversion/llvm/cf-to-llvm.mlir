// RUN: strata-opt %s --split-input-file -convert-cf-to-llvm > %t.strata
// RUN: mlir-opt %s --split-input-file -convert-cf-to-llvm > %t.ref
// RUN: diff %t.ref %t.strata
// RUN: mlir-opt %t.strata --split-input-file | diff %t.strata -
// convert-cf-to-llvm against mlir-opt at test time: branches with index,
// integer and float block arguments (converted block signatures, casts
// back at the block start), conditional branches passing operands to
// both successors, a loop, switches (cases with and without operands, no
// cases), assertions (split blocks, abort blocks at the region's end, the
// message globals and puts/abort declarations at the module's top).

func.func @loop(%n: index, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %x : index, f64)
^head(%i: index, %acc: f64):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit(%acc : f64), ^body(%i, %acc : index, f64)
^body(%j: index, %a: f64):
  %next = arith.addi %j, %c1 : index
  %b = arith.addf %a, %x : f64
  cf.br ^head(%next, %b : index, f64)
^exit(%r: f64):
  return %r : f64
}

// -----

func.func @diamond(%c: i1, %a: i32, %i: index) -> index {
  cf.cond_br %c, ^left(%i : index), ^right
^left(%l: index):
  cf.br ^join(%l, %a : index, i32)
^right:
  cf.br ^join(%i, %a : index, i32)
^join(%r: index, %s: i32):
  return %r : index
}

// -----

func.func @f(%a: i32, %x: f32, %i: index, %c: i1) {
  cf.switch %a : i32, [
    default: ^bb1(%x : f32),
    -4: ^bb2(%i : index),
    7: ^bb3
  ]
^bb1(%y: f32):
  cf.assert %c, "boom"
  return
^bb2(%j: index):
  cf.switch %a : i32, [
    default: ^bb3
  ]
^bb3:
  return
}

// -----

func.func @f(%c: i1, %d: i1) {
  cf.assert %c, "boom"
  cf.assert %d, "boom"
  cf.assert %c, "other \"q\""
  return
}
func.func @g(%c: i1) {
  cf.assert %c, "x"
  return
}
