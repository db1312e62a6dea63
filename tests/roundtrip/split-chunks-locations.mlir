// RUN: %roundtrip %s --split-input-file --mlir-print-debuginfo
// Location aliases are numbered per chunk; implicit positions use the line
// and column in the whole file, not in the chunk.

func.func @a() {
  return loc("a.c":1:1)
}

// -----

#my_loc = loc("b.c":2:2)
func.func @b(%x: i1) {
  cf.assert %x, "msg" loc(#my_loc)
  return
}
