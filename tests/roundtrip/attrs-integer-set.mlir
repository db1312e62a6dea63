// RUN: %roundtrip %s
// Integer sets: equalities (== 0) and inequalities (>= 0), dims and symbols,
// the empty-constraint set, and the #set aliases of the printer.

func.func private @sets() attributes {
  s1 = affine_set<(d0) : (d0 >= 0)>,
  s2 = affine_set<(d0, d1)[s0] : (d0 - 10 >= 0, s0 - d1 == 0, d0 + d1 * 2 - s0 >= 0)>,
  s3 = affine_set<()[s0] : (s0 floordiv 4 >= 0)>,
  s4 = affine_set<(d0) : (1 == 0)>,
  s5 = affine_set<(d0) : (d0 >= 0)>
}
