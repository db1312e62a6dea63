// RUN: %roundtrip %s
// Memrefs: 0-d, static, dynamic, unranked, and memory spaces given as integers
// and as other attributes.

func.func private @shapes(memref<f32>, memref<4xf32>, memref<?x4xi8>, memref<?x?x?xf64>, memref<0xi1>)
func.func private @unranked(memref<*xf32>, memref<*xi8, 1>, memref<*xf16, "gpu">)
func.func private @spaces(memref<4xf32, 0>, memref<4xf32, 1>, memref<4xf32, 7 : i64>, memref<4xf32, 3 : i8>, memref<4xf32, "shared">, memref<4xf32, {kind = "smem"}>)
func.func private @elements(memref<4xvector<8xf32>>, memref<2xcomplex<f32>>, memref<3xindex>, memref<?xmemref<?xf32>>)
