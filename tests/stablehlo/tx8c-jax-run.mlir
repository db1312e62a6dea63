// tx8c on StableHLO as JAX exports it (Inputs/jax_export.py writes the
// inputs: `jax.jit(f).lower(x).as_text()`): each `jax.nn.relu` is a private
// function and a `func.call`. tx8c inlines the calls and drops the dead
// functions in its graph passes, then compiles; the reference interpreter
// and the C model must give JAX's numbers, and the C model every group's
// values of the reference interpreter.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %S/Inputs/jax_mlp.mlir --emit=stablehlo -q | FileCheck %s --check-prefix=IR
// IR: func.func public @main
// IR-NOT: call
// IR: stablehlo.maximum
// IR-NOT: call
// IR-NOT: func.func private
// RUN: tx8c %S/Inputs/jax_mlp.mlir -o %t/mlp-ref --run=reference --dtype fp32 --inputs %S/Inputs/jax_mlp.inputs.npz --compare %S/Inputs/jax_mlp.ref.npz 2>&1 | FileCheck %s
// RUN: tx8c %S/Inputs/jax_mlp.mlir -o %t/mlp --dtype fp32 --inputs %S/Inputs/jax_mlp.inputs.npz --compare %S/Inputs/jax_mlp.ref.npz -q 2>&1 | FileCheck %s
// RUN: tx8c %S/Inputs/jax_mlp.mlir -o %t/mlp-bf16 --inputs %S/Inputs/jax_mlp.inputs.npz --compare %S/Inputs/jax_mlp.ref.npz -q 2>&1 | FileCheck %s
// The CNN: two relu functions (relu and relu_0), NCHW convolutions, a mean
// and a dense layer.
// RUN: tx8c %S/Inputs/jax_cnn.mlir -o %t/cnn-ref --run=reference --dtype fp32 --inputs %S/Inputs/jax_cnn.inputs.npz --compare %S/Inputs/jax_cnn.ref.npz 2>&1 | FileCheck %s
// RUN: tx8c %S/Inputs/jax_cnn.mlir -o %t/cnn --dtype fp32 --inputs %S/Inputs/jax_cnn.inputs.npz --compare %S/Inputs/jax_cnn.ref.npz --compare-all -q 2>&1 | FileCheck %s --check-prefixes=CHECK,ALL
// RUN: tx8c %S/Inputs/jax_cnn.mlir -o %t/cnn-bf16 --inputs %S/Inputs/jax_cnn.inputs.npz --compare %S/Inputs/jax_cnn.ref.npz -q 2>&1 | FileCheck %s
// The exact GELU, which JAX writes with chlo.erfc (lowered as 1 - erf).
// RUN: tx8c %S/Inputs/jax_gelu.mlir -o %t/gelu-ref --run=reference --dtype fp32 --inputs %S/Inputs/jax_gelu.inputs.npz --compare %S/Inputs/jax_gelu.ref.npz 2>&1 | FileCheck %s
// RUN: tx8c %S/Inputs/jax_gelu.mlir -o %t/gelu --dtype fp32 --inputs %S/Inputs/jax_gelu.inputs.npz --compare %S/Inputs/jax_gelu.ref.npz --compare-all -q 2>&1 | FileCheck %s --check-prefixes=CHECK,ALL
// RUN: tx8c %S/Inputs/jax_gelu.mlir -o %t/gelu-bf16 --inputs %S/Inputs/jax_gelu.inputs.npz --compare %S/Inputs/jax_gelu.ref.npz -q 2>&1 | FileCheck %s
// CHECK: compare output_0: {{.*}}: pass
// ALL: compare-all: all {{[0-9]+}} groups match the reference interpreter
