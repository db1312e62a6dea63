// RUN: %roundtrip %s
// Affine bounds with max/min maps, negative constants, steps, nested iter_args with a map bound, floordiv/mod/ceildiv and symbols in subscripts, attributes on stores; memref.alloc with symbol operands, alignment and a layout map.
#lb = affine_map<(d0)[s0] -> (d0, s0 - 2)>
func.func @bounds(%n: index, %m: index, %A: memref<?x8xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  affine.for %i = max #lb(%n)[%m] to min affine_map<()[s0] -> (s0, 100)>()[%m] step 4 {
    affine.for %j = -3 to 8 {
      %v = affine.load %A[%i floordiv 2 + %j mod 3, (%j * 2) ceildiv 5] : memref<?x8xf32>
      affine.store %v, %A[symbol(%n) - %i, -%j + 7] {nontemporal = false} : memref<?x8xf32>
    }
  }
  %s = affine.for %k = 0 to 4 iter_args(%acc = %zero) -> (f32) {
    %t = affine.for %l = affine_map<(d0) -> (d0)>(%k) to 4 iter_args(%in = %acc) -> (f32) {
      %x = affine.load %A[%k, %l] : memref<?x8xf32>
      %y = arith.addf %in, %x : f32
      affine.yield %y : f32
    }
    affine.yield %t : f32
  }
  %a = affine.apply affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 - s0)>(%n, %m)[%n]
  %b = affine.apply affine_map<()[s0] -> (s0 mod 7)>()[%a]
  %buf = memref.alloc(%a) {alignment = 64 : i64} : memref<?x8xf32>
  %buf2 = memref.alloc(%a)[%b] : memref<?x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>>
  memref.dealloc %buf2 : memref<?x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>>
  memref.dealloc %buf : memref<?x8xf32>
  return %s : f32
}
