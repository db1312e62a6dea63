// RUN: tx8c %S/Inputs/tiny_cnn.onnx --emit=stablehlo > %t.stablehlo.mlir
// RUN: tx8c %S/Inputs/tiny_cnn.onnx --emit=tx8be --dump-pass-pipeline 2> %t.pipeline > %t.compiled.mlir
// RUN: bash %S/Inputs/replay-pipeline.sh strata-opt %t.pipeline %t.stablehlo.mlir > %t.replayed.mlir
// RUN: diff %t.compiled.mlir %t.replayed.mlir
// RUN: FileCheck %s --check-prefix=CARD < %t.compiled.mlir
// RUN: tx8c %S/Inputs/tiny_cnn.onnx --emit=tx8be --config %S/Inputs/half-card.toml --dump-pass-pipeline 2> %t.half.pipeline > %t.half.compiled.mlir
// RUN: bash %S/Inputs/replay-pipeline.sh strata-opt %t.half.pipeline %t.stablehlo.mlir > %t.half.replayed.mlir
// RUN: diff %t.half.compiled.mlir %t.half.replayed.mlir
// RUN: FileCheck %s --check-prefix=HALF < %t.half.compiled.mlir
// RUN: FileCheck %s --check-prefix=HALF-PIPELINE < %t.half.pipeline
// RUN: grep -v tx8be.target %t.compiled.mlir > %t.card.body
// RUN: grep -v tx8be.target %t.half.compiled.mlir > %t.half.body
// RUN: not diff %t.card.body %t.half.body > /dev/null
// strata-opt runs tx8c's exact pipeline from text: the pipeline tx8c
// prints, replayed on its --emit=stablehlo output, gives its --emit=tx8be
// output byte for byte, for the built-in card and for another one, which
// the module's tx8be.target names and the passes follow (the two cards'
// programs differ beyond that attribute).

// CARD: module attributes {tx8be.target = #tx8be.target<>}
// HALF: module attributes {tx8be.target = #tx8be.target<mesh_y = 2, ddr_bytes_per_cycle = 100.0, dma_start_cycles = 400>}
// HALF-PIPELINE: tx8be-attach-target{mesh_y=2 ddr_bytes_per_cycle=100.0 dma_start_cycles=400}
