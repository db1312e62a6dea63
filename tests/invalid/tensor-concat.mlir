// RUN: strata-opt %s -split-input-file -verify-diagnostics
// RUN: not strata-opt %s -split-input-file -o /dev/null 2>/dev/null
// tensor.concat's verifier: no inputs, ranks, element types, the
// concatenated dimension, sizes off it, the result's static sizes (the
// message lacks a space after the type, as upstream's), unranked and 0-d
// inputs.

func.func @empty() -> tensor<2xf32> {
  // expected-error@+1 {{'tensor.concat' op requires at least one input}}
  %0 = tensor.concat dim(0) : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @rank(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @elem(%a: tensor<2xf32>, %b: tensor<2xi32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tensor.concat' op inputs and result element type must match}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<2xf32>, tensor<2xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dim(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %0 = tensor.concat dim(1) %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @mismatch(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x?xf32> {
  // expected-error@+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

func.func @result(%a: tensor<2x3xf32>, %b: tensor<?x3xf32>) -> tensor<4x5xf32> {
  // expected-error@+1 {{'tensor.concat' op result type 'tensor<4x5xf32>'does not match inferred shape 'tensor<?x3xf32>' static sizes}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @result2(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<5x3xf32> {
  // expected-error@+1 {{'tensor.concat' op result type 'tensor<5x3xf32>'does not match inferred shape 'tensor<4x3xf32>' static sizes}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @unranked(%a: tensor<*xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{'tensor.concat' op operand #0 must be variadic of ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = tensor.concat dim(0) %a : (tensor<*xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @rank0(%a: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %0 = tensor.concat dim(0) %a : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
