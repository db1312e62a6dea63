// RUN: %roundtrip %s
// Integer types: signless, signed and unsigned, including odd and very wide
// widths and i0, as block arguments, results and attribute types.

func.func @signless(%a: i1, %b: i2, %c: i8, %d: i16, %e: i32, %f: i64, %g: i128) -> (i1, i128) {
  return %a, %g : i1, i128
}

func.func @odd_widths(%a: i0, %b: i3, %c: i17, %d: i31, %e: i33, %f: i1024, %g: i65535) {
  return
}

func.func @signed(%a: si1, %b: si8, %c: si16, %d: si32, %e: si64, %f: si7) -> si32 {
  return %d : si32
}

func.func @unsigned(%a: ui1, %b: ui8, %c: ui16, %d: ui32, %e: ui64, %f: ui99) -> ui8 {
  return %b : ui8
}

func.func private @decl(i4, si4, ui4) -> (i5, si5, ui5)
