// RUN: %roundtrip %s
// Dense elements given as hex blobs (little-endian raw data): the printer
// turns small ones back into lists; large ones stay hex.

func.func private @hex() attributes {
  a = dense<"0x01000000020000000300000004000000"> : tensor<4xi32>,
  b = dense<"0x0000803F00000040"> : tensor<2xf32>,
  c = dense<"0x0100"> : tensor<2xi8>,
  d = dense<"0x2A000000"> : tensor<4xi32>,
  e = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F"> : tensor<32xi8>,
  f = dense<"0x0000000000000000000000000000F03F000000000000004000000000000008400000000000001040000000000000144000000000000018400000000000001C4000000000000020400000000000002240"> : tensor<10xf64>
}
