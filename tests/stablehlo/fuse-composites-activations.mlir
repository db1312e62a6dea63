// GELU (erf, tanh, sigmoid), SiLU / Swish, HardSigmoid and HardSwish
// recognised by what they compute (stablehlo-fuse-composites,
// fuse_composites/gelu.rs and activations.rs): factors in any order,
// exporters' f32 constants, the sigmoid as logistic or 1 / (1 + exp(-x)),
// relu6 as clamp or min(max(..)); and near misses that must stay.
// RUN: strata-opt %s -stablehlo-fuse-composites | FileCheck %s
// RUN: strata-opt %s -stablehlo-fuse-composites | strata-opt -stablehlo-fuse-composites | FileCheck %s
// RUN: strata-opt %s -stablehlo-fuse-composites --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null

// x * Phi(x), Phi = 0.5 * (1 + erf(x * 0.7071067690849304)), of a bias
// sum (kept whole as the input).
// CHECK-LABEL: func.func @gelu_phi
// CHECK: %[[X:.*]] = stablehlo.add %arg0, %arg1
// CHECK-NEXT: %[[Y:.*]] = stablehlo.composite "tx8.gelu" %[[X]] {decomposition = @tx8.gelu.impl{{.*}}} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %[[Y]]
func.func @gelu_phi(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %k = stablehlo.constant dense<0.7071067690849304> : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %x = stablehlo.add %a, %b : tensor<8xf32>
  %0 = stablehlo.multiply %k, %x : tensor<8xf32>
  %1 = chlo.erf %0 : tensor<8xf32> -> tensor<8xf32>
  %2 = stablehlo.add %1, %one : tensor<8xf32>
  %phi = stablehlo.multiply %2, %half : tensor<8xf32>
  %y = stablehlo.multiply %x, %phi : tensor<8xf32>
  return %y : tensor<8xf32>
}

// 0.5 x + 0.5 x erf(x / 1.4142135381698608): the product distributed.
// CHECK-LABEL: func.func @gelu_distributed
// CHECK-NEXT: %0 = stablehlo.composite "tx8.gelu" %arg0 {decomposition
// CHECK-NEXT: return %0
func.func @gelu_distributed(%x: tensor<8xf32>) -> tensor<8xf32> {
  %s = stablehlo.constant dense<1.4142135381698608> : tensor<8xf32>
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %0 = stablehlo.divide %x, %s : tensor<8xf32>
  %1 = chlo.erf %0 : tensor<8xf32> -> tensor<8xf32>
  %hx = stablehlo.multiply %half, %x : tensor<8xf32>
  %2 = stablehlo.multiply %hx, %1 : tensor<8xf32>
  %y = stablehlo.add %hx, %2 : tensor<8xf32>
  return %y : tensor<8xf32>
}

// GPT-2's gelu_new with the constant as a multiply inside the sum and the
// cube as power.
// CHECK-LABEL: func.func @gelu_tanh_inner
// CHECK-NEXT: %0 = stablehlo.composite "tx8.gelu" %arg0 {composite_attributes = {approximate = "tanh"}
func.func @gelu_tanh_inner(%x: tensor<8xf32>) -> tensor<8xf32> {
  %three = stablehlo.constant dense<3.0> : tensor<8xf32>
  %c = stablehlo.constant dense<0.0356774081> : tensor<8xf32>
  %k = stablehlo.constant dense<0.797884583> : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %p = stablehlo.power %x, %three : tensor<8xf32>
  %0 = stablehlo.multiply %c, %p : tensor<8xf32>
  %1 = stablehlo.multiply %k, %x : tensor<8xf32>
  %2 = stablehlo.add %1, %0 : tensor<8xf32>
  %3 = stablehlo.tanh %2 : tensor<8xf32>
  %4 = stablehlo.add %3, %one : tensor<8xf32>
  %5 = stablehlo.multiply %4, %x : tensor<8xf32>
  %6 = stablehlo.multiply %5, %half : tensor<8xf32>
  return %6 : tensor<8xf32>
}

