// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// tensor.bitcast between element types of different widths, incompatible
// shapes, to a non-tensor, of an index tensor.

func.func @width(%t: tensor<4xi32>) -> tensor<4xf64> {
  // expected-error@+1 {{'tensor.bitcast' op operand type 'tensor<4xi32>' and result type 'tensor<4xf64>' are cast incompatible}}
  %0 = tensor.bitcast %t : tensor<4xi32> to tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @size(%t: tensor<4xi32>) -> tensor<5xf32> {
  // expected-error@+1 {{'tensor.bitcast' op operand type 'tensor<4xi32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %0 = tensor.bitcast %t : tensor<4xi32> to tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @rank(%t: tensor<4x2xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{'tensor.bitcast' op operand type 'tensor<4x2xi32>' and result type 'tensor<4xi32>' are cast incompatible}}
  %0 = tensor.bitcast %t : tensor<4x2xi32> to tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @memref(%t: tensor<4xi32>) {
  // expected-error@+1 {{custom op 'tensor.bitcast' invalid kind of type specified}}
  %0 = tensor.bitcast %t : tensor<4xi32> to memref<4xf32>
  return
}

// -----

func.func @index(%t: tensor<4xindex>) -> tensor<4xi64> {
  // expected-error@+1 {{'tensor.bitcast' op operand #0 must be tensor of signless integer or unsigned integer or signed integer or floating-point values, but got 'tensor<4xindex>'}}
  %0 = tensor.bitcast %t : tensor<4xindex> to tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @complex(%t: tensor<4xi64>) -> tensor<4xcomplex<f32>> {
  // expected-error@+1 {{'tensor.bitcast' op result #0 must be tensor of signless integer or unsigned integer or signed integer or floating-point values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = "tensor.bitcast"(%t) : (tensor<4xi64>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}
