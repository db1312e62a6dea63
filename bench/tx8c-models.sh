#!/usr/bin/env bash
# Benchmark of tx8c on issue 14's models (not a test): each full-size model
# of tests/tx8/gen_models.py compiled in bf16, run on the C model and
# compared with onnxruntime; prints the simulated cycles, the fraction of the
# roofline reached (run.json), the cosine, the cost model's median error,
# the compile time and the template hit rate.
#
#   bench/tx8c-models.sh [MODELS_DIR]
#
# MODELS_DIR defaults to target/tx8-bench-models, generated on first use
# (`gen_models.py --size full`: needs onnx, onnxruntime, numpy). Uses
# $STRATA_BIN_DIR/tx8c (default target/release).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
models=${1:-$root/target/tx8-bench-models}
bin=${STRATA_BIN_DIR:-$root/target/release}
if [[ ! -f $models/manifest.json ]]; then
  python3 "$root/tests/tx8/gen_models.py" --size full --out "$models"
fi
out=$(mktemp -d /tmp/tx8c-bench.XXXXXX)
trap 'rm -rf "$out"' EXIT
printf '%-22s %10s %9s %9s %8s %9s %9s\n' model cycles roofline cosine est_err compile_s templates
for name in matmul_4096x1024x4096 resnet50_b16 bert_layer_b8 resnet50 resnet18 mobilenetv2 bert_layer gpt2_block; do
  m=$models/$name
  [[ -f $m/model.onnx ]] || { echo "$name: not generated" >&2; continue; }
  if ! "$bin/tx8c" "$m/model.onnx" -o "$out/$name" -q --inputs "$m/inputs.npz" --compare "$m/ref.npz" > "$out/$name.log" 2>&1; then
    echo "$name: tx8c failed:" >&2
    tail -5 "$out/$name.log" >&2
    continue
  fi
  python3 - "$out/$name/run.json" "$out/$name/compare.json" "$name" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
cmp = json.load(open(sys.argv[2]))
cos = min(o["cosine"] for o in cmp["outputs"]) if isinstance(cmp, dict) and "outputs" in cmp else float("nan")
print("%-22s %10d %8.1f%% %9.6f %7.1f%% %9.1f %8.1f%%" % (
    sys.argv[3], run["simulated_cycles"], 100 * run["fraction_of_roofline"], cos,
    100 * run["estimate_median_error"], run["compile_seconds"], 100 * run["template_hit_rate"]))
PY
done
