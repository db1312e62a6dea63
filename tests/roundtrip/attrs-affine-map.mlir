// RUN: %roundtrip %s
// Affine maps: dims, symbols, + - * floordiv ceildiv mod, constants, empty
// maps, and the numbered #map aliases the printer introduces (reused maps
// share one alias).

func.func private @maps() attributes {
  id = affine_map<(d0, d1) -> (d0, d1)>,
  perm = affine_map<(d0, d1, d2) -> (d2, d0, d1)>,
  exprs = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 4, d0 floordiv 2, d1 ceildiv 3, d0 mod 5, -d1, d0 - d1)>,
  const = affine_map<() -> (0)>, empty = affine_map<() -> ()>, sym_only = affine_map<()[s0, s1] -> (s0 * s1)>,
  again = affine_map<(d0, d1, d2) -> (d2, d0, d1)>,
  complex = affine_map<(i, j)[n] -> ((i + j * n) mod 7 - 3 * (j floordiv n))>
}
