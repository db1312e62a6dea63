// tx8c's output directory and standard output under real use:
// - an earlier run's results never stay beside a new program: a failed
//   --run into a used directory leaves no compare.json ("pass": true),
//   run.json or outputs.npz of the earlier run;
// - a directory holding files tx8c did not write is refused (-o / as root
//   would write into /) unless --force;
// - a closed standard output (`| head`) ends tx8c quietly, without a panic.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tx8c %s --dtype fp32 -o %t/out --run --compare-all -q
// RUN: test -e %t/out/run.json && test -e %t/out/compare_all.json
// Inputs whose names are not the model's (its outputs) fail the new run
// after its program is written.
// RUN: cp %t/out/outputs.npz %t/wrong-names.npz
// RUN: not tx8c %s --dtype fp32 -o %t/out --run --inputs %t/wrong-names.npz -q
// RUN: not test -e %t/out/run.json
// RUN: not test -e %t/out/compare_all.json
// RUN: test -e %t/out/main.c
//
// RUN: mkdir -p %t/mine && touch %t/mine/notes.txt
// RUN: not tx8c %s -o %t/mine -q 2>&1 | FileCheck %s --check-prefix=FOREIGN
// RUN: not test -e %t/mine/main.c
// RUN: tx8c %s -o %t/mine --force -q
// RUN: test -e %t/mine/main.c && test -e %t/mine/notes.txt
// FOREIGN: error: {{.*}}mine: the output directory is not empty and not a tx8c output directory (it holds notes.txt); choose an empty or new directory, or pass --force to write into it
//
// RUN: tx8c %S/../../examples/onnx/resnet18_small/model.onnx --emit=tx8be -q 2> %t/pipe.err | head -c 16 > /dev/null
// RUN: not grep -i panicked %t/pipe.err

func.func @main(%x: tensor<4x64xf32> {onnx.name = "x"}) -> (tensor<4x64xf32> {onnx.name = "y"}) {
  %e = stablehlo.exponential %x : tensor<4x64xf32>
  return %e : tensor<4x64xf32>
}
