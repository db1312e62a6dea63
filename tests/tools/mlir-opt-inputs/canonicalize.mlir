// Constant folding and simplification by -canonicalize.
func.func @fold(%a: i32, %b: i1, %v: vector<4xi32>) -> (i32, i32, vector<4xi32>) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c0 = arith.constant 0 : i32
  %six = arith.muli %c2, %c3 : i32
  %x = arith.addi %a, %c0 : i32
  %y = arith.muli %x, %six : i32
  %z = arith.select %b, %y, %y : i32
  %w = arith.subi %z, %z : i32
  %cv = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %sv = arith.addi %v, %cv : vector<4xi32>
  %f = arith.constant 1.5 : f32
  %g = arith.constant 2.5 : f32
  %h = arith.addf %f, %g : f32
  %hi = arith.fptosi %h : f32 to i32
  %r = arith.addi %w, %hi : i32
  cf.cond_br %b, ^t, ^e
^t:
  cf.br ^join(%r : i32)
^e:
  cf.br ^join(%r : i32)
^join(%j: i32):
  return %j, %z, %sv : i32, i32, vector<4xi32>
}
