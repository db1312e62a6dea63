// RUN: %roundtrip %s
// A counted loop and a nested loop written as a CFG: loop-carried block
// arguments, back edges, values defined in a dominating block used later.

func.func @sum_to(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0, %c0 : index, index)
^header(%i: index, %acc: index):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %next_acc = arith.addi %acc, %i : index
  %next_i = arith.addi %i, %c1 : index
  cf.br ^header(%next_i, %next_acc : index, index)
^exit:
  return %acc : index
}

func.func @nested(%n: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.br ^outer(%zero, %zero : i32, i32)
^outer(%i: i32, %acc: i32):
  %oc = arith.cmpi slt, %i, %n : i32
  cf.cond_br %oc, ^inner(%zero, %acc : i32, i32), ^done
^inner(%j: i32, %iacc: i32):
  %ic = arith.cmpi slt, %j, %i : i32
  %prod = arith.muli %i, %j : i32
  %sum = arith.addi %iacc, %prod : i32
  %j1 = arith.addi %j, %one : i32
  cf.cond_br %ic, ^inner(%j1, %sum : i32, i32), ^latch(%sum : i32)
^latch(%new_acc: i32):
  %i1 = arith.addi %i, %one : i32
  cf.br ^outer(%i1, %new_acc : i32, i32)
^done:
  return %acc : i32
}
