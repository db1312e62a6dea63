func.func @complex_elements(%i: index, %v: complex<f32>) {
  %m = memref.alloc() : memref<4xcomplex<f32>>
  memref.store %v, %m[%i] : memref<4xcomplex<f32>>
  return
}