// x * sigmoid(1.702 x) (CLIP's QuickGELU), either way round.
// CHECK-LABEL: func.func @gelu_sigmoid
// CHECK-NEXT: %0 = stablehlo.composite "tx8.gelu" %arg0 {composite_attributes = {approximate = "sigmoid"}
// CHECK-NEXT: return %0
// CHECK-LABEL: func.func @gelu_sigmoid_swapped
// CHECK-NEXT: %0 = stablehlo.composite "tx8.gelu" %arg0 {composite_attributes = {approximate = "sigmoid"}
func.func @gelu_sigmoid(%x: tensor<8xf32>) -> tensor<8xf32> {
  %k = stablehlo.constant dense<1.70200002> : tensor<8xf32>
  %0 = stablehlo.multiply %x, %k : tensor<8xf32>
  %1 = stablehlo.logistic %0 : tensor<8xf32>
  %2 = stablehlo.multiply %x, %1 : tensor<8xf32>
  return %2 : tensor<8xf32>
}
func.func @gelu_sigmoid_swapped(%x: tensor<8xf32>) -> tensor<8xf32> {
  %k = stablehlo.constant dense<1.702> : tensor<f32>
  %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<f32>) -> tensor<8xf32>
  %0 = stablehlo.multiply %kb, %x : tensor<8xf32>
  %1 = stablehlo.logistic %0 : tensor<8xf32>
  %2 = stablehlo.multiply %1, %x : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// SiLU: x * sigmoid(x), and x / (1 + exp(-x)); Swish of another beta.
