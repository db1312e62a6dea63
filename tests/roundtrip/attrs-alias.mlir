// RUN: %roundtrip %s
// User attribute aliases are resolved on parse; mlir-opt prints its own
// aliases only for attributes that have alias names (affine maps, sets,
// locations, some dialect attributes), never for plain ints or strings.

#zero = 0 : i32
#names = ["a", "b"]
#perm = affine_map<(d0, d1) -> (d1, d0)>
#layout = strided<[4, 1], offset: ?>
#nested = {k = #names}

func.func private @uses(memref<4x4xf32, #perm>, memref<4x4xf32, #layout>) attributes {z = #zero, n = #names, p = #perm, d = #nested}
