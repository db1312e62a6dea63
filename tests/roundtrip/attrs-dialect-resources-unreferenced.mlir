// RUN: %roundtrip %s --split-input-file
// RUN: %roundtrip %s --split-input-file -symbol-dce
// The {-# dialect_resources #-} section keeps only the builtin blobs that a
// dense_resource attribute of the printed IR refers to (including one nested
// in an array, one with a quoted key, and none once -symbol-dce has erased
// the only user); resources of other dialects are dropped, external
// resources are all kept; blob hex prints in upper case.

func.func @user() attributes {r = [dense_resource<used> : tensor<1xi32>], q = dense_resource<"quoted key"> : tensor<2xi8>} {
  return
}

{-#
  dialect_resources: {
    builtin: {
      unused_first: "0x0400000001000000",
      used: "0x04000000ab000000",
      "quoted key": "0x01000000cdef",
      unused_last: "0x04000000aabbccdd"
    },
    test: {
      other: "0x0100000001"
    }
  },
  external_resources: {
    some_tool: {
      blob: "0x04000000aa",
      flag: true,
      text: "str"
    },
    empty_group: {}
  }
#-}

// -----

// Only referenced from a private function that -symbol-dce erases.
func.func private @dead() attributes {r = dense_resource<blob> : tensor<2xi32>}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000100000002000000",
      never: "0x0400000003000000"
    }
  }
#-}
