// RUN: %roundtrip %s --allow-unregistered-dialect
// Memory spaces mlir-opt accepts (`isSupportedMemorySpace`): integers of any
// sign and type, i1, strings, dictionaries, attributes of registered
// dialects (an unregistered one is refused: tests/invalid/verify-gaps-issue12.mlir);
// integer 0 is the default space and is dropped.
func.func private @spaces(memref<4xf32, 1>, memref<4xf32, -1>, memref<4xf32, 0>,
                          memref<4xf32, 3 : i8>, memref<4xf32, true>, memref<4xf32, "gpu">,
                          memref<4xf32, {kind = "shared"}>, memref<*xf32, 2>,
                          memref<*xf32, "host">, memref<4xf32, #arith.fastmath<fast>>)
