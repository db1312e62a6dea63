// The fused forms of stablehlo-fuse-composites end to end on the C model:
// an RMSNorm with its weight (op_rmsnorm), a layer norm whose unit gamma
// and zero beta were folded away (op_layernorm with the ones gamma, no
// beta), one with only a beta, the erf, tanh and sigmoid GELUs, SiLU,
// Swish, HardSwish, HardSigmoid and a softmax without its max: each one
// operator call, each one group (11 outputs, 12 groups: one computes the
// weight, iota * k + 0.5, which the norms take whole; in bf16 each cast of
// it to the f32 the card's norm parameters are joins its norm's group,
// tx8be-group-chains), every
// group's numbers as the reference interpreter's, fp32 and bf16.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %s --emit=tx8be -q | FileCheck %s
// RUN: tx8c %s --emit=tx8be -q | FileCheck %s --check-prefix=NONE
// RUN: tx8c %s --dtype fp32 -o %t/ref32 --run=reference -q
// RUN: tx8c %s --dtype fp32 -o %t/f32 --run --compare %t/ref32/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefixes=SIM,SIM32
// RUN: FileCheck %s --check-prefix=C < %t/f32/main.c
// RUN: tx8c %s --dtype bf16 -o %t/ref16 --run=reference -q
// RUN: tx8c %s --dtype bf16 -o %t/b16 --run --compare %t/ref16/outputs.npz --compare-all -q 2>&1 | FileCheck %s --check-prefixes=SIM,SIM16

// NONE-NOT: tx8be.Reduce
// NONE-NOT: tx8be.Binary{{.*}}tensor<8x128xbf16>
// CHECK-DAG: tx8be.LayerNorm({{.*}}) {{{.*}}rms = true{{.*}} : (tensor<8x128xbf16>, tensor<128xf32>) -> tensor<8x128xbf16>
// CHECK-DAG: tx8be.LayerNorm({{[^,]*}}, {{[^,]*}}) {{{.*}}epsilon = 9.99999996E-13 : f32{{.*}} : (tensor<8x128xbf16>, tensor<128xf32>) -> tensor<8x128xbf16>
// CHECK-DAG: tx8be.LayerNorm({{.*}}) {{{.*}}epsilon = 9.99999974E-6 : f32{{.*}} : (tensor<8x128xbf16>, tensor<128xf32>, tensor<128xf32>) -> tensor<8x128xbf16>
// CHECK-DAG: kind = "gelu_erf"
// CHECK-DAG: kind = "gelu"
// CHECK-DAG: alpha = 1.702000e+00 : f32{{.*}}kind = "swish"
// CHECK-DAG: alpha = 2.000000e+00 : f32{{.*}}kind = "swish"
// CHECK-DAG: kind = "silu"
// CHECK-DAG: kind = "hard_swish"
// CHECK-DAG: alpha = 0.166666672 : f32, beta = 5.000000e-01 : f32{{.*}}kind = "hard_sigmoid"
// CHECK-DAG: tx8be.Softmax
// SIM-COUNT-11: compare {{.*}}: pass
// SIM32: compare-all: all 12 groups match the reference interpreter
// SIM16: compare-all: all 12 groups match the reference interpreter
// C-DAG: op_rmsnorm(1e-6f, {{.*}}, 0, &imm, &out);
// C-DAG: op_layernorm(1e-12f, {{.*}}, 0, &imm, &out);
// C-DAG: op_eltwise_unary_param(24, 1.702e0f, 0e0f,
// C-DAG: op_eltwise_unary(5,

