// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// Malformed dialect resource sections.

func.func private @f() attributes {r = dense_resource<blob> : tensor<2xi32>}
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob'}}
      blob: "0xZZ"
    }
  }
#-}

// -----

func.func private @g()
{-#
  dialect_resources: {
    // expected-error@+1 {{dialect 'nosuchdialect' is unknown}}
    nosuchdialect: {
      blob: "0x04000000"
    }
  }
#-}
