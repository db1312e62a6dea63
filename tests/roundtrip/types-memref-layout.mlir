// RUN: %roundtrip %s
// Memref layouts: strided (static/dynamic strides and offsets), affine maps
// (identity maps are dropped by the printer; others become #map aliases), with
// and without memory spaces.

func.func private @strided(memref<4x4xf32, strided<[4, 1]>>, memref<4x4xf32, strided<[4, 1], offset: 2>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<8xf32, strided<[2]>>, memref<2x3xf32, strided<[1, 2], offset: 0>>)
func.func private @affine(memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<8xf32, affine_map<(d0) -> (d0 + 4)>>, memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>)
func.func private @affine_symbols(memref<?x?xf32, affine_map<(d0, d1)[s0, s1] -> (d0 * s1 + s0 + d1)>>)
func.func private @layout_and_space(memref<4xf32, strided<[1], offset: 8>, 3>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>, "gpu">, memref<?xi8, strided<[?]>, 1>)
