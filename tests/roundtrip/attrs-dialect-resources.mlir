// RUN: %roundtrip %s
// dense_resource attributes refer to blobs in the trailing
// {-# dialect_resources #-} section, which must be kept and re-printed
// (hex blobs start with a 4-byte little-endian alignment).

func.func private @resources() attributes {
  r1 = dense_resource<blob_i32> : tensor<4xi32>,
  r2 = dense_resource<blob_f32> : tensor<2xf32>,
  r3 = dense_resource<blob_i32> : tensor<2x2xi32>
}

{-#
  dialect_resources: {
    builtin: {
      blob_i32: "0x0400000001000000020000000300000004000000",
      blob_f32: "0x040000000000803F00000040"
    }
  }
#-}