// CHECK-LABEL: func.func @silu
// CHECK-NEXT: %0 = stablehlo.composite "tx8.silu" %arg0 {decomposition
// CHECK-NEXT: return %0
// CHECK-LABEL: func.func @silu_exp
// CHECK-NEXT: %0 = stablehlo.composite "tx8.silu" %arg0 {decomposition
// CHECK-NEXT: return %0
// CHECK-LABEL: func.func @swish
// CHECK-NEXT: %0 = stablehlo.composite "tx8.swish" %arg0 {composite_attributes = {beta = 2.000000e+00 : f32}
func.func @silu(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.logistic %x : tensor<8xf32>
  %1 = stablehlo.multiply %0, %x : tensor<8xf32>
  return %1 : tensor<8xf32>
}
func.func @silu_exp(%x: tensor<8xf32>) -> tensor<8xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %0 = stablehlo.negate %x : tensor<8xf32>
  %1 = stablehlo.exponential %0 : tensor<8xf32>
  %2 = stablehlo.add %one, %1 : tensor<8xf32>
  %3 = stablehlo.divide %x, %2 : tensor<8xf32>
  return %3 : tensor<8xf32>
}
func.func @swish(%x: tensor<8xf32>) -> tensor<8xf32> {
  %k = stablehlo.constant dense<2.0> : tensor<8xf32>
  %0 = stablehlo.multiply %x, %k : tensor<8xf32>
  %1 = stablehlo.logistic %0 : tensor<8xf32>
  %2 = stablehlo.multiply %x, %1 : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// SwiGLU: the silu fuses, the product with the up projection stays.
// CHECK-LABEL: func.func @swiglu
// CHECK-NEXT: %[[S:.*]] = stablehlo.composite "tx8.silu" %arg0
// CHECK-NEXT: %[[Y:.*]] = stablehlo.multiply %[[S]], %arg1
// CHECK-NEXT: return %[[Y]]
func.func @swiglu(%g: tensor<8xf32>, %u: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.logistic %g : tensor<8xf32>
  %1 = stablehlo.multiply %g, %0 : tensor<8xf32>
  %2 = stablehlo.multiply %1, %u : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// HardSwish as x * relu6(x + 3) / 6 with relu6 a clamp, and with relu6 as
// min(max(x + 3, 0), 6) times 1/6; HardSigmoid as relu6(x + 3) / 6 and
// ONNX's clamp(0, 0.2 x + 0.5, 1).
// CHECK-LABEL: func.func @hard_swish
// CHECK-NEXT: %0 = stablehlo.composite "tx8.hard_swish" %arg0 {decomposition
// CHECK-NEXT: return %0
// CHECK-LABEL: func.func @hard_swish_min_max
// CHECK-NEXT: %0 = stablehlo.composite "tx8.hard_swish" %arg0 {decomposition
// CHECK-NEXT: return %0
// CHECK-LABEL: func.func @hard_sigmoid_relu6
// CHECK-NEXT: %0 = stablehlo.composite "tx8.hard_sigmoid" %arg0 {composite_attributes = {alpha = 0.166666672 : f32, beta = 5.000000e-01 : f32}
// CHECK-NEXT: return %0
// CHECK-LABEL: func.func @hard_sigmoid_onnx
// CHECK-NEXT: %0 = stablehlo.composite "tx8.hard_sigmoid" %arg0 {composite_attributes = {alpha = 2.000000e-01 : f32, beta = 5.000000e-01 : f32}
func.func @hard_swish(%x: tensor<8xf32>) -> tensor<8xf32> {
  %three = stablehlo.constant dense<3.0> : tensor<8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %six = stablehlo.constant dense<6.0> : tensor<f32>
  %sixv = stablehlo.constant dense<6.0> : tensor<8xf32>
  %0 = stablehlo.add %x, %three : tensor<8xf32>
  %1 = stablehlo.clamp %zero, %0, %six : (tensor<f32>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %2 = stablehlo.multiply %x, %1 : tensor<8xf32>
  %3 = stablehlo.divide %2, %sixv : tensor<8xf32>
  return %3 : tensor<8xf32>
}
func.func @hard_swish_min_max(%x: tensor<8xf32>) -> tensor<8xf32> {
  %three = stablehlo.constant dense<3.0> : tensor<8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<8xf32>
  %six = stablehlo.constant dense<6.0> : tensor<8xf32>
  %sixth = stablehlo.constant dense<0.166666672> : tensor<8xf32>
  %0 = stablehlo.add %three, %x : tensor<8xf32>
  %1 = stablehlo.maximum %zero, %0 : tensor<8xf32>
  %2 = stablehlo.minimum %1, %six : tensor<8xf32>
  %3 = stablehlo.multiply %2, %sixth : tensor<8xf32>
  %4 = stablehlo.multiply %3, %x : tensor<8xf32>
  return %4 : tensor<8xf32>
}
func.func @hard_sigmoid_relu6(%x: tensor<8xf32>) -> tensor<8xf32> {
  %three = stablehlo.constant dense<3.0> : tensor<8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %six = stablehlo.constant dense<6.0> : tensor<f32>
  %sixv = stablehlo.constant dense<6.0> : tensor<8xf32>
  %0 = stablehlo.add %x, %three : tensor<8xf32>
  %1 = stablehlo.clamp %zero, %0, %six : (tensor<f32>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %2 = stablehlo.divide %1, %sixv : tensor<8xf32>
  return %2 : tensor<8xf32>
}
func.func @hard_sigmoid_onnx(%x: tensor<8xf32>) -> tensor<8xf32> {
  %a = stablehlo.constant dense<0.2> : tensor<8xf32>
  %b = stablehlo.constant dense<0.5> : tensor<8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = stablehlo.multiply %a, %x : tensor<8xf32>
  %1 = stablehlo.add %0, %b : tensor<8xf32>
  %2 = stablehlo.clamp %zero, %1, %one : (tensor<f32>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %2 : tensor<8xf32>
}

// Near misses. A GELU constant off by 1% (erf and tanh forms).
// CHECK-LABEL: func.func @not_gelu_erf_constant
// CHECK-NOT: stablehlo.composite
// CHECK: chlo.erf
// CHECK-LABEL: func.func @not_gelu_tanh_constant
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.tanh
func.func @not_gelu_erf_constant(%x: tensor<8xf32>) -> tensor<8xf32> {
  %k = stablehlo.constant dense<0.714177847> : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %0 = stablehlo.multiply %x, %k : tensor<8xf32>
  %1 = chlo.erf %0 : tensor<8xf32> -> tensor<8xf32>
  %2 = stablehlo.add %one, %1 : tensor<8xf32>
  %3 = stablehlo.multiply %half, %x : tensor<8xf32>
  %4 = stablehlo.multiply %3, %2 : tensor<8xf32>
  return %4 : tensor<8xf32>
}
func.func @not_gelu_tanh_constant(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c = stablehlo.constant dense<0.044715> : tensor<8xf32>
  %k = stablehlo.constant dense<0.805863440> : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %x2 = stablehlo.multiply %x, %x : tensor<8xf32>
  %x3 = stablehlo.multiply %x2, %x : tensor<8xf32>
  %0 = stablehlo.multiply %c, %x3 : tensor<8xf32>
  %1 = stablehlo.add %0, %x : tensor<8xf32>
  %2 = stablehlo.multiply %k, %1 : tensor<8xf32>
  %3 = stablehlo.tanh %2 : tensor<8xf32>
  %4 = stablehlo.add %one, %3 : tensor<8xf32>
  %5 = stablehlo.multiply %half, %4 : tensor<8xf32>
  %6 = stablehlo.multiply %5, %x : tensor<8xf32>
  return %6 : tensor<8xf32>
}

// A sigmoid of another value (a gate, not SiLU), a product of x with a
// sigmoid of x times another x-dependent factor: no composite.
// CHECK-LABEL: func.func @not_silu_other_value
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.logistic
// CHECK-LABEL: func.func @not_silu_extra_factor
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.logistic
func.func @not_silu_other_value(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %k = stablehlo.constant dense<1.702> : tensor<8xf32>
  %0 = stablehlo.multiply %y, %k : tensor<8xf32>
  %1 = stablehlo.logistic %0 : tensor<8xf32>
  %2 = stablehlo.multiply %x, %1 : tensor<8xf32>
  return %2 : tensor<8xf32>
}
func.func @not_silu_extra_factor(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.logistic %x : tensor<8xf32>
  %1 = stablehlo.multiply %x, %x : tensor<8xf32>
  %2 = stablehlo.multiply %1, %0 : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// A bare clip (cheaper as a clip), relu6 alone, x * relu6(x + 3) / 5: no
// hard activation.
// CHECK-LABEL: func.func @not_hard_clip
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.clamp
// CHECK-LABEL: func.func @not_hard_relu6
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.clamp
// CHECK-LABEL: func.func @not_hard_swish_scale
// CHECK-NOT: stablehlo.composite
// CHECK: stablehlo.clamp
func.func @not_hard_clip(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = stablehlo.clamp %zero, %x, %one : (tensor<f32>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @not_hard_relu6(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %six = stablehlo.constant dense<6.0> : tensor<f32>
  %0 = stablehlo.clamp %zero, %x, %six : (tensor<f32>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @not_hard_swish_scale(%x: tensor<8xf32>) -> tensor<8xf32> {
  %three = stablehlo.constant dense<3.0> : tensor<8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %six = stablehlo.constant dense<6.0> : tensor<f32>
  %five = stablehlo.constant dense<5.0> : tensor<8xf32>
  %0 = stablehlo.add %x, %three : tensor<8xf32>
  %1 = stablehlo.clamp %zero, %0, %six : (tensor<f32>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %2 = stablehlo.multiply %x, %1 : tensor<8xf32>
  %3 = stablehlo.divide %2, %five : tensor<8xf32>
  return %3 : tensor<8xf32>
}
