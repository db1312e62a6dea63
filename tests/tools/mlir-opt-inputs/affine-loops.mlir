// A 2-d affine loop nest with iter_args, affine.apply and affine.if;
// lowered to scf (--lower-affine) then cf (--convert-scf-to-cf).
func.func @triangle(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %r = affine.for %i = 0 to 16 iter_args(%acc = %c0) -> (index) {
    %inner = affine.for %j = 0 to 16 step 2 iter_args(%a2 = %acc) -> (index) {
      %k = affine.apply affine_map<(d0, d1)[s0] -> (d0 * 3 + d1 floordiv 2 - s0)>(%i, %j)[%n]
      %m = affine.apply affine_map<(d0) -> (d0 mod 4)>(%k)
      %v = affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%i, %j) -> index {
        %s = arith.addi %a2, %m : index
        affine.yield %s : index
      } else {
        affine.yield %a2 : index
      }
      affine.yield %v : index
    }
    affine.yield %inner : index
  }
  return %r : index
}
