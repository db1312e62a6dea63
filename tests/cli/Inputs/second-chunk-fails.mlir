func.func @ok() {
  return
}

// -----

func.func @broken( {