func.func @main(%x: tensor<8x128xf32> {onnx.name = "x"}) -> (tensor<8x128xf32> {onnx.name = "rms"}, tensor<8x128xf32> {onnx.name = "ln_unit"}, tensor<8x128xf32> {onnx.name = "ln_beta"}, tensor<8x128xf32> {onnx.name = "gelu_erf"}, tensor<8x128xf32> {onnx.name = "gelu_tanh"}, tensor<8x128xf32> {onnx.name = "gelu_sigmoid"}, tensor<8x128xf32> {onnx.name = "silu"}, tensor<8x128xf32> {onnx.name = "swish"}, tensor<8x128xf32> {onnx.name = "hard_swish"}, tensor<8x128xf32> {onnx.name = "hard_sigmoid"}, tensor<8x128xf32> {onnx.name = "softmax"}) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<128.0> : tensor<8xf32>
  %i = stablehlo.iota dim = 0 : tensor<128xf32>
  %k = stablehlo.constant dense<0.0078125> : tensor<128xf32>
  %w0 = stablehlo.multiply %i, %k : tensor<128xf32>
  %half = stablehlo.constant dense<0.5> : tensor<128xf32>
  %w = stablehlo.add %w0, %half : tensor<128xf32>
  %wb = stablehlo.broadcast_in_dim %w, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
  // RMSNorm with a weight.
  %eps6 = stablehlo.constant dense<1.0e-6> : tensor<8xf32>
  %sq = stablehlo.multiply %x, %x : tensor<8x128xf32>
  %ss = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
  %ms = stablehlo.divide %ss, %n : tensor<8xf32>
  %mse = stablehlo.add %ms, %eps6 : tensor<8xf32>
  %rr = stablehlo.rsqrt %mse : tensor<8xf32>
  %rrb = stablehlo.broadcast_in_dim %rr, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
  %xn = stablehlo.multiply %x, %rrb : tensor<8x128xf32>
  %rms = stablehlo.multiply %wb, %xn : tensor<8x128xf32>
  // Layer norms: unit parameters folded away, and a beta alone.
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
  %m = stablehlo.divide %s, %n : tensor<8xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
  %c = stablehlo.subtract %x, %mb : tensor<8x128xf32>
  %cc = stablehlo.multiply %c, %c : tensor<8x128xf32>
  %vs = stablehlo.reduce(%cc init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
  %v = stablehlo.divide %vs, %n : tensor<8xf32>
  %eps12 = stablehlo.constant dense<1.0e-12> : tensor<8xf32>
  %ve = stablehlo.add %v, %eps12 : tensor<8xf32>
  %r = stablehlo.rsqrt %ve : tensor<8xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
  %ln_unit = stablehlo.multiply %c, %rb : tensor<8x128xf32>
  %s2 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
  %m2 = stablehlo.divide %s2, %n : tensor<8xf32>
  %m2b = stablehlo.broadcast_in_dim %m2, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
  %c2 = stablehlo.subtract %x, %m2b : tensor<8x128xf32>
  %cc2 = stablehlo.multiply %c2, %c2 : tensor<8x128xf32>
  %vs2 = stablehlo.reduce(%cc2 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
  %v2 = stablehlo.divide %vs2, %n : tensor<8xf32>
  %eps5 = stablehlo.constant dense<1.0e-5> : tensor<8xf32>
  %ve2 = stablehlo.add %eps5, %v2 : tensor<8xf32>
  %r2 = stablehlo.rsqrt %ve2 : tensor<8xf32>
  %r2b = stablehlo.broadcast_in_dim %r2, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
  %n2 = stablehlo.multiply %r2b, %c2 : tensor<8x128xf32>
  %ln_beta = stablehlo.add %wb, %n2 : tensor<8x128xf32>
  // GELUs: erf, tanh (the cube a power), sigmoid.
  %onev = stablehlo.constant dense<1.0> : tensor<8x128xf32>
  %halfv = stablehlo.constant dense<0.5> : tensor<8x128xf32>
  %ke = stablehlo.constant dense<0.7071067690849304> : tensor<8x128xf32>
  %e0 = stablehlo.multiply %x, %ke : tensor<8x128xf32>
  %e1 = chlo.erf %e0 : tensor<8x128xf32> -> tensor<8x128xf32>
  %e2 = stablehlo.add %e1, %onev : tensor<8x128xf32>
  %e3 = stablehlo.multiply %halfv, %e2 : tensor<8x128xf32>
  %gelu_erf = stablehlo.multiply %x, %e3 : tensor<8x128xf32>
  %three = stablehlo.constant dense<3.0> : tensor<8x128xf32>
  %ct = stablehlo.constant dense<0.044715> : tensor<8x128xf32>
  %kt = stablehlo.constant dense<0.797884583> : tensor<8x128xf32>
  %t0 = stablehlo.power %x, %three : tensor<8x128xf32>
  %t1 = stablehlo.multiply %t0, %ct : tensor<8x128xf32>
  %t2 = stablehlo.add %x, %t1 : tensor<8x128xf32>
  %t3 = stablehlo.multiply %kt, %t2 : tensor<8x128xf32>
  %t4 = stablehlo.tanh %t3 : tensor<8x128xf32>
  %t5 = stablehlo.add %onev, %t4 : tensor<8x128xf32>
  %t6 = stablehlo.multiply %x, %t5 : tensor<8x128xf32>
  %gelu_tanh = stablehlo.multiply %t6, %halfv : tensor<8x128xf32>
  %kq = stablehlo.constant dense<1.702> : tensor<8x128xf32>
  %q0 = stablehlo.multiply %kq, %x : tensor<8x128xf32>
  %q1 = stablehlo.logistic %q0 : tensor<8x128xf32>
  %gelu_sigmoid = stablehlo.multiply %q1, %x : tensor<8x128xf32>
  // SiLU, Swish(2).
  %l0 = stablehlo.logistic %x : tensor<8x128xf32>
  %silu = stablehlo.multiply %x, %l0 : tensor<8x128xf32>
  %two = stablehlo.constant dense<2.0> : tensor<8x128xf32>
  %w1 = stablehlo.multiply %x, %two : tensor<8x128xf32>
  %w2 = stablehlo.logistic %w1 : tensor<8x128xf32>
  %swish = stablehlo.multiply %x, %w2 : tensor<8x128xf32>
  // HardSwish, HardSigmoid through relu6.
  %threes = stablehlo.constant dense<3.0> : tensor<8x128xf32>
  %zs = stablehlo.constant dense<0.0> : tensor<f32>
  %six = stablehlo.constant dense<6.0> : tensor<f32>
  %sixv = stablehlo.constant dense<6.0> : tensor<8x128xf32>
  %h0 = stablehlo.add %x, %threes : tensor<8x128xf32>
  %h1 = stablehlo.clamp %zs, %h0, %six : (tensor<f32>, tensor<8x128xf32>, tensor<f32>) -> tensor<8x128xf32>
  %h2 = stablehlo.multiply %x, %h1 : tensor<8x128xf32>
  %hard_swish = stablehlo.divide %h2, %sixv : tensor<8x128xf32>
  %g0 = stablehlo.add %threes, %x : tensor<8x128xf32>
  %g1 = stablehlo.clamp %zs, %g0, %six : (tensor<f32>, tensor<8x128xf32>, tensor<f32>) -> tensor<8x128xf32>
  %hard_sigmoid = stablehlo.divide %g1, %sixv : tensor<8x128xf32>
  // A softmax without its max.
  %ex = stablehlo.exponential %x : tensor<8x128xf32>
  %es = stablehlo.reduce(%ex init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
  %esb = stablehlo.broadcast_in_dim %es, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
  %softmax = stablehlo.divide %ex, %esb : tensor<8x128xf32>
  return %rms, %ln_unit, %ln_beta, %gelu_erf, %gelu_tanh, %gelu_sigmoid, %silu, %swish, %hard_swish, %hard_sigmoid, %softmax : tensor<8x128xf32>, tensor<8x128xf32>, tensor<8x128xf32>, tensor<8x128xf32>, tensor<8x128xf32>, tensor<8x128xf32>, tensor<8x128xf32>, tensor<8x128xf32>, tensor<8x128xf32>, tensor<8x128xf32>, tensor<8x128xf32>
}
